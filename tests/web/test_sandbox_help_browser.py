"""The sandbox as a new player meets it, in headless Chromium (Debian's chromium through Playwright, as the
other browser tests): the lobby starts on the newest edition in its usual format and links to the Lessons and
the manual, as every page does; the エクストラ's trump choice is cards with the trump's name and printed
ability (and the format's trump list beside the game); a 切札破壊 whose key card does not match its target says
why it did nothing in the event line; the studio of a project opens on the project's edition with an entry
shown.  Any console error of any page fails the test.

BPDSL_SCREENSHOTS=DIR also writes the trump choice's screenshot shown in docs/sandbox.md.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.web.test_browser import CHROMIUM, _free_port, browser_context, server  # noqa: F401 (fixtures)

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "rulings" / "act9.0" / "trump_destroy_key_differs.yaml"
PAGES = ("/", "/lessons", "/replay", "/manual/")
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium is installed by scripts/setup.sh")


def _watch_errors(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def _newest() -> str:
    from bpdsl.dsl.scaffold import newest_edition
    from bpdsl.engine import load_definitions

    newest = newest_edition(load_definitions(), "blackpoker")
    assert newest is not None
    return newest


def test_the_lobby_starts_on_the_newest_edition_and_every_page_links_lessons_and_manual(
        server: str, browser_context: Any) -> None:
    page = browser_context.new_page()
    errors = _watch_errors(page)
    page.goto(server + "/")
    page.wait_for_selector("#edition option", state="attached")
    assert page.input_value("#edition") == _newest() and page.input_value("#format") == "std"
    assert page.locator("#welcome a[href='/lessons']").count() == 1
    for path in PAGES:
        page.goto(server + path)
        for href in ("/lessons", "/manual/"):
            assert page.locator(f"header a[href='{href}']").count() == 1, (path, href)
    page.goto(server + "/")
    page.click("header a[href='/manual/']")
    page.wait_for_selector("main h2")
    assert "bpdsl docs --out out/docs" in page.inner_text("main")  # not built here: how to build it
    page.click("header a[href='/lessons']")
    page.wait_for_url("**/lessons")
    assert errors == [], errors
    page.close()


def test_the_trump_choice_is_cards_with_their_names_and_abilities(server: str, browser_context: Any) -> None:
    page = browser_context.new_page()
    errors = _watch_errors(page)
    page.goto(server + "/")
    page.wait_for_selector("#edition option", state="attached")
    page.select_option("#edition", "act9.0")
    page.select_option("#format", "extra")
    page.select_option("#opponent", "random")
    page.fill("#seed", "3")
    page.click("#start")
    page.wait_for_url("**/play?**")
    page.wait_for_selector("#trump-choice .trump-card")
    cards = page.locator("#trump-choice .trump-card")
    assert cards.count() == 54  # every card of the deck, each a card, none a bare button
    assert page.locator("#trump-choice .trump-card:not(.plain)").count() == 30  # the format's 30 trumps
    first = page.locator("#trump-choice .trump-card[data-card='♠A']").inner_text()
    assert "革命" in first and "<革命ドロー>" in first, first
    slash = page.locator("#trump-choice .trump-card[data-card='♠2']")
    assert "スラッシュ" in slash.inner_text() and "クイック兵士召喚♠" in slash.inner_text()
    assert page.locator(".options button").count() == 1  # 置かない: the only option that is no card
    page.wait_for_selector("#trump-list:not([hidden])")
    assert page.locator("#trump-list summary").inner_text() == "この形式の切札 (30)"
    shots = os.environ.get("BPDSL_SCREENSHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(shots) / "sandbox-trumps.png"))
    before = page.locator("#prompt").get_attribute("data-decision")
    slash.click()
    page.wait_for_function(f"document.querySelector('#prompt').dataset.decision !== '{before}'")
    page.wait_for_selector("#trump-choice .trump-card")
    assert "2枚目" in page.inner_text("#trump-choice h3")  # the second trump, asked the same way
    assert page.locator("#trump-choice .trump-card[data-card='♠2']").count() == 0  # placed: no longer in the deck
    assert errors == [], errors
    page.close()


def test_a_trump_destroy_that_does_nothing_says_why(server: str, browser_context: Any) -> None:
    page = browser_context.new_page()
    errors = _watch_errors(page)
    page.goto(server + "/")
    page.wait_for_selector("#edition option", state="attached")
    page.select_option("#mode", "scenario")
    page.set_input_files("#scenario", str(SCENARIO))
    page.select_option("#seat", "1")
    page.select_option("#opponent", "random")
    page.click("#start")
    page.wait_for_url("**/play?**")
    page.wait_for_selector(".options button")
    page.locator(".options button", has_text="切札破壊").first.click()
    page.wait_for_selector(".options button:has-text('パス')")
    page.locator(".options button", has_text="パス").first.click()
    page.wait_for_function("document.querySelector('#log').innerText.includes('効果なし')")
    log = page.inner_text("#log")
    assert "あなたの 切札破壊 は効果なし（キーカード ♠5 と対象の切札 ♠4 のスートと数字が違う）" in log, log
    assert errors == [], errors
    page.close()


@pytest.fixture()
def project_studio(tmp_path: Path) -> Iterator[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("BPDSL_DEFINITIONS", None)
    subprocess.run([sys.executable, "-m", "bpdsl", "new", "edition", "my", "--name", "私の版"], cwd=tmp_path, env=env,
                   check=True, capture_output=True)
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "bpdsl", "studio", "--port", str(port)], cwd=tmp_path / "my",
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base + "/api/studio/files", timeout=5).read()
            break
        except OSError:
            if proc.poll() is not None:
                raise AssertionError(f"bpdsl studio exited: {proc.stderr.read().decode() if proc.stderr else ''}")
            time.sleep(0.3)
    else:
        raise AssertionError("bpdsl studio did not answer")
    yield base
    proc.terminate()
    proc.wait(timeout=10)


def test_the_studio_opens_on_the_projects_edition_with_an_entry_shown(project_studio: str,
                                                                      browser_context: Any) -> None:
    page = browser_context.new_page()
    errors = _watch_errors(page)
    page.goto(project_studio + "/studio")
    page.wait_for_selector("#filename:has-text('actions.yaml')", timeout=90_000)
    assert "definitions/actions.yaml" in page.inner_text("#filename")  # the project's own file, not bd1's
    page.wait_for_function("document.querySelector('#entry').srcdoc.includes('投擲')", timeout=90_000)
    assert page.input_value("#edition") == "my"
    assert page.locator("header a[href='/lessons']").count() == 1
    assert errors == [], errors
    page.close()

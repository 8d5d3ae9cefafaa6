"""The studio in a real headless Chromium (Debian's chromium, driven by Playwright), as a designer uses it:
``bpdsl studio`` in a project whose edition extends act8.2; change a cost in an action and see the printed
entry change, make a typo and see its diagnostic under the line, play the changed action in a game started
from the studio, save, and have a change another program makes to the file reloaded — or, with unsaved
edits, flagged instead of overwritten.  Any console error of any page fails the test.

BPDSL_SCREENSHOTS=DIR also writes the studio's screenshot shown in the manual.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.lsp.test_lsp_server import ACTIONS, EDITION
from tests.web.test_browser import ARGS, CHROMIUM, _free_port

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 90_000  # ms: a check reads every definition again, seconds each on a busy shared machine
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium is installed by scripts/setup.sh")


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "definitions" / "my"
    folder.mkdir(parents=True)
    (folder / "edition.yaml").write_text(EDITION, encoding="utf-8")
    (folder / "actions.yaml").write_text(ACTIONS, encoding="utf-8")
    return tmp_path


@pytest.fixture()
def studio(project: Path) -> Iterator[str]:
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("BPDSL_DEFINITIONS", None)
    proc = subprocess.Popen([sys.executable, "-m", "bpdsl", "studio", "--port", str(port)], cwd=project, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base + "/api/studio/version?name=definitions/my/actions.yaml", timeout=2).read()
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


@pytest.fixture()
def context(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-studio")), executable_path=CHROMIUM, headless=True, args=ARGS,
            viewport={"width": 1500, "height": 950}, locale="ja-JP")
        yield ctx
        ctx.close()


def _watch_console(page: Any, errors: list[str]) -> None:
    """Every console error and failed request of the page, but the browser's own favicon.ico request (the
    sandbox's pages declare no icon; the studio's declares an empty one)."""
    def console(m: Any) -> None:
        if m.type == "error" and not str(m.location.get("url", "")).endswith("/favicon.ico"):
            errors.append(f"{page.url}: {m.text} {m.location}")

    page.on("console", console)
    page.on("response", lambda r: errors.append(f"HTTP {r.status} {r.url}")
            if r.status >= 400 and not r.url.endswith("/favicon.ico") else None)
    page.on("pageerror", lambda e: errors.append(f"{page.url}: {e}"))


def _word(page: Any, word: str) -> Any:
    """The editor's token ``word`` (CodeMirror highlights YAML keys as their own spans)."""
    return page.locator(".cm-content span", has_text=re.compile(f"^{re.escape(word)}$")).first


def test_change_a_cost_see_it_printed_fix_a_typo_and_play_it(studio: str, context: Any, project: Path) -> None:
    from playwright.sync_api import expect

    errors: list[str] = []
    context.on("page", lambda p: _watch_console(p, errors))
    page = context.new_page()
    _watch_console(page, errors)
    page.goto(studio + "/studio?file=definitions/my/actions.yaml")
    expect(page.locator(".cm-content")).to_contain_text("summon_soldier", timeout=TIMEOUT)

    # the cost of 兵士召喚: B -> L, and the printed entry beside follows
    page.locator(".cm-line", has_text="cost: B").click()
    page.keyboard.press("End")
    page.keyboard.press("Backspace")
    page.keyboard.type("L")
    expect(page.locator("#entry-name")).to_contain_text("兵士召喚", timeout=TIMEOUT)
    entry = page.frame_locator("#entry")
    expect(entry.locator("#action-summon_soldier .cost")).to_have_text("$ L", timeout=TIMEOUT)

    # a typo in an op name: its diagnostic under the editor and in the editor, then fixed
    _word(page, "damage").dblclick()
    page.keyboard.type("dammage")
    problem = page.locator("#problems li[data-code='O001']")
    expect(problem).to_contain_text("unknown op 'dammage'", timeout=TIMEOUT)
    expect(problem).to_contain_text("hint: did you mean 'damage'")
    expect(page.locator(".cm-lintRange-error")).to_have_count(1)
    _word(page, "dammage").dblclick()
    page.keyboard.type("damage")
    expect(page.locator("#problems li")).to_have_count(0, timeout=TIMEOUT)
    if os.environ.get("BPDSL_SCREENSHOTS"):
        page.locator(".cm-line", has_text="cost: L").click()
        expect(entry.locator("#action-summon_soldier .cost")).to_have_text("$ L", timeout=TIMEOUT)
        page.screenshot(path=str(Path(os.environ["BPDSL_SCREENSHOTS"]) / "studio.png"))

    # play this: the changed 兵士召喚 from the hand, in a game of the edition as it is in the editor
    page.locator(".cm-line", has_text="cost: L").click()
    expect(page.locator("#entry-name")).to_contain_text("兵士召喚", timeout=TIMEOUT)
    page.select_option("#format", "std")
    with context.expect_page() as popup:
        page.click("#play")
    game = popup.value
    button = game.locator(".options button", has_text="兵士召喚")
    expect(button).to_have_count(1, timeout=TIMEOUT)
    assert "$ L" in (button.get_attribute("title") or "")
    button.click()
    for _ in range(12):  # key card, cost payment ...: the first legal option, until it resolves
        if "兵士召喚" in game.locator("#log").inner_text() and "一般兵" in game.locator("#board").inner_text() \
                and game.locator(".options button", has_text="兵士召喚").count() == 0:
            break
        decision = game.locator("#prompt").get_attribute("data-decision")
        game.locator(".options button").first.click()
        expect(game.locator("#prompt")).not_to_have_attribute("data-decision", decision or "", timeout=TIMEOUT)
    log = game.locator("#log").inner_text()
    assert "兵士召喚" in log and "ダメージ" in log, log  # the cost L: one damage

    # save (Ctrl+S), then another program changes the file: reloaded; with unsaved edits: flagged
    page.bring_to_front()
    page.locator(".cm-content").click()
    page.keyboard.press("Control+s")
    expect(page.locator("#status")).to_contain_text("保存しました", timeout=TIMEOUT)
    saved = (project / "definitions/my/actions.yaml").read_text(encoding="utf-8")
    assert "    cost: L\n" in saved and "- damage:" in saved
    (project / "definitions/my/actions.yaml").write_text(saved.replace("cost: L", "cost: D"), encoding="utf-8")
    expect(page.locator(".cm-content")).to_contain_text("cost: D", timeout=TIMEOUT)
    page.locator(".cm-line", has_text="cost: D").click()
    page.keyboard.press("End")
    page.keyboard.type("L")
    (project / "definitions/my/actions.yaml").write_text(saved.replace("cost: L", "cost: S"), encoding="utf-8")
    expect(page.locator("#conflict")).to_be_visible(timeout=TIMEOUT)
    page.keyboard.press("Control+s")
    expect(page.locator("#error")).to_contain_text("changed on disk", timeout=TIMEOUT)
    assert "cost: S" in (project / "definitions/my/actions.yaml").read_text(encoding="utf-8")  # not overwritten
    assert errors == [], errors

"""Every edition, format and regulation played to its end in headless Chromium, by clicking, with no error
on the console; every payload the page received validates against ``seat-payload.schema.json`` (the page
checks it too, and says a difference on the console).

A few games run by default — エクストラ (trump placement, オープン/クローズ, face-down trumps as backs), Black
Doubt's rows, a regulation with packs, a scenario — and, behind the ``slow`` marker, the rest of the matrix
(every format of every edition and every example regulation): a fixed sample of it (every seventh game, so
that each run of the suite stays in its time) unless ``BPDSL_BROWSER_GAMES=all``.  A phone viewport test plays a few decisions at
390 × 844 and checks that nothing is wider than the screen.
"""
from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_browser import CHROMIUM, browser_context, server  # noqa: F401 (fixtures)
from tests.web.test_leak_property import EXAMPLE_REGULATIONS, GAMES, schema_problems

# Long: whole games in Chromium, format by format (tests/web/test_browser.py plays one in the everyday suite).
pytestmark = [pytest.mark.long, pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium is installed by scripts/setup.sh")]

QUICK = [{"edition": "act9.0", "format": "extra"}, {"edition": "bd1", "format": "std"},
         {"regulation": "std+random40+pack"}, {"scenario_file": "act8.0/combat_soldiers.yaml"}]
REST = [g for g in GAMES if g not in QUICK and "scenario_file" not in g]
PLAYED = REST if os.environ.get("BPDSL_BROWSER_GAMES", "sample").strip().lower() == "all" else REST[::7]


def start_game(page: Any, server: str, fields: dict[str, str], seed: int) -> None:
    page.goto(server + "/")
    page.wait_for_selector("#edition option", state="attached")
    if "regulation" in fields:
        page.select_option("#mode", "regulation")
        page.fill("#regulation", fields["regulation"])
    elif "scenario_file" in fields:
        page.select_option("#mode", "scenario")
        page.select_option("#scenario_file", fields["scenario_file"])
    else:
        page.select_option("#mode", "format")
        page.select_option("#edition", fields["edition"])
        page.select_option("#format", fields["format"])
    page.select_option("#seat", "0")
    page.select_option("#opponent", "random")
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_url("**/play?**")
    page.wait_for_selector(".options button, #result")


def watch(page: Any) -> tuple[list[str], list[dict[str, Any]]]:
    errors: list[str] = []
    payloads: list[dict[str, Any]] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))

    def record(response: Any) -> None:
        path = response.url.split("?")[0]
        if "/seats/" in path and not path.endswith("/log") and response.status == 200:
            try:
                payloads.append(response.json())
            except Exception:  # a body gone with a navigation: nothing was shown from it either
                pass

    page.on("response", record)
    return errors, payloads


def click_to_the_end(page: Any, rng: random.Random, errors: list[str], limit: int = 1500,
                     shot: Path | None = None) -> int:
    clicks = 0
    while page.locator("#result").count() == 0:
        if shot is not None and clicks >= 3 and page.locator(".trump").count() >= 2:
            page.screenshot(path=str(shot))  # the board with both seats' trumps (docs/sandbox.md)
            shot = None
        buttons = page.locator(".options button")
        n = buttons.count()
        assert n >= 1, "a decision shows its legal options"
        assert not page.locator(".options button[disabled]").count(), "the options are enabled"
        before = page.locator("#prompt").get_attribute("data-decision")
        i = rng.randrange(1, n) if n > 1 and rng.random() < 0.7 else 0
        buttons.nth(i).click()
        page.wait_for_function("(b) => document.querySelector('#prompt').dataset.decision !== b || "
                               "document.querySelector('#result') !== null", arg=before, timeout=30_000)
        page.wait_for_selector(".options button, #result")
        assert not errors, errors
        clicks += 1
        assert clicks < limit, "the game did not end"
    if shot is not None:
        page.screenshot(path=str(shot))
    return clicks


def play_format(page: Any, server: str, fields: dict[str, str], shot: Path | None = None) -> tuple[int, list[dict[str, Any]]]:
    errors, payloads = watch(page)
    start_game(page, server, fields, seed=5)
    clicks = click_to_the_end(page, random.Random(2), errors, shot=shot)
    result = page.locator("#result").inner_text()
    assert "勝ち" in result or "負け" in result or "引き分け" in result
    assert not errors, errors
    assert len(payloads) >= clicks
    for p in payloads:
        assert not schema_problems(p), schema_problems(p)
    return clicks, payloads


@pytest.mark.parametrize("fields", QUICK, ids=lambda f: "-".join(f.values()))
def test_a_game_of_this_format_plays_to_its_end(server: str, browser_context: Any, fields: dict[str, str],  # noqa: F811
                                                tmp_path: Path) -> None:
    import os

    page = browser_context.new_page()
    shots = Path(os.environ.get("BPDSL_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    shot = shots / "sandbox-extra.png" if fields.get("format") == "extra" else None
    clicks, payloads = play_format(page, server, fields, shot)
    if fields.get("format") == "extra":
        # the trumps were placed through the page, and the opponent's face-down ones are backs
        questions = [p["prompt"]["question"] for p in payloads if p.get("prompt")]
        assert any("切札" in q for q in questions) and not any(q == "trump_place" for q in questions)
        sides = [p["board"]["players"][1]["trump"] for p in payloads]
        assert all("face_down" not in t for t in sides)
    page.close()


@pytest.mark.slow
@pytest.mark.parametrize("fields", PLAYED, ids=lambda f: "-".join(f.values()))
def test_every_other_format_plays_to_its_end(server: str, browser_context: Any, fields: dict[str, str]) -> None:  # noqa: F811
    page = browser_context.new_page()
    play_format(page, server, fields)
    page.close()


def test_a_phone_viewport(server: str, browser_context: Any, tmp_path: Path) -> None:  # noqa: F811
    import os

    page = browser_context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    errors, _payloads = watch(page)
    start_game(page, server, {"edition": "act9.0", "format": "extra"}, seed=5)
    rng = random.Random(3)
    for _ in range(6):  # a few decisions: the board, the trumps, the options
        if page.locator("#result").count():
            break
        before = page.locator("#prompt").get_attribute("data-decision")
        page.keyboard.type("1")  # the keyboard shortcut: a number and Enter
        page.keyboard.press("Enter")
        page.wait_for_function("(b) => document.querySelector('#prompt').dataset.decision !== b || "
                               "document.querySelector('#result') !== null", arg=before, timeout=30_000)
        page.wait_for_selector(".options button, #result")
        rng.random()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px screen"
    assert page.locator(".options button").first.is_visible()
    shots = Path(os.environ.get("BPDSL_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / "sandbox-phone.png"), full_page=True)
    assert not errors, errors
    page.close()


def test_the_page_hints_that_a_pass_on_an_empty_stage_does_nothing(server: str, browser_context: Any) -> None:  # noqa: F811
    page = browser_context.new_page()
    errors, payloads = watch(page)
    start_game(page, server, {"edition": "act8.0", "format": "std"}, seed=5)
    for _ in range(40):
        for _wait in range(300):  # the seat's payload may still be on its way (a loaded machine)
            if payloads:
                break
            page.wait_for_timeout(100)
        p = payloads[-1]
        b = p["board"]
        if p["prompt"] and p["prompt"]["kind"] == "action" and not b["stage"] and b["turn"] == p["seat"]:
            break
        before = page.locator("#prompt").get_attribute("data-decision")
        page.locator(".options button").nth(0).click()
        page.wait_for_function("(b) => document.querySelector('#prompt').dataset.decision !== b", arg=before)
    assert "エンド" in page.locator("#hint").inner_text()
    assert not errors, errors
    page.close()


assert EXAMPLE_REGULATIONS  # the matrix includes the example regulations


def test_the_sandbox_asks_for_the_scenario_hand(server: str, browser_context: Any) -> None:  # noqa: F811
    """第9.1版 シナリオ手札: under the option the page asks the person for three cards of the deck, one at a time
    (the question names the シナリオ手札), and the game starts with them in the hand, filled up to 7."""
    page = browser_context.new_page()
    errors, payloads = watch(page)
    start_game(page, server, {"regulation": "mast+full+シナリオ手札"}, seed=5)
    chosen: list[str] = []
    for n in range(3):
        prompt = payloads[-1]["prompt"]
        assert prompt["kind"] == "scenario_hand" and "シナリオ手札" in prompt["question"], prompt
        chosen.append(prompt["options"][n + 1]["label"])
        before = page.locator("#prompt").get_attribute("data-decision")
        page.locator(".options button").nth(n + 1).click()
        page.wait_for_function("(b) => document.querySelector('#prompt').dataset.decision !== b || "
                               "document.querySelector('#result') !== null", arg=before, timeout=30_000)
        page.wait_for_selector(".options button, #result")
    board = payloads[-1]["board"]
    me = board["players"][0]
    assert payloads[-1]["prompt"]["kind"] != "scenario_hand"
    assert set(chosen) <= set(me["hand"]) and len(me["hand"]) in (7, 8), me["hand"]
    assert not errors, errors
    page.close()

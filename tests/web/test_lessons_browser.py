"""The Lessons page in a real headless Chromium (Debian's chromium through Playwright): the whole beginner's
course played lesson by lesson by clicking the learner's options, each lesson reaching its goal, a wrong
move shown as not enough, and no console error on the way.

BPDSL_SCREENSHOTS=DIR also writes the screenshots of the manual's Lessons page (docs/images/lesson-*.png).
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from bpdsl.scenarios.lesson import read_course
from bpdsl.games.blackpoker.course import course_dir
from tests.web.test_browser import browser_context, pytestmark, server  # noqa: F401  (fixtures, skip mark)

COURSE = read_course(course_dir())


def _learner_moves(lesson: Any) -> list[str]:
    out = []
    for d in lesson.data["decisions"]:
        if isinstance(d, dict) and d.get("p", lesson.seat) != lesson.seat:
            continue
        out.append(d["choose"] if isinstance(d, dict) else d)
    return out


def _click(page: Any, selector: str, label: str | None = None) -> None:
    """Click (the option ``label`` of) ``selector`` and wait until the page has drawn the answer."""
    before = int(page.get_attribute("body", "data-renders") or 0)
    target = page.locator(selector)
    if label is not None:
        target = target.filter(has_text=re.compile("^" + re.escape(label) + "$"))
    target.first.click()
    page.wait_for_function("(n) => Number(document.body.dataset.renders || 0) > n", arg=before)


def test_the_course_played_to_the_end(server: str, browser_context: Any, tmp_path: Path) -> None:  # noqa: F811
    shots = Path(os.environ.get("BPDSL_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server + "/lessons")
    page.wait_for_selector("button.lesson")
    assert page.locator("button.lesson").count() == len(COURSE) >= 12
    for lesson in COURSE:
        _click(page, f"button[data-lesson='{lesson.id}']")
        assert page.text_content("#status") == "挑戦中", lesson.id
        assert lesson.goal in page.text_content("#goal")
        for label in _learner_moves(lesson):
            _click(page, "button.option", label)
        assert page.text_content("#status") == "クリア！", lesson.id
        if lesson.id == "twist_then_attack":
            page.screenshot(path=str(shots / "lesson-cleared.png"))
    # a move that is not enough: attacking before the twist is blocked, and the page says what is missing
    _click(page, "button[data-lesson='twist_then_attack']")
    _click(page, "button.option", "アタック (attack)")
    assert "先にツイスト" in page.text_content("#message")
    page.screenshot(path=str(shots / "lesson-start.png"))
    while page.get_attribute("#status", "data-status") == "playing":
        options = [t.strip() for t in page.locator("button.option").all_text_contents()]
        pick = "アタッカーに指定する" if "アタッカーに指定する" in options else "パス" if "パス" in options else options[0]
        _click(page, "button.option", pick)
    assert page.get_attribute("#status", "data-status") == "failed"
    reasons = page.locator("#reasons li").all_text_contents()
    assert any("expected 4 card(s), got 10" in r for r in reasons), reasons
    page.screenshot(path=str(shots / "lesson-not-enough.png"))
    assert not errors, errors

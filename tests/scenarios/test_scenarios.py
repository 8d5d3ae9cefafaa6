"""The engine's own scenarios (scenarios/act6.1, scenarios/act8.0) pass; the runner reports failures.

The rulings under scenarios/rulings/ are run by tests/scenarios/ (their own suite).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from bpdsl.scenarios.runner import run_scenario

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted([*(ROOT / "scenarios" / "act6.1").glob("*.yaml"), *(ROOT / "scenarios" / "act8.0").glob("*.yaml")])


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 10


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT / "scenarios")) for p in FILES])
def test_scenario(path: Path) -> None:
    result = run_scenario(path)
    assert result.ok, "\n".join(result.failures)
    assert result.xfail is None


def test_xfail_field_is_reported() -> None:
    data = {"edition": "act8.0", "format": "std", "xfail": "known bug", "players": [{"life": 1}, {"life": 1}],
            "expect": {"state": {"turn": 1}}}
    result = run_scenario(data)
    assert result.xfail == "known bug" and not result.ok


def test_scenario_failure_is_reported() -> None:
    """A scenario whose expectation is wrong fails with a message naming the mismatch."""
    data = {
        "edition": "act8.0", "format": "std", "turn": 0,
        "players": [{"life": 10, "hand": ["♠5", "♣7"]}, {"life": 8}],
        "decisions": ["投擲 (throwing)"],
        "expect": {"state": {"players": [{}, {"life": 4}]}},
    }
    result = run_scenario(data)
    assert not result.ok
    assert any("players[1].life" in f and "got" in f for f in result.failures)


def test_illegal_scripted_choice_names_decision_and_options() -> None:
    data = {
        "edition": "act8.0", "format": "std", "turn": 0,
        "players": [{"life": 10, "hand": ["♠5", "♣7"]}, {"life": 8}],
        "decisions": ["防壁破壊 (break_bulwark)"],
    }
    result = run_scenario(data)
    assert not result.ok
    msg = result.failures[0]
    assert "'防壁破壊 (break_bulwark)'" in msg and "'action' decision" in msg
    assert "'投擲 (throwing)'" in msg and "'パス'" in msg


def test_observe_section_checks_public_information() -> None:
    base = {"edition": "act8.0", "format": "std", "players": [{"life": 12, "hand": ["♣5"]}, {"life": 4}]}
    ok = run_scenario({**base, "observe": [{"viewer": 1, "life": ["10以上", 4], "hand_count": [1, 0],
                                            "hidden": ["♣5"]},
                                           {"viewer": 0, "life": [12, 4], "visible": ["♣5"]}]})
    assert ok.ok, ok.failures
    bad = run_scenario({**base, "observe": [{"viewer": 1, "life": [12, 4], "visible": ["♣5"]}]})
    assert len(bad.failures) == 2

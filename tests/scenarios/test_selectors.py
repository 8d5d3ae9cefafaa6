"""Options chosen by what they are (bpdsl.scenarios.selectors), and a label that matches nothing explained."""
from __future__ import annotations

from pathlib import Path

from bpdsl.scenarios.runner import load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[2]


def _combat() -> dict:
    return load_scenario(ROOT / "scenarios" / "act8.0" / "combat_soldiers.yaml")


def test_selectors_choose_the_same_options_as_the_labels() -> None:
    data = _combat()
    data["decisions"] = [{"action": "attack"}, {"attack": True}, {"attack": True},
                         {"p": 1, "block": {"by": "◇3", "attacker": "♠8"},
                          "offered": [{"end_blockers": True}, {"block": {"by": "◇3"}}, {"block": {"by": "♣4"}}]},
                         {"p": 1, "choose": {"block": {"by": "♣4"}}}]
    r = run_scenario(data)
    assert r.ok and not r.warnings, r.failures


def test_a_selector_for_another_attacker_fails_with_the_nearest_option() -> None:
    data = _combat()
    data["decisions"] = [{"action": "attack"}, {"attack": True}, {"attack": True},
                         {"p": 1, "block": {"by": "◇3", "attacker": "♡6"}}]
    r = run_scenario(data)
    assert not r.ok
    assert "illegal scripted choice" in r.failures[0] and "legal options:" in r.failures[0]


def test_a_misspelt_label_says_which_option_it_meant() -> None:
    data = _combat()
    data["decisions"] = ["アタック (atack)"]
    r = run_scenario(data)
    assert "did you mean 'アタック (attack)'?" in r.failures[0], r.failures

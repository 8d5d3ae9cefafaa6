"""3.10.4: an action whose target character split (リバース on a character of several cards) loses its target.

A one-card soldier turned into a bulwark is still the character that was targeted; two cards make two
bulwarks, neither of which is it.  Played through the scenario runner, as a ruling is."""
from __future__ import annotations

from typing import Any

from bpdsl.scenarios.runner import run_scenario


def _twist_then_reverse(cards: list[str], then: list[Any], state: dict[str, Any]) -> Any:
    return run_scenario({
        "name": "split target", "edition": "act8.2", "format": "pro", "turn": 1, "turn_no": 4, "chance": 0,
        "players": [{"life": 10, "hand": ["♡5", "♠5"], "field": [{"as": "armed_soldier" if len(cards) > 1
                                                                   else "general_soldier", "cards": cards}]},
                    {"life": 10}],
        "stage": [{"action": "twist", "p": 1, "keys": ["◇4"], "target": {"char": [0, 0]}}],
        "decisions": ["リバース (reverse)", "そのままにする", *then],
        "expect": {"events": [{"t": "resolve", "action": "twist"}], "state": state},
    })


def test_two_card_soldier_split_by_reverse_loses_the_target() -> None:
    charged = {"as": "bulwark", "face_up": False, "driven": False}
    r = _twist_then_reverse(["♣9", "♣3"], [], {"players": [{"field": [{**charged, "cards": ["♣9"]},
                                                                      {**charged, "cards": ["♣3"]}]}, {}]})
    assert r.ok, r.failures
    assert {"t": "no_effect", "action": "twist"}.items() <= next(
        e for e in r.events if e.get("t") == "no_effect").items()
    assert not any(e.get("t") == "decision" and e.get("p") == 1 for e in r.events)


def test_one_card_soldier_turned_bulwark_keeps_the_target() -> None:
    r = _twist_then_reverse(["♣9"], [{"p": 1, "choose": "ドライブ状態にする"}],
                            {"players": [{"field": [{"as": "bulwark", "cards": ["♣9"], "driven": True}]}, {}]})
    assert r.ok, r.failures
    assert not any(e.get("t") == "no_effect" for e in r.events)

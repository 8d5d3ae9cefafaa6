"""What validates runs as printed, for small edits of every bundled trump (one extending edition holds the edit
of each trump at once, so the check costs two loads): an edition that drops a trump's ``may_raise`` is refused
(T005: the action would print as available and never be offered), and one that rewrites a trump without its
``actions`` keeps every inherited action, offered only while that trump lies face up."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bpdsl.dsl.cards import SUIT_MARKS
from bpdsl.dsl.loader import default_paths, load, load_or_raise

EDITION = "kind: edition\nid: px\nextends: act8.2\nname: 試作\ndate: 2026/01/01\n"
HEAD = "kind: trumps\nedition: px\nformat: extra\ntrumps:\n"


@pytest.fixture(scope="module")
def act82() -> Any:
    return load_or_raise().editions["act8.2"]


def _raised_only_by_may_raise(act82: Any) -> dict[str, list[str]]:
    """trump -> the actions only its may_raise abilities offer (trumps whose abilities are all may_raise)."""
    out: dict[str, list[str]] = {}
    for t in act82.trumps.values():
        if t.abilities and all(c.op == "may_raise" for c in t.abilities):
            out[t.id] = [c.args["action"] for c in t.abilities]
    return out


def _card(t: Any) -> str:
    return SUIT_MARKS[t.suit] + t.number


def _folder(tmp_path: Path, trumps: str) -> Path:
    folder = tmp_path / "px"
    folder.mkdir()
    (folder / "edition.yaml").write_text(EDITION, encoding="utf-8")
    (folder / "trumps.yaml").write_text(HEAD + trumps, encoding="utf-8")
    return folder


def test_dropping_a_may_raise_is_refused_for_every_trump(tmp_path: Path, act82: Any) -> None:
    raisers = _raised_only_by_may_raise(act82)
    assert len(raisers) >= 10
    body = ""
    for tid, actions in raisers.items():  # drop the first may_raise of each trump
        kept = actions[1:]
        body += f"  - id: {tid}\n    card: {_card(act82.trumps[tid])}\n"
        body += "    abilities:\n" + "".join(f"      - may_raise: {{action: {a}}}\n" for a in kept) if kept \
            else "    abilities: []\n"
    folder = _folder(tmp_path, body)
    errors = [d.format() for d in load([*default_paths(), folder]).diagnostics]
    refused = {e.split("direct action ")[1].split("'")[1] for e in errors if " T005 " in e}
    expected = {actions[0] for actions in raisers.values() if act82.actions[actions[0]].request.trigger == "direct"}
    assert refused == expected, errors
    assert all(str(folder / "trumps.yaml") in e for e in errors if " T005 " in e)


def test_a_trump_rewritten_without_actions_keeps_them_gated(tmp_path: Path, act82: Any) -> None:
    from bpdsl.engine import build_rules, new_game
    from bpdsl.scenarios.runner import start_position

    raisers = _raised_only_by_may_raise(act82)
    body = "".join(f"  - id: {tid}\n    card: {_card(act82.trumps[tid])}\n    name: 改{act82.trumps[tid].name}\n"
                   for tid in raisers)
    defs = load_or_raise([*default_paths(), _folder(tmp_path, body)])
    px = defs.editions["px"]
    rules = build_rules("px", "extra", defs)
    hand = ["♠2", "♡3", "♣4", "◇6", "♣9", "♠10", "♡J", "◇Q"]

    def legal(trump: Any, where: str) -> set[str]:
        game = new_game(rules, None, 1)
        start_position(game, {"edition": "px", "format": "extra", "turn": 0, "turn_no": 3, "players": [
            {"life": 20, "hand": [c for c in hand if c != _card(trump)], where: [_card(trump)],
             "field": [{"as": "bulwark", "cards": ["◇7"], "face_up": False},
                       {"as": "general_soldier", "cards": ["♣6"]}]},
            {"life": 20, "field": [{"as": "general_soldier", "cards": ["♡9"]}]}]})
        return {a.id for a in game.legal_actions(0)}

    offered_up = set()
    for tid, actions in raisers.items():
        t = act82.trumps[tid]
        assert px.trumps[tid].name == "改" + t.name and px.trumps[tid].actions == t.actions
        assert all(px.actions[a].trump == tid for a in t.actions)
        assert not legal(t, "trump") & set(actions), tid  # face down: none of its actions
        offered_up |= legal(t, "trump_up") & set(actions)
    assert len(offered_up) >= 5, offered_up  # face up: its actions are offered (those the position can pay for)


def test_swapping_which_trump_raises_an_action_is_refused(tmp_path: Path, act82: Any) -> None:
    """威圧 (♠4) made to raise 蘇生 and 蘇生 (♠5) made to raise 威圧: each ability would print under one trump an
    action the engine offers only while the other lies face up, so each is refused where it is written (T006),
    and nothing else is reported."""
    body = (f"  - id: intimidation\n    card: ♠4\n    abilities:\n      - may_raise: {{action: resurrect}}\n"
            f"  - id: resurrection\n    card: ♠5\n    abilities:\n      - may_raise: {{action: intimidate}}\n")
    folder = _folder(tmp_path, body)
    errors = [d for d in load([*default_paths(), folder]).diagnostics if d.severity == "error"]
    assert [(d.code, d.pos.file, d.pos.line) for d in errors] == [
        ("T006", str(folder / "trumps.yaml"), 8), ("T006", str(folder / "trumps.yaml"), 12)], errors
    assert "'resurrect', an action of trump 蘇生 (resurrection)" in errors[0].message
    assert "resurrection's abilities" in errors[0].hint

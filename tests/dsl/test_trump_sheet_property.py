"""Property: for random small edits of the bundled trumps, the engine offers exactly what the printed sheet says.

A designer's project extends act8.2 with a ``trumps`` document holding one to three small edits of its trumps
(written as YAML files in ``tmp_path`` and read by the normal loader): a renamed trump, a ``may_raise``
dropped, an inherited action overridden partially by id, the raising of two trumps' actions swapped, a trump
moved to another card, the key of one of its actions changed, a new action added (with or without the ability that raises it).  Each edition is

* either refused, and then only with diagnostics (``file:line:col: CODE message``), never an exception;
* or valid, and then, for positions of the エクストラ with a drawn set ``up`` of trumps face up in the player's
  切札 zone (and a drawn hand), the actions the engine offers (``Game.legal_actions``, what the step API's
  action decision lists) are compared with the printed sheet (:func:`bpdsl.render.sheet.build_sheet` of the
  edited edition): the sheet makes available the actions of its action list and those printed under a trump
  face up.  Checked: (a) everything offered is available on the sheet; (b) turning one trump of ``up`` face
  down withdraws none but its own printed actions, and none of its printed actions is offered while it lies
  face down; (c) every direct action the sheet prints under a playable trump is in the compiled rules.

The position decides which available actions can be paid for and targeted, so (b) compares each position
with the same position with one trump turned down rather than requiring every printed action at once.

Size: 25 examples by default (about 30 s of one core); ``BPDSL_TRUMP_EXAMPLES=500`` runs more, and
``BPDSL_TRUMP_SHRINK=1`` lets Hypothesis shrink a failing example (minutes: each step loads the definitions).
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st

from bpdsl.dsl.cards import SUIT_MARKS
from bpdsl.dsl.loader import default_paths, load, load_or_raise

EXAMPLES = int(os.environ.get("BPDSL_TRUMP_EXAMPLES", "25"))
# a failing example is reported as found: shrinking one re-loads definitions hundreds of times (minutes)
PHASES = [p for p in Phase if p is not Phase.shrink or os.environ.get("BPDSL_TRUMP_SHRINK")]
EDITION = "kind: edition\nid: px\nextends: act8.2\nname: 試作\ndate: 2026/01/01\n"
HEAD = "kind: trumps\nedition: px\nformat: extra\ntrumps:\n"
DIAGNOSTIC = re.compile(r"^.+:\d+:\d+: [A-Z]\d{3} ")
FIELD = {"bulwark": "◇7", "soldier": "♣6", "foe": "♡9"}  # the fixed part of every position
DECK = [m + n for m in "♠♡◇♣" for n in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]

ACT82 = load_or_raise().editions["act8.2"]
TRUMPS = sorted(ACT82.trumps)
# trumps whose every ability is a may_raise: their abilities can be written back in full as YAML
RAISERS = sorted(t.id for t in ACT82.trumps.values() if t.abilities and all(c.op == "may_raise" for c in t.abilities))
USED_CARDS = {SUIT_MARKS[t.suit] + t.number for t in ACT82.trumps.values()}
FREE_CARDS = [c for c in DECK if c not in USED_CARDS and c not in FIELD.values()]


def _card(tid: str) -> str:
    t = ACT82.trumps[tid]
    return SUIT_MARKS[t.suit] + t.number


def _raised(tid: str) -> list[str]:
    return [c.args["action"] for c in ACT82.trumps[tid].abilities]


def _abilities(actions: list[str]) -> str:
    if not actions:
        return "    abilities: []\n"
    return "    abilities:\n" + "".join(f"      - may_raise: {{action: {a}}}\n" for a in actions)


# --------------------------------------------------------------------------- the edits


@st.composite
def edits(draw: st.DrawFn) -> dict[str, str]:
    """trump id -> the YAML of its entry in the designer's trumps document (one to three trumps edited)."""
    out: dict[str, str] = {}
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["rename", "drop", "partial", "swap", "recard", "rekey", "new", "new_unraised"]))
        tid = draw(st.sampled_from(RAISERS if kind in ("drop", "swap", "new", "new_unraised") else TRUMPS))
        if tid in out:
            continue
        head = f"  - id: {tid}\n    card: {_card(tid)}\n"
        if kind == "rename":
            out[tid] = head + f"    name: 改{ACT82.trumps[tid].name}\n"
        elif kind == "drop":
            raised = _raised(tid)
            out[tid] = head + _abilities([a for a in raised if a != draw(st.sampled_from(raised))])
        elif kind == "partial" and ACT82.trumps[tid].actions:
            aid = draw(st.sampled_from(ACT82.trumps[tid].actions))
            out[tid] = head + f"    actions:\n      - id: {aid}\n        name: 改{ACT82.actions[aid].name}\n"
        elif kind == "rekey" and ACT82.trumps[tid].actions:
            aid = draw(st.sampled_from(ACT82.trumps[tid].actions))
            key = draw(st.sampled_from(["A〜K", "2〜10", "♡A〜K", "♠", "JQK"]))
            out[tid] = head + f"    actions:\n      - id: {aid}\n        key: \"{key}\"\n"
        elif kind == "swap":
            other = draw(st.sampled_from([r for r in RAISERS if r != tid and r not in out]))
            a, b = _raised(tid), _raised(other)
            out[tid] = head + _abilities([b[0], *a[1:]])
            out[other] = f"  - id: {other}\n    card: {_card(other)}\n" + _abilities([a[0], *b[1:]])
        elif kind == "recard" and FREE_CARDS:
            out[tid] = f"  - id: {tid}\n    card: {draw(st.sampled_from(FREE_CARDS))}\n"
        elif kind in ("new", "new_unraised"):
            raised = _raised(tid) + (["px_draw"] if kind == "new" else [])
            out[tid] = head + _abilities(raised) + (
                "    actions:\n      - id: px_draw\n        name: 追加ドロー\n        ruby: ついかどろー\n"
                "        category: trump_ability\n        type: 通常魔法\n"
                "        request: {trigger: direct, speed: normal, timing: main}\n        cost: L\n"
                "        effect:\n          - draw_top: {count: 1}\n")
            if "px_draw" in "".join(v for k, v in out.items() if k != tid):
                out.pop(tid)  # one new action per edition
    return out


# --------------------------------------------------------------------------- what the sheet says


def _sheet(defs: Any) -> tuple[Any, set[str], dict[str, set[str]]]:
    """(the sheet, the actions of its action list, trump id -> the actions printed under it) of px's extra
    list."""
    from bpdsl.render.sheet import build_sheet

    sheet = build_sheet(defs, "px", "extra")
    actions = defs.editions["px"].actions
    listed = {e.id for e in sheet.part("action").entries}
    under = {g.category: {e.id for e in g.entries[1:] if e.id in actions} for g in sheet.part("trump").groups}
    return sheet, listed, under


# --------------------------------------------------------------------------- the engine


def _offered(rules: Any, up: list[str], down: list[str], hand: list[str]) -> set[str]:
    from bpdsl.engine import new_game
    from bpdsl.scenarios.runner import start_position

    game = new_game(rules, None, 1)
    me: dict[str, Any] = {"life": 20, "hand": hand,
                          "field": [{"as": "bulwark", "cards": [FIELD["bulwark"]], "face_up": False},
                                    {"as": "general_soldier", "cards": [FIELD["soldier"]]}]}
    if up:
        me["trump_up"] = up
    if down:
        me["trump"] = down
    start_position(game, {"edition": "px", "format": "extra", "turn": 0, "turn_no": 3, "players": [
        me, {"life": 20, "field": [{"as": "general_soldier", "cards": [FIELD["foe"]]}]}]})
    return {a.id for a in game.legal_actions(0)}


@pytest.fixture(scope="module")
def base() -> list[Path]:
    return list(default_paths())


@pytest.mark.long
@settings(max_examples=EXAMPLES, deadline=None, phases=PHASES,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(edit=edits(), data=st.data())
def test_the_engine_offers_what_the_sheet_prints(tmp_path_factory: Any, base: list[Path], edit: dict[str, str],
                                                 data: st.DataObject) -> None:
    from bpdsl.engine import build_rules
    from bpdsl.games.blackpoker.trumps import printed_only

    folder = tmp_path_factory.mktemp("px")
    (folder / "edition.yaml").write_text(EDITION, encoding="utf-8")
    (folder / "trumps.yaml").write_text(HEAD + "".join(edit.values()), encoding="utf-8")
    result = load([*base, folder])  # never raises: a refused edit is told by diagnostics
    errors = [d for d in result.diagnostics if d.severity == "error"]
    event("refused" if errors else "valid")
    for kind in sorted({d.code for d in errors}):
        event(f"refused with {kind}")
    if errors:
        for d in errors:
            assert DIAGNOSTIC.match(d.format()), d.format()
        return
    defs = result.definitions
    px = defs.editions["px"]
    rules = build_rules("px", "extra", defs)
    sheet, listed, under = _sheet(defs)
    playable = {t.id for t in px.trumps_in("extra")} - set(printed_only(px, "extra"))

    # (c) every direct action printed under a playable trump can be offered by the engine
    for tid in playable:
        for aid in under.get(tid, ()):
            if px.actions[aid].request.trigger == "direct" and not px.actions[aid].unplayed:
                assert aid in rules.actions, (aid, tid, edit)

    cards = {tid: SUIT_MARKS[px.trumps[tid].suit] + px.trumps[tid].number for tid in px.trumps}
    candidates = sorted(t for t in px.trumps if cards[t] not in FIELD.values())
    up = data.draw(st.lists(st.sampled_from(candidates), min_size=1, max_size=2, unique_by=lambda t: cards[t]))
    taken = {cards[t] for t in up} | set(FIELD.values())
    hand = data.draw(st.lists(st.sampled_from([c for c in DECK if c not in taken]), min_size=3, max_size=8,
                              unique=True))
    offered = _offered(rules, [cards[t] for t in up], [], hand)

    # (a) everything offered is available on the sheet with ``up`` face up
    available = listed.union(*(under.get(t, set()) for t in up))
    assert offered <= available, (sorted(offered - available), up, edit)
    for t in up:  # (d) what a face-up trump's printed ability says a player may raise is printed with it
        ability = next(g.entries[0].text for g in sheet.part("trump").groups if g.category == t)
        said = {a.id for a in px.actions.values() if f"{a.name}アクションを起こすことができる" in ability}
        assert said <= under.get(t, set()) | listed, (sorted(said - under.get(t, set())), t, edit)
    for t in up:  # (b) one trump turned face down withdraws its own printed actions, and only those
        down = _offered(rules, [cards[u] for u in up if u != t], [cards[t]], hand)
        assert not down & under.get(t, set()), (sorted(down & under[t]), t, edit)
        assert offered - down <= under.get(t, set()), (sorted(offered - down), t, edit)

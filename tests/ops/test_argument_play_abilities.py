"""The play half of the argument check for the standing abilities (ops of kind ``ability``), which the rules
read when they are compiled: each accepted value of an argument with a choice of values, set in a call the
bundled editions (act9.0) or the manual's example project (docs/designer/examples/inventing) write, changes a
game played from a position where that trump lies face up, that character stands on the field or that fog
card marks a soldier.

Play is followed for a few seeded random games of a few dozen decisions from the position: the decisions
offered and the state before each.  What no such game shows is listed below with why (a wording choice, in
PLAY_NEUTRAL of tests/ops/test_argument_play.py, or a situation the short games do not reach); a listed
value that now changes play leaves the list.  Compiling a variant of the rules for every value makes this a
long test (``-m long``).
"""
from __future__ import annotations

import copy
import dataclasses
import functools
import random
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.ops.test_argument_play import OPS, PLAY_NEUTRAL, _alternatives, _build

pytestmark = pytest.mark.long

ROOT = Path(__file__).resolve().parents[2]
INVENTING = ROOT / "docs" / "designer" / "examples" / "inventing" / "definitions"
EDITIONS = ("act9.0", "invented")
SITES_PER_OP = 2
SEEDS = (1, 2)
STEPS = 50
MARKS = {"spade": "♠", "heart": "♡", "diamond": "◇", "club": "♣"}

# (op, argument, value) -> why the short games from the positions do not show it
_SHORT = "the short games do not reach it: "
NOT_SHOWN: dict[tuple[str, str, Any], str] = {
    ("counts_as_suits", "as", "bulwark"): _SHORT + "nothing asks a trump character's suits as a bulwark's",
    ("counts_as_suits", "as", "character"): _SHORT + "nothing asks a trump character's suits as a bulwark's",
    ("grant", "whose", "opponent"): _SHORT + "the opponent's soldiers using what the trump grants them",
    ("grant", "whose", "any"): _SHORT + "the opponent's soldiers using what the trump grants them",
    ("prevent_damage", "key_suit", "heart"): _SHORT + "damage from an opponent's action keyed with that suit",
    ("prevent_damage", "key_suit", "diamond"): _SHORT + "damage from an opponent's action keyed with that suit",
    ("prevent_damage", "key_suit", "club"): _SHORT + "damage from an opponent's action keyed with that suit",
    ("raise_by_driving", "stage_empty", True): _SHORT + "the trump character driven to raise with a request waiting",
    ("raise_by_driving", "pass_after", True): _SHORT + "the trump character driven to raise its action",
}

Site = tuple[str, str, str, int]  # edition, table (trumps / characters / fogs), entry id, index of the call


@functools.lru_cache(maxsize=1)
def _definitions() -> Any:
    from bpdsl.engine import load_definitions

    return load_definitions([INVENTING])


def _sites(name: str) -> list[Site]:
    """The first calls of op ``name`` among the standing abilities of the editions' エクストラ entries."""
    out: list[Site] = []
    for ed_id in EDITIONS:
        ed = _definitions().editions[ed_id]
        for table in ("trumps", "characters", "fogs"):
            for eid, entry in getattr(ed, table).items():
                if "extra" not in entry.formats or any(s[2] == eid for s in out):
                    continue
                out += [(ed_id, table, eid, i) for i, c in enumerate(entry.abilities or []) if c.op == name]
    return out[:SITES_PER_OP]


def _raw(value: Any) -> Any:
    """A built argument as a file writes it (expressions as their text, op calls as mappings)."""
    from bpdsl.dsl.expr import Expr, unparse
    from bpdsl.model import OpCall

    if isinstance(value, Expr):
        return value.text or unparse(value.root)
    if isinstance(value, OpCall):
        return {value.op: _raw(value.args)}
    if isinstance(value, list):
        return [_raw(v) for v in value]
    if isinstance(value, dict):
        return {k: _raw(v) for k, v in value.items()}
    return value


def _entry(site: Site) -> Any:
    ed_id, table, eid, _ = site
    return getattr(_definitions().editions[ed_id], table)[eid]


def _rules(site: Site, call: Any) -> Any:
    """The edition's エクストラ rules with the site's call replaced by ``call``."""
    from bpdsl.engine.compiled import compile_rules

    ed_id, table, eid, i = site
    defs = _definitions()
    ed, entry = defs.editions[ed_id], _entry(site)
    abilities = list(entry.abilities)
    abilities[i] = dataclasses.replace(abilities[i], args=call.args)
    ed = dataclasses.replace(ed, **{table: {**getattr(ed, table), eid: dataclasses.replace(entry, abilities=abilities)}})
    variant = copy.copy(defs)
    variant.editions = {**defs.editions, ed_id: ed}
    return compile_rules(variant, ed_id, "extra")


def _position(site: Site) -> dict[str, Any]:
    """Seat 0 holds the ability (its trump face up, its character on the field, its fog marking a soldier)."""
    ed_id, table, eid, _ = site
    entry = _entry(site)
    mine: dict[str, Any] = {"life": 3, "hand": ["♠5", "♡9", "◇3", "♣J", "♠Q", "♡2"],
                            "field": [{"as": "general_soldier", "cards": ["♠9"]},
                                      {"as": "bulwark", "cards": ["◇4"], "face_up": False},
                                      {"as": "general_soldier", "cards": ["♡6"], "driven": True}]}
    theirs = {"life": 12, "hand": ["♠6", "♡8", "◇4", "♣Q", "♠K", "♡3"],
              "field": [{"as": "general_soldier", "cards": ["♠8"]},
                        {"as": "bulwark", "cards": ["◇5"], "face_up": False, "driven": True},
                        {"as": "general_soldier", "cards": ["♣7"], "driven": True}]}
    if table == "trumps":
        card = getattr(entry, "card", None) or MARKS[entry.suit] + entry.number
        mine["trump_up"] = [card]
        mine["hand"] = [c for c in mine["hand"] if c != card]
    elif table == "characters":
        mine["field"].append({"as": eid, "cards": ["♠A"]})
    else:
        mine["fog"] = [{"as": eid, "cards": ["♡A"], "marks": [0, 0]}]
    return {"edition": ed_id, "format": "extra", "turn": 0, "turn_no": 3, "players": [mine, theirs]}


def _games(rules: Any, position: dict[str, Any]) -> tuple[Any, ...]:
    """Seeded random games from the position: each decision offered, with the state it was offered in."""
    from bpdsl.engine import new_game
    from bpdsl.engine.log import state_hash
    from bpdsl.engine.position import start_position

    out = []
    for seed in SEEDS:
        game = new_game(rules, None, seed)
        start_position(game, position)
        pick = random.Random(seed)
        for _ in range(STEPS):
            request = game.pending()
            if request is None:
                break
            out.append((state_hash(game), request.player, request.kind,
                        tuple(request.label(i) for i in range(len(request.options)))))
            game.apply(pick.randrange(len(request.options)))
        out.append(("end", state_hash(game)))
    return tuple(out)


DRIVEN = sorted(n for n, op in OPS.items() if op.kind == "ability" and any(True for _ in _alternatives(op)))


def _same(name: str) -> Iterator[tuple[str, str, Any]]:
    """The accepted values whose games are those of the site's own value, at every site."""
    shown: set[tuple[str, Any]] = set()
    compared: set[tuple[str, Any]] = set()
    for site in _sites(name):
        call = _entry(site).abilities[site[3]]
        raw = _raw(call.args)
        base = _build(name, raw)
        assert base is not None, f"{name}: the call of {site[2]} does not build again from its text"
        position = _position(site)
        games = _games(_rules(site, base), position)
        for key, value in _alternatives(OPS[name]):
            if base.args.get(key) == value or (key, value) in shown:
                continue
            alt = _build(name, {**raw, key: value})
            if alt is None:
                continue  # refused here
            compared.add((key, value))
            if _games(_rules(site, alt), position) != games:
                shown |= {(key, value), (key, base.args.get(key))}
    yield from ((name, k, v) for k, v in _alternatives(OPS[name]) if (k, v) in compared - shown)


@functools.lru_cache(maxsize=None)
def _same_list(name: str) -> list[tuple[str, str, Any]]:
    return list(_same(name))


@pytest.mark.parametrize("name", DRIVEN)
def test_every_accepted_ability_argument_changes_play(name: str) -> None:
    unexplained = [n for n in _same_list(name) if n not in PLAY_NEUTRAL and n not in NOT_SHOWN]
    assert not unexplained, f"accepted, plays the same in every game: {unexplained}"


def test_the_listed_ability_exceptions_still_hold() -> None:
    found = {n for name in DRIVEN for n in _same_list(name)}
    listed = set(NOT_SHOWN) | {n for n in PLAY_NEUTRAL if n[0] in DRIVEN}
    assert listed <= found, sorted(listed - found)

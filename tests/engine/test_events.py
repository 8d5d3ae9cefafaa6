"""Declared log events keep the JSON shape of the log: every event type is a dataclass (the core's in
bpdsl.engine.events, a game's in its package, named by its plugin), and every line of a game's log is of a
declared type and holds exactly the keys its declaration names."""
from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bpdsl import plugins
from bpdsl.dsl.loader import load_definitions
from bpdsl.engine import RandomAgent, build_rules, new_game
from bpdsl.engine.events import CORE_EVENTS, LogEvent, Raised
from bpdsl.engine.log import EventLog
from bpdsl.games.blackdoubt.events import Replied
from bpdsl.games.blackpoker.events import Entered, Revealed
from bpdsl.games.blackpoker.regulation.check import resolve
from bpdsl.games.blackpoker.regulation.decks import build_match_decks
from bpdsl.games.blackpoker.regulation.load import systems
from bpdsl.games.blackpoker.regulation.match import GameRequest
from bpdsl.games.blackpoker.regulation.play import game_runner


def test_core_events_in_a_log_have_the_declared_keys() -> None:
    log = EventLog()
    new_game(build_rules("act8.0", "std"), [RandomAgent(1), RandomAgent(2)], 3, log=log).play()
    seen = set()
    for line in log.lines:
        cls = CORE_EVENTS.get(line["t"])
        if cls is not None:
            seen.add(line["t"])
            assert set(line) - {"h"} == {"t"} | {f.name for f in dataclasses.fields(cls)}, line  # h: hash chain
    assert {"game", "decision", "pass", "raise", "stage", "resolve", "end"} <= seen


def test_an_event_is_the_dict_the_log_always_held() -> None:
    e = Raised(0, "throwing", True, ["♠3", "♣4"], "プレイヤー1", ["player", 1])
    assert e.json() == {"t": "raise", "p": 0, "action": "throwing", "direct": True, "keys": ["♠3", "♣4"],
                        "target": "プレイヤー1", "target_ref": ["player", 1]}


def _declared(game_id: str) -> dict[str, type[LogEvent]]:
    return {**CORE_EVENTS, **plugins.game(game_id).event_types()}


def _check_lines(lines: list[dict[str, Any]], declared: dict[str, type[LogEvent]], seen: set[str]) -> None:
    for line in lines:
        cls = declared.get(line["t"])
        assert cls is not None, f"event type {line['t']!r} is declared neither by the core nor by the game: {line}"
        required, optional = cls.json_keys()
        keys = set(line) - {"t", "h"}  # h: hash chain
        assert required <= keys <= required | optional, line
        seen.add(line["t"])


@pytest.mark.parametrize("edition,fmt,game_id,must_see", [
    ("act8.0", "std", "blackpoker", {"start", "damage", "draw", "enter", "leave", "attackers", "cost", "turn", "over"}),
    ("act8.2", "extra", "blackpoker", {"trump_placed", "trump_up"}),
    ("bd1", "std", "blackdoubt", {"place", "round", "declare", "reply", "score", "turn", "over"}),
])
def test_every_event_of_a_game_is_declared(edition: str, fmt: str, game_id: str, must_see: set[str]) -> None:
    declared = _declared(game_id)
    seen: set[str] = set()
    for seed in range(8):
        log = EventLog()
        new_game(build_rules(edition, fmt), [RandomAgent(seed), RandomAgent(seed + 100)], seed, log=log).play()
        _check_lines(log.lines, declared, seen)
    assert must_see <= seen


def test_every_event_of_a_regulation_game_is_declared() -> None:
    defs = load_definitions()
    reg = resolve("std+random40+pack+preset2", systems(defs)).regulation
    assert reg is not None
    seen: set[str] = set()
    for seed in range(6):
        log = EventLog()
        players = build_match_decks(reg, seed)
        game_runner(defs, reg, log=log)(GameRequest(reg, 1, (players[0].decks[0].cards, players[1].decks[0].cards),
                                                    (players[0].pack, players[1].pack), seed))
        _check_lines(log.lines, _declared("blackpoker"), seen)
    assert {"regulation", "regulation_setup"} <= seen


def test_an_event_with_a_keyword_key_and_optional_fields() -> None:
    assert Entered(0, "hero", ["♠J"], True, False).json() == {"t": "enter", "p": 0, "as": "hero", "cards": ["♠J"],
                                                              "face_up": True, "driven": False}
    assert Revealed(1, card="♡3").json() == {"t": "reveal", "p": 1, "card": "♡3"}
    assert Revealed(1, cards=["◇2"], from_="pack").json() == {"t": "reveal", "p": 1, "cards": ["◇2"], "from": "pack"}
    assert Replied(0, "through", "through", None).json()["total"] is None  # not optional: written as null

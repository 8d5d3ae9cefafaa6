"""Declared log events keep the JSON shape of the log: every core event type is a dataclass, and a game's
log holds exactly the keys its declaration names."""
from __future__ import annotations

import dataclasses

from bpdsl.engine import RandomAgent, build_rules, new_game
from bpdsl.engine.events import CORE_EVENTS, Raised
from bpdsl.engine.log import EventLog


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

"""BlackPoker's part of the game state: what its common rules, options and trumps keep beyond the core's.

The core's :class:`~bpdsl.engine.state.State` knows nothing of attacks, packs or 要塞; the BlackPoker hooks
make this subclass in ``new_state``, and the step API's copy (:mod:`bpdsl.engine.snapshot`) copies its
fields like those of any game's state subclass.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bpdsl.engine.state import State


@dataclass
class BlackPokerState(State):
    combat: dict[str, Any] = field(default_factory=dict)  # attackers -> blockers of the current attack
    pack_in_use: bool = False  # the パック option: observations show the packs
    pack_face_up: set[int] = field(default_factory=set)  # seats whose pack 【パック開封】 turned face up
    rare_in_use: bool = False  # a frame with レアカード (レアパック): observations show their count
    no_damage: frozenset[int] = frozenset()  # seats no damage may reach while an effect resolves (要塞)
    # trumps a closing keeps face down for the rest of a turn (クローズ, フレーム編): card -> that turn's number
    trump_locked: dict[int, int] = field(default_factory=dict)


__all__ = ["BlackPokerState"]

"""A game's State subclass adds fields; it may not declare the core's fields again as slots, which would hide
State's own (the compiled build reads those from C slots: the game would play otherwise compiled than pure)."""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from bpdsl.engine import RandomAgent, build_rules, new_game
from bpdsl.engine.state import State, check_state_class
from bpdsl.games.blackdoubt.hooks import BDState
from bpdsl.games.blackpoker.game_state import BlackPokerState


@dataclass
class _Adds(State):
    extra: list[int] = field(default_factory=list)


def test_the_bundled_games_states_and_a_subclass_that_adds_fields_are_accepted() -> None:
    for cls in (State, BlackPokerState, BDState, _Adds):
        check_state_class(cls)
    s = _Adds([], [], [], turn=1)  # the core's fields stay positional for a game's dataclass
    assert (s.players, s.turn, s.extra) == ([], 1, [])


def test_a_subclass_with_slots_for_the_cores_fields_is_refused_by_name() -> None:
    @dataclass(slots=True)
    class Slotted(State):
        extra: int = 0

    with pytest.raises(TypeError, match=r"Slotted declares State's fields .*players.* again as slots"):
        check_state_class(Slotted)


def test_a_game_made_with_such_a_state_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    @dataclass(slots=True)
    class Slotted(BlackPokerState):
        pass

    rules = build_rules("act8.0", "std")
    from bpdsl.games.blackpoker import hooks as bp_hooks

    monkeypatch.setattr(bp_hooks, "BlackPokerState", Slotted)
    with pytest.raises(TypeError, match="again as slots"):
        new_game(rules, [RandomAgent(1), RandomAgent(2)], 1)

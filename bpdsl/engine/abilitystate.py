"""What abilities remember between events: how often a trigger or a replacement has applied (its limit), the
counters designers put on cards and players, and this turn's records.

All of it lives in ``State.marks`` (a dict of plain values: copied with the state by the step API, digested
by the state hash), under string keys, so that an ability keeps nothing outside the state a game can clone,
save and replay:

* ``limit:<key>:<seat>`` — the turn a ``once_per_turn`` / ``first_each_turn`` limit was used (or, for
  ``once_per_game``, that it was: the value ``0``); ``<key>`` names the ability (``<trump id>@<n>``);
* ``counter:<holder>:<name>`` — a counter's value; ``<holder>`` is a card number or ``p<seat>``;
* ``turn:<record>:<seat>`` — ``[turn number, value]``: a record of this turn (damage taken), zero on a new
  turn without any reset step.

A limit says how often an ability may apply:

``once_per_turn``   at most once a turn for each player holding it;
``once_per_game``   at most once a game;
``first_each_turn`` only for the first event of the turn its filter matches: an event that matches but
                    whose condition (``if``) fails still uses up the turn (「毎ターン最初に…時」).
"""
from __future__ import annotations

from typing import Any, Callable

LIMITS = ("once_per_turn", "once_per_game", "first_each_turn")


def limit_used(state: Any, limit: str, key: str, seat: int) -> bool:
    """Whether the ability ``key`` has used its ``limit`` for ``seat`` already (this turn / this game)."""
    got = state.marks.get(f"limit:{key}:{seat}")
    if got is None:
        return False
    return limit == "once_per_game" or got == state.turn_no


def use_limit(state: Any, limit: str, key: str, seat: int) -> None:
    state.marks[f"limit:{key}:{seat}"] = 0 if limit == "once_per_game" else state.turn_no


def passes(state: Any, limit: tuple[str, str, Any] | None, seat: int, condition: Callable[[], bool] | None) -> bool:
    """Apply a limit ``(limit, key, _)`` for ``seat`` to a match whose condition is ``condition`` (None: none):
    True when the ability applies, the limit then used.  ``first_each_turn`` is used by the match itself."""
    if limit is None:
        return condition is None or condition()
    kind, key = limit[0], limit[1]
    if limit_used(state, kind, key, seat):
        return False
    if kind == "first_each_turn":
        use_limit(state, kind, key, seat)
        return condition is None or condition()
    if condition is not None and not condition():
        return False
    use_limit(state, kind, key, seat)
    return True


def holder_key(card: int | None, seat: int) -> str:
    """The holder part of a counter's key: the card (a number) or, without one, the player."""
    return str(card) if card is not None and card >= 0 else f"p{seat}"


def counter(state: Any, holder: str, name: str) -> int:
    return int(state.marks.get(f"counter:{holder}:{name}", 0))


def set_counter(state: Any, holder: str, name: str, value: int) -> int:
    """Set a counter (never below 0); returns the change."""
    key = f"counter:{holder}:{name}"
    before = int(state.marks.get(key, 0))
    value = max(0, int(value))
    if value:
        state.marks[key] = value
    else:
        state.marks.pop(key, None)
    return value - before


def turn_record(state: Any, record: str, seat: int) -> int:
    got = state.marks.get(f"turn:{record}:{seat}")
    return int(got[1]) if got is not None and got[0] == state.turn_no else 0


def add_turn_record(state: Any, record: str, seat: int, amount: int) -> None:
    state.marks[f"turn:{record}:{seat}"] = [state.turn_no, turn_record(state, record, seat) + amount]


__all__ = ["LIMITS", "add_turn_record", "counter", "holder_key", "limit_used", "passes", "set_counter",
           "turn_record", "use_limit"]

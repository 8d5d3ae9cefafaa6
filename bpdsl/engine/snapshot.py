"""Cheap copies of a game's mutable state, for the step API (checkpoints, ``Game.clone``).

A hand-written copy rather than ``copy.deepcopy``: the state is a few dataclasses of ints, lists and
small dicts, so copying each field the way its type needs is an order of magnitude faster, and it keeps
shared identities where the engine relies on them (one :class:`ActionInstance` may sit on the stage and in
a pending trigger event at once: both references point at the same copy, through ``memo``).  Compiled
objects (``CAction``, op executors, the rules) are immutable while a game runs and are shared, not copied.

Fields a game adds to its state (a subclass of :class:`State`, e.g. Black Doubt's points and hands) are
copied by :func:`copy_value`: containers recursively, dataclass instances field by field, everything else
(ints, strings, enums, compiled objects) shared.
"""
from __future__ import annotations

import dataclasses
from typing import Any

try:
    import cython
except ImportError:  # without Cython (the ``speed`` extra) its declarations change nothing
    from bpdsl import purecython as cython

from bpdsl.engine.state import ActionInstance, Character, Player, State

Memo = dict[int, ActionInstance]

_ATOMS = (int, str, bool, float, type(None), bytes, frozenset)


def copy_value(v: Any, memo: Memo) -> Any:
    """A copy of one value of a game's state (see the module docstring for what is shared)."""
    t = type(v)
    if t in _ATOMS:
        return v
    if t is list:
        return [copy_value(x, memo) for x in v]
    if t is dict:
        return {k: copy_value(x, memo) for k, x in v.items()}
    if t is set:
        return set(v)  # sets hold ints or tuples of them
    if t is tuple:
        return tuple(copy_value(x, memo) for x in v)
    if t is ActionInstance:
        return copy_inst(v, memo)
    if t is Character:
        return copy_character(v)
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        fields = dataclasses.fields(v)
        new = t.__new__(t)  # (an extension type in the compiled build)
        for f in fields:
            object.__setattr__(new, f.name, copy_value(getattr(v, f.name), memo))
        return new
    return v  # compiled, immutable objects (CAction, ...)


@cython.locals(x=ActionInstance)
def copy_inst(x: ActionInstance, memo: Memo) -> ActionInstance:
    got = memo.get(id(x))
    if got is None:
        data = x.data
        got = memo[id(x)] = ActionInstance(x.uid, x.action, x.controller, list(x.keys), x.target, x.direct,
                                           x.from_stage, copy_value(data, memo) if data else {}, x.countered)
    return got


@cython.locals(ch=Character)
def copy_character(ch: Character) -> Character:
    return Character(ch.uid, ch.kind, ch.char_id, list(ch.cards), ch.owner, ch.controller, ch.face_up, ch.driven,
                     ch.entered_turn, ch.size_mod)


@cython.locals(p=Player, new=Player)
def copy_player(p: Player) -> Player:
    cls = type(p)
    new = cls.__new__(cls)
    new.seat = p.seat
    for name in cls.CARD_ZONES:  # the game's zones of cards (bpdsl.engine.zones)
        setattr(new, name, getattr(p, name)[:])
    new.field = [copy_character(ch) for ch in p.field]
    return new


@cython.locals(s=State, new=State)
def copy_state(s: State, memo: Memo) -> State:
    """A copy of ``s`` sharing nothing mutable with it; ActionInstances through ``memo``."""
    cls = type(s)
    new = cls.__new__(cls)
    new.players = [copy_player(p) for p in s.players]
    new.loc = s.loc[:]  # tuples: immutable
    new.owner = s.owner[:]
    new.turn = s.turn
    new.turn_no = s.turn_no
    new.chance = s.chance
    new.passed = set(s.passed)
    new.stage = [copy_inst(x, memo) for x in s.stage]
    new.raised_this_turn = set(s.raised_this_turn)
    new.raised_count = dict(s.raised_count)
    new.next_uid = s.next_uid
    new.winner = s.winner
    new.over = s.over
    new.reason = s.reason
    new.keep_order = s.keep_order
    new.trump_up = set(s.trump_up)
    new.counts = copy_value(s.counts, memo) if s.counts else {}
    for name in _OTHER_FIELDS if cls is State else _other_fields(cls):
        setattr(new, name, copy_value(getattr(s, name), memo))
    return new


# the fields copy_state copies one by one; any other field (of State or of a game's subclass) by copy_value
_BY_HAND = frozenset({"players", "loc", "owner", "turn", "turn_no", "chance", "passed", "stage", "raised_this_turn",
                      "raised_count", "next_uid", "winner", "over", "reason", "keep_order", "trump_up", "counts"})
_OTHER: dict[type, tuple[str, ...]] = {}


def _other_fields(cls: type) -> tuple[str, ...]:
    got = _OTHER.get(cls)
    if got is None:
        got = _OTHER[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.name not in _BY_HAND)
    return got


_OTHER_FIELDS = _other_fields(State)


__all__ = ["Memo", "copy_character", "copy_inst", "copy_player", "copy_state", "copy_value"]

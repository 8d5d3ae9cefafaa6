"""The dispatch of events to what listens to them: the trigger sources indexed by kind of event, and the
matching of the pending events against them.

An event is announced (appended to ``game.events``) only when something listens to its kind (``hears``);
the trigger check then matches each against the sources that can match its kind (the index, made once for
the games of one set of rules and filled as kinds come up), each source's own step deciding the seats it
fires for, its trigger conditions and its limit (once a turn, once a game, the first time each turn) asked
after.  Replacements and static rules listen at the point where their event would happen
(bpdsl.engine.abilities); they add their kinds to ``hears``.
"""
from __future__ import annotations

import weakref

try:
    import cython
except ImportError:  # without Cython (the ``speed`` extra) its declarations change nothing
    from bpdsl import purecython as cython

from bpdsl.engine.abilitystate import passes
from bpdsl.engine.compiled import CAction, Rules, TriggerSource
from bpdsl.engine.gamebase import Ctx, Event, GameBase
from bpdsl.engine.state import ActionInstance

# rules -> (their trigger sources when the index was made, the index by kind of event, heard by action id)
_TRIGGERS: "weakref.WeakKeyDictionary[Rules, tuple[list[TriggerSource], dict[tuple[str, str | None], list[TriggerSource]], dict[str, bool]]]" = (
    weakref.WeakKeyDictionary())


def shared_trigger_index(rules: Rules) -> tuple[dict[tuple[str, str | None], list[TriggerSource]], dict[str, bool]]:
    """The trigger-source index and the "heard" table shared by the games of ``rules``: new ones when their
    trigger sources were changed since (both depend on nothing else)."""
    triggers = rules.triggers
    hit = _TRIGGERS.get(rules)
    if hit is not None and len(hit[0]) == len(triggers) and all(x is y for x, y in zip(hit[0], triggers)):
        return hit[1], hit[2]
    index: dict[tuple[str, str | None], list[TriggerSource]] = {}
    heard: dict[str, bool] = {}
    _TRIGGERS[rules] = (list(triggers), index, heard)
    return index, heard


def hears(rules: Rules) -> frozenset[str]:
    """The event kinds the trigger sources and replacements of ``rules`` wait for."""
    kinds = {src.event for src in rules.triggers if src.event is not None}
    if rules.abilities is not None:
        kinds |= rules.abilities.kinds()
    return frozenset(kinds)


def conditions_met(game: GameBase, a: CAction, seat: int, e: Event) -> bool:
    """Whether the trigger conditions of ``a`` hold for ``seat`` raising it on event ``e``."""
    ctx = Ctx(game, ActionInstance(0, a, seat, None, None, False, False, {"event": e}), seat, e)
    return all(fn(ctx, args) for fn, args, _ in a.trigger_conditions)


def limited(game: GameBase, src: TriggerSource, e: Event, seats: list[int]) -> list[int]:
    """The seats for which a limited trigger source fires (its limit then used), the source's condition (the
    limit's third part: a parsed expression, or None) asked for each of them as its controller."""
    limit = src.limit
    cond = limit[2]
    out = []
    for seat in seats:
        check = None if cond is None else (lambda seat=seat: bool(Ctx(game, None, seat, e).value(cond)))
        if passes(game.state, limit, seat, check):
            out.append(seat)
    return out



@cython.locals(game=GameBase, e=Event, inst=ActionInstance, src=TriggerSource)
def triggered(game: GameBase) -> list[ActionInstance]:
    """Match every pending event against the trigger sources that can match it (and forget the events):
    the triggered actions, in the order of the events and of the sources."""
    events = game.events
    if not events:
        return []
    game.events = []
    s = game.state
    index = game._trigger_index
    out: list[ActionInstance] = []
    for e in events:
        inst = e.inst
        key = (e.type, inst.action.id if inst is not None else None)
        sources = index.get(key)
        if sources is None:
            sources = sources_of(game, key)
        if not sources:
            continue
        ctx = Ctx(game, None, e.seat, e)
        for src in sources:
            if src.requires_up is not None and s.trump_up.isdisjoint(src.requires_up):
                continue
            fn, args, _ = src.step
            seats = fn(ctx, args)
            if not seats:
                continue
            if src.character is not None and e.char_id and e.char_id != src.character:
                continue
            if src.action.trigger_conditions:  # 「…しかこのアクションを起こすことができない」
                seats = [p for p in seats if conditions_met(game, src.action, p, e)]
            if src.limit is not None:  # once a turn, once a game, the first time each turn
                seats = limited(game, src, e, seats)
            for seat in seats:  # data: what triggered it (e.g. the discard 暴動 answers)
                data = {"event": e} if src.card < 0 else {"event": e, "holder": src.card}
                out.append(ActionInstance(s.uid(), src.action, seat, None, None, False, False, data))
    return out


@cython.locals(game=GameBase)
def sources_of(game: GameBase, key: tuple[str, str | None]) -> list[TriggerSource]:
    """The trigger sources an event of kind ``key`` (type, resolved action id) can match, indexed."""
    sources = game._trigger_index.get(key)
    if sources is None:
        sources = game._trigger_index[key] = sources_for(game, *key)
    return sources


@cython.locals(game=GameBase)
def sources_for(game: GameBase, etype: str, action_id: str | None) -> list[TriggerSource]:
    """The trigger sources an event of type ``etype`` (of a resolved ``action_id``) can match, in their
    declared order: the pre-filters of the trigger check, looked up once per kind of event and game."""
    return [src for src in game.rules.triggers
            if (src.event is None or src.event == etype)
            and (src.on_action is None or src.on_action == action_id)
            and (src.requires_up is None or src.requires_up)]  # empty: a source never asked



__all__ = ["conditions_met", "hears", "limited", "shared_trigger_index", "sources_of", "triggered"]

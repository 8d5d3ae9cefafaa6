"""Counters on cards and players, and the life set to a number: the state abilities keep and restore.

A counter (カウンター) is a number put on the card holding an ability (``on: this``: the trump whose ability
triggered or replaced, named ``this``) or on a player (``self`` / ``opponent``); abilities read it as
``this.counter`` / ``me.counter`` / ``opponent.counter`` and change it with ``counter_add`` and
``counter_set``.  Each change is an event (``counter_changed``) other abilities may answer.  Counters live
in ``State.marks`` (bpdsl.engine.abilitystate): they are copied, hashed and replayed with the state.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.engine.abilitystate import counter, holder_key, set_counter
from bpdsl.engine.events import CounterChanged
from bpdsl.games.blackpoker.components import DECK_SIZE, Z_LIFE
from bpdsl.games.blackpoker.ops._common import get, life, src
from bpdsl.ops.registry import PhraseContext, declare

_ON = {"type": "string", "allowed": ["this", "self", "opponent"], "default": "this"}


def holder(ctx: Any, on: str) -> str:
    """The counter's holder: this card (the ability's card, the controller's copy) or a player."""
    if on == "this":
        card = ctx.inst.data.get("holder", -1) if ctx.inst is not None and ctx.inst.data else -1
        if card is not None and card >= 0:
            return holder_key(card % DECK_SIZE + DECK_SIZE * ctx.seat, ctx.seat)
        return holder_key(None, ctx.seat)  # an action without a card: its controller
    return holder_key(None, ctx.seat if on == "self" else 1 - ctx.seat)


def _whose(ctx: PhraseContext, on: str) -> str:
    return {"this": "この切札", "self": ctx.term("self", "自分"), "opponent": "対戦相手"}[on]


def _changed(ctx: Any, key: str, change: int) -> None:
    if change and ctx.game.log is not None:
        ctx.game.log.write(CounterChanged(key, change))
    if change and "counter_changed" in ctx.game.hears:
        from bpdsl.engine.core import Event

        ctx.game.events.append(Event("counter_changed", ctx.seat, amount=change))


COUNTER_ADD = declare(
    "counter_add", "effect",
    args={"on": _ON, "amount": {"type": "expr", "default": 1, "meta": {"expr": "int"}}},
    phrase=lambda ctx, a: (f"{_whose(ctx, get(a, 'on', 'this'))}に{ctx.term('counter', 'カウンター')}を"
                           f"{src(get(a, 'amount', 1))}個置く。"),
    summary=("Put `amount` counters on this card (the card whose ability this is; without one, its controller), "
             "or on a player (`on: self` / `opponent`); read as `this.counter`, `me.counter`, "
             "`opponent.counter`. A negative amount takes counters off (never below 0)."),
    example={"counter_add": {"on": "this", "amount": 1}},
)


@COUNTER_ADD.executor
def _counter_add(ctx: Any, a: Mapping[str, Any]) -> None:
    key = holder(ctx, get(a, "on", "this"))
    amount = int(ctx.value(get(a, "amount", 1)))
    _changed(ctx, key, set_counter(ctx.state, key, "counter", counter(ctx.state, key, "counter") + amount))


COUNTER_SET = declare(
    "counter_set", "effect",
    args={"on": _ON, "to": {"type": "expr", "default": 0, "meta": {"expr": "int"}}},
    phrase=lambda ctx, a: (f"{_whose(ctx, get(a, 'on', 'this'))}の{ctx.term('counter', 'カウンター')}を"
                           f"{src(get(a, 'to', 0))}個にする。"),
    summary="Set the counters on this card (or on a player, `on: self` / `opponent`) to `to` (0 by default).",
    example={"counter_set": {"on": "this", "to": 0}},
)


@COUNTER_SET.executor
def _counter_set(ctx: Any, a: Mapping[str, Any]) -> None:
    key = holder(ctx, get(a, "on", "this"))
    _changed(ctx, key, set_counter(ctx.state, key, "counter", int(ctx.value(get(a, "to", 0)))))


SET_LIFE = declare(
    "set_life", "effect",
    args={"to": {"type": "integer", "min": 1, "required": True}},
    phrase=lambda ctx, a: (f"自分の{life(ctx)}が{a['to']}枚になるまで、自分の墓地の一番上のカードを"
                           f"{life(ctx)}の一番上に置く。"),
    summary=("The controller's life grows to `to` cards with the top cards of their grave (as many as there "
             "are); a life that has `to` cards or more is left as it is."),
    example={"set_life": {"to": 1}},
)


@SET_LIFE.executor
def _set_life(ctx: Any, a: Mapping[str, Any]) -> None:
    p = ctx.state.players[ctx.seat]
    while len(p.life) < int(a["to"]) and p.grave:
        ctx.hooks.move_card(ctx.game, p.grave[-1], Z_LIFE, ctx.seat)

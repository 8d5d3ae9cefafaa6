"""Ops on the per-player counters a game document declares (game.yaml ``counters:``, ``State.counters``):
``add_counter``, ``set_counter`` and the limit ``lose_at``.

``lose_at`` is the point limit of a match: Black Doubt's 「規定ポイント以上にどちらかが到達した側を負け」 is
``lose_at: {counter: points, at_least: 100}``.  A counter's printed name and unit come from the edition's
terms (``counter:points: 得点``, ``unit:points: 点``), like every other printed word.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.ops.args import source_text
from bpdsl.ops.context import ExecContext
from bpdsl.ops.registry import PhraseContext, declare


def _lose_at_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    counter = a.get("counter", "points")
    return (f"{ctx.term('counter:' + counter, counter)}が{a.get('at_least', 1)}{ctx.term('unit:' + counter, '')}"
            "以上になったプレイヤーは試合に負ける。")


LOSE_AT = declare(
    "lose_at", "effect",
    args={"counter": {"type": "string", "required": True, "regex": r"^[a-z][a-z0-9_]*$",
                      "meta": {"declared": "counter"}},
          "at_least": {"type": "integer", "min": 1, "required": True}},
    phrase=_lose_at_phrase,
    summary=("A player whose counter reached `at_least` loses the game; when both did, the one with more "
             "loses, and equal counts are a draw. The game ends at once (the rest of the effect is skipped)."),
    example={"lose_at": {"counter": "points", "at_least": 100}},
)

@LOSE_AT.executor
def _lose_at(ctx: ExecContext, a: Mapping[str, Any]) -> None:
    s = ctx.state
    counter, limit = a["counter"], int(a["at_least"])
    values = list(s.counters.get(counter) or [0] * len(s.players))
    over = [seat for seat, v in enumerate(values) if v >= limit]
    if not over or s.over:
        return
    score = "-".join(str(v) for v in values)
    if len(over) == 1:
        loser: int | None = over[0]
        reason = f"player {over[0]} reached the limit of {counter} ({score})"
    else:
        loser = None if values[0] == values[1] else (0 if values[0] > values[1] else 1)
        reason = f"both players reached the limit of {counter} ({score})"
    s.over = True
    s.winner = None if loser is None else 1 - loser
    s.reason = reason
    if ctx.game.log is not None:
        ctx.game.log.write({"t": "over", "winner": s.winner, "reason": reason})


_WHO = {"self": "自分の", "opponent": "対戦相手の"}


def _counter_words(ctx: PhraseContext, a: Mapping[str, Any]) -> tuple[str, str, str]:
    counter = a.get("counter", "points")
    return (_WHO.get(a.get("who") or "self", "自分の"), ctx.term("counter:" + counter, counter),
            ctx.term("unit:" + counter, ""))


def _seat(ctx: ExecContext, a: Mapping[str, Any]) -> int:
    return ctx.seat if (a.get("who") or "self") == "self" else 1 - ctx.seat


def _row(s: Any, counter: str) -> list[int]:
    row = s.counters.get(counter)
    if row is None:
        row = s.counters[counter] = [0] * len(s.players)
    return row


def _add_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    whose, name, unit = _counter_words(ctx, a)
    return f"{whose}{name}に{source_text(a.get('amount', 1))}{unit}を加える。"


ADD_COUNTER = declare(
    "add_counter", "effect",
    args={"counter": {"type": "string", "required": True, "regex": r"^[a-z][a-z0-9_]*$",
                      "meta": {"declared": "counter"}},
          "amount": {"type": "expr", "default": 1, "meta": {"expr": "int"}},
          "who": {"type": "string", "allowed": list(_WHO), "default": "self"}},
    phrase=_add_phrase,
    summary=("Add `amount` (an expression) to a counter the game declares, of the controller (`who: self`) "
             "or of the opponent; expressions read it back as me.<counter> / opponent.<counter>."),
    example={"add_counter": {"counter": "points", "amount": "me.total", "who": "opponent"}},
)

@ADD_COUNTER.executor
def _add_counter(ctx: ExecContext, a: Mapping[str, Any]) -> None:
    _row(ctx.state, a["counter"])[_seat(ctx, a)] += int(ctx.value(a.get("amount", 1)))


def _set_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    whose, name, unit = _counter_words(ctx, a)
    return f"{whose}{name}を{source_text(a.get('value', 0))}{unit}にする。"


SET_COUNTER = declare(
    "set_counter", "effect",
    args={"counter": {"type": "string", "required": True, "regex": r"^[a-z][a-z0-9_]*$",
                      "meta": {"declared": "counter"}},
          "value": {"type": "expr", "required": True, "meta": {"expr": "int"}},
          "who": {"type": "string", "allowed": list(_WHO), "default": "self"}},
    phrase=_set_phrase,
    summary="Set a counter the game declares to `value` (an expression), for the controller or the opponent.",
    example={"set_counter": {"counter": "points", "value": 0}},
)

@SET_COUNTER.executor
def _set_counter(ctx: ExecContext, a: Mapping[str, Any]) -> None:
    _row(ctx.state, a["counter"])[_seat(ctx, a)] = int(ctx.value(a["value"]))

"""Ops on the per-player counters a game document declares (game.yaml ``counters:``, ``State.counters``).

``lose_at`` is the point limit of a match: Black Doubt's 「規定ポイント以上にどちらかが到達した側を負け」 is
``lose_at: {counter: points, at_least: 100}``.  A counter's printed name and unit come from the edition's
terms (``counter:points: 得点``, ``unit:points: 点``), like every other printed word.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.ops.context import ExecContext
from bpdsl.ops.registry import PhraseContext, declare


def _lose_at_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    counter = a.get("counter", "points")
    return (f"{ctx.term('counter:' + counter, counter)}が{a.get('at_least', 1)}{ctx.term('unit:' + counter, '')}"
            "以上になったプレイヤーは試合に負ける。")


LOSE_AT = declare(
    "lose_at", "effect",
    args={"counter": {"type": "string", "required": True, "regex": r"^[a-z][a-z0-9_]*$"},
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

"""A general activation condition: the action may be raised only while an expression holds.

「ターンを持っていない時しかこのアクションを起こすことができない。」 is ``only_if: {if: not turn.is_mine}``;
any other state a designer can name in an expression (life, hand, field counts ...) works the same way.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.ops._common import predicate
from bpdsl.ops.registry import PhraseContext, declare


def _only_if_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    return f"{predicate(a['if'])}しかこのアクションを起こすことができない。"


ONLY_IF = declare(
    "only_if", "condition",
    args={"if": {"type": "expr", "required": True, "meta": {"expr": "bool"}}},
    phrase=_only_if_phrase,
    summary="A player may raise this action only while `if` holds for them (e.g. `not turn.is_mine`).",
    example={"only_if": {"if": "not turn.is_mine"}},
)

@ONLY_IF.executor
def _only_if(ctx: Any, a: Mapping[str, Any]) -> bool:
    return bool(ctx.value(a["if"]))

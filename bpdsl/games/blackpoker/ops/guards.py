"""A general guard: the rest of an effect happens only if a condition holds (「…場合、次を行う。」).

死の槍's 「対象の兵士の数字が0以外かつ、キーカードの◇カードの数字で割切れる場合、次を行う。」 is
``proceed_if: {if: target.size != 0 and target.size % key.diamond.rank == 0}``: the printed words are made
from the expression — each name's printed noun (its expression-name wording, or the edition's
``expr:<name>`` term), ``!= 0`` as 「0以外」, ``X % Y == 0`` as 「Yで割切れる」, comparisons as 以上/以下/…,
``and`` as 「かつ」, and a subject said once when the next condition is about the same thing (then
「かつ、」): :func:`bpdsl.games.blackpoker.ops._common.condition_words`, which ``negate`` prints its
condition with too.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.ops._common import case_words, condition_words, predicate, src
from bpdsl.ops.registry import PhraseContext, declare, retire

def _proceed_if_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    root = getattr(a["if"], "root", None)
    words = condition_words(root, ctx) if root is not None else None
    return f"{case_words(words if words is not None else predicate(src(a['if'])))}次を行う。"


PROCEED_IF = declare(
    "proceed_if", "effect",
    args={"if": {"type": "expr", "required": True, "meta": {"expr": "bool"}}},
    phrase=_proceed_if_phrase,
    summary=("A guard: the steps after it happen only if `if` holds (「…場合、次を行う。」); otherwise the rest "
             "of the effect does nothing. Printed as the lead-in of the steps it guards."),
    example={"proceed_if": {"if": "target.size != 0 and target.size % key.diamond.rank == 0"}},
    lead=True,
)

@PROCEED_IF.executor
def _proceed_if(ctx: Any, a: Mapping[str, Any]) -> bool:
    return bool(ctx.value(a["if"]))


retire("proceed_if_divisible", "proceed_if: {if: <value> != 0 and <value> % <divisor> == 0} "
                               "(e.g. target.size != 0 and target.size % key.diamond.rank == 0)")

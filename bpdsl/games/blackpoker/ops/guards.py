"""A general guard: the rest of an effect happens only if a condition holds (「…場合、次を行う。」).

死の槍's 「対象の兵士の数字が0以外かつ、キーカードの◇カードの数字で割切れる場合、次を行う。」 is
``proceed_if: {if: target.size != 0 and target.size % key.diamond.rank == 0}``: the printed words are made
from the expression — each name's printed noun (its expression-name wording, or the edition's
``expr:<name>`` term), ``!= 0`` as 「0以外」, ``X % Y == 0`` as 「Yで割切れる」, comparisons as 以上/以下/…,
``and`` as 「かつ、」, and a subject said once when the next condition is about the same thing.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.ops._common import ORDER_WORDS, noun, predicate, src
from bpdsl.ops.registry import PhraseContext, declare, retire

_MORE_WORDS = {**ORDER_WORDS, "!=": "と等しくない"}


def _words(node: Any, ctx: PhraseContext, subject: list[str]) -> str | None:
    """The printed words of a condition node, or None when it has no wording of its own."""
    op = getattr(node, "op", None)
    if op == "and":
        left, right = _words(node.left, ctx, subject), _words(node.right, ctx, subject)
        return None if left is None or right is None else f"{left}かつ、{right}"
    if op not in _MORE_WORDS:
        return None
    left, right = node.left, node.right
    if op == "==" and getattr(left, "op", None) == "%" and getattr(right, "value", None) == 0:
        what, words = left.left, f"{_noun(left.right, ctx)}で割切れる"  # X % Y == 0
    elif op == "!=" and getattr(right, "value", None) == 0 and not isinstance(getattr(right, "value", None), bool):
        what, words = left, "0以外"
    else:
        what, words = left, f"{_noun(right, ctx)}{_MORE_WORDS[op]}"
    name = _noun(what, ctx)
    said = bool(subject) and subject[-1] == name
    subject.append(name)
    return words if said else f"{name}が{words}"


def _noun(node: Any, ctx: PhraseContext) -> str:
    from bpdsl.dsl.expr import unparse

    return noun(unparse(node), ctx)


def _proceed_if_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    root = getattr(a["if"], "root", None)
    words = _words(root, ctx, []) if root is not None else None
    return f"{words if words is not None else predicate(src(a['if']))}場合、次を行う。"


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

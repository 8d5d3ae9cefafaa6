"""Label ops: the labels of act8.0 characters ((ラベル) アタッカー, ブロッカー, 速攻).

A label says what a character may be chosen as (attacker, blocker) or that it may attack in the turn it
entered the field (速攻).  A label may hold only under a condition (装備兵: 速攻 only with an A among
its key cards).
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.ops._common import predicate
from bpdsl.ops.registry import PhraseContext, declare

LABEL_ATTACKER = declare(
    "label_attacker", "label", args={}, phrase="アタッカー",
    summary="May be chosen as an attacker (アタックアクション).",
    example={"label_attacker": {}},
)

@LABEL_ATTACKER.executor
def _label_attacker(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # static: read by BlackPokerHooks (attacker flags)

LABEL_BLOCKER = declare(
    "label_blocker", "label", args={}, phrase="ブロッカー",
    summary="May be chosen as a blocker (ブロックアクション).",
    example={"label_blocker": {}},
)

@LABEL_BLOCKER.executor
def _label_blocker(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # static: read by BlackPokerHooks (blocker flags)


def _haste_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    if a.get("if") is None:
        return "速攻"
    return f"速攻({predicate(a['if'])}場合のみ)"


LABEL_HASTE = declare(
    "label_haste", "label", args={"if": {"type": "expr", "nullable": True, "meta": {"expr": "bool"}}}, phrase=_haste_phrase,
    summary="May be chosen as an attacker in the turn it entered the field. With `if`, only while it holds.",
    example={"label_haste": {"if": "key.has_ace"}},
)

@LABEL_HASTE.executor
def _label_haste(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # static: read by BlackPokerHooks.has_haste

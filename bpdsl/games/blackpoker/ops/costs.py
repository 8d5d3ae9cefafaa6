"""Cost ops: paying one cost letter of an action (Table 3.2 of the 2024 rulebook).

B drives a charged bulwark, L takes one damage, D discards one card from the hand, S moves one character
to the grave.  The game definition maps each cost letter to one of these ops; the printed meaning of a
letter (コストの意味) is the op's phrase.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.ops.registry import declare

PAY_BULWARK = declare(
    "pay_bulwark", "cost", args={}, phrase="防壁をドライブする",
    summary="B (Bulwark): drive one of the payer's charged bulwarks.",
    example={"pay_bulwark": {}},
)

@PAY_BULWARK.executor
def _pay_bulwark(ctx: Any, a: Mapping[str, Any]) -> None:
    ctx.hooks.pay_letter(ctx.game, ctx.inst, "B")

PAY_LIFE = declare(
    "pay_life", "cost", args={}, phrase="1点ダメージを受ける",
    summary="L (Life): the payer takes 1 damage (the top card of their life goes to the grave).",
    example={"pay_life": {}},
)

@PAY_LIFE.executor
def _pay_life(ctx: Any, a: Mapping[str, Any]) -> None:
    ctx.hooks.pay_letter(ctx.game, ctx.inst, "L")

PAY_DISCARD = declare(
    "pay_discard", "cost", args={}, phrase="手札を1枚捨てる",
    summary="D (Discard): the payer discards one card of their choice from the hand (not a key card).",
    example={"pay_discard": {}},
)

@PAY_DISCARD.executor
def _pay_discard(ctx: Any, a: Mapping[str, Any]) -> None:
    ctx.hooks.pay_letter(ctx.game, ctx.inst, "D")

PAY_SACRIFICE = declare(
    "pay_sacrifice", "cost", args={}, phrase="キャラクター1体を墓地に移す",
    summary="S (Sacrifice): the payer moves one of their characters from the field to the grave.",
    example={"pay_sacrifice": {}},
)

@PAY_SACRIFICE.executor
def _pay_sacrifice(ctx: Any, a: Mapping[str, Any]) -> None:
    ctx.hooks.pay_letter(ctx.game, ctx.inst, "S")

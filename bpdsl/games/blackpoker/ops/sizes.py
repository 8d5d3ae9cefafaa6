"""Size ops: how a character's size (act8.0 サイズ, act6.1 数字) is computed from its cards.

Every character of both editions has a size op; act8.0 prints it as "サイズ：…", act6.1 prints no size
line (its 装備兵 restates the rule among the abilities, see ``size_rule``).
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.ops._common import RANK_VALUES
from bpdsl.ops.registry import PhraseContext, declare
from bpdsl.engine.compiled import VALUE
from bpdsl.games.blackpoker.components import DECK_SIZE


def _key_rank_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    spell = a.get("spell_out") or []
    unit = ctx.term("unit", "キーカード")  # act8.2: ユニットカード
    if spell:
        return f"{unit}が" + ",".join(f"{r}なら{RANK_VALUES[r]}" for r in spell)
    return f"{unit}の数字"


SIZE_KEY_RANK = declare(
    "size_key_rank", "size",
    args={"spell_out": {"type": "list", "schema": {"type": "string", "allowed": list(RANK_VALUES)}}},
    phrase=_key_rank_phrase,
    summary=("The size is the value (Table 3.1) of the single key card. `spell_out` prints the values of "
             "those ranks instead of the rule (英雄: J=11, Q=12, K=13)."),
    example={"size_key_rank": {"spell_out": ["J", "Q", "K"]}},
)

@SIZE_KEY_RANK.executor
def _size_key_rank(ch: Any, a: Mapping[str, Any]) -> int:

    return VALUE[ch.cards[0] % DECK_SIZE]

SIZE_FIXED = declare(
    "size_fixed", "size",
    args={"value": {"type": "integer", "min": 0, "required": True}},
    phrase=lambda ctx, a: str(a["value"]),
    summary="The size is the fixed number `value` (エース 1, 魔術士 0).",
    example={"size_fixed": {"value": 1}},
)

@SIZE_FIXED.executor
def _size_fixed(ch: Any, a: Mapping[str, Any]) -> int:
    return int(a["value"])

SIZE_KEY_SUM = declare(
    "size_key_sum", "size",
    args={},
    phrase=lambda ctx, a: f"{ctx.term('unit', 'キーカード')}の数字の合計",
    summary="The size is the sum of the values of all key cards of the character (装備兵).",
    example={"size_key_sum": {}},
)

@SIZE_KEY_SUM.executor
def _size_key_sum(ch: Any, a: Mapping[str, Any]) -> int:

    return sum(VALUE[c % DECK_SIZE] for c in ch.cards)

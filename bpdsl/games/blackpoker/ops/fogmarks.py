"""The (対象) of a fog card: which character the fog's ability applies to (act8.2 フォグリスト).

A fog card is the mark an action leaves (アップ, ダウン); it applies to the soldier that action targeted.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.ops._common import NOUNS, get
from bpdsl.ops.registry import declare

MARKED_BY = declare(
    "marked_by", "target",
    args={"action": {"type": "ref", "required": True, "meta": {"ref": "action"}},
          "what": {"type": "string", "allowed": list(NOUNS), "default": "soldier"}},
    phrase=lambda ctx, a: f"{ctx.name(a['action'])}アクションで対象となった{NOUNS[get(a, 'what', 'soldier')]}",
    summary="A fog card's target: the character the action that put it into the fog targeted.",
    example={"marked_by": {"action": "up"}},
)

@MARKED_BY.executor
def _marked_by(ctx: Any, a: Mapping[str, Any]) -> list[Any]:
    t = ctx.inst.target if ctx.inst is not None else None
    return [t] if t is not None else []

"""The (対象) of a fog card: which character (or trump) the fog's ability applies to (act8.2 フォグリスト).

A fog card is the mark an action leaves (アップ, ダウン); it applies to the soldier that action targeted.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.ops._common import NOUNS, get
from bpdsl.ops.registry import declare

_MARKED = {**NOUNS, "trump": "切札"}


def _marked_phrase(ctx: Any, a: Mapping[str, Any]) -> str:
    what = get(a, "what", "soldier")
    if get(a, "form", "action") == "counted":  # クローズ (フレーム編): 「対象とした切札1枚」
        return f"対象とした{_MARKED[what]}1{'枚' if what == 'trump' else '体'}"
    return f"{ctx.name(a['action'])}アクションで対象となった{_MARKED[what]}"


MARKED_BY = declare(
    "marked_by", "target",
    args={"action": {"type": "ref", "required": True, "meta": {"ref": "action"}},
          "what": {"type": "string", "allowed": list(_MARKED), "default": "soldier"},
          "form": {"type": "string", "allowed": ["action", "counted"], "default": "action"}},
    phrase=_marked_phrase,
    summary=("A fog card's target: the character (or `what: trump`, the trump) the action that put it into the "
             "fog targeted. `form: counted` prints 「対象とした切札1枚」 instead of naming the action."),
    example={"marked_by": {"action": "up"}},
)

@MARKED_BY.executor
def _marked_by(ctx: Any, a: Mapping[str, Any]) -> list[Any]:
    t = ctx.inst.target if ctx.inst is not None else None
    return [t] if t is not None else []

"""Condition ops: activation conditions of actions (act8.0 (起動条件), act6.1 "※" notes).

A condition restricts when a player may raise an action: at most once per turn, or never directly (the
action is raised only by another action's effect or a character's ability, as act6.1's チャージ/ドロー/
ブロック/ダメージ判定/世代交代).
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from bpdsl.ops.args import classic, get, predicate
from bpdsl.ops.context import ExecContext
from bpdsl.ops.registry import PhraseContext, declare, declare_term


WORDING_STYLE = declare_term("wording", "modern", ("classic",),
                             "the sentence style of conditions and notes: 1ターンに1回までこのアクションを起こすことが"
                             "できる (modern, act8.0 on) / 1ターンに1回しかこのアクションを起こすことができない "
                             "(classic, act6.1)")


def _per_turn_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    n = get(a, "times", 1)
    if classic(ctx):
        return f"プレイヤーは1ターンに{n}回しかこのアクションを起こすことができない。"
    return f"プレイヤーは、1ターンに{n}回までこのアクションを起こすことができる。"


ONCE_PER_TURN = declare(
    "once_per_turn", "condition",
    args={"times": {"type": "integer", "min": 1, "default": 1}},
    phrase=_per_turn_phrase,
    summary="A player may raise this action at most `times` times per turn (counted per player and turn).",
    example={"once_per_turn": {"times": 1}},
)

@ONCE_PER_TURN.executor
def _once_per_turn(ctx: ExecContext, a: Mapping[str, Any]) -> bool:
    return ctx.state.raised_count.get((ctx.seat, ctx.inst.action.id), 0) < get(a, "times", 1)


NOT_DIRECT = declare(
    "not_direct", "condition",
    args={},
    phrase="プレイヤーはこのアクションを直接起こすことができない。",
    summary=("No player may raise this action directly; it is raised only by an effect (raise_action) or an "
             "ability (raises_on_grave)."),
    example={"not_direct": {}},
)

@NOT_DIRECT.executor
def _not_direct(ctx: ExecContext, a: Mapping[str, Any]) -> bool:
    return False  # never raised by a player; effects and abilities raise it without this check


# ------------------------------------------------------------------ a general activation condition

def _only_if_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    # the condition in the edition's or the call's words where it gives them (``cond:<condition>`` terms)
    if a.get("form") == "のみ":  # 「パックが開封済みでない場合のみこのアクションを起こすことができる。」
        return f"{predicate(a['if'], ctx)}のみこのアクションを起こすことができる。"
    return f"{predicate(a['if'], ctx)}しかこのアクションを起こすことができない。"


def _prepare_only_if(a: Mapping[str, Any]) -> Callable[[ExecContext, Mapping[str, Any]], bool]:
    """One ``only_if`` call as its own executor: the condition bound to the game's readers the first time it
    is tested (activation conditions are tested for every action at every decision)."""
    cond = a.get("if")
    if not hasattr(cond, "root"):  # a literal or a text built by hand: the plain executor
        return _only_if
    seen: list[Any] = [None, None]  # the hooks it was bound for, the bound condition

    def run(ctx: ExecContext, _a: Mapping[str, Any]) -> bool:
        hooks = ctx.game.hooks
        if seen[0] is not hooks:
            seen[0], seen[1] = hooks, hooks.bound(cond)
        return bool(seen[1](ctx))
    return run


ONLY_IF = declare(
    "only_if", "condition",
    args={"if": {"type": "expr", "required": True, "meta": {"expr": "bool"}},
          "form": {"type": "string", "allowed": ["しか", "のみ"], "default": "しか"}},
    phrase=_only_if_phrase,
    summary=("A player may raise this action only while `if` holds for them: 「ターンを持っていない時しか"
             "このアクションを起こすことができない。」 is `not turn.is_mine`; any state the game names in "
             "expressions works the same way (life, hand and field counts, a declared counter such as "
             "`me.points`, a declared value such as `me.total`). `form` is a wording choice: 「…しかこの"
             "アクションを起こすことができない。」 (しか, the default) or 「…のみこのアクションを起こすことが"
             "できる。」 (のみ); both play the same."),
    example={"only_if": {"if": "not turn.is_mine"}},
    prepare=_prepare_only_if,
    triggered=True,  # a triggered raise is a raise too: asked by the trigger check (bpdsl.engine.core)
)

@ONLY_IF.executor
def _only_if(ctx: ExecContext, a: Mapping[str, Any]) -> bool:
    return bool(ctx.value(a["if"]))

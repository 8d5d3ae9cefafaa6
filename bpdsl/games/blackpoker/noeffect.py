"""Why a resolving action did nothing, said in its event line (「あなたの 切札破壊 は効果なし（キーカード ♠5 と対象の
切札 ♡7 のスートと数字が違う）」) instead of a bare 「… を解決」 followed by silence.

An op whose own condition does not hold (切札破壊's same card, クローズ's same suit, a guard 「切札の♠Jが表の場合」)
calls :func:`say_no_effect` with the reason in the players' words.  The line is written only when nothing of
the action's effect has been told yet (the last line is its 「…を解決」), so it means the whole action did
nothing (a later step that declines leaves the earlier ones' events to speak).  The reason names only what both seats may see: key
cards on the stage and face-up trumps; a face-down trump is called 裏向き, never by its card.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.engine.events import NoEffect


def _nothing_said_yet(log: Any, action: str) -> bool:
    """Whether the last line of the log is this action's 「…を解決」: no step of its effect has done anything
    that the players were told (the steps are wrapped by the trump rules, so their position is not asked)."""
    last = log.lines[-1] if log.lines else None
    return last is not None and last.get("t") == "resolve" and last.get("action") == action


def say_no_effect(ctx: Any, args: Mapping[str, Any], why: str) -> None:
    """Log that the resolving action had no effect because ``why``, if nothing of its effect happened before
    (``args``: the declining step's, for the record of which step it was)."""
    log = ctx.game.log
    if log is None or not _nothing_said_yet(log, ctx.inst.action.id):
        return
    log.write(NoEffect(ctx.inst.action.id, why, ctx.inst.controller))


def keys_text(ctx: Any) -> str:
    """The key cards of the resolving action, as printed (they lie face up on the stage)."""
    return " ".join(ctx.hooks.card_text(k) for k in ctx.inst.keys) or "なし"

"""Replacement abilities (「…する場合、代わりに…」): what would happen happens otherwise.

``replacement`` names the event it waits for (``on:``, the filters of the general trigger ``on``: damage a
player would take, a player who would lose the game) and what happens instead: the damage reduced by an
amount or prevented, and/or steps of its own run by the holder (``then:``: set the life to 1, turn this trump
face down …).  It applies *before* the result — the damage not yet moved from the life, the game not yet over
— which a trigger cannot do: a trigger answers what has happened.

Executed by the rules of the game through :class:`bpdsl.engine.abilities.Abilities` (installed with the
trump by :mod:`bpdsl.games.blackpoker.ability_blocks`); the op's executor itself does nothing.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.event_filters import REPLACEABLE
from bpdsl.games.blackpoker.ops._common import get
from bpdsl.games.blackpoker.ops._filters import LIMIT_ARG, LIMIT_WORDS, WHOSE, condition_clause, whose_words
from bpdsl.ops.registry import PhraseContext, REGISTRY, declare



def _steps_text(ctx: PhraseContext, steps: list[Any]) -> str:
    out = []
    for call in steps or []:
        op = REGISTRY.get(getattr(call, "op", ""))
        if op is None:
            continue
        text = call.text if getattr(call, "text", None) is not None else op.render(ctx, call.args)
        out.append(text)
    return "".join(out)


def _replacement_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    on = a["on"]
    who = whose_words(ctx, get(on, "whose", "self")) or "いずれかのプレイヤー"
    limit = LIMIT_WORDS.get(on.get("limit") or "", "")
    # a condition leads: 「自分の場に防壁が2体以上いるかつ、自分のライフが0枚になり…場合、」 (one 「場合」)
    cond = condition_clause(ctx, on.get("if")).removesuffix("場合、").removesuffix("の")
    cond = f"{cond}かつ、" if cond else ""
    if on["event"] == "damage":
        most = on.get("min_amount")
        amount = f"{most}点以上の" if most and most > 1 else ""
        head = f"{limit}{cond}{who}が{amount}ダメージを受ける場合、"
        if a.get("prevent"):
            instead = "代わりにそのダメージを受けない。"
        elif a.get("reduce"):
            instead = f"代わりにそのダメージより{a['reduce']}点少ないダメージを受ける。"
        else:
            instead = "代わりに"
    else:
        head = f"{limit}{cond}{who}のライフが0枚になりゲームに負ける場合、"
        instead = "代わりに"
    return f"{head}{instead}{_steps_text(ctx, a.get('then') or [])}"


REPLACEMENT = declare(
    "replacement", "ability",
    args={
        "on": {"type": "dict", "required": True, "schema": {
            "event": {"type": "string", "allowed": list(REPLACEABLE), "required": True},
            "whose": {"type": "string", "allowed": WHOSE, "default": "self"},
            "min_amount": {"type": "integer", "min": 1, "nullable": True},
            "limit": LIMIT_ARG,
            "if": {"type": "expr", "nullable": True, "meta": {"expr": "bool"}}}},
        "reduce": {"type": "integer", "min": 1, "nullable": True},
        "prevent": {"type": "boolean", "default": False},
        "then": {"type": "list", "nullable": True, "schema": {"type": "opcall", "meta": {"kinds": ["effect"]}}},
    },
    phrase=_replacement_phrase,
    summary=("A replacement (「…場合、代わりに…」) while the ability is active: before the event `on` names "
             "(`damage` a player would take, with `min_amount`; `would_lose`: a player whose life is 0 would lose "
             "the game) takes place, the damage is reduced by `reduce` or `prevent`-ed, and the holder runs the "
             "steps of `then` (the event is their `trigger`). `on.whose`: whose damage or loss, from the holder's "
             "point of view; `on.limit`: once_per_turn, once_per_game, first_each_turn; `on.if`: a condition. "
             "A `would_lose` replacement must change the state (`then`), or the game ends as it would have."),
    example={"replacement": {"on": {"event": "damage", "whose": "self", "min_amount": 2,
                                    "limit": "first_each_turn"}, "reduce": 1}},
)


@REPLACEMENT.executor
def _replacement(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # installed into the rules' Abilities (bpdsl.games.blackpoker.ability_blocks)

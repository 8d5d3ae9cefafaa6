"""Replacement abilities (「…する場合、代わりに…」): what would happen happens otherwise.

``replacement`` names the event it waits for (``on:``, the filters of the general trigger ``on``: damage a
player would take, a player who would lose the game, a card that would move from a zone to a zone) and what
happens instead: the damage reduced by an amount or prevented, the card put into another zone of its owner
(``move_to``, ``at``: 「墓地に置かれる場合、代わりにライフの一番下に置く」), and/or steps of its own run by the
holder (``then:``: set the life to 1, turn this trump face down …).  It applies *before* the result — the
damage not yet moved from the life, the game not yet over, the card not yet in the grave — which a trigger
cannot do: a trigger answers what has happened.

Executed by the rules of the game through :class:`bpdsl.engine.abilities.Abilities` (installed with the
trump by :mod:`bpdsl.games.blackpoker.ability_blocks`); the op's executor itself does nothing.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.event_filters import REPLACEABLE
from bpdsl.games.blackpoker.ops._common import NOUNS, get, ranks_text, zone_name
from bpdsl.games.blackpoker.ops._filters import (KIND_ARG, LIMIT_ARG, LIMIT_WORDS, RANK_LIST, WHOSE, condition_clause,
                                                 whose_words, zones_words)
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
    elif on["event"] == "card_moved":
        head, instead = f"{limit}{cond}{_moved_words(ctx, on)}場合、", "代わりに"
        where = a.get("move_to")
        if where:
            at = "一番下" if get(a, "at", "top") == "bottom" else "一番上"
            instead += f"{zone_name(ctx, where)}{'に加える' if where == 'hand' else 'の' + at + 'に置く'}。"
    else:
        head = f"{limit}{cond}{who}のライフが0枚になりゲームに負ける場合、"
        instead = "代わりに"
    return f"{head}{instead}{_steps_text(ctx, a.get('then') or [])}"


def _moved_words(ctx: PhraseContext, on: Mapping[str, Any]) -> str:
    """「対戦相手の兵士のカードが場から墓地に置かれる」 (a card about to move)."""
    who = whose_words(ctx, get(on, "whose", "self"))
    kind, ranks = on.get("kind"), on.get("ranks")
    what = (f"{ranks_text(ranks)}のカード" if ranks and not kind else
            f"{ranks_text(ranks)}を含む{NOUNS[kind]}のカード" if ranks else f"{NOUNS[kind]}のカード" if kind
            else "カード")
    origin = f"{zones_words(ctx, on.get('from'))}から" if on.get("from") else ""
    to = f"{zones_words(ctx, on.get('to'))}に置かれる" if on.get("to") else "別の場所に移る"
    return f"{who + 'の' if who else ''}{what}が{origin}{to}"


_MOVED_FROM = {"type": "list", "minlength": 1, "nullable": True,
               "schema": {"type": "string", "allowed": ["life", "hand", "field", "grave", "trump", "stage"]}}
_MOVED_TO = {"type": "list", "minlength": 1, "nullable": True,
             "schema": {"type": "string", "allowed": ["life", "hand", "grave", "trump", "stage"]}}

REPLACEMENT = declare(
    "replacement", "ability",
    args={
        "on": {"type": "dict", "required": True, "schema": {
            "event": {"type": "string", "allowed": list(REPLACEABLE), "required": True},
            "whose": {"type": "string", "allowed": WHOSE, "default": "self"},
            "min_amount": {"type": "integer", "min": 1, "nullable": True, "dependencies": {"event": ["damage"]}},
            # a card about to move: the zones it would leave and reach (those a card moves between one by
            # one: a character is put onto the field as a whole, never replaced), its kind and ranks
            "from": {**_MOVED_FROM, "dependencies": {"event": ["card_moved"]}},
            "to": {**_MOVED_TO, "dependencies": {"event": ["card_moved"]}},
            "kind": {**KIND_ARG, "dependencies": {"event": ["card_moved"]}},
            "ranks": {**RANK_LIST, "dependencies": {"event": ["card_moved"]}},
            "limit": LIMIT_ARG,
            "if": {"type": "expr", "nullable": True, "meta": {"expr": "bool"}}}},
        "reduce": {"type": "integer", "min": 1, "nullable": True, "dependencies": {"on.event": ["damage"]}},
        "prevent": {"type": "boolean", "nullable": True, "dependencies": {"on.event": ["damage"]}},
        "move_to": {"type": "string", "allowed": ["life", "hand", "grave"], "nullable": True,
                    "dependencies": {"on.event": ["card_moved"]}},
        "at": {"type": "string", "allowed": ["top", "bottom"], "nullable": True,
               "dependencies": {"move_to": ["life", "grave"]}},
        "then": {"type": "list", "nullable": True, "schema": {"type": "opcall", "meta": {"kinds": ["effect"]}}},
    },
    phrase=_replacement_phrase,
    summary=("A replacement (「…場合、代わりに…」) while the ability is active: before the event `on` names "
             "(`damage` a player would take, with `min_amount`; `would_lose`: a player whose life is 0 would lose "
             "the game; `card_moved`: a card that would move `from` a zone `to` a zone, of a `kind` and `ranks`, "
             "whose `whose` is the card's owner, or the controller of the character it leaves the field with) "
             "takes place, the damage is reduced by `reduce` or `prevent`-ed, the card goes to the zone `move_to` "
             "of its owner instead (`at` its top or bottom; the first replacement that applies to a move is the "
             "one), and the holder runs the steps of `then` (the event is their `trigger`). `on.whose`: whose damage or loss, from the holder's "
             "point of view; `on.limit`: once_per_turn, once_per_game, first_each_turn; `on.if`: a condition. "
             "A `would_lose` replacement must change the state (`then`), or the game ends as it would have."),
    example={"replacement": {"on": {"event": "damage", "whose": "self", "min_amount": 2,
                                    "limit": "first_each_turn"}, "reduce": 1}},
)


@REPLACEMENT.executor
def _replacement(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # installed into the rules' Abilities (bpdsl.games.blackpoker.ability_blocks)

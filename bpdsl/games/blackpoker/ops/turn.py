"""Turn ops: what the turn-control actions do (エンド, チャージ, ドロー in part) and raising other actions.

Covers discarding down to the hand limit, handing the turn over (the one op the core rule "at least one
action passes the turn" looks for: ``passes_turn=True``), charging every character of the turn player,
and raising another action from an effect (act6.1: "チャージアクションを起こす").
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.ops._common import get, predicate
from bpdsl.ops.registry import PhraseContext, declare, declare_term

DISCARD_TO_HAND_LIMIT = declare(
    "discard_to_hand_limit", "effect",
    args={"limit": {"type": "integer", "min": 0, "required": True}},
    phrase=lambda ctx, a: f"手札が{a['limit']}枚を越えた場合、{a['limit']}枚になるよう手札を捨てる。",
    summary="If the controller holds more than `limit` cards, they discard cards of their choice down to `limit`.",
    example={"discard_to_hand_limit": {"limit": 7}},
)

@DISCARD_TO_HAND_LIMIT.executor
def _discard_to_hand_limit(ctx: Any, a: Mapping[str, Any]) -> None:
    rules, seat = ctx.hooks, ctx.seat
    hand = ctx.state.players[seat].hand
    while len(hand) > a["limit"]:
        opts = sorted(hand)
        c = opts[ctx.decide(seat, "discard", opts, {"what": f"手札を{a['limit']}枚にする"},
                            lambda: [rules.card_text(x) for x in opts])]
        rules.discard(ctx.game, seat, c)


END_TURN = declare(
    "end_turn", "effect",
    args={},
    phrase="自分のターンを終了し、対戦相手にターンを渡す。",
    summary="End the controller's turn and hand the turn to the opponent (the next player in seat order).",
    example={"end_turn": {}},
    passes_turn=True,
)

@END_TURN.executor
def _end_turn(ctx: Any, a: Mapping[str, Any]) -> None:
    ctx.hooks.pass_turn(ctx.game)


def _charge_all_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    who = {"turn_player": "ターンを持っているプレイヤー", "self": "自分"}[get(a, "who", "turn_player")]
    what = get(a, "what", "character")
    if what != "character":  # 「…全ての兵士を」, 「…全ての防壁を」
        return f"{who}の場にいる全ての{'兵士' if what == 'soldier' else '防壁'}をチャージ状態にする。"
    return f"{who}の場にいるキャラクターを全てチャージ状態にする。"


CHARGE_ALL = declare(
    "charge_all", "effect",
    args={"who": {"type": "string", "allowed": ["turn_player", "self"], "default": "turn_player"},
          "what": {"type": "string", "allowed": ["character", "soldier", "bulwark"], "default": "character"}},
    phrase=_charge_all_phrase,
    summary=("Put every character (or every soldier / bulwark, `what`) on the field of the turn player (or the "
             "controller) into the charged state."),
    example={"charge_all": {"who": "turn_player"}},
)

@CHARGE_ALL.executor
def _charge_all(ctx: Any, a: Mapping[str, Any]) -> None:
    seat = ctx.state.turn if get(a, "who", "turn_player") == "turn_player" else ctx.seat
    what = get(a, "what", "character")
    for ch in ctx.state.players[seat].field:
        if what == "character" or ch.kind == what:
            ch.driven = False


RAISE_VERB = declare_term("raise_verb", "起こす", ("リクエストする",),
                         "what an effect does with the action it raises: 「アタックアクションを起こす」 / "
                         "「アタックアクションをリクエストする」 (the frame list)")


def _raise_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    cond = f"{predicate(a['if'])}場合、" if a.get("if") is not None else ""
    return f"{cond}{ctx.name(a['action'])}アクションを{ctx.term(RAISE_VERB.key, RAISE_VERB.default)}。"


RAISE_ACTION = declare(
    "raise_action", "effect",
    args={"action": {"type": "ref", "required": True, "meta": {"ref": "action"}},
          "if": {"type": "expr", "nullable": True, "meta": {"expr": "bool"}}},
    phrase=_raise_phrase,
    summary=("Raise another action of the edition as part of this effect (act6.1 style): it is put on the "
             "stage like a raised action, without cost or key cards. With `if`, only when the condition holds."),
    example={"raise_action": {"action": "block", "if": "attackers.count >= 1"}},
)

@RAISE_ACTION.executor
def _raise_action(ctx: Any, a: Mapping[str, Any]) -> None:
    if a.get("if") is not None and not ctx.value(a["if"]):
        return
    ctx.game.raise_by_effect(a["action"], ctx.seat)

"""Ops of the パック option (5.3.3): the 【パック開封】 action's condition and effect steps.

They live with the regulations because only an option brings them into a game: a game under a
regulation with パック gets the option's actions compiled from these ops (see
:mod:`bpdsl.games.blackpoker.regulation.play`); no edition's action list uses them.  Declared in the one op registry like
every other op, so the printed text of 【パック開封】 comes from the phrases below.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.ops.registry import declare
from bpdsl.games.blackpoker.components import Z_HAND
from bpdsl.games.blackpoker.events import PackFaceUp, Revealed

ONCE_PER_GAME = declare(
    "once_per_game", "condition",
    args={},
    phrase="プレイヤーは1ゲームに1回しかこのアクションを起こすことができない。",
    summary="A player may raise this action at most once per game.",
    example={"once_per_game": {}},
)

@ONCE_PER_GAME.executor
def _once_per_game(ctx: Any, a: Mapping[str, Any]) -> bool:
    return getattr(ctx.game, "raised_game", {}).get((ctx.seat, ctx.inst.action.id), 0) < 1

TAKE_FROM_PACK = declare(
    "take_from_pack", "effect",
    args={"show": {"type": "boolean", "default": True}},
    phrase=lambda ctx, a: ("パックの中から好きなカードを1枚選び対戦相手に見せ手札に加える。" if a.get("show", True)
                           else "パックの中から好きなカードを1枚選び手札に加える。"),
    summary="Choose any card of your pack, show it to the opponent (show: true) and put it into your hand.",
    example={"take_from_pack": {"show": True}},
)

@TAKE_FROM_PACK.executor
def _take_from_pack(ctx: Any, a: Mapping[str, Any]) -> None:

    game = ctx.game
    pack = ctx.state.players[ctx.seat].pack
    if not pack:
        return None
    options = list(pack)
    i = ctx.decide(ctx.seat, "choose", options, {"action": "パック開封", "what": "pack"},
                   [game.hooks.card_text(c) for c in options])
    card = options[i]
    game.hooks.move_card(game, card, Z_HAND, ctx.seat)
    if game.log is not None:
        game.log.write(Revealed(ctx.seat, cards=[game.hooks.card_text(card)], from_="pack"))
    return None

REVEAL_PACK = declare(
    "reveal_pack", "effect",
    args={},
    phrase="パックを表向きにする。",
    summary="Turn your pack face up: from now on both players may see its cards.",
    example={"reveal_pack": {}},
)

@REVEAL_PACK.executor
def _reveal_pack(ctx: Any, a: Mapping[str, Any]) -> None:
    game = ctx.game
    opened: set[int] = game.state.pack_face_up
    opened.add(ctx.seat)
    if game.log is not None:
        pack = ctx.state.players[ctx.seat].pack
        game.log.write(PackFaceUp(ctx.seat, [game.hooks.card_text(c) for c in pack]))
    return None

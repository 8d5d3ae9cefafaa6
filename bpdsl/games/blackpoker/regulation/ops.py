"""Ops of the パック option (5.3.3): the 【パック開封】 action's condition and effect steps.

They live with the regulations because only a frame or option with a pack brings a pack into a game: a
game under a regulation with パック gets the option's actions compiled from these ops (see
:mod:`bpdsl.games.blackpoker.regulation.play`); the 第9.0版 フレーム編 list (act9.0-draft) writes its own
【パック開封】 with them too (with the rare-card alternative and the condition ``me.pack_sealed``).  Declared
in the one op registry like every other op, so the printed text of 【パック開封】 comes from the phrases below.
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

def _take_from_pack_phrase(ctx: Any, a: Mapping[str, Any]) -> str:
    show = "対戦相手に見せ" if a.get("show", True) else ""
    text = f"パックの中から好きなカードを1枚選び{show}手札に加える。"
    if a.get("rare"):  # the frames レアパック and ストラテジー: the rare card instead
        text += f"レアカードがある場合、代わりにそれを{show}手札に加えてもよい。"
    return text


TAKE_FROM_PACK = declare(
    "take_from_pack", "effect",
    args={"show": {"type": "boolean", "default": True}, "rare": {"type": "boolean", "default": False}},
    phrase=_take_from_pack_phrase,
    summary=("Choose any card of your pack, show it to the opponent (show: true) and put it into your hand; "
             "with `rare: true` a rare card (レアカード) may be taken instead of a pack card."),
    example={"take_from_pack": {"show": True, "rare": True}},
)

@TAKE_FROM_PACK.executor
def _take_from_pack(ctx: Any, a: Mapping[str, Any]) -> None:

    game = ctx.game
    player = ctx.state.players[ctx.seat]
    options = list(player.pack)
    rare = sorted(player.rare) if a.get("rare") else []
    options += rare
    if not options:
        return None
    labels = [game.hooks.card_text(c) + (" (レアカード)" if c in rare else "") for c in options]
    i = ctx.decide(ctx.seat, "choose", options, {"action": ctx.inst.action.name, "what": "pack"}, labels)
    card = options[i]
    game.hooks.move_card(game, card, Z_HAND, ctx.seat)
    if game.log is not None and a.get("show", True):
        game.log.write(Revealed(ctx.seat, cards=[game.hooks.card_text(card)], from_="rare" if card in rare else "pack"))
    return None

REVEAL_PACK = declare(
    "reveal_pack", "effect",
    args={"opened": {"type": "boolean", "default": False}},
    phrase=lambda ctx, a: "パックを表向きにし、開封済みとする。" if a.get("opened") else "パックを表向きにする。",
    summary=("Turn your pack face up: from now on both players may see its cards, and it counts as opened "
             "(`me.pack_sealed` no longer holds). `opened: true` says so in the sentence: 「パックを表向きにし、"
             "開封済みとする。」 (a wording choice; both play the same)."),
    example={"reveal_pack": {"opened": True}},
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

"""Loop op: turn over cards one by one, adding their points, until the player stands or busts (B・J).

``push_your_luck`` is the one interactive loop of the lists: hit or stand after every card, an A worth
`ace` points unless that would reach `bust_at` (then 1), J/Q/K 10, Joker 0, 2〜10 their number. On a bust
the revealed cards go to the grave; on a stand to the hand. It stays one op because its steps refer to
each other (「手順 2 に戻る」) and the player's decision sits inside the loop; its printed text is the
numbered procedure of the sheet, one list item per step (``steps=True``).
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.components import Z_GRAVE, Z_HAND
from bpdsl.games.blackpoker.ops._common import get, life
from bpdsl.ops.registry import PhraseContext, declare
from bpdsl.games.blackpoker.events import Revealed


def _phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    bust, ace = get(a, "bust_at", 22), get(a, "ace", 11)
    return "\n\n".join([
        f"合計点 を 0 とし、自分の{life(ctx)}の山札から1枚めくり表向きにする。公開したカードをまとめて 公開カード と呼ぶ。",
        "めくったカードの点数を合計点に加える。\n"
        f"  A は {ace} 点として扱う。ただし合計点が {bust} 点以上になる場合は 1 点として扱う。\n"
        "  J,Q,K は 10 点、Joker は 0 点、2〜10 は数字どおりとして扱う。",
        f"合計点が {bust} 点以上になった場合、公開カードをすべて墓地に置き、効果を終了する。",
        f"合計点が {bust - 1} 点以下の場合、ヒット もしくは、スタンドを行う。\n"
        "  ヒット: さらに 1 枚めくり、手順 2 に戻る。\n"
        "  スタンド: 公開カードすべてを手札に加え、効果を終了する。",
    ])


PUSH_YOUR_LUCK = declare(
    "push_your_luck", "effect",
    args={"bust_at": {"type": "integer", "min": 2, "default": 22}, "ace": {"type": "integer", "min": 1, "default": 11}},
    phrase=_phrase,
    summary=("Turn over the top card of the own life; add its points (A `ace` or 1 when `ace` would reach "
             "`bust_at`, J/Q/K 10, Joker 0, 2〜10 their number). At `bust_at` or more every revealed card goes "
             "to the grave; below it the player hits (next card, again) or stands (revealed cards to the hand). "
             "An empty life ends the loop as a stand."),
    example={"push_your_luck": {"bust_at": 22, "ace": 11}},
    steps=True,
)


def points(rank: str, total: int, bust_at: int, ace: int) -> int:
    """Points of one card given the total so far (A counts `ace` unless that busts, then 1)."""
    if rank == "A":
        return ace if total + ace < bust_at else 1
    if rank in ("J", "Q", "K"):
        return 10
    if rank == "Joker":
        return 0
    return int(rank)


@PUSH_YOUR_LUCK.executor
def _push_your_luck(ctx: Any, a: Mapping[str, Any]) -> None:
    rules, game, seat = ctx.hooks, ctx.game, ctx.seat
    bust, ace = get(a, "bust_at", 22), get(a, "ace", 11)
    p = ctx.state.players[seat]
    revealed: list[int] = []  # stay on top of the life, face up, until the loop ends
    total = 0
    while len(revealed) < len(p.life):
        c = p.life[-1 - len(revealed)]
        revealed.append(c)
        total += points(rules.card_rank(c), total, bust, ace)
        if game.log is not None:
            game.log.write(Revealed(seat, cards=[rules.card_text(c)], total=total))
        if total >= bust:
            for x in revealed:
                rules.move_card(game, x, Z_GRAVE, seat)
            ctx.inst.data["bj_total"] = total
            return
        if ctx.decide(seat, "hit_or_stand", ["hit", "stand"], {"what": f"合計点 {total}"}, ["ヒット", "スタンド"]) == 1:
            break
    for x in revealed:
        rules.move_card(game, x, Z_HAND, seat)
    ctx.inst.data["bj_total"] = total

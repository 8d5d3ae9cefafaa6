"""Reveal ops: turn over the top cards of the own life, put those that pass a filter onto the field, and put
the rest under the life in an order the player chooses (徴募).

``reveal_top`` remembers the cards it turned over that stayed on the life; ``rest_to_life_bottom`` moves
those. Each matching card becomes its own soldier (the soldier its rank makes: 一般兵, 英雄, エース, 魔術士).
"""
from __future__ import annotations

import itertools
from typing import Any, Mapping

from bpdsl.games.blackpoker.components import Z_LIFE
from bpdsl.games.blackpoker.ops._common import FACES, STATES, filter_words, get, life
from bpdsl.ops.registry import PhraseContext, declare
from bpdsl.games.blackpoker.events import Revealed


def _reveal_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    where = filter_words(a["where"], ctx, {"card.value": ""}) if a.get("where") is not None else ""
    face = f"{FACES[a['face']]}かつ" if a.get("face") else ""
    pick = a.get("pick")
    if pick is not None:  # 援軍: 「…2枚カードをめくり1枚を兵士としてチャージ状態で場に出し、もう1枚を…一番下に移す。」
        text = (f"{life(ctx)}の一番上から{a['count']}枚カードをめくり{where}{pick}枚を兵士として{face}"
                f"{STATES[get(a, 'state', 'charge')]}で場に出し")
        if get(a, "rest", "stay") == "bottom":
            return text + f"、もう{a['count'] - pick}枚を{life(ctx)}の一番下に移す。"
        return text + "、残りのカードはそのままにする。"
    return (f"{life(ctx)}の一番上から{a['count']}枚めくり、{where}カードを兵士として{face}"
            f"{STATES[get(a, 'state', 'charge')]}で場に出す。")


REVEAL_TOP = declare(
    "reveal_top", "effect",
    args={"count": {"type": "integer", "min": 1, "required": True},
          "where": {"type": "expr", "nullable": True, "meta": {"expr": "bool"}},
          "state": {"type": "string", "allowed": list(STATES), "default": "charge"},
          # a soldier enters face up: 表向き is a wording only (face down was printed and then played face up)
          "face": {"type": "string", "allowed": ["up"], "nullable": True},
          "pick": {"type": "integer", "min": 1, "nullable": True},
          "rest": {"type": "string", "allowed": ["stay", "bottom"], "default": "stay"}},
    phrase=_reveal_phrase,
    summary=("Turn over the top `count` cards of the controller's life (shown to both players); each one for "
             "which `where` holds (`card.value` is its rank value) is put onto the field as a soldier, face up, "
             "in state `state`; the others stay on the life and are remembered for rest_to_life_bottom. With "
             "`pick`, the controller chooses that many of them instead (援軍: `pick: 1`); `rest: bottom` puts "
             "the others under the life at once (「もう1枚をライフの一番下に移す」)."),
    example={"reveal_top": {"count": 4, "where": "card.value <= key.rank_sum", "state": "drive"}},
)

@REVEAL_TOP.executor
def _reveal_top(ctx: Any, a: Mapping[str, Any]) -> None:
    rules, game, seat = ctx.hooks, ctx.game, ctx.seat
    p = ctx.state.players[seat]
    cards = [p.life[-1 - i] for i in range(min(a["count"], len(p.life)))]
    if game.log is not None:
        game.log.write(Revealed(seat, cards=[rules.card_text(c) for c in cards]))
    rest = []
    data = ctx.inst.data
    driven = get(a, "state", "charge") == "drive"
    if a.get("pick") is not None:
        _pick(ctx, a, cards, driven)
        return
    for c in cards:
        data["card"] = c
        if a.get("where") is None or ctx.value(a["where"]):
            rules.put_onto_field(game, seat, [c], None, True, driven)
        else:
            rest.append(c)
    data.pop("card", None)
    data["revealed_rest"] = rest


def _pick(ctx: Any, a: Mapping[str, Any], cards: list[int], driven: bool) -> None:
    """The controller picks ``pick`` of the revealed cards (those ``where`` lets through) as soldiers; the others
    stay on the life (remembered for rest_to_life_bottom) or go under it (``rest: bottom``)."""
    rules, game, seat, data = ctx.hooks, ctx.game, ctx.seat, ctx.inst.data
    options = []
    for c in cards:
        data["card"] = c
        if a.get("where") is None or ctx.value(a["where"]):
            options.append(c)
    data.pop("card", None)
    picked = []
    for _ in range(min(a["pick"], len(options))):
        left = [c for c in options if c not in picked]
        i = ctx.decide(seat, "choose", left, {"what": "兵士にするカード"}, [rules.card_text(c) for c in left])
        picked.append(left[i])
        rules.put_onto_field(game, seat, [left[i]], None, True, driven)
    rest = [c for c in cards if c not in picked]
    if get(a, "rest", "stay") == "bottom":
        for c in rest:
            rules.move_card(game, c, Z_LIFE, seat, top=False)
        rest = []
    data["revealed_rest"] = rest


REST_TO_LIFE_BOTTOM = declare(
    "rest_to_life_bottom", "effect",
    args={},
    phrase=lambda ctx, a: f"残りのカードを{life(ctx)}の一番下に好きな順で移す。",
    summary="Put the cards reveal_top left on the life under the life, in an order the controller chooses.",
    example={"rest_to_life_bottom": {}},
)

@REST_TO_LIFE_BOTTOM.executor
def _rest_to_life_bottom(ctx: Any, a: Mapping[str, Any]) -> None:
    rest = [c for c in ctx.inst.data.get("revealed_rest", []) if ctx.state.loc[c][0] == Z_LIFE]
    if not rest:
        return
    orders = [list(o) for o in itertools.permutations(rest)] if len(rest) <= 4 else [rest]
    rules = ctx.hooks
    i = ctx.decide(ctx.seat, "order", orders, {"what": "ライフの一番下に置く順 (最初が一番下)"},
                   ["→".join(rules.card_text(c) for c in o) for o in orders])
    for c in reversed(orders[i]):  # the first of the order ends at the very bottom
        rules.move_card(ctx.game, c, Z_LIFE, ctx.state.owner[c], top=False)

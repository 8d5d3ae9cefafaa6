"""The order of the characters on a field: 幻影's 「自分の場にいる防壁の順番を任意の順番に並び替えてもよい。」.

Where a character lies on the field matters to the rules (bulwarks are placed towards the life and judged in
that order), so putting the own characters of one kind in a new order is a step of its own: the controller
takes them place by place, the places of the other characters stay as they are.  Keeping the order as it
was is one of the orders, so the printed 「…てもよい」 needs no separate yes/no choice.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.ops._common import NOUNS, get
from bpdsl.ops.registry import PhraseContext, declare


def _reorder_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    return f"自分の場にいる{NOUNS[get(a, 'what', 'bulwark')]}の順番を任意の順番に並び替えてもよい。"


REORDER = declare(
    "reorder", "effect",
    args={"what": {"type": "string", "allowed": list(NOUNS), "default": "bulwark"}},
    phrase=_reorder_phrase,
    summary=("The controller puts their characters of kind `what` in any order they like, in the places those "
             "characters hold on the field (the others stay where they are); the same order is allowed (幻影)."),
    example={"reorder": {"what": "bulwark"}},
)


@REORDER.executor
def _reorder(ctx: Any, a: Mapping[str, Any]) -> None:
    seat, hooks = ctx.seat, ctx.hooks
    what = get(a, "what", "bulwark")
    field = ctx.state.players[seat].field
    places = [i for i, ch in enumerate(field) if what == "character" or ch.kind == what]
    rest = [field[i] for i in places]
    order = []
    while len(rest) > 1:  # one choice per place, in the order of the field
        i = ctx.decide(seat, "choose", rest, {"what": f"{len(order) + 1}番目の{NOUNS[what]}"},
                       [hooks.describe_char(ctx.game, ch, seat) for ch in rest])
        order.append(rest.pop(i))
    order += rest
    for i, ch in zip(places, order):
        field[i] = ch

"""Selection op: every character that passes a filter, and effect steps applied to each of them.

``for_each`` picks the characters on the field by kind, controller and an expression over ``each.*``
(``each.size <= key.rank_sum``), takes them as they are when the step starts, and runs its steps once per
character with ``cards: each`` naming it.  剣の雨 (every soldier of size ≤ X to the grave) and フォース
(all own soldiers +X until the end of the turn) are for_each around send_to_grave and modify_size.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.ops._common import NOUNS, filter_words, get
from bpdsl.ops._nested import phrase_steps, run_steps
from bpdsl.ops.registry import PhraseContext, declare

WHOSE = {"self": "自分の", "opponent": "対戦相手の", "any": ""}


def _for_each_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    where = a.get("where")
    # each.size is said as the edition's size word, or as a term expr:each.size (救済 leaves it unsaid: 「キーカードの
    # 数字以上の全ての兵士」, terms: {"expr:each.size": ""} beside the for_each)
    said = {"each.size": ctx.terms.get("expr:each.size", ctx.term("size")), "each.rank": ctx.terms.get("expr:each.rank", "数字")}
    words = filter_words(where, ctx, said) if where is not None else ""
    outer = ctx.each
    ctx.each = {"filter": words, "whose": WHOSE[get(a, "controller", "any")], "noun": NOUNS[get(a, "what", "soldier")],
                "wording": get(a, "wording", "every")}
    try:
        return phrase_steps(ctx, a["do"])
    finally:
        ctx.each = outer


FOR_EACH = declare(
    "for_each", "effect",
    args={
        "what": {"type": "string", "allowed": list(NOUNS), "default": "soldier"},
        "controller": {"type": "string", "allowed": list(WHOSE), "default": "any"},
        "where": {"type": "expr", "nullable": True, "meta": {"expr": "bool"}},
        "do": {"type": "list", "required": True, "minlength": 1,
               "schema": {"type": "opcall", "meta": {"kinds": ["effect"]}}},
        "wording": {"type": "string", "allowed": ["every", "all"], "default": "every"},
    },
    phrase=_for_each_phrase,
    summary=("Select every character on the field of kind `what`, controlled by `controller`, for which `where` "
             "holds (`each.size`, `each.rank` name the character looked at), as the field is when the step "
             "starts; then run the steps of `do` once for each of them, where `cards: each` names it. "
             "`wording` words the selection in a step that sends them to the grave: `every` 「…全ての兵士を墓地に"
             "移す。」 (剣の雨), `all` 「…兵士を全て墓地に移す。」 (威圧, 第9.0版 フレーム編)."),
    example={"for_each": {"what": "soldier", "where": "each.size <= key.rank_sum",
                          "do": [{"send_to_grave": {"cards": "each"}}]}},
)

@FOR_EACH.executor
def _for_each(ctx: Any, a: Mapping[str, Any]) -> bool:
    s, seat = ctx.state, ctx.seat
    who = get(a, "controller", "any")
    seats = (seat,) if who == "self" else (1 - seat,) if who == "opponent" else (s.turn, 1 - s.turn)
    what = get(a, "what", "soldier")
    data = ctx.inst.data
    picked = []
    for p in seats:
        for ch in s.players[p].field:
            if what != "character" and ch.kind != what:
                continue
            if a.get("where") is not None:
                data["each"] = ch.uid
                if not ctx.value(a["where"]):
                    continue
            picked.append(ch.uid)
    ok = True
    for uid in picked:
        data["each"] = uid
        if not run_steps(ctx, a["do"]):
            ok = False
            break
    data.pop("each", None)
    return ok if not s.over else False

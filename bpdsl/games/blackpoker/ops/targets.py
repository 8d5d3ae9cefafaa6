"""Target ops: what an action targets (対象).

Targets are chosen when the action is raised and checked again when it resolves (a lost target makes
the effect do nothing).  Characters may be restricted by type, controller, suit of the key cards and
Joker; players by side; actions on the stage by their number of key cards.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.ops._common import NOUNS, get
from bpdsl.ops.registry import PhraseContext, declare


def _character_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    noun = NOUNS[get(a, "what", "character")]
    n = get(a, "count", 1)
    where = ""
    if get(a, "controller", "any") == "self":
        if get(a, "same_suit_as_key", False):
            where = f"自分の場にいるキーカードと同じ{ctx.term('suit')}の"
        else:
            where = "自分の場の"
    elif get(a, "same_suit_as_key", False):
        where = f"キーカードと同じ{ctx.term('suit')}の"
    text = f"{where}{noun}{n}体を対象とする。"
    if get(a, "exclude_joker", False):
        text += "Jokerは対象にできない。"
    return text


TARGET_CHARACTER = declare(
    "target_character", "target",
    args={
        "what": {"type": "string", "allowed": list(NOUNS), "default": "character"},
        "controller": {"type": "string", "allowed": ["any", "self", "opponent"], "default": "any"},
        "same_suit_as_key": {"type": "boolean", "default": False},
        "exclude_joker": {"type": "boolean", "default": False},
        "count": {"type": "integer", "min": 1, "default": 1},
    },
    phrase=_character_phrase,
    summary=("Target `count` characters on the field: of type `what` (soldier, bulwark or any character), "
             "controlled by `controller`, optionally of the key card's suit, optionally not containing a Joker."),
    example={"target_character": {"what": "soldier", "controller": "self", "same_suit_as_key": True,
                                  "exclude_joker": True}},
)

@TARGET_CHARACTER.executor
def _target_character(ctx: Any, a: Mapping[str, Any]) -> list[Any]:
    from bpdsl.engine.compiled import RANK, SUIT

    s, seat = ctx.state, ctx.seat
    what, who = a.get("what") or "character", a.get("controller") or "any"
    seats = (seat,) if who == "self" else (1 - seat,) if who == "opponent" else (seat, 1 - seat)
    suits = {SUIT[c % 54] for c in ctx.inst.keys} if a.get("same_suit_as_key") else None
    no_joker = bool(a.get("exclude_joker"))
    any_kind = what == "character"
    out = []
    for p in seats:
        for ch in s.players[p].field:
            if not any_kind and ch.kind != what:
                continue
            if no_joker and any(RANK[c % 54] == "Joker" for c in ch.cards):
                continue
            if suits is not None and not (suits & {SUIT[c % 54] for c in ch.cards}):
                continue
            out.append(("char", ch.uid))
    return out


TARGET_PLAYER = declare(
    "target_player", "target",
    args={"who": {"type": "string", "allowed": ["opponent", "any"], "default": "opponent"},
          "count": {"type": "integer", "min": 1, "default": 1}},
    phrase=lambda ctx, a: f"{'対戦相手' if get(a, 'who', 'opponent') == 'opponent' else 'プレイヤー'}{get(a, 'count', 1)}人を対象とする。",
    summary="Target `count` players (an opponent of the controller by default).",
    example={"target_player": {"who": "opponent"}},
)

@TARGET_PLAYER.executor
def _target_player(ctx: Any, a: Mapping[str, Any]) -> list[Any]:
    if get(a, "who", "opponent") == "opponent":
        return [("player", 1 - ctx.seat)]
    return [("player", ctx.seat), ("player", 1 - ctx.seat)]


def _action_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    counts = "または".join(f"{n}枚" for n in a["key_counts"])
    return f"キーカードが{counts}のアクションを対象とする。"


TARGET_ACTION = declare(
    "target_action", "target",
    args={"key_counts": {"type": "list", "required": True, "minlength": 1,
                         "schema": {"type": "integer", "min": 0}}},
    phrase=_action_phrase,
    summary="Target one action on the stage whose number of key cards is one of `key_counts`.",
    example={"target_action": {"key_counts": [1, 2]}},
)

@TARGET_ACTION.executor
def _target_action(ctx: Any, a: Mapping[str, Any]) -> list[Any]:
    counts = set(a["key_counts"])
    me = ctx.inst.uid if ctx.inst is not None else -1
    return [("action", x.uid) for x in ctx.state.stage if len(x.keys) in counts and x.uid != me]

"""General steps on one character: choose a character of a kind on a field and move it to a zone, and set a
character's state.

``move_character`` is ドレイン's 「自分の場にいるキャラクター1体をライフの一番下に移す。」 and チャリオット召喚's
「防壁1体を選び墓地に移す。」: the controller chooses one character of kind ``what`` on the fields ``whose``
names and moves it to the grave, the owner's hand or the top or bottom of the owner's life.  It reports
whether there was one to move, so ``attempt`` can branch on it (「移せた場合、…」).  ``set_state`` drives
or charges the targeted character or the one that raised the action (交渉: 「対象のキャラクターをドライブする。」).
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.components import Z_GRAVE, Z_HAND, Z_LIFE
from bpdsl.games.blackpoker.noeffect import say_no_effect
from bpdsl.games.blackpoker.ops._common import NOUNS, get, target_noun, zone_name
from bpdsl.ops._nested import report_done
from bpdsl.ops.registry import PhraseContext, declare

_WHERE = {"any": "", "self": "自分の場にいる", "opponent": "対戦相手の場にいる"}
_TO = {"grave": Z_GRAVE, "hand": Z_HAND, "life": Z_LIFE}
_POSITION = {"top": "一番上", "bottom": "一番下"}


def _move_character_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    to = a["to"]
    place = zone_name(ctx, to) + (f"の{_POSITION[get(a, 'position', 'top')]}" if to == "life" else "")
    choose = "選び" if get(a, "say_choose", False) else ""
    if get(a, "count", "one") == "any":  # 瞬殺: 「自分の場にいる兵士を1体以上任意の数だけ墓地に移す。」
        return f"{_WHERE[get(a, 'whose', 'self')]}{NOUNS[get(a, 'what', 'character')]}を1体以上任意の数だけ{place}に移す。"
    return f"{_WHERE[get(a, 'whose', 'self')]}{NOUNS[get(a, 'what', 'character')]}1体を{choose}{place}に移す。"


MOVE_CHARACTER = declare(
    "move_character", "effect",
    args={"whose": {"type": "string", "allowed": list(_WHERE), "default": "self"},
          "what": {"type": "string", "allowed": list(NOUNS), "default": "character"},
          "to": {"type": "string", "allowed": list(_TO), "required": True},
          "position": {"type": "string", "allowed": list(_POSITION), "default": "top"},
          "say_choose": {"type": "boolean", "default": False},
          "count": {"type": "string", "allowed": ["one", "any"], "default": "one"}},
    phrase=_move_character_phrase,
    summary=("The controller chooses one character of kind `what` on the fields of `whose` (any, their own, the "
             "opponent's) and moves it to the grave, its owner's hand, or the top or (`position: bottom`) the "
             "bottom of its owner's life. Reports whether there was one (an `attempt` reads it). `say_choose` "
             "only words the sentence (「…1体を選び墓地に移す」). `count: any`: one or more of them, as many as "
             "the controller chooses (the action's own target is not among them); `moved.size_sum` is then the "
             "sum of their sizes for the later steps (瞬殺); with none to move, the rest of the effect does not "
             "happen."),
    example={"move_character": {"whose": "self", "what": "character", "to": "life", "position": "bottom"}},
)


@MOVE_CHARACTER.executor
def _move_character(ctx: Any, a: Mapping[str, Any]) -> bool | None:
    rules, game, seat = ctx.rules, ctx.game, ctx.seat
    seats = {"any": [seat, 1 - seat], "self": [seat], "opponent": [1 - seat]}[get(a, "whose", "self")]
    what = get(a, "what", "character")
    opts = [ch for p in seats for ch in game.state.players[p].field if what == "character" or ch.kind == what]
    if get(a, "count", "one") == "any":
        return _move_any(ctx, a, opts)
    report_done(ctx, bool(opts))
    if not opts:
        say_no_effect(ctx, a, "移せるキャラクターがいない")
        return
    i = ctx.decide(seat, "choose", opts, {"what": f"{_plain_zone(a['to'])}に移すキャラクター"},
                   [rules.describe_char(game, ch, seat) for ch in opts])
    _move_one(ctx, a, opts[i])


def _move_any(ctx: Any, a: Mapping[str, Any], opts: list[Any]) -> bool:
    """「…を1体以上任意の数だけ…に移す」: a yes/no per character in the order of the fields, each moved as soon as
    it is chosen (the last one is taken without asking when none was chosen: one or more); the action's target
    is left out.  The sum of the sizes moved is kept for ``moved.size_sum``."""
    rules, game, seat = ctx.rules, ctx.game, ctx.seat
    t = ctx.inst.target
    target = t[1] if t is not None and t[0] == "char" else None
    opts = [ch for ch in opts if ch.uid != target]
    report_done(ctx, bool(opts))
    if not opts:
        say_no_effect(ctx, a, "移せるキャラクターがいない")
        return False  # not one to move: 「1体以上」 cannot be done, and the steps that build on it do not happen
    total, moved = 0, 0
    for n, ch in enumerate(opts):
        if moved or n < len(opts) - 1:
            if ctx.decide(seat, "choose", [0, 1], {"what": rules.describe_char(game, ch, seat)},
                          [f"{_plain_zone(a['to'])}に移さない", f"{_plain_zone(a['to'])}に移す"]) == 0:
                continue
        total += rules.size(ch)
        moved += 1
        _move_one(ctx, a, ch)
    ctx.inst.data["moved_size_sum"] = total
    return True


def _move_one(ctx: Any, a: Mapping[str, Any], ch: Any) -> None:
    rules, game = ctx.rules, ctx.game
    if a["to"] == "grave":
        rules.to_grave(game, ch)
        return
    rules.leave_field(game, ch, _TO[a["to"]])
    if a["to"] == "life" and get(a, "position", "top") == "bottom":
        for c in ch.cards:  # leave_field puts them on top; the step wants the bottom
            rules.move_card(game, c, Z_LIFE, game.state.owner[c], top=False)


def _plain_zone(zone: str) -> str:
    return {"grave": "墓地", "hand": "手札", "life": "ライフ"}[zone]


_STATE_VERB = {"drive": "ドライブする", "charge": "チャージする"}


def _set_state_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    who = (f"対象の{target_noun(ctx, 'キャラクター')}" if get(a, "cards", "target") == "target"
           else "このアクションを起こした兵士")
    return f"{who}を{_STATE_VERB[a['state']]}。"


SET_STATE = declare(
    "set_state", "effect",
    args={"cards": {"type": "string", "allowed": ["target", "source"], "default": "target"},
          "state": {"type": "string", "allowed": list(_STATE_VERB), "required": True}},
    phrase=_set_state_phrase,
    summary=("The targeted character (or the soldier that raised the action, `cards: source`) is driven or "
             "charged (交渉: 「対象のキャラクターをドライブする。」)."),
    example={"set_state": {"cards": "target", "state": "drive"}},
)


@SET_STATE.executor
def _set_state(ctx: Any, a: Mapping[str, Any]) -> None:
    from bpdsl.games.blackpoker import trumps

    ch = trumps.target_character(ctx) if get(a, "cards", "target") == "target" else trumps.source_character(ctx)
    if ch is not None:
        ch.driven = a["state"] == "drive"

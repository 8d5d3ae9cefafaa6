"""Conversion ops: a soldier becomes bulwarks, a bulwark becomes a soldier, attackers and blockers released.

A soldier of several cards becomes one bulwark per card (3.8.3), face down, placed towards the life; a
bulwark becomes the soldier its card makes (一般兵/英雄/エース/魔術士), face up.  What the character was
given in its old form (this turn's size changes) is gone; its charged/driven state and the turn it entered
the field stay, so a bulwark placed this turn becomes a soldier that entered this turn (準備).  The first
piece keeps the character's identity, so a later step of the same effect still finds its target.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.engine.state import Character
from bpdsl.games.blackpoker.ops._common import NOUNS, STATES, get, predicate
from bpdsl.ops.registry import PhraseContext, declare
from bpdsl.games.blackpoker.events import Converted

_SAME_TURN = "このターンに場に出た防壁を兵士にする場合、その兵士はこのターンに出た兵士と同様に扱う。"


def _convert_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    to = a["to"]
    frm = "soldier" if to == "bulwark" else "bulwark"
    cond = f"{predicate(a['if'])}場合、" if a.get("if") is not None else ""
    state = f"{STATES[a['state']]}の" if a.get("state") else ""
    if a["cards"] == "source":  # ファントムリバース: 「キーカードの防壁をチャージ状態の兵士にする。」
        ref = ctx.term("source_ref", "")
        whose = "キーカードの" if ref == "キーカード" else "このアクションを起こした"
        return f"{cond}{whose}{NOUNS[frm]}を{state}{NOUNS[to]}にする。"
    if a["cards"] == "own":
        text = f"自分の場にいる{NOUNS[frm]}を全て{state}{NOUNS[to]}にする。"
    elif a["cards"] == "own_chosen":  # 幻影: 「自分の場にいる兵士を好きな数だけ選び、チャージ状態の防壁にする。」
        text = (f"自分の場にいる{NOUNS[frm]}を好きな数だけ選び、{state}{NOUNS[to]}にする。"
                f"{NOUNS[frm]}の時に受けた効果、能力は無くなる。")
    else:
        text = f"{NOUNS[frm]}を{state}{NOUNS[to]}にする。{NOUNS[frm]}の時に受けた効果、能力は無くなる。"
    if to == "bulwark":
        text += "兵士が複数のカードから成る場合、1枚ずつ防壁にする。"
        if get(a, "see_placement", False):
            text += "防壁の置き方は「防壁の置き方」参照。"
    else:
        text += _SAME_TURN
    return cond + text


CONVERT = declare(
    "convert", "effect",
    args={"cards": {"type": "string", "allowed": ["target", "own", "own_chosen", "source"], "required": True},
          "to": {"type": "string", "allowed": ["soldier", "bulwark"], "required": True},
          "state": {"type": "string", "allowed": list(STATES), "nullable": True},
          "if": {"type": "expr", "nullable": True, "meta": {"expr": "bool"}},
          "see_placement": {"type": "boolean", "default": False}},
    phrase=_convert_phrase,
    summary=("Turn soldiers into bulwarks (one per card, face down) or bulwarks into soldiers (face up, the "
             "soldier their card makes): the targeted character (`cards: target`, when `if` holds) or every "
             "character of the other kind on the controller's field (`own`), or those of them the controller "
             "chooses, any number (`own_chosen`, 幻影), or the character that raised this action by driving "
             "itself (`source`). State and entering turn stay unless `state` sets it (幻影: `state: charge`, "
             "「チャージ状態の防壁にする」); this turn's size changes are lost."),
    example={"convert": {"cards": "target", "to": "bulwark", "if": "target.is_soldier", "see_placement": True}},
)

@CONVERT.executor
def _convert(ctx: Any, a: Mapping[str, Any]) -> None:
    if a["cards"] == "target" and ctx.inst.data.get("converted"):
        return  # the target already changed form in this effect: 「対象が…の場合」 reads the target as it was
    if a.get("if") is not None and not ctx.value(a["if"]):
        return
    to = a["to"]
    frm = "soldier" if to == "bulwark" else "bulwark"
    if a["cards"] == "own":
        chars = [ch for ch in ctx.state.players[ctx.seat].field if ch.kind == frm]
    elif a["cards"] == "own_chosen":  # one yes/no per character, in the order of the field
        seat, hooks = ctx.seat, ctx.hooks
        chars = [ch for ch in ctx.state.players[seat].field if ch.kind == frm
                 if ctx.decide(seat, "choose", [0, 1], {"what": hooks.describe_char(ctx.game, ch, seat)},
                               [f"{NOUNS[frm]}のまま", f"{NOUNS[to]}にする"]) == 1]
    elif a["cards"] == "source":
        from bpdsl.games.blackpoker.trumps import source_character

        ch = source_character(ctx)
        chars = [ch] if ch is not None and ch.kind == frm else []
    else:
        t = ctx.inst.target
        ch = ctx.hooks.find(ctx.game, t[1]) if t is not None and t[0] == "char" else None
        chars = [ch] if ch is not None and ch.kind == frm else []
    for ch in chars:
        made = convert_character(ctx, ch, to)
        if a.get("state"):
            for m in made:
                m.driven = a["state"] == "drive"
    if a["cards"] == "target" and chars:
        ctx.inst.data["converted"] = True


def convert_character(ctx: Any, ch: Any, to: str) -> list[Any]:
    """Replace ``ch`` on its controller's field by the character(s) of kind ``to`` made of its cards."""
    s, rules = ctx.state, ctx.hooks
    field = s.players[ch.controller].field
    at = field.index(ch)
    if to == "bulwark":
        groups = [[c] for c in ch.cards]
        # A character of several cards splits into several bulwarks: none of them is the character an action
        # on the stage targeted, which loses its target (3.10.4 対象が分裂した場合).  One card stays itself.
        keep = len(groups) == 1
        made = [Character(ch.uid if keep else s.uid(), "bulwark", rules.bulwark_id, g, s.owner[g[0]], ch.controller,
                          False, ch.driven, ch.entered_turn) for i, g in enumerate(groups)]
        field[at:at + 1] = []
        field.extend(made)  # bulwarks are placed towards the life, after those already there
    else:
        made = [Character(ch.uid, "soldier", rules.soldier_kind_for(ch.cards), list(ch.cards), ch.owner, ch.controller,
                          True, ch.driven, ch.entered_turn)]
        field[at] = made[0]
    if ctx.game.log is not None:
        ctx.game.log.write(Converted(ch.controller, to, [rules.card_text(c) for c in ch.cards]))
    return made


def _release_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    return "対象がアタッカーもしくは、ブロッカーの場合、それを解除する。"


RELEASE_COMBAT = declare(
    "release_combat", "effect",
    args={},
    phrase=_release_phrase,
    summary=("If the targeted character (or what it became in an earlier step) is an attacker or a blocker of "
             "the current attack, it no longer is: it neither deals nor takes damage in ダメージ判定."),
    example={"release_combat": {}},
    uses_target=True,
)

@RELEASE_COMBAT.executor
def _release_combat(ctx: Any, a: Mapping[str, Any]) -> None:
    t = ctx.inst.target
    if t is None or t[0] != "char":
        return
    uid = t[1]
    combat = ctx.state.combat
    if uid in combat.get("attackers", []):
        combat["attackers"].remove(uid)
        combat.get("blocks", {}).pop(uid, None)
    for blockers in combat.get("blocks", {}).values():
        if uid in blockers:
            blockers.remove(uid)

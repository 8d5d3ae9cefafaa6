"""Raising another action from an effect, without its cost: the building blocks of ファントム, 修繕 and the
trump characters' free raises.

* ``choose_card`` -- the controller chooses a card of one of their zones matching a pattern (「自分の墓地から
  ♢J〜Kを1枚選ぶ」); the choice is remembered by the action instance (``chosen``), and the expression name
  ``chosen.found`` says whether there was one (「選べた場合」/「選べなかった場合」);
* ``raise_free`` -- 「「リバース」アクションをコストを支払わずに起こす。対象は…、キーカードは仮想的に♡7と♠7とする。
  アクションを起こした後、チャンスをパスする。」: the action is raised by the effect (no cost, no pass), with
  this action's target or a target its controller chooses, with virtual key cards (they count as its key
  cards and stay where they are) or the card ``choose_card`` chose (moved to the stage as a real key), and
  with ``pass_after`` the controller's next chance is passed at once.

A trump character's 「ドライブして「リアニメイト」アクションをコストを支払わずに起こすことができる」 is the ability
``raise_by_driving`` with ``free``/``virtual_keys``/``pass_after`` (bpdsl.games.blackpoker.ops.trumps); it
raises the same way.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.components import DECK_SIZE
from bpdsl.games.blackpoker.noeffect import say_no_effect
from bpdsl.games.blackpoker.ops._common import get, predicate, target_noun, zone_name
from bpdsl.engine.compiled import SUIT
from bpdsl.ops.registry import PhraseContext, declare, declare_term

# virtual key cards: card texts joined by と (「♡7 と ♠7」), as the key patterns of the sheets write them
VIRTUAL_KEYS = r"^\s*[♠♡♥◇♦♢♣](10|[A2-9JQK])(\s*と\s*[♠♡♥◇♦♢♣](10|[A2-9JQK]))*\s*$"


def keys_text(text: str) -> str:
    return "と".join(part.strip() for part in text.split("と"))


# --------------------------------------------------------------------------- choose_card

CHOOSE_FORM = declare_term("choose_form", "zone_first", ("cards_first",),
                          "the order of choose_card's sentence: 「自分の墓地から…のカードを1枚選ぶ。」 or, as the frame "
                          "list, 「…のカードを自分の墓地から1枚選ぶ。」")
RAISE_VERB = declare_term("raise_verb", "起こす", ("リクエストする",),
                         "the verb of an action raised by an effect: 「…アクションをコストを支払わずに起こす。」 or, as the "
                         "frame list, 「…リクエストする。」")
TARGETABLE_FORM = declare_term("targetable_form", "対象とできる", ("対象にできる",),
                              "if_targetable_by's 「…アクションの対象とできる場合」 or 「…の対象にできる場合」 (the frame list)")


def _choose_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    target = f"{ctx.term('target_ref', '対象の')}兵士"  # 対象の / 対象とした (the edition term of send_to_grave)
    if a.get("cards") is None:  # 修繕 (第9.0版): 「対象の兵士と同じスートのカード」
        cards = f"{target}と同じ{ctx.term('suit', 'スート')}のカード"
    else:
        cards = getattr(a["cards"], "text", a["cards"])
        if a.get("same_suit_as_target"):
            cards = f"{target}と同じ{ctx.term('suit', 'スート')}の{cards}"
    zone = f"自分の{zone_name(ctx, get(a, 'from', 'grave'))}から"
    if ctx.term(CHOOSE_FORM.key, CHOOSE_FORM.default) == "cards_first":
        return f"{cards}を{zone}1枚選ぶ。"
    return f"{zone}{cards}を1枚選ぶ。"


CHOOSE_CARD = declare(
    "choose_card", "effect",
    args={"from": {"type": "string", "allowed": ["grave", "hand", "life"], "default": "grave"},
          "cards": {"type": "pattern", "nullable": True},
          "same_suit_as_target": {"type": "boolean", "default": False}},
    phrase=_choose_phrase,
    summary=("The controller chooses a card matching `cards` (any card without it) in their zone `from`, with "
             "`same_suit_as_target` only of a suit of the targeted character's cards; a later step uses it "
             "(`raise_free` with `keys: chosen`) and `chosen.found` tells whether one could be chosen."),
    example={"choose_card": {"from": "grave", "cards": "◇J〜K"}},
)

@CHOOSE_CARD.executor
def _choose_card(ctx: Any, a: Mapping[str, Any]) -> None:
    from bpdsl.dsl.cards import card_at, parse_pattern
    from bpdsl.games.blackpoker.components import ZONES

    cards = a.get("cards")
    slot = None if cards is None else (cards if not isinstance(cards, str) else parse_pattern(cards)).slots[0]
    zone = ctx.state.players[ctx.seat].zone(ZONES.index(get(a, "from", "grave")))
    opts = sorted(c for c in zone if slot is None or slot(card_at(c % DECK_SIZE)))
    if a.get("same_suit_as_target"):
        t = ctx.inst.target
        ch = ctx.hooks.find(ctx.game, t[1]) if t is not None and t[0] == "char" else None
        suits = {SUIT[c % DECK_SIZE] for c in ch.cards} if ch is not None else set()
        opts = [c for c in opts if SUIT[c % DECK_SIZE] in suits]
    ctx.inst.data["chosen"] = None
    if opts:
        i = ctx.decide(ctx.seat, "choose", opts, {"what": "選ぶカード"},
                       lambda: [ctx.hooks.card_text(c) for c in opts])
        ctx.inst.data["chosen"] = opts[i]


# --------------------------------------------------------------------------- raise_free

def _raise_free_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    cond = f"{predicate(a['if'])}場合、" if a.get("if") is not None else ""
    what = "このアクションを誘発したアクションと同じアクション" if a.get("same_as_trigger") else \
        f"「{ctx.name(a['action'])}」アクション"
    text = f"{cond}{what}をコストを支払わずに{ctx.term(RAISE_VERB.key, RAISE_VERB.default)}。"
    parts = []
    if get(a, "target", "choose") == "this_target":
        parts.append(f"対象は対象の{a.get('target_noun') or target_noun(ctx)}")
    keys = a.get("keys")
    if keys == "chosen":
        parts.append("キーカードは選んだカード")
    elif keys:
        parts.append(f"キーカードは仮想的に{keys_text(keys)}")
    if a.get("same_as_trigger") and not keys:
        parts.append("キーカードは仮想的にそのアクションのキーカードと同じ")
    if parts:
        text += "、".join(parts) + "とする。"
    if get(a, "pass_after", False):
        text += "アクションを起こした後、チャンスをパスする。"
    return text


RAISE_FREE = declare(
    "raise_free", "effect",
    args={"action": {"type": "ref", "required": True, "excludes": "same_as_trigger", "meta": {"ref": "action"}},
          "same_as_trigger": {"type": "boolean", "required": True, "excludes": "action", "allowed": [True]},
          "target": {"type": "string", "allowed": ["this_target", "choose"], "default": "choose"},
          "target_noun": {"type": "string", "nullable": True},
          "keys": {"type": "string", "nullable": True, "regex": VIRTUAL_KEYS + "|^chosen$"},
          "pass_after": {"type": "boolean", "default": False},
          "if": {"type": "expr", "nullable": True, "meta": {"expr": "bool"}}},
    phrase=_raise_free_phrase,
    summary=("Raise `action` (or, with `same_as_trigger: true` instead, the action whose raising triggered this "
             "one: 「このアクションを誘発したアクションと同じアクション」, its key cards virtual copies of that "
             "action's: 「キーカードは仮想的にそのアクションのキーカードと同じとする」) without paying its cost (an "
             "effect raises it: no pass, no move of the chance). "
             "`target: this_target` gives it this action's target (printed 対象は対象の<target_noun>), "
             "`choose` lets the controller choose one of its legal targets. `keys`: virtual key cards "
             "(「♡7 と ♠7」: they count as its key cards and stay where they are) or `chosen`, the card an earlier "
             "`choose_card` chose (moved to the stage as its key). `pass_after`: the controller then passes the "
             "chance. With `if`, only when the condition holds (`chosen.found`)."),
    example={"raise_free": {"action": "reverse", "target": "this_target", "target_noun": "自分の場にいるキャラクター",
                            "keys": "♡7 と ♠7", "pass_after": True}},
)

@RAISE_FREE.executor
def _raise_free(ctx: Any, a: Mapping[str, Any]) -> None:
    from bpdsl.games.blackpoker import trumps

    if a.get("if") is not None and not ctx.value(a["if"]):
        return
    seat = ctx.seat
    keys: tuple[int, ...] = ()
    virtual = False
    k = a.get("keys")
    if k == "chosen":
        card = ctx.inst.data.get("chosen")
        if card is None:
            return
        keys = (card,)
    elif k:
        keys = tuple(c + DECK_SIZE * seat for c in trumps.virtual_cards(k))
        virtual = True
    target = None
    if get(a, "target", "choose") == "this_target":
        target = ctx.inst.target
        if target is None or not ctx.hooks.target_alive(ctx.game, target):
            return
    action_id = a.get("action")
    if a.get("same_as_trigger"):
        e = ctx.inst.data.get("event") if ctx.inst.data else None
        if e is None or getattr(e, "inst", None) is None:
            return
        action_id = e.inst.action.id
        if not keys and e.inst.keys:  # the same action: its key cards, as virtual ones of the controller's
            keys = tuple(c % DECK_SIZE + DECK_SIZE * seat for c in e.inst.keys)
            virtual = True
    raised = ctx.game.raise_by_effect(action_id, seat, keys, target, virtual)
    if raised is not None and get(a, "pass_after", False):
        trumps.mark_pass(ctx.state, seat)


# --------------------------------------------------------------------------- same_effect_as

SAME_EFFECT_AS = declare(
    "same_effect_as", "effect",
    args={"action": {"type": "ref", "required": True, "meta": {"ref": "action"}}},
    phrase=lambda ctx, a: f"効果の内容は「{ctx.name(a['action'])}」を参照。",
    summary=("The effect of another action of the edition, step by step, with this action's target and key "
             "cards (the frame list's quick summons and 兵士起因 actions: 「効果の内容は「リアニメイト」を参照。」)."),
    example={"same_effect_as": {"action": "reanimate"}},
)

@SAME_EFFECT_AS.executor
def _same_effect_as(ctx: Any, a: Mapping[str, Any]) -> bool | None:
    other = ctx.game.rules.actions.get(a["action"])
    if other is None:
        return None
    for fn, args, _name in other.effect:
        if fn(ctx, args) is False:
            return False
        if ctx.state.over:
            return False
    return None


# --------------------------------------------------------------------------- if_targetable_by

IF_TARGETABLE_BY = declare(
    "if_targetable_by", "effect",
    args={"action": {"type": "ref", "required": True, "meta": {"ref": "action"}}},
    phrase=lambda ctx, a: (f"対象の{target_noun(ctx)}が{ctx.name(a['action'])}アクションの"
                           f"{ctx.term(TARGETABLE_FORM.key, TARGETABLE_FORM.default)}場合、次を行う。"),
    summary=("A guard: the rest of the effect happens only if the targeted character could be a target of "
             "`action` raised by the controller (its own target op, with a key card of the character's own, and "
             "what may not target it: a trump character cannot be equipped)."),
    example={"if_targetable_by": {"action": "equip"}},
    lead=True,
    uses_target=True,
)

@IF_TARGETABLE_BY.executor
def _if_targetable_by(ctx: Any, a: Mapping[str, Any]) -> bool:
    from bpdsl.engine.core import Ctx
    from bpdsl.engine.state import ActionInstance

    t = ctx.inst.target
    ch = ctx.hooks.find(ctx.game, t[1]) if t is not None and t[0] == "char" else None
    other = ctx.game.rules.actions.get(a["action"])
    if ch is None or other is None or other.target is None:
        return False
    fn, args, _ = other.target
    for card in ch.cards:  # a key that can go with it: one of its own cards (same suit, same number ...)
        probe = Ctx(ctx.game, ActionInstance(0, other, ctx.seat, [card]), ctx.seat)
        if ("char", ch.uid) in fn(probe, args):
            return True
    say_no_effect(ctx, a, f"対象のキャラクターは{other.name}アクションの対象にできない")
    return False

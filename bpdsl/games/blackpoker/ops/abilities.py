"""Ability ops: static and triggered abilities of characters (（能力）) and fogs.

Covers 準備 (summoning sickness) and 速攻 (haste) as act6.1 abilities, "cannot attack" of bulwarks,
raising 世代交代 when a character goes to the grave (act6.1), the bulwark's 【ダメージ判定】, the printed
size rule of act6.1's 装備兵, 魔術士's 魔力増加 (a cost waiver), and the size modification a fog card
carries (act8.0 アップ/ダウン).  An ``if`` argument makes an ability conditional ("キーカードにAが含まれる
場合、…を得る。").
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.ops._common import get, noun, predicate, ranks_text
from bpdsl.games.blackpoker.ops.combat import BULWARK_STEPS
from bpdsl.ops.registry import PhraseContext, declare

_IF = {"type": "expr", "nullable": True, "meta": {"expr": "bool"}}


def _conditional(a: Mapping[str, Any], text: str) -> str:
    if a.get("if") is None:
        return text
    return f"{predicate(a['if'])}場合、{text}を得る。"


SICKNESS_TEXT = ("準備（このキャラクターがこのターンに場に出たカードのみで構成されている場合、"
                 "アタックアクションにて対戦相手を攻撃する兵士（アタッカー）に指定することができない。）")
HASTE_TEXT = "速攻（場に出たターンからアタックアクションにて、対戦相手を攻撃する兵士（アタッカー）に指定できる。この能力は準備より優先される。）"

SICKNESS_TURN_TEXT = "準備（場に出たターンは、アタックアクションにて、対戦相手を攻撃する兵士（アタッカー）に指定することができない。）"

SUMMONING_SICKNESS = declare(
    "summoning_sickness", "ability",
    args={"if": _IF, "wording": {"type": "string", "allowed": ["cards", "turn"], "default": "cards"}},
    phrase=lambda ctx, a: _conditional(a, SICKNESS_TURN_TEXT if get(a, "wording", "cards") == "turn" else SICKNESS_TEXT),
    summary=("準備: a character made only of cards that entered the field this turn cannot be chosen as an "
             "attacker. With `if`, only while the condition holds. `wording: turn` prints the shorter sentence of "
             "the trump characters (「場に出たターンは…」); the rule is the same."),
    example={"summoning_sickness": {"if": "not key.has_ace"}},
    implied_by_labels=True,  # the frame list leaves it out: its labels, size and key say it
)

@SUMMONING_SICKNESS.executor
def _summoning_sickness(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # static: the engine's attacker check reads it (BlackPokerHooks.may_attack)

HASTE = declare(
    "haste", "ability",
    args={"if": _IF},
    phrase=lambda ctx, a: _conditional(a, HASTE_TEXT),
    summary="速攻: may attack from the turn it entered the field; overrides 準備. With `if`, only while it holds.",
    example={"haste": {"if": "key.has_ace"}},
)

@HASTE.executor
def _haste(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # static: read by BlackPokerHooks.has_haste

CANNOT_ATTACK = declare(
    "cannot_attack", "ability",
    args={},
    phrase="アタッカーに指定することができない。",
    summary="This character can never be chosen as an attacker.",
    example={"cannot_attack": {}},
)

@CANNOT_ATTACK.executor
def _cannot_attack(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # static: read by BlackPokerHooks.may_attack


def _raises_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    tail = f"{ctx.name(a['action'])}アクションを誘発する。誘発については「誘発する場合」を参照。"
    if a.get("if_ranks"):
        return f"墓地に移る際に{ctx.name(get(a, 'self_name', 'bulwark'))}が{ranks_text(a['if_ranks'])}の場合、{tail}"
    if a.get("per_key_rank"):
        return f"場から墓地に行く場合、キーカードに含まれる{ranks_text(a['per_key_rank'])}の枚数と同じ回数だけ{tail}"
    return f"場から墓地に行く場合、{tail}"


_RANK_LIST = {"type": "list", "minlength": 1,
              "schema": {"type": "string", "allowed": ["Joker", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                       "J", "Q", "K"]}}

RAISES_ON_GRAVE = declare(
    "raises_on_grave", "ability",
    args={"action": {"type": "ref", "required": True, "meta": {"ref": "action"}}, "per_key_rank": _RANK_LIST,
          "if_ranks": _RANK_LIST, "self_name": {"type": "ref", "meta": {"ref": "character"}}},
    phrase=_raises_phrase,
    summary=("When this character goes from the field to the grave, its controller triggers `action` (put on "
             "the stage): once; or once per key card of a rank in `per_key_rank`; or, with `if_ranks`, only "
             "if the (face-down) card is of one of those ranks. `self_name` names the character in the text."),
    example={"raises_on_grave": {"action": "next_generation", "per_key_rank": ["A", "J", "Q", "K"]}},
    triggers_action=True,
)

@RAISES_ON_GRAVE.executor
def _raises_on_grave(ctx: Any, a: Mapping[str, Any]) -> list[int]:
    ev = ctx.event
    if ev is None or ev.type != "left_field" or ev.to != "grave":
        return []
    rank = ctx.hooks.card_rank(ev.card)
    if a.get("per_key_rank"):
        return [ev.seat] if rank in a["per_key_rank"] else []
    if a.get("if_ranks"):
        return [ev.seat] if rank in a["if_ranks"] else []
    return [ev.seat] if ev.first else []


def _bulwark_judgement_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    head = "【ダメージ判定】この能力はダメージ判定アクションにて兵士（アタッカー）をブロックした場合に発揮する。"
    return "\n".join([head, *("  " + s.format(cond="以下の") for s in BULWARK_STEPS)])


BULWARK_JUDGEMENT = declare(
    "bulwark_judgement", "ability",
    args={},
    phrase=_bulwark_judgement_phrase,
    summary=("【ダメージ判定】 of act6.1 bulwarks: when this bulwark blocks a soldier in ダメージ判定, turn it "
             "face up; if it is a Joker or shares a rank with one of the attacker's cards, the attacker goes to "
             "the grave; then the bulwark goes to the grave (the rule compare_bulwark applies)."),
    example={"bulwark_judgement": {}},
)

@BULWARK_JUDGEMENT.executor
def _bulwark_judgement(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # applied by the compare_bulwark step of ダメージ判定


SIZE_RULE = declare(
    "size_rule", "ability",
    args={"of": {"type": "string", "allowed": ["key_sum"], "default": "key_sum"}},
    phrase=lambda ctx, a: f"{ctx.term('size')}はキーカードの合計値とする。",
    summary=("The printed statement of a size rule among the abilities (act6.1 装備兵); the size itself is "
             "the character's `size` op, which this line restates."),
    example={"size_rule": {"of": "key_sum"}},
)

@SIZE_RULE.executor
def _size_rule(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # printed restatement of the size op


def _waive_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    # 第七版 act7.0 says 「…のコストが無しになる」 without the letters (the type's whole cost was that letter)
    letters = "" if get(a, "wording", "letters") == "plain" else a["cost"]
    return f"{a['name']}（このキャラクターが場にいる間、タイプ：{a['type']}のコスト{letters}が無しになる。）"


WAIVE_COST = declare(
    "waive_cost", "ability",
    args={"name": {"type": "string", "required": True}, "type": {"type": "string", "required": True},
          "cost": {"type": "string", "regex": "[BLDS]+", "required": True, "meta": {"ref": "cost"}},
          "wording": {"type": "string", "allowed": ["letters", "plain"], "default": "letters"}},
    phrase=_waive_phrase,
    summary=("While this character is on the field, its controller's actions of printed type `type` do not "
             "need the cost letters `cost` (魔術士's 魔力増加). `wording: plain` prints 「…のコストが無しになる」 "
             "without the letters, as 第七版 act7.0 words it; it plays the same."),
    example={"waive_cost": {"name": "魔力増加", "type": "速攻魔法", "cost": "D"}},
)

@WAIVE_COST.executor
def _waive_cost(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # static: read by BlackPokerHooks.cost_letters


def _fog_size_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    verb = "加算" if a["direction"] == "up" else "減算"
    size = a.get("size_word") or ctx.term("size")
    if get(a, "applies_to", "target") == "own_soldiers":  # フォース
        return f"このターンが終わるまで自分の兵士全ての{size}は、{noun(a['by'], ctx)}分{verb}される。"
    return f"対象とした兵士の{size}は、このターンが終わるまで{noun(a['by'], ctx)}分{verb}される。"


FOG_SIZE_MODIFIER = declare(
    "fog_size_modifier", "ability",
    args={"by": {"type": "expr", "required": True, "meta": {"expr": "int"}},
          "direction": {"type": "string", "allowed": ["up", "down"], "required": True},
          "applies_to": {"type": "string", "allowed": ["target", "own_soldiers"], "default": "target"},
          "size_word": {"type": "string", "nullable": True}},
    phrase=_fog_size_phrase,
    summary=("A fog card's ability: while it is in the fog (until the end of the turn), the soldier it was "
             "played on has its size raised or lowered by `by`."),
    example={"fog_size_modifier": {"by": "key.rank", "direction": "up"}},
)

@FOG_SIZE_MODIFIER.executor
def _fog_size_modifier(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # the modification is applied by modify_size; the fog card marks it until the turn ends

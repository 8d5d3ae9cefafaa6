"""Combat ops: declaring attackers and blockers, comparing them (ダメージ判定) and dealing damage.

The comparison of ダメージ判定 is split into its printed steps (soldier against soldier, soldier against
bulwark, unblocked attacker) so that each step is one op with one phrase; ``damage`` deals damage to a
player (投擲, 死の槍) and is shared with the magic actions.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.ops._common import get, label_ref, noun, target_noun
from bpdsl.ops.registry import PhraseContext, declare, declare_term


def _attackers_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    if get(a, "eligible", "soldier") == "label":
        return "\n".join([
            "対戦相手を攻撃するアタッカーをドライブして指定する。",
            f"  アタッカーは{label_ref(ctx, 'アタッカー')}を持っているキャラクターを指定できる。",
            "  アタッカーは複数指定可能。ドライブ状態の兵士は指定できない。",
            f"  このターン場に出たキャラクターは指定できない、ただし{label_ref(ctx, '速攻')}があるキャラクターは指定できる。",
        ])
    return "対戦相手を攻撃する兵士（アタッカー）をドライブして指定する。アタッカーは複数指定可能。ドライブ状態の兵士は指定できない。"


DECLARE_ATTACKERS = declare(
    "declare_attackers", "effect",
    args={"eligible": {"type": "string", "allowed": ["soldier", "label"], "default": "soldier"}},
    phrase=_attackers_phrase,
    summary=("The controller chooses any number of charged characters as attackers against the opponent and "
             "drives them. `eligible: soldier` (act6.1): soldiers, restricted by their 準備/速攻 abilities; "
             "`eligible: label` (act8.0): characters with the アタッカー label, not those that entered the "
             "field this turn unless they have the 速攻 label."),
    example={"declare_attackers": {"eligible": "label"}},
)

@DECLARE_ATTACKERS.executor
def _declare_attackers(ctx: Any, a: Mapping[str, Any]) -> None:
    ctx.inst.data["attackers"] = ctx.hooks.declare_attackers(ctx.game, ctx.seat, a.get("eligible"))


def _blockers_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    head = "対戦相手はアタックアクションにて指定されたアタッカー毎にそれをブロックするキャラクター（ブロッカー）を指定する。"
    rest = "兵士でブロックする場合、1アタッカーに対して複数の兵士を指定できる。ドライブ状態のキャラクターは指定できない。"
    if get(a, "eligible", "character") == "label":
        return "\n".join([head, f"  ブロッカーは{label_ref(ctx, 'ブロッカー')}を持っているキャラクターを指定できる。",
                          "  " + rest])
    return head + rest


DECLARE_BLOCKERS = declare(
    "declare_blockers", "effect",
    args={"eligible": {"type": "string", "allowed": ["character", "label"], "default": "character"}},
    phrase=_blockers_phrase,
    summary=("The opponent of the attack assigns blockers to each attacker: any number of charged soldiers, "
             "or one bulwark. `eligible: label` (act8.0) allows only characters with the ブロッカー label; "
             "`character` (act6.1) any character whose abilities do not forbid it."),
    example={"declare_blockers": {"eligible": "label"}},
)

@DECLARE_BLOCKERS.executor
def _declare_blockers(ctx: Any, a: Mapping[str, Any]) -> None:
    ctx.hooks.declare_blockers(ctx.game, 1 - ctx.state.turn, a.get("eligible"))


COMPARE_SOLDIERS = declare(
    "compare_soldiers", "effect",
    args={},
    phrase=("兵士（アタッカー）と兵士（ブロッカー）の場合、アタッカーとブロッカーで数字を比較し、少ない方を墓地に移す。"
            "同じ場合は両方を墓地に移動する。1アタッカーに対して複数ブロッカーがいる場合、ブロッカーの合計数字と比較する。"),
    summary=("For each attacker blocked by soldiers: compare the attacker's size with the sum of its "
             "blockers' sizes; the smaller side goes to the grave, both on a tie."),
    example={"compare_soldiers": {}},
)

@COMPARE_SOLDIERS.executor
def _compare_soldiers(ctx: Any, a: Mapping[str, Any]) -> None:
    ctx.hooks.compare_soldiers(ctx.game)

# the bulwark's printed damage-judgement procedure, shared with abilities.bulwark_judgement
BULWARK_STEPS = [
    "防壁を表にし、防壁が{cond}条件に当てはまる場合、アタッカーを墓地に移す。",
    "  防壁がJokerの場合",
    "  防壁のカードに記載されている数字と同じ数字がアタッカーのカードに含まれている場合",
    "防壁を墓地に移す。",
]


def _bulwark_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    head = "兵士（アタッカー）と防壁（ブロッカー）の場合、"
    if get(a, "resolve", "inline") == "ability":
        return head + "キャラクターリストの防壁-（能力）【ダメージ判定】参照"
    steps = [s.format(cond="次の") for s in BULWARK_STEPS]
    return "\n".join([head + "次を行う。", *("  " + s for s in steps)])


COMPARE_BULWARK = declare(
    "compare_bulwark", "effect",
    args={"resolve": {"type": "string", "allowed": ["inline", "ability"], "default": "inline"}},
    phrase=_bulwark_phrase,
    summary=("For each attacker blocked by a bulwark: turn the bulwark face up; if it is a Joker or its rank "
             "equals the rank of one of the attacker's cards, the attacker goes to the grave; then the bulwark "
             "goes to the grave. `resolve: ability` (act6.1) prints a reference to the bulwark's ability "
             "【ダメージ判定】 instead of the steps; the rule is the same."),
    example={"compare_bulwark": {"resolve": "inline"}},
)

@COMPARE_BULWARK.executor
def _compare_bulwark(ctx: Any, a: Mapping[str, Any]) -> None:
    ctx.hooks.compare_bulwark(ctx.game)


UNBLOCKED_DAMAGE = declare(
    "unblocked_damage", "effect",
    args={},
    phrase="アタッカーをブロックするブロッカーが場に存在しない場合、アタッカーの数字だけ対戦相手にダメージを与える。",
    summary="Each attacker without a blocker on the field deals damage equal to its size to the opponent.",
    example={"unblocked_damage": {}},
)

@UNBLOCKED_DAMAGE.executor
def _unblocked_damage(ctx: Any, a: Mapping[str, Any]) -> None:
    ctx.hooks.unblocked_damage(ctx.game, ctx.state.turn)


TRIGGER_PLAYER = declare_term("trigger_player", "このアクションを誘発したプレイヤー", ("手札を捨てたプレイヤー",),
                             "how a sentence names the player whose act triggered the action (damage to: "
                             "trigger_player): 暴動's 手札を捨てたプレイヤー")


def _amount_words(value: Any, ctx: PhraseContext) -> str:
    """The printed words of an amount: a name's noun, a product as 「…×N」 (暴動: 「…手札の枚数×2」)."""
    from bpdsl.dsl.expr import Binary, unparse

    root = getattr(value, "root", None)
    if isinstance(root, Binary) and root.op == "*":
        return f"{noun(unparse(root.left), ctx)}×{noun(unparse(root.right), ctx)}"
    return noun(value, ctx)


def _damage_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    who = {"target": f"対象の{target_noun(ctx, '対戦相手')}", "target_owner": "対象の兵士のオーナー",
           "opponent": "対戦相手", "self": "自分", "attacker_owner": "アタッカーのオーナー",
           "trigger_player": ctx.term(TRIGGER_PLAYER.key, TRIGGER_PLAYER.default)}[a["to"]]
    amount = a["amount"]
    text_amount = _amount_words(amount, ctx)
    if get(a, "wording", "plain") == "amount_first":  # 暴動: 「…×2点のダメージを、手札を捨てたプレイヤーに与える。」
        return f"{text_amount}点のダメージを、{who}に与える。"
    if text_amount.lstrip("-").isdigit():
        return f"{who}に{text_amount}点のダメージを与える。"
    return f"{who}にX点のダメージを与える。Xは{text_amount}に等しい。"


DAMAGE = declare(
    "damage", "effect",
    args={"to": {"type": "string", "allowed": ["target", "target_owner", "opponent", "self", "attacker_owner",
                                               "trigger_player"],
                 "required": True},
          "amount": {"type": "expr", "required": True, "meta": {"expr": "int"}},
          "wording": {"type": "string", "allowed": ["plain", "amount_first"], "default": "plain"}},
    phrase=_damage_phrase,
    summary=("Deal `amount` damage to a player: move that many cards from the top of their life to the "
             "grave (all of them when the life is shorter). `to`: the targeted player, the targeted soldier's "
             "owner, the opponent, the controller, or `attacker_owner`: the owner of the attacker a judged "
             "blocker faced (an action triggered by `card_moved` with `cause: blocker`, 反撃), else of the "
             "first attacker of the turn's combat; `trigger_player`: the player whose act triggered this "
             "action (暴動: the player who discarded; its printed noun is the term `trigger_player`). "
             "`wording: amount_first` prints the amount before the player (「N点のダメージを、…に与える。」)."),
    example={"damage": {"to": "target", "amount": "key.spade.rank"}},
)

@DAMAGE.executor
def _damage(ctx: Any, a: Mapping[str, Any]) -> None:
    to, inst = a["to"], ctx.inst
    if to == "target":
        t = inst.target
        seat = t[1] if t is not None and t[0] == "player" else 1 - ctx.seat
    elif to == "target_owner":
        seat = inst.data.get("target_owner", 1 - ctx.seat)
    elif to == "opponent":
        seat = 1 - ctx.seat
    elif to == "attacker_owner":
        seat = _attacker_owner(ctx)
    elif to == "trigger_player":
        ev = inst.data.get("event")
        seat = ev.seat if ev is not None else ctx.seat
    else:
        seat = ctx.seat
    ctx.hooks.damage(ctx.game, seat, int(ctx.value(a["amount"])))


def _attacker_owner(ctx: Any) -> int:
    """The owner of the attacker: the one a judged blocker faced (the triggering move's other side), else the
    owner of the first attacker still on the field, else the turn player."""
    ev = ctx.inst.data.get("event") if ctx.inst is not None else None
    if ev is not None and getattr(ev, "other", -1) >= 0:
        return ev.other
    for au in ctx.state.combat.get("attackers", []):
        ch = ctx.hooks.find(ctx.game, au)
        if ch is not None:
            return ch.owner
    return ctx.state.turn

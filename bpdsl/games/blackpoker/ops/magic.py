"""Magic ops: what the quick and normal magic actions do to characters and actions.

Covers modifying a soldier's size until the end of the turn (アップ, ダウン; act8.0 marks it with a fog
card) and switching a character between charged and driven (ツイスト).  カウンター is the general
``negate`` with a condition (:mod:`bpdsl.games.blackpoker.ops.stage`).
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.ops._common import STATES, get, noun
from bpdsl.ops.registry import PhraseContext, declare, retire
from bpdsl.games.blackpoker.components import Z_FOG, Z_STAGE


def _modify_size_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    size = a.get("size_word") or ctx.term("size")
    verb = "加算" if a["direction"] == "up" else "減算"
    each = ctx.each
    if get(a, "cards", "target") == "each" and each is not None:  # フォース: 自分の兵士全ての数字は、…
        text = (f"このターンが終わるまで{each['filter']}{each['whose']}{each['noun']}全ての{size}は、"
                f"{noun(a['by'], ctx)}分{verb}される。")
    elif a.get("wording") == "onto":  # 激励: 「対象の兵士に…をターン終了時まで加算する。」
        text = f"対象の兵士に{noun(a['by'], ctx)}をターン終了時まで{verb}する。"
    else:
        text = f"対象とした兵士の{size}は、このターンが終わるまで{noun(a['by'], ctx)}分{verb}される。"
    fog = a.get("fog")
    if get(a, "destroy_at_zero", False):
        text += f"もし対象の{size}が0以下となった場合、対象を墓地に移す。"
        if fog:
            text += f"もし対象の{size}が0以下とならなかった場合、"
    if fog:
        text += f"その印としてフォグにキーカードを置き、{ctx.name(fog)}とする。"
    return text


MODIFY_SIZE = declare(
    "modify_size", "effect",
    args={
        "by": {"type": "expr", "required": True, "meta": {"expr": "int"}},
        "direction": {"type": "string", "allowed": ["up", "down"], "required": True},
        "destroy_at_zero": {"type": "boolean", "default": False},
        "fog": {"type": "ref", "nullable": True, "meta": {"ref": "fog"}},
        "cards": {"type": "string", "allowed": ["target", "each"], "default": "target"},
        "size_word": {"type": "string", "nullable": True},
        "wording": {"type": "string", "allowed": ["passive", "onto"], "default": "passive"},
    },
    phrase=_modify_size_phrase,
    summary=("Raise (`up`) or lower (`down`) the targeted soldier's size by `by` until the end of the turn. "
             "With `destroy_at_zero`, a soldier whose size drops to 0 or below goes to the grave. With `fog` "
             "(act8.0) the key card is put into the controller's fog as that fog card, which carries the "
             "modification (not when the soldier was destroyed). `wording: onto` prints 「対象の兵士に<by>をターン終了"
             "時まで加算する。」 (激励: `by: source.size`)."),
    example={"modify_size": {"by": "key.rank", "direction": "down", "destroy_at_zero": True, "fog": "down"}},
    uses_target=True,
)

@MODIFY_SIZE.executor
def _modify_size(ctx: Any, a: Mapping[str, Any]) -> None:

    rules, game, s = ctx.hooks, ctx.game, ctx.state
    ch = rules.find(game, _character_ref(ctx, a))
    if ch is None:
        return
    by = int(ctx.value(a["by"]))
    ch.size_mod += by if a["direction"] == "up" else -by
    if get(a, "destroy_at_zero", False) and rules.size(ch) <= 0:
        rules.to_grave(game, ch)
        return
    if a.get("fog"):
        for c in ctx.inst.keys:
            if s.loc[c][0] == Z_STAGE:
                rules.move_card(game, c, Z_FOG, ctx.seat)


def _character_ref(ctx: Any, a: Mapping[str, Any]) -> int:
    """The uid of the character a step acts on: the one a for_each step is at, else the target."""
    if a.get("cards") == "each":
        return int(ctx.inst.data.get("each", -1))
    t = ctx.inst.target
    return t[1] if t is not None and t[0] == "char" else -1


def _toggle_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    states = "または".join(STATES[x] for x in get(a, "order", ["drive", "charge"]))
    lead = "必要であれば、" if get(a, "optional", False) else ""
    return f"{lead}対象のキャラクターを{states}にする。"


TOGGLE_STATE = declare(
    "toggle_state", "effect",
    args={"optional": {"type": "boolean", "default": False},
          "order": {"type": "list", "minlength": 2, "maxlength": 2, "default": ["drive", "charge"],
                    "schema": {"type": "string", "allowed": list(STATES)}}},
    phrase=_toggle_phrase,
    summary=("The controller chooses to drive or to charge the targeted character; with `optional` they may "
             "also leave it as it is (「必要であれば」). `order` is the printed order of the two states."),
    example={"toggle_state": {"optional": True, "order": ["charge", "drive"]}},
    uses_target=True,
)

@TOGGLE_STATE.executor
def _toggle_state(ctx: Any, a: Mapping[str, Any]) -> None:
    ch = ctx.hooks.find(ctx.game, _character_ref(ctx, a))
    if ch is None:
        return
    options: list[Any] = [True, False]
    labels = ["ドライブ状態にする", "チャージ状態にする"]
    if get(a, "optional", False):
        options.append(None)
        labels.append("そのままにする")
    i = ctx.decide(ctx.seat, "choose", options, {"what": ctx.hooks.describe_char(ctx.game, ch, ctx.seat)}, labels)
    if options[i] is not None:
        ch.driven = options[i]


retire("counter", "negate: {if: target.key_count == 1 and self.key_rank >= target.key_rank or target.key_count == N, "
                  "wording: full} (N: the old always_at, 2)")

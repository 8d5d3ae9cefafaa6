"""Magic ops: what the quick and normal magic actions do to characters and actions.

Covers modifying a soldier's size until the end of the turn (アップ, ダウン; act8.0 marks it with a fog
card), switching a character between charged and driven (ツイスト), countering an action on the stage
(カウンター), and the conditional lead of 死の槍 ("…割切れる場合、次を行う。"), which stops the effect when
its condition does not hold.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.ops._common import STATES, get, noun, request_word
from bpdsl.ops.registry import PhraseContext, declare
from bpdsl.games.blackpoker.components import Z_FOG, Z_STAGE
from bpdsl.engine.compiled import VALUE
from bpdsl.games.blackpoker.components import DECK_SIZE


def _modify_size_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    size = a.get("size_word") or ctx.term("size")
    verb = "加算" if a["direction"] == "up" else "減算"
    each = ctx.each
    if get(a, "cards", "target") == "each" and each is not None:  # フォース: 自分の兵士全ての数字は、…
        text = (f"このターンが終わるまで{each['filter']}{each['whose']}{each['noun']}全ての{size}は、"
                f"{noun(a['by'], ctx)}分{verb}される。")
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
    },
    phrase=_modify_size_phrase,
    summary=("Raise (`up`) or lower (`down`) the targeted soldier's size by `by` until the end of the turn. "
             "With `destroy_at_zero`, a soldier whose size drops to 0 or below goes to the grave. With `fog` "
             "(act8.0) the key card is put into the controller's fog as that fog card, which carries the "
             "modification (not when the soldier was destroyed)."),
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


def _counter_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    r = request_word(ctx)
    return "\n".join([
        f"次のいずれかの場合、対象の{r}を無効にする。その場合、対象{r}をステージから取り除き、対象{r}のキーカードを墓地に移す。",
        f"  対象{r}のキーカードが1枚かつこの{r}のキーカードの数字が対象{r}のキーカードの数字以上",
        f"  対象{r}のキーカードが{get(a, 'always_at', 2)}枚",
    ])


COUNTER = declare(
    "counter", "effect",
    args={"always_at": {"type": "integer", "min": 1, "default": 2}},
    phrase=_counter_phrase,
    summary=("Negate the targeted action on the stage if it has one key card whose rank is at most this "
             "action's key rank, or if it has `always_at` key cards: remove it from the stage and put its key "
             "cards into the grave (its costs stay paid)."),
    example={"counter": {"always_at": 2}},
    uses_target=True,
)

@COUNTER.executor
def _counter(ctx: Any, a: Mapping[str, Any]) -> None:

    s = ctx.state
    ref = ctx.inst.target[1]
    victim = next((x for x in s.stage if x.uid == ref), None)
    if victim is None:
        return
    n = len(victim.keys)
    mine = max((VALUE[c % DECK_SIZE] for c in ctx.inst.keys), default=0)
    if (n == 1 and mine >= VALUE[victim.keys[0] % DECK_SIZE]) or n == get(a, "always_at", 2):
        ctx.game.remove_from_stage(victim)



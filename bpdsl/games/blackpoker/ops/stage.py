"""Stage ops: effects on actions that wait on the stage, and the note that shields an action from them.

``negate`` takes the targeted action off the stage (its key cards to the grave, its costs stay paid),
when its ``if`` holds; 停戦 is ``negate`` on a target_action limited to ダメージ判定, and カウンター is
``negate: {if: target.key_count == 1 and self.key_rank >= target.key_rank or target.key_count == 2,
wording: full}`` (its 「次のいずれかの場合」 list is the ``or`` of the condition).  ``change_target``
lets the controller point the targeted action at another thing *that action* could target — computed by
that action's own target op, never by this one — so a target can never move to something the action could
not have chosen.  ``not_targeted_by`` is the ※ note 「このアクションはカウンターアクションの対象にならない」:
target_action never offers an action carrying it to the named action.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.engine.core import Ctx
from bpdsl.games.blackpoker.components import DECK_SIZE
from bpdsl.games.blackpoker.ops._common import condition_words, disjuncts, get, noun, predicate, request_word, stage_ref
from bpdsl.ops.registry import PhraseContext, declare
from bpdsl.games.blackpoker.events import Retargeted


def _victim(ctx: Any) -> Any:
    t = ctx.inst.target
    if t is None or t[0] != "action":
        return None
    return next((x for x in ctx.state.stage if x.uid == t[1]), None)


def _negate_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    r = request_word(ctx)
    if get(a, "wording", "brief") == "brief":  # 停戦: 「対象のリクエストを無効し、…取り除く。」
        cond = f"{predicate(a['if'])}場合、" if a.get("if") is not None else ""
        return f"{cond}対象の{r}を無効し、対象の{r}をステージから取り除く。"
    # カウンター: what negating means is spelt out, and an `or` condition is printed as a list of cases
    text = f"対象の{r}を無効にする。その場合、対象{r}をステージから取り除き、対象{r}のキーカードを墓地に移す。"
    if a.get("if") is None:
        return text
    root = getattr(a["if"], "root", None)
    cases = disjuncts(root) if root is not None else []
    said = _requests_said(ctx, a["if"])
    words = [condition_words(c, said) for c in cases]
    if len(cases) > 1 and all(w is not None for w in words):
        return "\n".join([f"次のいずれかの場合、{text}", *(f"  {w}" for w in words)])
    single = words[0] if len(words) == 1 and words[0] is not None else predicate(a["if"])
    return f"{single}場合、{text}"


def _requests_said(ctx: PhraseContext, condition: Any) -> PhraseContext:
    """The phrase context in which the names of a negate condition that describe actions (このアクションの
    キーカードの数字, 対象アクションの…) say the edition's word for a raised action (リクエスト in act8.2):
    the condition is about requests on the stage, whatever other lists of the edition call them."""
    names = condition.names() if hasattr(condition, "names") else set()
    terms = dict(ctx.terms)
    word = request_word(ctx)
    for name in names:
        wording = noun(name, ctx)
        if "アクション" in wording and f"expr:{name}" not in terms:
            terms[f"expr:{name}"] = wording.replace("アクション", word)
    said = PhraseContext(terms, ctx.names)
    said.target, said.each = ctx.target, ctx.each
    return said


NEGATE = declare(
    "negate", "effect",
    args={"if": {"type": "expr", "nullable": True, "meta": {"expr": "bool"}},
          "wording": {"type": "string", "allowed": ["brief", "full"], "default": "brief"}},
    phrase=_negate_phrase,
    summary=("Negate the targeted action on the stage: it leaves the stage without resolving, its key cards go "
             "to the grave, its costs stay paid. With `if`, only when the condition holds (target.key_count, "
             "target.key_rank, self.key_rank ... describe the targeted action and this one). `wording: full` "
             "spells out what negating does and prints an `or` condition as 「次のいずれかの場合」 with one "
             "item per alternative (カウンター); `brief` is 停戦's sentence."),
    example={"negate": {"if": "target.key_count == 1 and self.key_rank >= target.key_rank or target.key_count == 2",
                        "wording": "full"}},
    uses_target=True,
)

@NEGATE.executor
def _negate(ctx: Any, a: Mapping[str, Any]) -> None:
    victim = _victim(ctx)
    if victim is None:
        return
    if a.get("if") is not None and not ctx.value(a["if"]):
        return
    ctx.game.remove_from_stage(victim)


def _negate_chosen_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    ref = stage_ref(ctx)  # the frame list: 「ステージ上にあるリクエストを…そのリクエストは…このリクエストの…」
    where = "ステージ上にある" if ref == "リクエスト" else "ステージにある"
    text = f"{where}{ref}を1つ選び無効化しステージから取り除く。"
    cases = []
    if a.get("single_key_at_most") is not None:
        cases.append("キーカードが1枚かつそのキーカードの数字がX以下")
    if get(a, "two_keys", False):
        cases.append("キーカードが2枚")
    if not cases:
        return text
    text += f"その{ref}は次のいずれかに該当するものとする。"
    if a.get("single_key_at_most") is not None:
        text += f"Xは{noun(a['single_key_at_most'], ctx)}とする。".replace("このアクション", f"この{ref}")
    return "\n".join([text, *("  " + c for c in cases)])


NEGATE_CHOSEN = declare(
    "negate_chosen", "effect",
    args={"single_key_at_most": {"type": "expr", "nullable": True, "meta": {"expr": "int"}},
          "two_keys": {"type": "boolean", "default": False}},
    phrase=_negate_chosen_phrase,
    summary=("The controller chooses an action on the stage and negates it (off the stage, its key cards to the "
             "grave), among those that have one key card of value at most `single_key_at_most` or (`two_keys`) "
             "two key cards; with neither, any action. Nothing happens when there is none (策士召喚)."),
    example={"negate_chosen": {"single_key_at_most": "self.key_rank", "two_keys": True}},
)

@NEGATE_CHOSEN.executor
def _negate_chosen(ctx: Any, a: Mapping[str, Any]) -> None:
    from bpdsl.engine.compiled import VALUE

    limit = ctx.value(a["single_key_at_most"]) if a.get("single_key_at_most") is not None else None
    two = get(a, "two_keys", False)
    any_action = limit is None and not two
    opts = [x for x in ctx.state.stage if x is not ctx.inst and (
        any_action or (limit is not None and len(x.keys) == 1 and VALUE[x.keys[0] % DECK_SIZE] <= limit)
        or (two and len(x.keys) == 2))]
    if opts:
        hooks = ctx.hooks
        i = ctx.decide(ctx.seat, "choose", opts, {"what": "無効化するアクション"},
                       [hooks.describe_target(ctx.game, ("action", x.uid), ctx.seat) for x in opts])
        ctx.game.remove_from_stage(opts[i])


def _change_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    r = request_word(ctx)
    return (f"対象の{r}で指定されている対象をそのアクションが指定できる範囲で変更する。"
            f"{r}の対象を{ctx.name(a['self'])}に変更することは可能、アクションの対象にできないものへの対象の変更は不可能とする。"
            if a.get("self") else
            f"対象の{r}で指定されている対象をそのアクションが指定できる範囲で変更する。")


CHANGE_TARGET = declare(
    "change_target", "effect",
    args={"self": {"type": "ref", "nullable": True, "meta": {"ref": "action"}}},
    phrase=_change_phrase,
    summary=("The controller changes the target of the targeted action to another legal target *of that "
             "action* (its own target op, with its own key cards and controller), or leaves it when there is "
             "none. This action counts as on the stage while the new target is chosen, so an action that may "
             "target actions may be turned onto it (`self` names this action in the printed rule)."),
    example={"change_target": {"self": "change_target"}},
    uses_target=True,
)

@CHANGE_TARGET.executor
def _change_target(ctx: Any, a: Mapping[str, Any]) -> None:
    victim = _victim(ctx)
    if victim is None or victim.action.target is None:
        return
    fn, args, _ = victim.action.target
    s = ctx.state
    s.stage.append(ctx.inst)  # this action is still a request while its effect chooses
    try:
        options = [t for t in fn(Ctx(ctx.game, victim, victim.controller), args) if t != victim.target]
    finally:
        s.stage.remove(ctx.inst)
    if not options:
        return
    hooks = ctx.hooks
    me = ctx.inst
    mine = f"{me.action.name}[{'+'.join(hooks.card_text(c) for c in me.keys)}]"  # this request, off the stage now
    labels = [mine if t == ("action", me.uid) else hooks.describe_target(ctx.game, t, ctx.seat) for t in options]
    i = ctx.decide(ctx.seat, "target", options, {"action": victim.action.name, "what": "新しい対象"}, labels)
    victim.target = options[i]
    if ctx.game.log is not None:
        ctx.game.log.write(Retargeted(victim.action.id, labels[i]))


NOT_TARGETED_BY = declare(
    "not_targeted_by", "note",
    args={"action": {"type": "ref", "required": True, "meta": {"ref": "action"}}},
    phrase=lambda ctx, a: f"このアクションは{ctx.name(a['action'])}アクションの対象にならない。",
    summary=("This action cannot be chosen as the target of `action` (剣の雨 and カウンター): target_action "
             "never offers it, not even when a target is changed."),
    example={"not_targeted_by": {"action": "counter"}},
)

@NOT_TARGETED_BY.executor
def _not_targeted_by(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # static: compiled into CAction.untargetable_by, read by target_action

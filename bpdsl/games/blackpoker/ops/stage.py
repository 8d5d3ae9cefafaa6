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
from bpdsl.games.blackpoker.ops._common import (condition_words, disjuncts, get, noun, predicate, request_word,
                                               stage_ref, zone_name)
from bpdsl.ops.registry import PhraseContext, declare
from bpdsl.games.blackpoker.events import Retargeted


def _victim(ctx: Any) -> Any:
    t = ctx.inst.target
    if t is None or t[0] != "action":
        return None
    return next((x for x in ctx.state.stage if x.uid == t[1]), None)


# the one-sentence wordings of negate; ``full`` spells out what negating means after 「無効にする。その場合、」
_SHORT = {
    "brief": "対象の{r}を無効し、対象の{r}をステージから取り除く。",  # 停戦 (act8.2)
    "plain": "対象の{r}を無効にしステージから取り除く。",  # 休戦 (第9.0版 フレーム編)
    "remove": "対象{r}をステージから取り除き、対象{r}のキーカードを墓地に移す。",  # 悪あがき, 相殺 (フレーム編)
}


def _negate_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    r = request_word(ctx)
    wording = get(a, "wording", "brief")
    if wording in _SHORT:  # 停戦: 「対象のリクエストを無効し、…取り除く。」; the frame list's 休戦, 悪あがき
        # the condition names the targeted action with the edition's word (罠カウンター: 「対象リクエストの…」)
        cond = (f"{predicate(a['if'], ctx).replace('対象アクション', '対象' + r)}場合、"
                if a.get("if") is not None else "")
        return cond + _SHORT[wording].format(r=r)
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
          "wording": {"type": "string", "allowed": ["brief", "plain", "remove", "full"], "default": "brief"}},
    phrase=_negate_phrase,
    summary=("Negate the targeted action on the stage: it leaves the stage without resolving, its key cards go "
             "to the grave, its costs stay paid. With `if`, only when the condition holds (target.key_count, "
             "target.key_rank, self.key_rank ... describe the targeted action and this one). `wording: full` "
             "spells out what negating does and prints an `or` condition as 「次のいずれかの場合」 with one "
             "item per alternative (カウンター); `brief` is 停戦's sentence 「対象のリクエストを無効し、対象のリクエスト"
             "をステージから取り除く。」, `plain` 「対象のリクエストを無効にしステージから取り除く。」, `remove` says "
             "only what happens: 「対象リクエストをステージから取り除き、対象リクエストのキーカードを墓地に移す。」 "
             "(a wording choice: every wording plays the same)."),
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


# how the condition of negate_chosen names the action it looks at, and a number it is compared with
_CHOSEN_WORDS = {"expr:each.key_count": "キーカードの枚数", "expr:each.key_rank": "そのキーカードの数字"}


def _where(a: Mapping[str, Any]) -> Any:
    """The condition of a negate_chosen call; the earlier arguments (``single_key_at_most``, ``two_keys``, still
    written by editions made before ``where``) stand for the same condition."""
    if a.get("where") is not None or (a.get("single_key_at_most") is None and not a.get("two_keys")):
        return a.get("where")
    from bpdsl.dsl.expr import parse
    from bpdsl.ops.args import source_text

    cases = []
    if a.get("single_key_at_most") is not None:
        cases.append(f"each.key_count == 1 and each.key_rank <= {source_text(a['single_key_at_most'])}")
    if a.get("two_keys"):
        cases.append("each.key_count == 2")
    return parse(" or ".join(cases))


def _negate_chosen_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    ref = stage_ref(ctx)  # the frame list: 「ステージ上にあるリクエストを…そのリクエストは…このリクエストの…」
    place = "ステージ上にある" if ref == "リクエスト" else "ステージにある"
    text = f"{place}{ref}を1つ選び無効化しステージから取り除く。"
    where = _where(a)
    root = getattr(where, "root", None)
    if root is None:
        return text
    # a name of something other than the action looked at is said once as X (「Xは…とする。」)
    others = sorted(n for n in where.names() if not n.startswith("each.")) if hasattr(where, "names") else []
    said = PhraseContext({**ctx.terms, **_CHOSEN_WORDS, **{f"expr:{n}": "X" for n in others[:1]}}, ctx.names)
    cases = [condition_words(c, said) for c in disjuncts(root)]
    if any(w is None for w in cases):
        return text + f"その{ref}は{predicate(where)}ものとする。"
    x = f"Xは{noun(others[0], ctx)}とする。".replace("このアクション", f"この{ref}") if others else ""
    if len(cases) == 1:  # 「キーカードが2枚のものとする」 (a noun takes の, as in case_words)
        tail = "" if "\u3041" <= cases[0][-1:] <= "\u309f" else "の"
        return f"{text}その{ref}は{cases[0]}{tail}ものとする。{x}"
    return "\n".join([f"{text}その{ref}は次のいずれかに該当するものとする。{x}", *(f"  {c}" for c in cases)])


NEGATE_CHOSEN = declare(
    "negate_chosen", "effect",
    args={"where": {"type": "expr", "nullable": True, "meta": {"expr": "bool"}},
          # the earlier form of the same condition (editions written before `where`)
          "single_key_at_most": {"type": "expr", "nullable": True, "meta": {"expr": "int"}},
          "two_keys": {"type": "boolean", "default": False}},
    phrase=_negate_chosen_phrase,
    summary=("The controller chooses an action on the stage for which `where` holds (`each.key_count`, "
             "`each.key_rank` name the action looked at; any action without `where`) and negates it (off the "
             "stage, its key cards to the grave). An `or` condition is printed as 「次のいずれかに該当する」 with "
             "one item per case, another name as X (策士召喚). Nothing happens when there is none. "
             "`single_key_at_most: N` / `two_keys: true` are the earlier form of `where` (one key card of at "
             "most N / two key cards)."),
    example={"negate_chosen": {"where": "each.key_count == 1 and each.key_rank <= self.key_rank "
                                        "or each.key_count == 2"}},
)

@NEGATE_CHOSEN.executor
def _negate_chosen(ctx: Any, a: Mapping[str, Any]) -> None:
    where = _where(a)
    data = ctx.inst.data
    opts = []
    for x in ctx.state.stage:
        if x is ctx.inst:
            continue
        if where is not None:
            data["each_action"] = x.uid
            if not ctx.value(where):
                continue
        opts.append(x)
    data.pop("each_action", None)
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


def _keys_public_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    whence = f"({zone_name(ctx, a['zone'])})" if a.get("zone") else ""
    return f"このアクションが起こされた時、キーカード{whence}はステージ上に置かれ完全公開となる。"


KEYS_PUBLIC = declare(
    "keys_public", "note",
    args={"zone": {"type": "string", "allowed": ["rare", "pack", "trump", "fog", "grave"]}},
    phrase=_keys_public_phrase,
    summary=("A reminder the ※ note prints: the key cards of this action, taken from a zone of their own "
             "(`zone`: レアカード for a key written 「レアカード1枚」), lie on the stage face up once it is "
             "raised, like every key card (3.12.1: the stage is 完全公開). The engine does this for every "
             "action; the note only says it."),
    example={"keys_public": {"zone": "rare"}},
)

@KEYS_PUBLIC.executor
def _keys_public(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # what it says is what raising an action does (key cards to the stage, seen by both players)

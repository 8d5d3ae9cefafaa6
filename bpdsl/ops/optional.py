"""An optional step for a named player, with its consequence (「対戦相手は手札を2枚捨ててもよい。捨てた場合、…」).

``may`` asks ``who`` (the controller, or the opponent) whether to do the step ``do``; if they do and the step
did what it says (:func:`bpdsl.ops._nested.report_done`, as ``attempt`` reads it), ``then`` follows.  The
printed text is made from the ``do`` step's own sentence with its last verb turned into 「…てもよい。」 and
「…た場合、」, so the choice and its consequence need no sentence of their own: リセット's new clause is
``may`` + a discard + a trump to the grave.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.ops._nested import DONE, phrase_steps, run_steps
from bpdsl.ops.args import get
from bpdsl.ops.registry import PhraseContext, declare

_STEPS = {"type": "list", "minlength": 1, "schema": {"type": "opcall", "meta": {"kinds": ["effect"]}}}

# the last kana of a verb's dictionary form -> (て form, past) endings; る is taken as an ichidan verb
# (捨てる → 捨てて), as the effect sentences' verbs are, except the godan verbs listed in _GODAN_RU
_TE = {"す": ("して", "した"), "く": ("いて", "いた"), "ぐ": ("いで", "いだ"), "む": ("んで", "んだ"),
       "ぶ": ("んで", "んだ"), "ぬ": ("んで", "んだ"), "つ": ("って", "った"), "う": ("って", "った"),
       "る": ("て", "た")}
_GODAN_RU = ("移る", "戻る", "減る", "残る", "送る", "払う")


def te_and_past(sentence: str) -> tuple[str, str]:
    """(the sentence with its last verb in the て form, that verb in the past):
    「対戦相手は手札を2枚捨てる。」 -> (「対戦相手は手札を2枚捨てて」, 「捨てた」).  A sentence not ending in a
    verb is returned as is (its source stays visible in the printed text, where a golden test finds it)."""
    body = sentence.rstrip().removesuffix("。")
    if not body or body[-1] not in _TE:
        return body, body
    start = len(body) - 1
    while start > 0 and "\u3041" <= body[start - 1] <= "\u309f":
        start -= 1
    if start > 0 and body[start - 1] not in "をにへでと、は":
        start -= 1
    verb = body[start:]
    if body[-1] == "る" and not verb.endswith(_GODAN_RU):
        te, past = "て", "た"
    elif body[-1] == "る":
        te, past = "って", "った"
    else:
        te, past = _TE[body[-1]]
    return body[:-1] + te, verb[:-1] + past


def _may_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    te, past = te_and_past(phrase_steps(ctx, [a["do"]]))
    text = f"{te}もよい。"
    if a.get("then"):
        text += f"{past}場合、{phrase_steps(ctx, a['then'])}"
    return text


MAY = declare(
    "may", "effect",
    args={"who": {"type": "string", "allowed": ["self", "opponent"], "default": "self"},
          "do": {"type": "opcall", "required": True, "meta": {"kinds": ["effect"]}},
          "then": _STEPS},
    phrase=_may_phrase,
    summary=("`who` (the controller or the opponent) chooses whether to do the step `do`; if they did and it "
             "did what it says (the cards it names could be discarded, moved ...), `then` follows. Printed as "
             "「<do>てもよい。<verb>た場合、<then>」 from the steps' own phrases (リセット: 「対戦相手は手札を2枚"
             "捨ててもよい。捨てた場合、…」)."),
    example={"may": {"who": "opponent", "do": {"discard_cards": {"who": "opponent", "count": 2}},
                     "then": [{"lose_trump": {"card": "♣8", "face": "down"}}]}},
)


@MAY.executor
def _may(ctx: Any, a: Mapping[str, Any]) -> bool:
    seat = ctx.seat if get(a, "who", "self") == "self" else 1 - ctx.seat
    if ctx.decide(seat, "choose", [False, True], {"what": "任意の手順"}, ["しない", "する"]) == 0:
        return True
    data = ctx.inst.data if getattr(ctx, "inst", None) is not None else {}
    before = data.get(DONE)
    data[DONE] = True
    try:
        if not run_steps(ctx, [a["do"]]):
            return False
        done = bool(data.get(DONE, True))
    finally:
        if before is None:
            data.pop(DONE, None)
        else:
            data[DONE] = before
    return run_steps(ctx, a.get("then") or []) if done else True

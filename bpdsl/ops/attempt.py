"""A branch on whether a step could be done (「…を墓地に移せた場合、…。移せない場合、…。」).

``attempt`` runs one step (``do``) and then ``then`` if that step did what it says, else ``else``.  A step
says whether it did through :func:`bpdsl.ops._nested.report_done` (a move reports whether the cards it names
were there to move); a step that never reports counts as done.  The printed text is made from the phrases of
the three parts: the ``do`` step's sentence with its last verb in the potential past (移す → 移せた場合、),
``then``'s sentences, and the negative potential of the same verb (移せない場合、) before ``else``'s — so
リアニメイト is ``choose_cards`` + ``attempt`` with no sentence of its own.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.ops._nested import DONE, phrase_steps, run_steps
from bpdsl.ops.registry import PhraseContext, declare

_STEPS = {"type": "list", "minlength": 1, "schema": {"type": "opcall", "meta": {"kinds": ["effect"]}}}

# the last kana of a verb's dictionary form -> (potential past, potential negative) endings; る is taken as
# an ichidan verb (加える → 加えられた), the verbs effect sentences end with
_POTENTIAL = {"す": ("せた", "せない"), "く": ("けた", "けない"), "ぐ": ("げた", "げない"), "む": ("めた", "めない"),
              "ぶ": ("べた", "べない"), "ぬ": ("ねた", "ねない"), "つ": ("てた", "てない"), "う": ("えた", "えない"),
              "る": ("られた", "られない")}


def potential(sentence: str) -> tuple[str, str]:
    """(the sentence up to its last verb in the potential past, that verb's negative potential):
    「対象のキャラクターを墓地に移す。」 -> (「対象のキャラクターを墓地に移せた」, 「移せない」).  The verb is the
    kana at the end with the one kanji before them (移す, 加える, 引く); a sentence not ending in a verb ending is
    returned as is (its source stays visible in the printed text, where the golden test finds it)."""
    body = sentence.rstrip().removesuffix("。")
    if not body or body[-1] not in _POTENTIAL:
        return body, body
    done, undone = _POTENTIAL[body[-1]]
    start = len(body) - 1
    while start > 0 and "\u3041" <= body[start - 1] <= "\u309f":  # the verb's kana (加え|る)
        start -= 1
    if start > 0 and body[start - 1] not in "をにへでと、":  # and the one kanji before them (移|す, 引|く)
        start -= 1
    return body[:-1] + done, body[start:-1] + undone


def _attempt_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    sentence = phrase_steps(ctx, [a["do"]])
    done, undone = potential(sentence)
    if a.get("wording") == "restate" and undone.endswith("ない"):  # ドレイン: 「…移す。移せた場合、…」
        text = f"{sentence}{undone[:-2]}た場合、{phrase_steps(ctx, a['then'])}"
    else:
        text = f"{done}場合、{phrase_steps(ctx, a['then'])}"
    if a.get("else"):
        text += f"{undone}場合、{phrase_steps(ctx, a['else'])}"
    return text


ATTEMPT = declare(
    "attempt", "effect",
    args={"do": {"type": "opcall", "required": True, "meta": {"kinds": ["effect"]}},
          "then": {**_STEPS, "required": True},
          "else": _STEPS,
          "wording": {"type": "string", "allowed": ["clause", "restate"], "default": "clause"}},
    phrase=_attempt_phrase,
    summary=("Run the step `do`; if it did what it says (the cards it names could be moved ...), run `then`, "
             "else `else`. Printed as 「<do>できた場合、<then>。<verb>できない場合、<else>。」 from the steps' "
             "own phrases (リアニメイト: 「対象のキャラクターを墓地に移せた場合、…。移せない場合、…。」); "
             "`wording: restate` prints the step's sentence first, then 「<verb>できた場合、」 (ドレイン: "
             "「…ライフの一番下に移す。移せた場合、…」)."),
    example={"attempt": {"do": {"send_to_grave": {"cards": "target", "from_field": False}},
                         "then": [{"put_onto_field": {"cards": "chosen", "face": "up", "state": "charge"}}],
                         "else": [{"move_cards": {"cards": "chosen", "to": "grave", "back": True}}]}},
)


@ATTEMPT.executor
def _attempt(ctx: Any, a: Mapping[str, Any]) -> bool:
    data = ctx.inst.data if getattr(ctx, "inst", None) is not None else {}
    before = data.get(DONE)
    data[DONE] = True
    try:
        if not run_steps(ctx, [a["do"]]):
            return False  # a guard inside `do` stopped the effect
        done = bool(data.get(DONE, True))
    finally:
        if before is None:
            data.pop(DONE, None)
        else:
            data[DONE] = before
    return run_steps(ctx, a["then"] if done else a.get("else") or [])

"""Choice op: the controller takes one of several alternatives (「…。もしくは、…。」).

Each alternative is a list of ordinary effect steps; the printed text is their phrases joined by
「もしくは、」, so クイック召喚 (an エース, or a 防壁) is two put_onto_field steps and no new wording.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.ops._nested import phrase_steps, run_steps, step_label
from bpdsl.ops.registry import PhraseContext, declare

_STEPS = {"type": "list", "minlength": 1, "schema": {"type": "opcall", "meta": {"kinds": ["effect"]}}}


def _sentences(text: str) -> list[str]:
    """A phrase cut after each 「。」 (the last piece may lack one)."""
    parts = [p + "。" for p in text.split("。")]
    parts[-1] = parts[-1][:-1]
    return [p for p in parts if p]


def _choose_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    texts = [phrase_steps(ctx, option) for option in a["options"]]
    if not a.get("shared_tail") or any("\n" in t for t in texts):
        return "もしくは、".join(texts)
    # the sentences every alternative ends with are printed once, after the last one (防壁追加:
    # 「…場に出す。もしくは、…場に出す。防壁の能力はキャラクターリスト参照。」)
    cut = [_sentences(t) for t in texts]
    n = 0
    while n < min(len(c) for c in cut) - 1 and len({tuple(c[len(c) - n - 1:]) for c in cut}) == 1:
        n += 1
    if n == 0:
        return "もしくは、".join(texts)
    return "もしくは、".join("".join(c[:len(c) - n]) for c in cut) + "".join(cut[0][len(cut[0]) - n:])


CHOOSE_ONE = declare(
    "choose_one", "effect",
    args={"options": {"type": "list", "required": True, "minlength": 2, "schema": _STEPS},
          "shared_tail": {"type": "boolean", "default": False}},
    phrase=_choose_phrase,
    summary=("The controller chooses one of `options` (each a list of effect steps) and only those steps "
             "happen. Printed as the alternatives joined by 「もしくは、」; with `shared_tail: true` the "
             "sentences every alternative ends with (a reference such as 「防壁の能力はキャラクターリスト参照。」) "
             "are printed once, after the last alternative."),
    example={"choose_one": {"options": [[{"put_onto_field": {"cards": "key", "as": "ace"}}],
                                        [{"put_onto_field": {"cards": "key", "as": "bulwark", "face": "down"}}]]}},
)

@CHOOSE_ONE.executor
def _choose_one(ctx: Any, a: Mapping[str, Any]) -> bool:
    options = list(a["options"])
    i = ctx.decide(ctx.seat, "choose", options, {"what": "どちらを行うか"},
                   lambda: [step_label(ctx, o) for o in options])
    return run_steps(ctx, options[i])

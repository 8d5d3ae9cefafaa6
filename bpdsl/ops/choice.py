"""Choice op: the controller takes one of several alternatives (「…。もしくは、…。」).

Each alternative is a list of ordinary effect steps; the printed text is their phrases joined by
「もしくは、」, so クイック召喚 (an エース, or a 防壁) is two put_onto_field steps and no new wording.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.ops._nested import phrase_steps, run_steps, step_label
from bpdsl.ops.registry import PhraseContext, declare

_STEPS = {"type": "list", "minlength": 1, "schema": {"type": "opcall", "meta": {"kinds": ["effect"]}}}


def _choose_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    return "もしくは、".join(phrase_steps(ctx, option) for option in a["options"])


CHOOSE_ONE = declare(
    "choose_one", "effect",
    args={"options": {"type": "list", "required": True, "minlength": 2, "schema": _STEPS}},
    phrase=_choose_phrase,
    summary=("The controller chooses one of `options` (each a list of effect steps) and only those steps "
             "happen. Printed as the alternatives joined by 「もしくは、」."),
    example={"choose_one": {"options": [[{"put_onto_field": {"cards": "key", "as": "ace"}}],
                                        [{"put_onto_field": {"cards": "key", "as": "bulwark", "face": "down"}}]]}},
)

@CHOOSE_ONE.executor
def _choose_one(ctx: Any, a: Mapping[str, Any]) -> bool:
    options = list(a["options"])
    i = ctx.decide(ctx.seat, "choose", options, {"what": "どちらを行うか"},
                   lambda: [step_label(ctx, o) for o in options])
    return run_steps(ctx, options[i])

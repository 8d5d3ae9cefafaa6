"""Steps printed as one item of an effect's list (「手札を全て捨てる。手札がない場合、…」 in one bullet).

An official list sometimes runs two sentences together in one item of a bulleted or numbered effect (悪あがき:
「手札を全て捨てる。手札がない場合、自分の切札♣10を墓地に移す。」 is its second bullet).  Each sentence is still a
step of its own op; ``together`` only groups them, so the print keeps the list's items and the engine runs the
steps one after the other, as if they were written at the top level (a guard among them stops the effect).
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.ops._nested import phrase_steps, run_steps
from bpdsl.ops.registry import PhraseContext, declare


def _together_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    return phrase_steps(ctx, a["steps"])


TOGETHER = declare(
    "together", "effect",
    args={"steps": {"type": "list", "required": True, "minlength": 2,
                    "schema": {"type": "opcall", "meta": {"kinds": ["effect"]}}}},
    phrase=_together_phrase,
    summary=("Run `steps` one after the other and print their sentences run together as one item of the "
             "effect's list (悪あがき's second bullet: 「手札を全て捨てる。手札がない場合、自分の切札♣10を墓地に移す。」)."),
    example={"together": {"steps": [{"discard_cards": {"all": True}},
                                    {"lose_trump": {"card": "♣10", "if": "discarded.count == 0", "wording": "owner"}}]}},
)


@TOGETHER.executor
def _together(ctx: Any, a: Mapping[str, Any]) -> bool:
    return run_steps(ctx, a["steps"])

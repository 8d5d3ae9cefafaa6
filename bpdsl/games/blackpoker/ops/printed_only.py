"""Printed-only placeholders for every place of an entry besides its effect steps (which have
``not_executed``): a condition, trigger condition, target, ※ note, size, label or ability that is printed
from its ``text:`` and that the engine does not run yet.

``bpdsl import official`` writes them where an official sentence matches no phrase of the op registry, so
that the imported edition validates and prints exactly the official text while saying plainly what is still
to be written as ops.  They have no executor: an edition that still holds one prints but cannot be played
(the engine refuses to compile it and names the op), and ``bpdsl validate --stats`` counts them as text
overrides.
"""
from __future__ import annotations

from bpdsl.ops.registry import Op, OpKind, declare

PLACEHOLDER = "（text: で書く）"
KINDS: tuple[OpKind, ...] = ("condition", "trigger", "target", "note", "size", "label", "ability")


def _declare(kind: OpKind) -> Op:
    name = f"not_executed_{kind}"
    return declare(
        name, kind, args={}, phrase=PLACEHOLDER,
        summary=(f"A {kind} printed from its `text:` override that the engine does not run yet (written by "
                 "`bpdsl import official` where no phrase fits); an edition holding it prints but cannot be played."),
        example={name: {}},
    )


PRINTED_ONLY: dict[str, Op] = {kind: _declare(kind) for kind in KINDS}

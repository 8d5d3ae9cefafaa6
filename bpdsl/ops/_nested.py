"""Running and phrasing op calls nested in another op's arguments (choose_one, for_each).

A composite op holds ordinary op calls as data; it runs them with the same context the engine gives a
top-level step and prints them with their own phrases, so a composition needs no new executor or wording.
"""
from __future__ import annotations

from typing import Any, Sequence

from bpdsl.ops import registry
from bpdsl.ops.registry import PhraseContext


DONE = "done"  # the key of ``inst.data`` a step reports whether it did what it says under


def report_done(ctx: Any, done: bool) -> None:
    """Say whether this step did what it says (moved the cards it names ...).  An ``attempt`` reads the
    report of its ``do`` step to choose its branch; a step that never reports counts as done."""
    inst = getattr(ctx, "inst", None)
    if inst is not None and DONE in inst.data:
        inst.data[DONE] = done


def run_steps(ctx: Any, calls: Sequence[Any]) -> bool:
    """Run nested effect steps in order; False when a guard step stopped them (like a top-level effect)."""
    for call in calls:
        op = registry.get(call.op)
        if op.execute is None:
            continue
        if op.execute(ctx, call.args) is False:
            return False
        if ctx.state.over:
            return False
    return True


def _parts(call: Any) -> tuple[str, Any, str | None]:
    """(op, args, text override) of a built OpCall, or of a raw one (an op's example, the reference docs)."""
    if hasattr(call, "op"):
        return call.op, call.args, call.text
    if isinstance(call, str):
        return call, {}, None
    name = next(k for k in call if k != "text")
    return name, call[name] or {}, call.get("text")


def phrase_steps(ctx: PhraseContext, calls: Sequence[Any]) -> str:
    """The printed text of nested steps, one after the other (a call's ``text`` override wins)."""
    out = []
    for call in calls:
        op, args, text = _parts(call)
        if text is None:
            target = registry.get(op)
            args = {k: v.get("default") for k, v in target.args.items() if isinstance(v, dict) and "default" in v} | dict(args)
            terms = getattr(call, "terms", None)  # the nested call's own wording (terms: beside the op)
            saved = ctx.terms
            if terms:
                ctx.terms = {**saved, **terms}
            try:
                text = target.render(ctx, args)
            finally:
                ctx.terms = saved
        out.append(text)
    return "".join(out)


def step_label(ctx: Any, calls: Sequence[Any]) -> str:
    """A short option label for a list of nested steps, in the rule's terms (エースとして場に出す)."""
    parts = []
    characters = getattr(ctx.game.rules, "characters", {})
    for call in calls:
        what = call.args.get("as")
        if isinstance(what, str) and what in characters:
            parts.append(f"{characters[what].name}として場に出す")
        else:
            parts.append(call.op)
    return "、".join(parts)

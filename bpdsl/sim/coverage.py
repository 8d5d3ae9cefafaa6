"""Rule coverage of a simulation run: which effect steps of the edition ran, how often, and which never did.

Each step is named ``action_id#n`` (n from 1, in the order the effect lists them) and shown with the
sentence printed for it on the action list, rendered from the same op call the engine executes, so a
designer reads a dead rule as it is printed.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bpdsl.sim.job import step_key


def coverage_report(rules: Any, counts: Mapping[str, int]) -> dict[str, Any]:
    """Steps with their executions and printed sentence; the never-executed ones listed apart."""
    from bpdsl.render.text import phrase_context, render_call

    ctx = phrase_context(rules.edition)
    steps: list[dict[str, Any]] = []
    for aid, a in rules.actions.items():
        calls = list(getattr(a.model, "effect", None) or [])
        for n in range(len(a.effect)):
            sentence = render_call(ctx, calls[n]) if n < len(calls) else ""
            steps.append({"step": step_key(aid, n), "action": aid, "name": a.name, "op": a.effect[n][2],
                          "sentence": sentence, "executed": int(counts.get(step_key(aid, n), 0))})
    never = [s["step"] for s in steps if s["executed"] == 0]
    covered = len(steps) - len(never)
    actions_with_steps = {s["action"] for s in steps}
    actions_never = sorted(aid for aid in actions_with_steps
                           if all(s["executed"] == 0 for s in steps if s["action"] == aid))
    return {"steps": steps, "covered": covered, "total": len(steps),
            "share": round(covered / len(steps), 4) if steps else 1.0,
            "never_executed": never, "actions_never_resolved": actions_never}

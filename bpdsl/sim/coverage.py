"""Rule coverage of a simulation run: which rules of the edition were exercised, how often, and which never.

* effect steps (``action_id#n``, n from 1 in the order the effect lists them): executions; so are the steps
  a game's rule puts into an action's effect in place of some of its own (BlackPoker's ``replace_effect``,
  keyed ``trump_id@m#n``: step n of the trump's m-th ability, with ``inserted_into`` naming the action);
* activation conditions (起動条件, ``action_id?n``): the times they held when the action's legality was
  checked (a condition that never holds makes its action dead);
* trigger conditions (誘発条件 of triggered actions, ``action_id!``; characters' triggering abilities,
  ``character_id@n``; those a game's rules add, e.g. trumps', ``action_id!op``): the times they triggered;
* static abilities of characters (read by the game's rules, not executed as steps, ``character_id@n``): the
  games in which a character carrying them entered a field.

Each is shown with the sentence printed for it on the action list, rendered from the same op call the engine
runs, so a designer reads a dead rule as it is printed.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bpdsl.engine.wrapped import inserted_steps, written_steps
from bpdsl.sim.job import condition_key, step_key, trigger_key


def _call_of(calls: list[Any], step: Any) -> Any:
    """The model's op call compiled into ``step`` (same op, same arguments), or None."""
    for c in calls:
        if c.op == step[2] and dict(c.args) == step[1]:
            return c
    return None


def step_label(row: Mapping[str, Any]) -> str:
    """How a step row is shown: its key, and for a step a replacement puts in, the action it goes into."""
    into = row.get("inserted_into")
    return f"{row['step']} → {into}" if into else str(row["step"])


def coverage_report(rules: Any, counts: Mapping[str, int], char_games: Mapping[str, int] | None = None) -> dict[str, Any]:
    """Every rule with its count and printed sentence; the never-exercised ones listed apart."""
    from bpdsl.render.text import phrase_context, render_call

    ctx = phrase_context(rules.edition)

    def sentence(call: Any) -> str:
        return render_call(ctx, call) if call is not None else ""

    steps: list[dict[str, Any]] = []
    conditions: list[dict[str, Any]] = []
    for aid, a in rules.actions.items():
        calls = list(getattr(a.model, "effect", None) or [])
        effect = written_steps(a.effect)
        for n in range(len(effect)):
            steps.append({"step": step_key(aid, n), "action": aid, "name": a.name, "op": effect[n][2],
                          "sentence": sentence(calls[n]) if n < len(calls) else "",
                          "executed": int(counts.get(step_key(aid, n), 0))})
        for put_in in inserted_steps(a.effect):
            for n, (_fn, _args, op) in enumerate(put_in.steps):
                key = step_key(put_in.rule, n)
                steps.append({"step": key, "action": aid, "name": put_in.name, "op": op,
                              "sentence": sentence(put_in.calls[n]) if n < len(put_in.calls) else "",
                              "executed": int(counts.get(key, 0)), "inserted_into": aid})
        model_conditions = list(getattr(a.model, "conditions", None) or [])
        for n, step in enumerate(a.conditions):
            conditions.append({"rule": condition_key(aid, n), "of": aid, "name": a.name, "op": step[2],
                               "sentence": sentence(_call_of(model_conditions, step)),
                               "count": int(counts.get(condition_key(aid, n), 0))})
    triggers: list[dict[str, Any]] = []
    triggering: set[tuple[str, int]] = set()
    for src in rules.triggers:
        key = trigger_key(rules, src)
        if src.character is not None and src.character in rules.characters:
            ch = rules.characters[src.character]
            n = int(key.rsplit("@", 1)[1]) - 1 if "@" in key else -1
            triggering.add((src.character, n))
            abilities = list(getattr(ch.model, "abilities", None) or [])
            text = sentence(abilities[n]) if 0 <= n < len(abilities) else ""
            of, name = src.character, ch.name
        else:
            when = getattr(src.action.model, "when", None)
            text = sentence(when) if key.endswith("!") and when is not None else ""
            of, name = src.action.id, src.action.name
        if any(t["rule"] == key for t in triggers):
            continue
        triggers.append({"rule": key, "of": of, "name": name, "op": src.step[2], "raises": src.action.id,
                         "sentence": text, "count": int(counts.get(key, 0))})
    abilities_out: list[dict[str, Any]] = []
    for cid, ch in rules.characters.items():
        calls = list(getattr(ch.model, "abilities", None) or [])
        for n, step in enumerate(ch.abilities):
            if (cid, n) in triggering:
                continue
            abilities_out.append({"rule": f"{cid}@{n + 1}", "of": cid, "name": ch.name, "op": step[2],
                                  "sentence": sentence(calls[n]) if n < len(calls) else "",
                                  "count": int((char_games or {}).get(cid, 0))})
    never = [s["step"] for s in steps if s["executed"] == 0]
    covered = len(steps) - len(never)
    actions_with_steps = {s["action"] for s in steps}
    actions_never = sorted(aid for aid in actions_with_steps
                           if all(s["executed"] == 0 for s in steps if s["action"] == aid))
    out: dict[str, Any] = {"steps": steps, "covered": covered, "total": len(steps),
                           "share": round(covered / len(steps), 4) if steps else 1.0,
                           "never_executed": never, "actions_never_resolved": actions_never}
    for part, rows, what in (("conditions", conditions, "held"), ("triggers", triggers, "triggered"),
                             ("abilities", abilities_out, "in play")):
        out[part] = {"rules": rows, "covered": sum(1 for r in rows if r["count"]), "total": len(rows),
                     "counted": what, "never": [r["rule"] for r in rows if not r["count"]]}
    return out

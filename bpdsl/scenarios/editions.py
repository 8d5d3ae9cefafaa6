"""Rulings across editions: a scenario written for one edition, run against another.

A designer changing an edition wants to see what the change does to every ruling on record.  Each scenario
is run twice — in its own edition and in the other one (same position, same script, same expectations) —
and sorted into:

* ``holds``: it passes in both;
* ``changed``: it passes in its own edition and fails in the other (the failures say how the ruling
  differs there);
* ``gone``: it no longer applies — an action, character or fog it names (on the stage, in the once-per-turn
  record, in a decision's option taken or that must be offered, in an expected event, on the field) or its format does not exist in the
  other edition;
* ``broken``: it does not even pass in its own edition (nothing can be said about the other).

The names a scenario relies on are read from the scenario itself, never guessed from a failure message.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bpdsl.engine import CompileError
from bpdsl.scenarios.runner import ScenarioError, load_scenario, run_scenario, run_scenario_data

HOLDS, CHANGED, GONE, BROKEN = "holds", "changed", "gone", "broken"
_LABEL_ID = re.compile(r"\(([a-z][a-z0-9_]*)\)$")  # 投擲 (throwing): the action id in an action option


@dataclass
class CrossResult:
    """One scenario against another edition."""

    name: str
    path: str
    status: str  # holds / changed / gone / broken
    reasons: list[str] = field(default_factory=list)


def named_entries(data: dict[str, Any]) -> dict[str, set[str]]:
    """The action, character and fog ids a scenario relies on (its own inline entries left out)."""
    actions: set[str] = set()
    chars: set[str] = set()
    fogs: set[str] = set()
    for x in data.get("stage") or []:
        if isinstance(x, dict) and x.get("action"):
            actions.add(str(x["action"]))
    for x in data.get("raised") or []:
        if isinstance(x, dict) and x.get("action"):
            actions.add(str(x["action"]))
    for p in data.get("players") or []:
        for ch in (p or {}).get("field") or []:
            if isinstance(ch, dict) and ch.get("as"):
                chars.add(str(ch["as"]))
        for f in (p or {}).get("fog") or []:
            if isinstance(f, dict) and f.get("as"):
                fogs.add(str(f["as"]))
    for d in data.get("decisions") or []:
        if isinstance(d, dict) and isinstance(d.get("expect_decision"), dict):
            d = d["expect_decision"]
        chosen = d.get("choose") if isinstance(d, dict) else d
        offered = d.get("offered") if isinstance(d, dict) else None
        if isinstance(offered, dict):  # the options it must offer (not those it must not: like count 0 below)
            offered = offered.get("contains")
        for label in [chosen, *(offered if isinstance(offered, list) else [])]:
            if isinstance(label, str) and (m := _LABEL_ID.search(label)):
                actions.add(m.group(1))
    expect = data.get("expect") or {}
    for e in expect.get("events") or []:  # (an action that must not happen, absent or count 0, may be gone)
        if isinstance(e, dict) and isinstance(e.get("action"), str) and e.get("count") != 0:
            actions.add(e["action"])
    inline = data.get("definitions") if isinstance(data.get("definitions"), dict) else {}
    for kind, ids in (("actions", actions), ("characters", chars), ("fogs", fogs)):
        ids -= {str(x.get("id")) for x in inline.get(kind) or [] if isinstance(x, dict)}
    return {"actions": actions, "characters": chars, "fogs": fogs}


def run_across(source: Any, edition: str, fmt: str | None = None, definitions: Any = None) -> CrossResult:
    """Run scenario ``source`` (a file) in its own edition and in ``edition`` (its format, or ``fmt``)."""
    from bpdsl.engine import build_rules

    path = str(source)
    data = load_scenario(source)
    own = run_scenario(source, definitions)
    name = own.name
    if not own.ok and own.xfail is None:
        return CrossResult(name, path, BROKEN, ["fails in its own edition " + str(data.get("edition"))]
                           + own.failures)
    if own.xfail is not None:
        return CrossResult(name, path, BROKEN, [f"an expected failure in its own edition: {own.xfail}"])
    target_fmt = fmt or str(data.get("format"))
    try:
        rules = build_rules(edition, target_fmt, definitions)
    except CompileError as exc:
        return CrossResult(name, path, GONE, [f"format {target_fmt!r} cannot be played in {edition}: {exc}"])
    present = {"actions": set(rules.actions), "characters": set(rules.characters), "fogs": set(rules.fogs)}
    missing = [f"{kind[:-1]} {x!r} is not in {edition} {target_fmt}"
               for kind, ids in named_entries(data).items() for x in sorted(ids - present[kind])]
    if missing:
        return CrossResult(name, path, GONE, missing)
    other = {**data, "edition": edition, "format": target_fmt}
    other.pop("xfail", None)
    try:
        theirs = run_scenario_data(path, other, definitions)
    except ScenarioError as exc:
        return CrossResult(name, path, GONE, [f"its position cannot be set up in {edition}: {exc}"])
    if theirs.ok:
        return CrossResult(name, path, HOLDS)
    return CrossResult(name, path, CHANGED, theirs.failures)


__all__ = ["BROKEN", "CHANGED", "CrossResult", "GONE", "HOLDS", "named_entries", "run_across"]

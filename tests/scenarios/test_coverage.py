"""Rulings as scenarios: every scenario file passes, and together they raise every action of every edition.

The scenario files live in ``scenarios/`` (the engine's own examples and ``scenarios/rulings/<edition>/``,
each naming the rulebook or action-list section of the ruling it checks).  They are run through the
runner's Python API (:func:`bpdsl.scenarios.runner.run_scenario`), exactly as ``bpdsl scenario`` runs them.

A ruling the engine does not follow yet carries ``xfail: "<reason>"`` in its file (the scenario still
expects what the rulebook says); it is a strict expected failure here, so fixing the engine turns it into
an error until the ``xfail`` line is removed.

The public/private information table (3.12.1) is about what each player may see: scenarios carry an
``observe:`` section that the runner checks against the observation an agent gets; here we make sure some do.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from bpdsl.engine import load_definitions
from bpdsl.scenarios.runner import ScenarioResult, load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
RULINGS = SCENARIOS / "rulings"


def _all_files() -> list[Path]:
    return sorted(SCENARIOS.rglob("*.yaml"))


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


@lru_cache(maxsize=None)
def _run(path: Path) -> ScenarioResult:
    return run_scenario(path)


def _is_open(path: Path) -> bool:
    """A ruling marked ``xfail:``: the engine does not follow it yet."""
    return bool(load_scenario(path).get("xfail"))


SETTLED = [p for p in _all_files() if not _is_open(p)]


def _describe(result: ScenarioResult) -> str:
    return f"{result.path}: {result.name}\n  - " + "\n  - ".join(result.failures)


# ---------------------------------------------------------------------------------------- (a) each passes

def _params() -> list[Any]:
    marks = pytest.mark.xfail(strict=True, reason="a ruling the engine does not follow yet (its xfail: line)")
    return [pytest.param(p, id=_rel(p), marks=[marks] if _is_open(p) else []) for p in _all_files()]


@pytest.mark.parametrize("path", _params())
def test_scenario_passes(path: Path) -> None:
    result = _run(path)
    assert result.ok, _describe(result)


# ---------------------------------------------------------------------------------------- (b) coverage

def _edition_actions() -> dict[str, set[str]]:
    """Every action of every bundled edition that a game can raise, from the loaded definitions.

    An edition that extends another is answerable for the actions it writes itself (an action inherited
    unchanged is covered by its parent's rulings).  Actions that no game can raise are left out: those of a
    trump printed but not played yet, and triggered actions whose only trigger lies in such a trump
    (bpdsl.games.blackpoker.trumps); the compiled rules of each format say what can be raised."""
    import dataclasses

    from bpdsl.engine import build_rules

    defs = load_definitions()
    out: dict[str, set[str]] = {}
    for ed_id, ed in defs.editions.items():
        parent = defs.editions.get(ed.extends) if ed.extends else None
        playable: set[str] = set()
        for fmt in ed.formats:
            if not ed.actions_in(fmt.id):
                continue
            rules = build_rules(ed_id, fmt.id, defs)
            playable |= {a.id for a in rules.direct_actions} | {src.action.id for src in rules.triggers}
        ids = set()
        for aid in playable:
            inherited = parent.actions.get(aid) if parent is not None else None
            if inherited is not None and dataclasses.replace(ed.actions[aid], formats=[]) == \
                    dataclasses.replace(inherited, formats=[]):
                continue
            ids.add(aid)
        if ids:
            out[ed_id] = ids
    return out


def _raised_by_edition() -> dict[str, set[str]]:
    raised: dict[str, set[str]] = {}
    for path in SETTLED:
        result = _run(path)
        if not result.ok:
            continue
        edition = str(load_scenario(path)["edition"])
        raised.setdefault(edition, set()).update(
            e["action"] for e in result.events if e.get("t") == "raise" and "action" in e)
    return raised


def _inherited_unchanged() -> dict[str, tuple[str, set[str]]]:
    """Per extending edition: its parent and the actions it takes over with the same rule (request, cost,
    key, target, conditions, trigger, notes, effect): a scenario of the parent raises the same executors."""
    defs = load_definitions()
    out: dict[str, tuple[str, set[str]]] = {}
    rule = ("request", "cost", "key_text", "target", "conditions", "when", "notes", "effect")
    for ed_id, ed in defs.editions.items():
        parent = defs.editions.get(ed.extends) if ed.extends else None
        if parent is None:
            continue
        same = {aid for aid, a in ed.actions.items() if aid in parent.actions
                and all(getattr(a, k) == getattr(parent.actions[aid], k) for k in rule)}
        out[ed_id] = (parent.id, same)
    return out


def test_every_action_of_every_edition_is_raised() -> None:
    editions = _edition_actions()
    assert {"act6.1", "act8.0"} <= set(editions), f"bundled editions with actions: {sorted(editions)}"
    raised = _raised_by_edition()
    for ed_id, (parent, same) in _inherited_unchanged().items():
        raised.setdefault(ed_id, set()).update(same & raised.get(parent, set()))
    missing = {ed: sorted(ids - raised.get(ed, set())) for ed, ids in editions.items()}
    missing = {ed: ids for ed, ids in missing.items() if ids}
    assert not missing, f"actions no passing scenario raises: {missing}"


# ---------------------------------------------------------------------------------------- (c) how many

def test_at_least_thirty_scenarios() -> None:
    assert len(SETTLED) >= 30, f"only {len(SETTLED)} scenario files under {SCENARIOS}"


def test_rulings_name_their_source() -> None:
    """Each ruling names what it checks and the rulebook / action-list section it comes from."""
    bad = []
    for path in RULINGS.rglob("*.yaml"):
        data = load_scenario(path)
        for key in ("name", "source", "description"):
            if not str(data.get(key) or "").strip():
                bad.append(f"{_rel(path)}: no {key}")
    assert not bad, "\n".join(bad)


def test_rulings_cover_both_editions() -> None:
    editions = {str(load_scenario(p)["edition"]) for p in RULINGS.rglob("*.yaml") if not _is_open(p)}
    assert editions >= set(_edition_actions()), f"editions with rulings: {sorted(editions)}"


# ---------------------------------------------------------------------------------------- 3.12.1

OBSERVED = [p for p in SETTLED if "observe" in load_scenario(p)]


def test_some_scenario_checks_observations() -> None:
    assert OBSERVED, "no scenario has an observe: section (3.12.1 public/private information)"

"""The rulings of プロ and of the trumps are written with the scenario language's constructs for rulings.

Each file under ``scenarios/rulings/act8.2-pro/`` and ``act8.2-trumps/`` must use at least one of them — what a
decision offers as ``contains``/``excludes``, an ``expect_decision`` on a forced decision, a ``combat:`` position,
inline ``definitions:``, the stage's requests with their key cards, ``where:``, or an option label naming the
attacker a blocker blocks or the card that triggered an action — and there must be at least 60 such rulings.
That they pass is checked with every scenario in test_coverage.py."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bpdsl.scenarios.runner import load_scenario

ROOT = Path(__file__).resolve().parents[2]
DIRS = [ROOT / "scenarios/rulings/act8.2-pro", ROOT / "scenarios/rulings/act8.2-trumps"]
NAMED_LABEL = re.compile(r"をブロック|のブロッカー指定を終える|世代交代 \(")


def _walk(node: Any) -> list[Any]:
    out = [node]
    if isinstance(node, dict):
        for v in node.values():
            out += _walk(v)
    elif isinstance(node, list):
        for v in node:
            out += _walk(v)
    return out


def constructs(data: dict[str, Any]) -> set[str]:
    """The constructs for rulings a scenario uses."""
    used: set[str] = set()
    if data.get("combat"):
        used.add("combat")
    if isinstance(data.get("definitions"), dict):
        used.add("inline definitions")
    for d in data.get("decisions") or []:
        if isinstance(d, dict) and "expect_decision" in d:
            used.add("expect_decision")
            d = d["expect_decision"]
        if isinstance(d, dict) and isinstance(d.get("offered"), dict):
            used.add("offered contains/excludes")
    for node in _walk(data):
        if isinstance(node, dict):
            if "where" in node:
                used.add("where")
            if "stage" in node and any(isinstance(x, dict) and ("keys" in x or "target" in x)
                                       for x in node["stage"] or []):
                used.add("stage key cards")
        elif isinstance(node, str) and NAMED_LABEL.search(node):
            used.add("labelled options")
    return used


def _files() -> list[Path]:
    return sorted(p for d in DIRS for p in d.rglob("*.yaml"))


def test_each_ruling_uses_a_construct_for_rulings() -> None:
    bare = [str(p.relative_to(ROOT)) for p in _files() if not constructs(load_scenario(p))]
    assert not bare, f"rulings written without any construct for rulings: {bare}"


def test_at_least_sixty_rulings_of_pro_and_the_trumps() -> None:
    files = _files()
    assert len(files) >= 60, f"{len(files)} rulings under {[str(d.relative_to(ROOT)) for d in DIRS]}"
    formats = {str(load_scenario(p).get("format")) for p in files}
    assert {"pro", "extra"} <= formats, formats


def test_every_construct_is_used_by_some_ruling() -> None:
    used = set().union(*(constructs(load_scenario(p)) for p in _files()))
    assert used == {"combat", "inline definitions", "expect_decision", "offered contains/excludes", "where",
                    "stage key cards", "labelled options"}, used

"""Mutated regulation files never crash the regulation kind: they load or give diagnostics."""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bpdsl.diagnostics import DefinitionError
from bpdsl.dsl.loader import load_or_raise
from bpdsl.games.blackpoker.regulation.load import REGULATIONS_DIR

ORIGINALS = {p.name: yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(REGULATIONS_DIR.glob("*.yaml"))}
REPLACEMENTS = [None, 0, -1, 99, "", "x", "♠Z", [], {}, ["x"], {"x": 1}, True, "○", "entry", "pack"]


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, prefix + (i,))
    return out


def _set(node: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = node
    for k in path[:-1]:
        parent = parent[k]
    parent[path[-1]] = value
    return node


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(sorted(ORIGINALS)), st.data())
def test_mutations_load_or_report(tmp_path: Path, name: str, data: st.DataObject) -> None:
    doc = copy.deepcopy(ORIGINALS[name])
    paths = _paths(doc)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        try:
            doc = _set(doc, path, data.draw(st.sampled_from(REPLACEMENTS)))
        except (KeyError, IndexError, TypeError):
            continue
    f = tmp_path / name
    f.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    try:
        load_or_raise([f])
    except DefinitionError as exc:
        assert exc.diagnostics

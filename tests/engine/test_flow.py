"""The core flows are data: both bundled flows load, and broken flows are reported with codes."""
from __future__ import annotations

from typing import Any

import pytest

from bpdsl.diagnostics import DiagnosticSink
from bpdsl.dsl.kinds import BuildContext, Document
from bpdsl.dsl.kinds.flow import build
from bpdsl.engine import load_definitions
from bpdsl.flowmodel import PRIMITIVES
from bpdsl.model import Definitions


def _build(data: dict[str, Any]) -> tuple[Definitions, list[str]]:
    defs = Definitions()
    sink = DiagnosticSink()
    build(BuildContext(Document("flow.yaml", data), defs, sink))
    return defs, [d.code for d in sink.items]


def _flow(nodes: list[dict[str, Any]], start: str = "a") -> dict[str, Any]:
    return {"id": "t", "name": "t", "rulebook": "x", "start": start, "trigger_style": "lists", "nodes": nodes}


def test_bundled_flows_and_editions() -> None:
    defs = load_definitions()
    assert set(defs.flows) >= {"bp2021", "bp2024"}
    assert defs.editions["act6.1"].flow == "bp2021"
    assert defs.editions["act8.0"].flow == "bp2024"
    for flow in defs.flows.values():
        for node in flow.nodes.values():
            assert node.primitive in PRIMITIVES
            for target in ([node.next] if node.next else []) + list(node.branches.values()):
                assert target in flow.nodes
    # the 2024 flow checks triggers right after raising ([5] -> [6]); the 2021 flow after adding to the stage
    f24, f21 = defs.flows["bp2024"], defs.flows["bp2021"]
    assert f24.nodes["5"].next == "6" and f24.nodes["6"].primitive == "trigger_check"
    assert f21.nodes["9"].primitive == "push_stage" and f21.nodes[f21.nodes["9"].next].primitive == "trigger_check"
    assert f24.trigger_style == "lists" and f21.trigger_style == "simple"
    assert [s.id for s in f24.trigger_steps] == [f"6-{i}" for i in range(1, 14)]
    assert [s.id for s in f21.trigger_steps] == [f"10-{i}" for i in range(1, 6)]


def test_valid_small_flow() -> None:
    defs, codes = _build(_flow([
        {"id": "a", "label": "[1]", "primitive": "game_start", "next": "b"},
        {"id": "b", "label": "[2]", "primitive": "ask_action", "branches": {"yes": "c", "no": "a"}},
        {"id": "c", "label": "[3]", "primitive": "win_check", "next": "a"},
    ]))
    assert codes == []
    assert defs.flows["t"].edges() == [("a", "b", ""), ("b", "c", "yes"), ("b", "a", "no"), ("c", "a", "")]


@pytest.mark.parametrize("nodes,start,code", [
    ([{"id": "a", "label": "x", "primitive": "jump", "next": "a"}], "a", "F001"),
    ([{"id": "a", "label": "x", "primitive": "win_check", "next": "zz"}], "a", "F002"),
    ([{"id": "a", "label": "x", "primitive": "ask_action", "next": "a"}], "a", "F002"),
    ([{"id": "a", "label": "x", "primitive": "win_check", "next": "a"},
      {"id": "a", "label": "y", "primitive": "win_check", "next": "a"}], "a", "F003"),
    ([{"id": "a", "label": "x", "primitive": "win_check", "next": "a"}], "q", "F004"),
    ([{"id": "a", "label": "x", "primitive": "win_check", "next": "a"},
      {"id": "b", "label": "y", "primitive": "reset_pass", "next": "a"}], "a", "F005"),
    ([{"id": "a", "label": "x", "primitive": "reset_pass", "next": "a"}], "a", "F006"),
])
def test_broken_flows(nodes: list[dict[str, Any]], start: str, code: str) -> None:
    _, codes = _build(_flow(nodes, start))
    assert code in codes


def test_loader_reports_flow_errors_with_positions(tmp_path) -> None:
    from bpdsl.dsl.loader import load

    (tmp_path / "f.yaml").write_text(
        'kind: flow\nid: bad\nname: x\nrulebook: y\nstart: "1"\ntrigger_style: lists\nnodes:\n'
        '  - {id: "1", label: "[1]", primitive: game_strat, next: "2"}\n'
        '  - {id: "2", label: "[2]", primitive: win_check, next: "1"}\n', encoding="utf-8")
    diags = load([tmp_path]).diagnostics
    assert [(d.code, d.pos.line) for d in diags] == [("F001", 8)]
    assert "game_start" in diags[0].hint

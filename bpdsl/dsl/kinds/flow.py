"""Document kind ``flow``: a core flow (2.8) as a graph of nodes, built into ``Definitions.flows``.

Example (see definitions/blackpoker/flows/bp2024.yaml)::

    kind: flow
    id: bp2024
    name: コアフロー (2024)
    rulebook: 2024/4/1
    start: "1"
    trigger_style: lists          # lists (2024, [6-1]..[6-13]) or simple (2021, [10-1]..[10-5])
    nodes:
      - {id: "3", label: "[3] アクションを起こすか？", primitive: ask_action, branches: {"yes": "4", "no": "11"}}
      - {id: "4", label: "[4] パス記録のリセット", primitive: reset_pass, next: "5"}
    trigger_steps:
      - {id: "6-1", label: "[6-1] ..."}

Checks: unknown primitive, wrong or missing edges for the primitive, edges to unknown nodes, duplicate
node ids, unknown start node, nodes unreachable from the start, and a flow without a win check.
"""
from __future__ import annotations

from bpdsl.diagnostics import DiagnosticSink, code, did_you_mean
from bpdsl.dsl.document import BuildContext, DocumentKind, register_kind
from bpdsl.flowmodel import PRIMITIVES, TRIGGER_STYLES, Flow, FlowNode, TriggerStep
from bpdsl.model import Definitions

F_PRIMITIVE = code("F001", "unknown core-flow primitive")
F_EDGE = code("F002", "core-flow edge to an unknown node, or edges that do not fit the primitive")
F_DUPLICATE = code("F003", "duplicate core-flow node, trigger step or flow id")
F_START = code("F004", "core-flow start node does not exist")
F_UNREACHABLE = code("F005", "core-flow node cannot be reached from the start")
F_NO_END = code("F006", "core flow has no win check (the game could never end)")
F_FLOW_REF = code("F007", "edition refers to an unknown core flow")

_NODE = {
    "type": "dict",
    "schema": {
        "id": {"type": "string", "required": True, "regex": r"^\S+$"},
        "label": {"type": "string", "required": True, "empty": False},
        "primitive": {"type": "string", "required": True},
        "next": {"type": "string", "nullable": True},
        "branches": {"type": "dict", "keysrules": {"type": "string"}, "valuesrules": {"type": "string"}},
        "section": {"type": "string"},
        "text": {"type": "string"},
    },
}

SCHEMA = {
    "id": {"type": "string", "required": True, "regex": r"^[a-z][a-z0-9_.-]*$"},
    "name": {"type": "string", "required": True},
    "rulebook": {"type": "string", "required": True},
    "start": {"type": "string", "required": True},
    "trigger_style": {"type": "string", "required": True, "allowed": list(TRIGGER_STYLES)},
    "note": {"type": "string"},
    "passing": {"type": "boolean"},  # default true: a player may pass at ask_action
    "nodes": {"type": "list", "required": True, "minlength": 1, "schema": _NODE},
    "trigger_steps": {
        "type": "list",
        "schema": {
            "type": "dict",
            "schema": {"id": {"type": "string", "required": True, "regex": r"^\S+$"},
                       "label": {"type": "string", "required": True, "empty": False}, "text": {"type": "string"}},
        },
    },
}


def build(ctx: BuildContext) -> None:
    data = ctx.document.data
    fid = data["id"]
    if fid in ctx.definitions.flows:
        ctx.error(("id",), F_DUPLICATE, f"flow {fid!r} is defined twice", "give each flow its own id")
        return
    nodes: dict[str, FlowNode] = {}
    for i, raw in enumerate(data["nodes"]):
        nid = raw["id"]
        if nid in nodes:
            ctx.error(("nodes", i, "id"), F_DUPLICATE, f"node {nid!r} is defined twice", "node ids must be unique")
            continue
        prim = raw["primitive"]
        branches = dict(raw.get("branches") or {})
        nxt = raw.get("next")
        if prim not in PRIMITIVES:
            ctx.error(("nodes", i, "primitive"), F_PRIMITIVE, f"unknown primitive {prim!r}",
                      did_you_mean(prim, PRIMITIVES) or "primitives: " + ", ".join(PRIMITIVES))
            # keep the node so that its edges are still checked without follow-on errors
            nodes[nid] = FlowNode(nid, raw["label"], prim, nxt, branches, raw.get("section", ""),
                                  raw.get("text", ""), ctx.pos(("nodes", i)))
            continue
        outcomes = PRIMITIVES[prim]
        if outcomes is None and (branches or not nxt) and prim != "win_check":
            ctx.error(("nodes", i), F_EDGE, f"node {nid!r} ({prim}) needs exactly one 'next' edge and no branches",
                      "a plain step is written with next: <node id>")
        if outcomes is not None and (nxt or set(branches) != set(outcomes)):
            ctx.error(("nodes", i), F_EDGE, f"node {nid!r} ({prim}) needs the branches {', '.join(outcomes)}",
                      "a question node is written with branches: {yes: <id>, no: <id>}")
        nodes[nid] = FlowNode(nid, raw["label"], prim, nxt, branches, raw.get("section", ""), raw.get("text", ""),
                              ctx.pos(("nodes", i)))
    for i, raw in enumerate(data["nodes"]):
        node = nodes.get(raw["id"])
        if node is None:
            continue
        targets = ([node.next] if node.next else []) + list(node.branches.values())
        for t in targets:
            if t not in nodes:
                ctx.error(("nodes", i), F_EDGE, f"node {node.id!r} leads to unknown node {t!r}",
                          did_you_mean(t, nodes) or "edges name node ids of this flow")
    start = data["start"]
    if start not in nodes:
        ctx.error(("start",), F_START, f"start node {start!r} does not exist", did_you_mean(start, nodes))
    else:
        seen = {start}
        todo = [start]
        while todo:
            n = nodes[todo.pop()]
            for t in ([n.next] if n.next else []) + list(n.branches.values()):
                if t in nodes and t not in seen:
                    seen.add(t)
                    todo.append(t)
        for i, raw in enumerate(data["nodes"]):
            if raw["id"] in nodes and raw["id"] not in seen:
                ctx.error(("nodes", i), F_UNREACHABLE, f"node {raw['id']!r} cannot be reached from {start!r}",
                          "connect it or remove it")
    if not any(n.primitive == "win_check" for n in nodes.values()):
        ctx.error(("nodes",), F_NO_END, f"flow {fid!r} has no win_check node", "add a node with primitive: win_check")
    steps: list[TriggerStep] = []
    for i, s in enumerate(data.get("trigger_steps") or []):
        if any(t.id == s["id"] for t in steps):
            ctx.error(("trigger_steps", i, "id"), F_DUPLICATE, f"trigger step {s['id']!r} is defined twice",
                      "trigger step ids must be unique")
            continue
        steps.append(TriggerStep(s["id"], s["label"], s.get("text", "")))
    ctx.definitions.flows[fid] = Flow(fid, data["name"], data["rulebook"], start, nodes, data["trigger_style"],
                                      steps, data.get("note", ""), ctx.pos(), bool(data.get("passing", True)))


def finish(definitions: Definitions, sink: DiagnosticSink) -> None:
    """Every edition must name a flow that exists."""
    for edition in definitions.editions.values():
        flow = getattr(edition, "flow", None)
        if flow and flow not in definitions.flows:
            sink.error(edition.pos, F_FLOW_REF, f"edition {edition.id!r} is played on unknown flow {flow!r}",
                       did_you_mean(flow, definitions.flows) or "flows: " + ", ".join(definitions.flows))


FLOW_KIND = register_kind(DocumentKind("flow", SCHEMA, build, order=10, finish=finish))

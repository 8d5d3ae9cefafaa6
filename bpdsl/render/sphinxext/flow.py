"""``.. bpdsl-flow:: bp2024`` — the core-flow diagram drawn from the flow data (graphviz ``dot``).

The picture is generated from :class:`bpdsl.flowmodel.Flow`, the same graph the engine walks: question
nodes (primitives with outcomes) are diamonds, steps are boxes, edges carry the outcome (はい/いいえ).
Option ``:steps:`` adds the step descriptions; ``:trigger-check:`` lists the trigger-check sub-steps;
``:no-diagram:`` leaves the picture out (to list the steps elsewhere on the page).
"""
from __future__ import annotations

from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.ext.graphviz import graphviz
from sphinx.util.docutils import SphinxDirective

from bpdsl.render.sphinxext.data import definitions
from bpdsl.flowmodel import PRIMITIVES

OUTCOME = {"yes": "はい", "no": "いいえ"}
FONT = "IPAexGothic"


def _q(text: str) -> str:
    """A dot string literal (dot is data, so the label is quoted, never interpolated raw)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def flow_to_dot(flow: Any) -> str:
    """The dot source of a core flow: one node per flow node, one edge per transition."""

    lines = [
        f"digraph {_q(flow.id)} {{",
        f'  graph [fontname={_q(FONT)}, rankdir=TB, nodesep=0.35, ranksep=0.35, bgcolor="transparent"];',
        f"  node [fontname={_q(FONT)}, fontsize=10, shape=box, style=rounded, margin=\"0.12,0.05\"];",
        f"  edge [fontname={_q(FONT)}, fontsize=9];",
    ]
    for node in flow.nodes.values():
        question = PRIMITIVES.get(node.primitive) is not None
        attrs = ["shape=diamond", "style=\"\""] if question else []
        if node.id == flow.start:
            attrs.append("penwidth=2")
        if node.primitive == "win_check":
            attrs.append("peripheries=2")
        attr = (", " + ", ".join(attrs)) if attrs else ""
        lines.append(f"  {_q('n' + node.id)} [label={_q(node.label)}{attr}];")
    for src, dst, outcome in flow.edges():
        label = f" [label={_q(OUTCOME.get(outcome, outcome))}]" if outcome else ""
        lines.append(f"  {_q('n' + src)} -> {_q('n' + dst)}{label};")
    lines.append("}")
    return "\n".join(lines)


class FlowDirective(SphinxDirective):
    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {
        "caption": directives.unchanged,
        "steps": directives.flag,
        "trigger-check": directives.flag,
        "no-diagram": directives.flag,
    }

    def run(self) -> list[nodes.Node]:
        defs = definitions(self.env)
        flow = defs.flows.get(self.arguments[0])
        if flow is None:
            known = ", ".join(defs.flows) or "(none)"
            raise self.error(f"unknown flow {self.arguments[0]!r}; known: {known}")
        node = graphviz()
        node["code"] = flow_to_dot(flow)
        docname = getattr(getattr(self.env, "current_document", None), "docname", None) or self.env.docname
        node["options"] = {"docname": docname}
        node["alt"] = f"{flow.name} ({flow.id})"
        node["align"] = "center"
        out: list[nodes.Node] = []
        if "no-diagram" in self.options:
            pass
        elif "caption" in self.options:
            from sphinx.ext.graphviz import figure_wrapper

            out.append(figure_wrapper(self, node, self.options["caption"]))
        else:
            out.append(node)
        if "steps" in self.options:
            dl = nodes.definition_list()
            for n in flow.nodes.values():
                if not n.text:
                    continue
                item = nodes.definition_list_item()
                item += nodes.term(text=n.label + (f"（{n.section}）" if n.section else ""))
                definition = nodes.definition()
                definition += nodes.paragraph(text=n.text)
                item += definition
                dl += item
            out.append(dl)
        if "trigger-check" in self.options and flow.trigger_steps:
            lst = nodes.bullet_list()
            for step in flow.trigger_steps:
                li = nodes.list_item()
                li += nodes.paragraph(text=step.label + (f" — {step.text}" if step.text else ""))
                lst += li
            out.append(lst)
        return out


def setup(app: Any) -> None:
    app.setup_extension("sphinx.ext.graphviz")
    app.add_directive("bpdsl-flow", FlowDirective, override=True)

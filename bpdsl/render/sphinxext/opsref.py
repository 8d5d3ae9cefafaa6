"""``.. bpdsl-ops::`` — the DSL reference, generated from the op registry.

For every op (grouped by kind): its summary, its arguments (from the cerberus schema the validator uses),
its Japanese phrase rendered for its own example (with the wording of the default edition), and the
example as YAML.  Because validator, engine and renderer share the registry, this chapter lists exactly
the vocabulary the definitions can use.
"""
from __future__ import annotations

from typing import Any, ClassVar

import yaml
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from bpdsl.render.reference import (KIND_TITLES, arg_rows, example_call, op_users, parsed_args,  # noqa: F401
                                    phrase_context, render_example)
from bpdsl.render.sphinxext.data import definitions
from bpdsl.render.sphinxext.nodes import block_nodes, simple_table
from bpdsl.render.text import parse_lines
from bpdsl.render.textadapter import convert_item
from bpdsl.ops.registry import RETIRED, load_all

class OpsDirective(SphinxDirective):
    option_spec: ClassVar[dict[str, Any]] = {"kind": directives.unchanged, "edition": directives.unchanged}

    def run(self) -> list[nodes.Node]:

        registry = load_all()
        defs = definitions(self.env)
        eid = self.options.get("edition") or self.env.config.bpdsl_default_edition
        ctx = phrase_context(defs, eid)
        self.users = op_users(defs)
        kinds = [self.options["kind"]] if "kind" in self.options else list(KIND_TITLES)
        kinds += sorted({op.kind for op in registry.values()} - set(kinds) - set(KIND_TITLES)) if "kind" not in self.options else []
        out: list[nodes.Node] = []
        for kind in kinds:
            ops = sorted((op for op in registry.values() if op.kind == kind), key=lambda o: o.name)
            if not ops:
                continue
            section = self._section(f"ops-{kind}", KIND_TITLES.get(kind, kind))
            for op in ops:
                section += self._op(op, ctx)
            out.append(section)
        if not out:
            raise self.error("the op registry is empty")
        if "kind" not in self.options and RETIRED:
            # words cut to one sentence that became compositions: a file naming one gets O001 with this hint
            section = self._section("ops-retired", "retired ops")
            section += nodes.paragraph(text="These ops were replaced by compositions of general ops; a definitions "
                                            "file that still names one gets O001 with what to write instead.")
            section += simple_table(["op", "write instead"], [[k, v] for k, v in sorted(RETIRED.items())],
                                    widths=[2, 10])
            out.append(section)
        return out

    def _section(self, sid: str, title: str) -> nodes.section:
        section = nodes.section(ids=[sid], names=[sid])
        section += nodes.title(text=title)
        self.state.document.note_implicit_target(section, section)
        return section

    def _op(self, op: Any, ctx: Any) -> nodes.section:
        sec = self._section(f"op-{op.name.replace('_', '-')}", op.name)
        sec += nodes.paragraph("", "", *_inline(op.summary))
        meta = nodes.field_list()
        meta += _field("kind", op.kind)
        if op.module:
            meta += _field("module", op.module)
        flags = [f"{k}={v}" for k, v in sorted((op.extra or {}).items())]
        if flags:
            meta += _field("extra", ", ".join(flags))
        users = self.users.get(op.name, [])
        shown = ", ".join(users[:8]) + (f" … ({len(users)} entries)" if len(users) > 8 else "")
        meta += _field("used by", shown or "no entry of the loaded definitions")
        sec += meta
        if op.args:
            rows = [list(row) for row in arg_rows(op)]
            sec += simple_table(["argument", "type", "required", "details"], rows, widths=[3, 2, 1, 6])
        else:
            sec += nodes.paragraph(text="引数なし (no arguments).")
        try:
            phrase = render_example(op, ctx)
        except Exception as exc:  # a phrase that cannot render its own example is a bug worth failing on
            raise self.error(f"op {op.name}: phrase failed for its example: {type(exc).__name__}: {exc}") from None
        item = convert_item(parse_lines(phrase))  # indented lines of a phrase are sub-items
        sec += nodes.paragraph("", "", nodes.strong(text="phrase: "), nodes.Text(item.text))
        for child in item.children:
            sec.extend(block_nodes(child))
        example_yaml = yaml.safe_dump(op.example, allow_unicode=True, sort_keys=False, default_flow_style=False)
        block = nodes.literal_block(example_yaml, example_yaml)
        block["language"] = "yaml"
        sec += block
        return sec


def _inline(text: str) -> list[nodes.Node]:
    """Summary text with `code` spans (the registry's summaries are written that way) as literal nodes."""
    parts = text.split("`")
    if len(parts) % 2 == 0:  # an unpaired backtick: print the text as it is
        return [nodes.Text(text)]
    return [nodes.literal(text=p) if i % 2 else nodes.Text(p) for i, p in enumerate(parts) if p]


def _field(name: str, value: str) -> nodes.field:
    field = nodes.field()
    field += nodes.field_name(text=name)
    body = nodes.field_body()
    body += nodes.paragraph(text=value)
    field += body
    return field


def setup(app: Any) -> None:
    app.add_directive("bpdsl-ops", OpsDirective, override=True)

"""Docutils building blocks shared by the directives: ruby text, simple tables, entries as nodes.

Entries are built from the same :class:`~bpdsl.render.view.EntryView` as the printed action list, so the
rulebook and the sheet cannot disagree.  Everything is built as nodes (never as reST source), so text
from the definitions needs no escaping and cannot inject markup.
"""
from __future__ import annotations

from typing import Any, Sequence

from docutils import nodes

from bpdsl.render.view import Block, EntryView


class ruby(nodes.Inline, nodes.TextElement):
    """A name with its reading: <ruby> in HTML, "name（reading）" elsewhere."""


def visit_ruby_html(self: Any, node: ruby) -> None:
    self.body.append(self.starttag(node, "ruby", ""))
    self.body.append(self.encode(node.astext()))
    self.body.append(f"<rp>(</rp><rt>{self.encode(node['reading'])}</rt><rp>)</rp></ruby>")
    raise nodes.SkipNode


def visit_ruby_text(self: Any, node: ruby) -> None:
    self.add_text(f"{node.astext()}（{node['reading']}）")
    raise nodes.SkipNode


def visit_ruby_latex(self: Any, node: ruby) -> None:
    self.body.append(self.encode(f"{node.astext()}（{node['reading']}）"))
    raise nodes.SkipNode


def _skip(self: Any, node: Any) -> None:
    pass


def register_nodes(app: Any) -> None:
    app.add_node(
        ruby,
        html=(visit_ruby_html, _skip),
        text=(visit_ruby_text, _skip),
        latex=(visit_ruby_latex, _skip),
        man=(visit_ruby_text, _skip),
        texinfo=(visit_ruby_text, _skip),
    )


def make_ruby(name: str, reading: str) -> nodes.Node:
    if not reading:
        return nodes.strong(text=name)
    node = ruby(name, name)
    node["reading"] = reading
    return nodes.strong("", "", node)


def simple_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], widths: Sequence[int] | None = None,
                 classes: Sequence[str] = ()) -> nodes.table:
    """A table of text cells (a cell may also be a ready node)."""
    table = nodes.table(classes=list(classes))
    tgroup = nodes.tgroup(cols=len(headers))
    table += tgroup
    for w in widths or [1] * len(headers):
        tgroup += nodes.colspec(colwidth=w)
    thead = nodes.thead()
    tgroup += thead
    thead += _row(headers)
    tbody = nodes.tbody()
    tgroup += tbody
    for r in rows:
        tbody += _row(r)
    return table


def _row(cells: Sequence[Any]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        if isinstance(cell, nodes.Node):
            entry += cell if isinstance(cell, nodes.Body) else nodes.paragraph("", "", cell)
        else:
            entry += nodes.paragraph(text=str(cell))
        row += entry
    return row


def block_nodes(block: Block) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    if block.text:
        out.append(nodes.paragraph(text=block.text))
    if block.items:
        if block.style == "bullet":
            lst: nodes.Element = nodes.bullet_list(bullet="・")
        else:
            enum = {"decimal": "arabic", "alpha": "loweralpha", "roman": "lowerroman"}.get(block.style, "arabic")
            lst = nodes.enumerated_list(enumtype=enum, prefix="(" if enum == "loweralpha" else "",
                                        suffix=")" if enum == "loweralpha" else ".")
        for item in block.items:
            li = nodes.list_item()
            li += nodes.paragraph(text=item.text)
            for child in item.children:
                li.extend(block_nodes(child))
            lst += li
        out.append(lst)
    return out


def entry_node(e: EntryView) -> nodes.container:
    box = nodes.container(classes=["bpdsl-entry", f"bpdsl-{e.section}"], ids=[f"{e.section}-{e.id}"])
    head = nodes.paragraph(classes=["bpdsl-entry-head"])
    if e.mark:
        head += nodes.Text(e.mark + " ")
    head += make_ruby(e.name, e.ruby)
    if e.type:
        head += nodes.Text(f" ({e.type})")
    if e.key:
        head += nodes.Text(f"　{e.key}")
    tail = " ".join(t for t in (e.request, e.cost) if t)
    if tail:
        head += nodes.inline(text=f"　{tail}", classes=["bpdsl-request"])
    box += head
    fields = nodes.field_list()
    if e.size:
        label, _, value = e.size.partition("：")
        fields += _field(label, [nodes.paragraph(text=value)])
    for sec in e.sections:
        body: list[nodes.Node] = []
        for block in sec.blocks:
            body.extend(block_nodes(block))
        fields += _field(sec.label or "", body)
    if len(fields):
        box += fields
    return box


def _field(name: str, body: list[nodes.Node]) -> nodes.field:
    field = nodes.field()
    field += nodes.field_name(text=name)
    fb = nodes.field_body()
    fb.extend(body)
    field += fb
    return field

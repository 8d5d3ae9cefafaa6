"""Turn the printed text of an entry (:mod:`bpdsl.render.text`) into the templates' view model.

:mod:`bpdsl.render.text` owns the wording: it renders each op call through its phrase (or the step's
``text`` override) in the edition's own notation and arranges sections and nested lists.  This module
only reshapes that result into :class:`~bpdsl.render.view.EntryView` (paragraph/list blocks, the size
line, the header pieces), so the templates and the Sphinx directives share one shape.
"""
from __future__ import annotations

from typing import Any

from bpdsl.model import Action, Character, Definitions, Edition, Fog, Format
from bpdsl.render import text as textmod
from bpdsl.render.view import Block, EntryView, Item, Section


class TextSource:
    """Printed text of the entries of one edition, as view entries."""

    def __init__(self, defs: Definitions, edition: Edition):
        self.defs = defs
        self.edition = edition
        self.ctx = textmod.phrase_context(edition)

    def entry(self, entry: Action | Character | Fog, fmt: Format, part: str) -> EntryView:
        return entry_view(self.edition, textmod.entry_text(self.edition, entry, fmt, self.ctx))


def entry_view(edition: Edition, et: Any) -> EntryView:
    """EntryText -> EntryView: the size section becomes the size line, blocks become view blocks."""
    size = ""
    sections: list[Section] = []
    for sec in et.sections:
        if sec.kind == "size":
            size = f"{sec.label}{sec.text}"
            continue
        blocks: list[Block] = []
        for tb in sec.blocks:
            blocks.extend(convert_block(tb))
        sections.append(Section(sec.label, blocks, sec.kind))
    return EntryView(
        id=et.id, mark=et.mark, name=et.name, ruby=et.ruby, type=et.type, request=et.request, cost=et.cost,
        key=et.key, size=size, sections=sections, section=et.entry, tags=et.tags,
        key_line=edition.notation != "timing" and et.entry == "action",
    )


def convert_block(tb: Any) -> list[Block]:
    """A text block (paragraph with nested lists, or a list) as view blocks in reading order."""
    out: list[Block] = []
    if tb.text:
        out.append(Block(text=tb.text))
    if tb.items:
        out.append(Block(items=[convert_item(i) for i in tb.items], style=_style(tb.style)))
    for child in tb.children:
        out.extend(convert_block(child))
    return out


def convert_item(ti: Any) -> Item:
    children: list[Block] = []
    for child in ti.children:
        children.extend(convert_block(child))
    return Item(ti.text, children)


def _style(style: str) -> str:
    return style if style in ("decimal", "alpha", "roman", "bullet") else "bullet"

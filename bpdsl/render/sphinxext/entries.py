"""Directives that print entries and counts of an edition:

``.. bpdsl-entries:: act8.0 std`` — the actions, characters and fogs of a format, grouped like the sheet
(options ``:part: action,character,fog,trump``, ``:category: basic``, ``:only: id,id`` and ``:definitions:
folder`` -- a designer's definitions added to the bundled ones, as the manual's example projects);
``.. bpdsl-format-table::`` — entries per format of every edition (or of the editions given), counted
from the definitions.
"""
from __future__ import annotations

from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from bpdsl.render.sheet import SheetError, build_sheet, mark_of
from bpdsl.render.sphinxext.data import definitions
from bpdsl.render.sphinxext.nodes import entry_node, register_nodes, simple_table

PARTS = ("action", "character", "fog", "trump")


def _parts(value: str) -> list[str]:
    parts = [p.strip() for p in value.split(",") if p.strip()]
    bad = [p for p in parts if p not in PARTS]
    if bad:
        raise ValueError(f"unknown part(s) {', '.join(bad)}; use {', '.join(PARTS)}")
    return parts


class EntriesDirective(SphinxDirective):
    required_arguments = 2  # edition, format
    option_spec: ClassVar[dict[str, Any]] = {
        "part": _parts,
        "category": directives.unchanged,
        "no-headings": directives.flag,
        "definitions": directives.unchanged,  # a project's definitions folder added to the bundled ones
        "only": directives.unchanged,  # entry ids, comma-separated: print just these
    }

    def run(self) -> list[nodes.Node]:
        edition_id, format_id = self.arguments
        defs = definitions(self.env, self.options.get("definitions"))
        only = {x.strip() for x in self.options.get("only", "").split(",") if x.strip()}
        try:
            sheet = build_sheet(defs, edition_id, format_id)
        except SheetError as exc:
            raise self.error(str(exc)) from None
        wanted = self.options.get("part") or list(PARTS)
        category = self.options.get("category")
        out: list[nodes.Node] = []
        for part in sheet.parts:
            if part.id not in wanted:
                continue
            for group in part.groups:
                if category and group.category != category:
                    continue
                shown = [e for e in group.entries if not only or getattr(e, "id", None) in only]
                if not shown:
                    continue
                if "no-headings" not in self.options:
                    out.append(nodes.rubric(text=group.heading))
                out.extend(entry_node(e) for e in shown)
        if not out:
            raise self.error(f"no entries of {edition_id} {format_id} match {self.options}")
        return out


class FormatTableDirective(SphinxDirective):
    optional_arguments = 8  # edition ids; none = every edition
    option_spec: ClassVar[dict[str, Any]] = {"caption": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        defs = definitions(self.env)
        ids = self.arguments or list(defs.editions)
        unknown = [i for i in ids if i not in defs.editions]
        if unknown:
            raise self.error(f"unknown edition(s): {', '.join(unknown)}")
        rows: list[list[Any]] = []
        for eid in ids:
            edition = defs.editions[eid]
            for fmt in sorted(edition.formats, key=lambda f: f.order):
                acts = edition.actions_in(fmt.id)
                chars = edition.characters_in(fmt.id)
                fogs = edition.fogs_in(fmt.id)
                if not (acts or chars or fogs):
                    rows.append([f"{edition.name} {eid}", fmt.name, "—", "—", "—", "（未定義）"])
                    continue
                new = sum(1 for e in [*acts, *chars, *fogs] if mark_of(edition, e.formats, fmt) == "○")
                rows.append([f"{edition.name} {eid}", fmt.name, len(acts), len(chars), len(fogs), new])
        table = simple_table(["版", "フォーマット", "アクション数", "キャラクター数", "フォグ数", "○ の数"], rows,
                             widths=[3, 3, 2, 2, 2, 2], classes=["bpdsl-format-table"])
        if "caption" in self.options:
            title = nodes.title(text=self.options["caption"])
            table.insert(0, title)
        return [table]


def setup(app: Any) -> None:
    register_nodes(app)
    app.add_directive("bpdsl-entries", EntriesDirective, override=True)
    app.add_directive("bpdsl-format-table", FormatTableDirective, override=True)

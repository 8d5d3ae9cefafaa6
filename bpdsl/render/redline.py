"""The redline action list: an edition's sheet with what changed against an older edition marked.

``bpdsl render actionlist --edition act9.0 --redline act8.2`` prints the new sheet as usual; every entry
that is not on the old edition's sheet of the same format is flagged new, every printed field that differs
from the old edition's print of the same entry (matched by id) carries its old text, and the entries of
the old sheet that are gone are listed at the end.  The template shows changed text in red and the old
text struck through.  Comparison is on printed text (:func:`bpdsl.render.history.printed`), the same the
change history uses, so the redline and ``bpdsl diff --format`` agree.
"""
from __future__ import annotations

from typing import Any

from bpdsl.model import Definitions, Edition
from bpdsl.render.history import printed
from bpdsl.render.sheet import SheetError
from bpdsl.render.text import entry_text, phrase_context, trump_text
from bpdsl.render.view import SheetView

_TABLES = {"action": "actions", "character": "characters", "fog": "fogs", "trump": "trumps"}


def _old_print(edition: Edition, kind: str, eid: str, fmt: str, ctx: Any) -> dict[str, str] | None:
    table = getattr(edition, _TABLES.get(kind, ""), None)
    entry = table.get(eid) if table is not None else None
    if entry is None or fmt not in entry.formats:
        return None
    et = trump_text(edition, entry, ctx) if kind == "trump" else entry_text(edition, entry, None, ctx)
    return printed(et)


def mark_redline(sheet: SheetView, defs: Definitions, old_id: str) -> SheetView:
    """Mark ``sheet`` (of a newer edition) against the edition ``old_id``'s sheet of the same format."""
    old = defs.editions.get(old_id)
    if old is None:
        raise SheetError(f"unknown edition {old_id!r} to compare with; known: {', '.join(defs.editions)}")
    new = defs.editions[sheet.edition_id]
    nctx, octx = phrase_context(new), phrase_context(old)
    fmt = sheet.format_id
    seen: set[tuple[str, str]] = set()
    for view in sheet.entries:
        kind = view.section
        seen.add((kind, view.id))
        before = _old_print(old, kind, view.id, fmt, octx)
        if before is None:
            view.change = "new"
            continue
        table = getattr(new, _TABLES[kind])
        entry = table[view.id]
        et = trump_text(new, entry, nctx) if kind == "trump" else entry_text(new, entry, None, nctx)
        after = printed(et)
        view.was = {k: before.get(k, "") for k in list(after) + list(before) if before.get(k, "") != after.get(k, "")}
        if view.was:
            view.change = "changed"
    for kind, attr in _TABLES.items():
        for eid, entry in getattr(old, attr).items():
            if fmt in entry.formats and (kind, eid) not in seen:
                sheet.removed.append(entry.name)
    sheet.redline_of = f"{old.name} {old.id}"
    return sheet

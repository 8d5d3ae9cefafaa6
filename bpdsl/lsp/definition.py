"""Go to definition: an entry an edition inherits or overrides opens where its parent edition writes it
(across ``extends``, to the nearest ancestor that has it); an edition's name opens its ``edition.yaml``; an
``after:`` names an entry of the same edition."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bpdsl.diagnostics import Pos
from bpdsl.dsl.document import Document
from bpdsl.lsp.locate import entry_at, node, spot_at
from bpdsl.lsp.workspace import Snapshot, file_of
from bpdsl.model import Edition


@dataclass(frozen=True)
class Location:
    """A place in a definitions file (absolute path, 1-based line and column)."""

    path: Path
    line: int
    col: int


def _at(pos: Pos) -> Location | None:
    if pos.line < 1:
        return None
    return Location(file_of(pos.file), pos.line, pos.col)


def inherited_from(snap: Snapshot, edition: Edition, attr: str, entry_id: str) -> Pos | None:
    """Where the nearest ancestor of ``edition`` writes the entry (None when no ancestor has it)."""
    seen = {edition.id}
    parent_id = edition.extends
    while parent_id and parent_id not in seen:
        seen.add(parent_id)
        parent = snap.definitions.editions.get(parent_id)
        if parent is None:
            return None
        entry = (getattr(parent, attr, None) or {}).get(entry_id)
        if entry is not None:
            return entry.pos
        parent_id = parent.extends
    return None


def definition(snap: Snapshot, doc: Document, line: int, col: int) -> Location | None:
    spot = spot_at(doc, line, col)
    if spot is None:
        return None
    defs = snap.definitions
    value = node(doc, spot.path)
    if spot.key in ("extends", "edition") and not spot.on_key and isinstance(value, str):
        target = defs.editions.get(value)
        return _at(target.pos) if target is not None else None
    edition = snap.edition_of(doc)
    entry = entry_at(doc, spot.path)
    if edition is None or entry is None:
        return None
    if spot.key == "after" and isinstance(value, str):
        target = (getattr(edition, entry.spec.attr, None) or {}).get(value)
        return _at(target.pos) if target is not None else None
    if entry.id and (len(spot.path) == 2 or spot.path[2] == "id"):
        pos = inherited_from(snap, edition, entry.spec.attr, entry.id)
        return _at(pos) if pos is not None else None
    return None

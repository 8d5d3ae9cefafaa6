"""The document model the loader works on: a read file (:class:`Document`), the context a kind's build
gets (:class:`BuildContext`), a kind (:class:`DocumentKind`) and the registry of kinds.

Kept apart from :mod:`bpdsl.dsl.kinds` (the kinds themselves) so that the low-level modules (YAML
reading, schemas, op calls, entries) depend on this small module and never on the kinds built from them.

A kind owns its cerberus schema and a ``build`` function that turns the validated plain data into model
objects inside :class:`~bpdsl.model.Definitions`.  Areas of the project register their own kinds (the
engine registers ``flow``, bpdsl.games.blackpoker.regulation registers ``regulations``) so the loader never needs to know
them.  Build functions report problems through ``ctx.error(path, CODE, message, hint)`` where ``path`` is
the key path inside the document, e.g. ``("actions", 3, "key")``; the loader maps it to file:line:col.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from bpdsl.diagnostics import DiagnosticSink, Pos
from bpdsl.model import Definitions

KeyPath = tuple[Any, ...]


@dataclass
class Document:
    """One loaded YAML file: plain data (dicts, lists, scalars) plus the position of every node."""

    file: str
    data: Any
    positions: dict[KeyPath, Pos] = field(default_factory=dict)
    key_positions: dict[KeyPath, Pos] = field(default_factory=dict)  # position of the *key* of a mapping entry
    styles: dict[KeyPath, str] = field(default_factory=dict)  # quoting style of one-line scalars ("" plain, "'", '"')
    invalid: set[KeyPath] = field(default_factory=set)  # nodes removed by the loader because they were wrong
    # where each node ends (the position just after it): editors (bpdsl.lsp, the studio) find the node
    # under the cursor and the text a quick fix replaces
    ends: dict[KeyPath, Pos] = field(default_factory=dict, repr=False)

    def pos(self, path: KeyPath = ()) -> Pos:
        """Position of the node at ``path``, falling back to the nearest enclosing node."""
        p = tuple(path)
        while p:
            if p in self.positions:
                return self.positions[p]
            p = p[:-1]
        return self.positions.get((), Pos(self.file, 1, 1))

    def key_pos(self, path: KeyPath) -> Pos:
        return self.key_positions.get(tuple(path)) or self.pos(path)

    def text_pos(self, path: KeyPath, offset: int) -> Pos:
        """Position of the character at ``offset`` inside the one-line scalar at ``path`` (e.g. an error
        inside an expression); falls back to the scalar's own position for block and multi-line scalars."""
        p = tuple(path)
        base = self.pos(p)
        style = self.styles.get(p)
        if style is None or p not in self.positions:
            return base
        return Pos(base.file, base.line, base.col + offset + (1 if style else 0))


@dataclass
class BuildContext:
    """Handed to a kind's build function: where to put the result and where to report problems."""

    document: Document
    definitions: Definitions
    sink: DiagnosticSink

    def pos(self, path: KeyPath = ()) -> Pos:
        return self.document.pos(path)

    def error(self, path: KeyPath, code_name: str, message: str, hint: str = "") -> None:
        self.sink.error(self.document.pos(path), code_name, message, hint)

    def warning(self, path: KeyPath, code_name: str, message: str, hint: str = "") -> None:
        self.sink.warning(self.document.pos(path), code_name, message, hint)

    def unique(self, key: str, items: list[Any] | None, code_name: str) -> list[tuple[int, dict[str, Any]]]:
        """The usable items (mappings with an ``id``) of the list under ``key``, each id once; a repeated id
        is reported with ``code_name`` at its place and left out."""
        seen: dict[str, int] = {}
        out = []
        for i, item in enumerate(items or []):
            if not isinstance(item, dict) or "id" not in item:
                continue
            iid = str(item["id"])
            if iid in seen:
                self.error((key, i, "id"), code_name, f"{key}: {iid!r} is declared twice",
                           f"first declared as item {seen[iid] + 1}; ids must be unique")
                continue
            seen[iid] = i
            out.append((i, item))
        return out


@dataclass
class DocumentKind:
    name: str
    schema: dict[str, Any]  # cerberus schema of the document (the ``kind`` key is added by the loader)
    build: Callable[[BuildContext], None]
    order: int = 50  # build order: game (0) < flow (10) < edition (20) < entries (30) < regulations (40)
    finish: Callable[[Definitions, DiagnosticSink], None] | None = None  # cross-document checks, run once


KINDS: dict[str, DocumentKind] = {}


def register_kind(kind: DocumentKind) -> DocumentKind:
    KINDS[kind.name] = kind
    return kind

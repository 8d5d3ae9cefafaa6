"""Where the cursor is in a definitions document: the innermost node under it, the entry and the op call it
belongs to, and the span of a node (for the text a quick fix replaces).

Positions are those the safe reader recorded (:class:`bpdsl.dsl.document.Document`: the start of every node,
of every mapping key, and the end of every node), 1-based lines and columns as in the diagnostics.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bpdsl.dsl.document import Document, KeyPath
from bpdsl.dsl.entries import SPECS, EntrySpec
from bpdsl.ops import registry

ENTRY_LISTS: dict[str, EntrySpec] = {spec.attr: spec for spec in SPECS.values()}  # actions -> the action spec


@dataclass(frozen=True)
class Spot:
    """The node under the cursor: its key path, and whether the cursor is on its key rather than its value."""

    path: KeyPath
    on_key: bool = False

    @property
    def key(self) -> Any:
        return self.path[-1] if self.path else None


def spot_at(doc: Document, line: int, col: int) -> Spot | None:
    """The innermost node (or mapping key) whose text holds the position; None outside every node."""
    cur = (line, col)
    best: Spot | None = None
    for path, start in doc.positions.items():
        end = doc.ends.get(path)
        if end is None or not path:
            continue
        if (start.line, start.col) <= cur <= (end.line, end.col) and (best is None or len(path) > len(best.path)):
            best = Spot(path)
    for path, start in doc.key_positions.items():
        width = len(str(path[-1]))
        if start.line == line and start.col <= col <= start.col + width:
            if best is None or len(path) >= len(best.path):
                best = Spot(path, on_key=True)
    return best


def node(doc: Document, path: KeyPath) -> Any:
    """The plain data at ``path`` (None when the path is not in the document)."""
    value = doc.data
    for step in path:
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            return None
    return value


@dataclass(frozen=True)
class EntryRef:
    """An entry of an entries document: its spec (action, character, fog, trump), list index and id."""

    spec: EntrySpec
    index: int
    id: str | None
    path: KeyPath


def entry_at(doc: Document, path: KeyPath) -> EntryRef | None:
    """The entry (``actions[i]`` ...) that the path lies in, if the document is an entries document."""
    data = doc.data if isinstance(doc.data, dict) else {}
    spec = ENTRY_LISTS.get(str(data.get("kind")))
    if spec is None or len(path) < 2 or path[0] != spec.attr or not isinstance(path[1], int):
        return None
    item = node(doc, path[:2])
    eid = item.get("id") if isinstance(item, dict) else None
    return EntryRef(spec, path[1], str(eid) if eid is not None else None, path[:2])


@dataclass(frozen=True)
class CallRef:
    """An op call in a document: the path of the call node, the op's name, and the path of its name."""

    path: KeyPath
    name: str
    name_path: KeyPath
    bare: bool  # written as the op name alone ("- once_per_turn")


def _is_op(name: Any) -> bool:
    return isinstance(name, str) and (name in registry.load_all() or name in registry.RETIRED)


def call_at(doc: Document, path: KeyPath) -> CallRef | None:
    """The innermost op call the path lies in (its name, its arguments or a text override)."""
    for k in range(len(path), 0, -1):
        prefix = path[:k]
        value = node(doc, prefix)
        if isinstance(value, str) and _is_op(value.strip()) and _in_op_place(prefix):
            return CallRef(prefix, value.strip(), prefix, True)
        parent = node(doc, prefix[:-1])
        key = prefix[-1]
        if isinstance(parent, dict) and _is_op(key) and [n for n in parent if n != "text"] == [key]:
            return CallRef(prefix[:-1], key, prefix, False)
    return None


def _in_op_place(path: KeyPath) -> bool:
    """Whether a bare string at ``path`` sits where op calls are written (an op-call field or list item)."""
    fields = {f for spec in SPECS.values() for f in spec.op_fields}
    return any(isinstance(p, str) and (p in fields or _is_op(p)) for p in path)


def span(doc: Document, path: KeyPath) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """Start and end (line, col) of the node at ``path``."""
    start, end = doc.positions.get(path), doc.ends.get(path)
    if start is None or end is None:
        return None
    return (start.line, start.col), (end.line, end.col)

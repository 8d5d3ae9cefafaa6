"""What hovering shows: an entry's printed text exactly as its edition's sheet prints it (the renderer's
:func:`bpdsl.render.text.entry_text`), an op call's printed phrase with the op's manual entry, and a key
pattern's printed form with the cards it accepts."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bpdsl.dsl.cards import PatternError, full_deck, parse_pattern
from bpdsl.dsl.document import Document
from bpdsl.lsp.locate import call_at, entry_at, node, spot_at
from bpdsl.lsp.manual import op_manual
from bpdsl.lsp.workspace import Snapshot
from bpdsl.model import Edition
from bpdsl.ops import registry
from bpdsl.render.text import entry_text, phrase_context, plain_lines, render_call, trump_text


@dataclass(frozen=True)
class HoverText:
    """Markdown to show, and the span (1-based line/col, end inclusive of the node) it is about."""

    markdown: str
    start: tuple[int, int]
    end: tuple[int, int]


def printed_entry(edition: Edition, attr: str, entry_id: str) -> list[str] | None:
    """The printed lines of an entry of the edition (None when the edition has no such entry)."""
    table = getattr(edition, attr, None) or {}
    entry = table.get(entry_id)
    if entry is None:
        return None
    if attr == "trumps":
        return plain_lines(trump_text(edition, entry))
    return plain_lines(entry_text(edition, entry))


def _block(lines: list[str]) -> str:
    return "```text\n" + "\n".join(lines) + "\n```"


def hover(snap: Snapshot, doc: Document, line: int, col: int) -> HoverText | None:
    """The hover at a position of ``doc`` (None where there is nothing to tell)."""
    spot = spot_at(doc, line, col)
    if spot is None:
        return None
    edition = snap.edition_of(doc)
    start = doc.key_positions.get(spot.path) if spot.on_key else None
    start = start or doc.positions.get(spot.path)
    end = doc.ends.get(spot.path)
    where = ((start.line, start.col) if start else (line, col), (end.line, end.col) if end else (line, col))
    parts: list[str] = []
    call = call_at(doc, spot.path)
    entry = entry_at(doc, spot.path)
    if spot.key == "key" and not spot.on_key or _is_pattern_arg(doc, spot.path, call):
        pattern = key_pattern_text(node(doc, spot.path))
        if pattern:
            parts.append(pattern)
    if call is not None:
        parts.append(_call_text(snap, doc, edition, call))
    elif entry is not None and entry.id and edition is not None:
        lines = printed_entry(edition, entry.spec.attr, entry.id)
        if lines is not None:
            parts.append(f"{entry.spec.kind} `{entry.id}` of {edition.name} {edition.id}, as printed:\n\n" + _block(lines))
            parts.append(_origin(snap, edition, entry.spec.attr, entry.id))
    if not parts:
        return None
    return HoverText("\n\n---\n\n".join(p for p in parts if p), *where)


def _origin(snap: Snapshot, edition: Edition, attr: str, entry_id: str) -> str:
    """Where an inherited entry comes from (the nearest ancestor edition that has it)."""
    parent_id = edition.extends
    while parent_id:
        parent = snap.definitions.editions.get(parent_id)
        if parent is None:
            return ""
        if entry_id in (getattr(parent, attr, None) or {}):
            return f"inherited from {parent.name} {parent.id} ({getattr(parent, attr)[entry_id].pos})"
        parent_id = parent.extends
    return ""


def _call_text(snap: Snapshot, doc: Document, edition: Edition | None, call: Any) -> str:
    ctx = phrase_context(edition) if edition is not None else registry.PhraseContext({}, {})
    head = ""
    if edition is not None:
        pos = doc.positions.get(call.path)
        model = snap.call_at(edition, doc.file, pos.line, pos.col) if pos else None
        if model is not None:
            try:
                head = "prints: " + render_call(ctx, model)
            except Exception:  # noqa: BLE001 - a phrase that needs its entry's context; the manual still shows
                head = ""
    manual = op_manual(call.name, ctx)
    return "\n\n".join(p for p in (head, manual) if p)


def _is_pattern_arg(doc: Document, path: Any, call: Any) -> bool:
    if call is None or len(path) <= len(call.name_path):
        return False
    op = registry.load_all().get(call.name)
    arg = path[len(call.name_path)] if not call.bare else None
    rule = op.args.get(arg) if op is not None and isinstance(arg, str) else None
    typ = (rule or {}).get("type")
    return typ == "pattern" or isinstance(typ, list) and "pattern" in typ


def key_pattern_text(value: Any) -> str:
    """A key pattern as printed (``★ …``), how many key cards it takes and which cards it accepts."""
    if value is None or isinstance(value, (dict, list, bool)):
        return ""
    text = str(value)
    try:
        pattern = parse_pattern(text)
    except PatternError as exc:
        return f"key pattern `{text}` cannot be read: {exc.message}"
    low, high = pattern.size_range
    deck = full_deck()
    accepted = [c for c in deck if pattern.accepts(c)]
    count = f"{low}" if low == high else f"{low}〜{high}"
    shown = " ".join(c.text for c in accepted[:20]) + (" …" if len(accepted) > 20 else "")
    return f"printed: ★ {text}\n\n{count} key card(s); {len(accepted)} of the {len(deck)} cards can be one: {shown}"

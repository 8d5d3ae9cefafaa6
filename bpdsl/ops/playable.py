"""Which entries of an edition can be played: an entry is printed but left out of play when it says so
(``unplayed: <reason>``, e.g. an imported key or cost the game does not know) or when a place the engine
runs (a condition, trigger, target or effect step; a character's size, labels or abilities) holds an op
without an executor -- a printed-only text override.  ※ notes are printed only, so they never count.

The engine compiles the rest (a game's rules extension leaves these out), and ``bpdsl validate --stats``
lists them with the reason, so a game never offers what it cannot play and no error names an internal
module."""
from __future__ import annotations

from typing import Any, Iterable

from bpdsl.ops import registry


def _run_calls(entry: Any) -> Iterable[Any]:
    """The op calls of an entry the engine runs (its ※ notes are printed only)."""
    yield from getattr(entry, "conditions", None) or []  # a condition printed as a ※ note is run too
    for name in ("when", "target", "size"):
        call = getattr(entry, name, None)
        if call is not None:
            yield call
    for name in ("effect", "labels", "abilities"):
        yield from getattr(entry, name, None) or []


def why_unplayed(entry: Any) -> str | None:
    """The reason an action or character cannot be played, or None when it can."""
    reason = getattr(entry, "unplayed", None)
    if reason:
        return str(reason)
    table = registry.load_all()
    missing = sorted({c.op for c in _run_calls(entry) if c.op not in table or table[c.op].execute is None})
    if missing:
        return "printed from a text override the engine does not run yet (" + ", ".join(missing) + ")"
    return None


def unplayed(edition: Any, format_id: str | None = None) -> dict[tuple[str, str], str]:
    """(kind, id) -> reason, for every action and character of ``edition`` (of ``format_id``) left out of play."""
    out: dict[tuple[str, str], str] = {}
    for kind, table in (("action", edition.actions), ("character", edition.characters)):
        for eid, entry in table.items():
            if format_id is not None and format_id not in entry.formats:
                continue
            reason = why_unplayed(entry)
            if reason is not None:
                out[(kind, eid)] = reason
    return out

"""A log that names its definitions, so that ``bpdsl replay LOG`` plays it again without flags.

A game of a designer's edition is logged with a first line that says which definitions it was played with::

    {"t": "definitions", "bundled": true, "paths": ["../my/definitions"], "digest": "3f2a...", "h": "..."}

``paths`` are the definitions folders or files besides the bundled ones (the project's, ``-d``,
``$BPDSL_DEFINITIONS``), written relative to the log file's folder so that a project and its logs can move
together; ``digest`` is a sha256 of their files' contents.  The line is the first link of the log's hash
chain: editing, removing or moving it breaks the chain at once.  The replay reads the definitions the line
names (relative to the log), rebuilds the line from what it found -- the same paths, the digest of the files
as they are now -- and compares it with the logged one like every other event, so definitions changed since
the game was played are reported at event 1.  ``-d``/``--no-bundled`` on the replay's command line override
the line (it is then kept as logged and protected by the chain alone).  A game of the bundled definitions
only writes no such line: its log is exactly as before.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

from bpdsl.dsl.loader import SUFFIXES, load
from bpdsl.dsl.project import Selection
from bpdsl.engine.replay import ReplayError, ReplayResult, replay_events
from bpdsl.model import Definitions

EVENT = "definitions"


class NamedDefinitionsError(ReplayError):
    """The definitions a log names cannot be found, read or used."""


def definition_files(path: Path) -> list[Path]:
    """The definitions files a load of ``path`` reads: the file itself, or every YAML file below the folder
    (hidden ones left out), in a stable order."""
    if path.is_file():
        return [path]
    return sorted(f for f in path.rglob("*") if f.suffix in SUFFIXES and f.is_file()
                  and not any(part.startswith(".") for part in f.relative_to(path).parts))


def digest(paths: list[Path]) -> str:
    """sha256 of the definitions files under ``paths`` (their names relative to each path and contents)."""
    h = hashlib.sha256()
    for n, root in enumerate(paths):
        for f in definition_files(root):
            rel = f.name if root.is_file() else f.relative_to(root).as_posix()
            h.update(f"{n}:{rel}\n".encode("utf-8"))
            h.update(hashlib.sha256(f.read_bytes()).digest())
    return h.hexdigest()


def definitions_event(selection: Selection, log_file: Path) -> dict[str, Any] | None:
    """The first line of a log written to ``log_file`` by a game of ``selection``; None for the bundled
    definitions alone."""
    from bpdsl.resources import definitions_dir

    bundled_root = definitions_dir().resolve()
    paths = [p for p in selection.roots() if p.resolve() != bundled_root]
    if not paths:
        return None
    base = log_file.resolve().parent
    rel = [Path(os.path.relpath(p.resolve(), base)).as_posix() for p in paths]
    return {"t": EVENT, "bundled": selection.bundled, "paths": rel, "digest": digest([p.resolve() for p in paths])}


def named(events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The log's definitions line (its first line), or None."""
    first = events[0] if events else None
    return first if isinstance(first, dict) and first.get("t") == EVENT else None


def selection_of(line: dict[str, Any], log_file: Path) -> Selection:
    """The definitions ``line`` names, resolved relative to the log's folder; every path must exist."""
    paths, bundled = line.get("paths"), line.get("bundled")
    if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths) or not isinstance(bundled, bool):
        raise NamedDefinitionsError("line 1: the 'definitions' line has bad 'paths' or 'bundled'")
    base = log_file.resolve().parent
    resolved = tuple(base / p for p in paths)
    missing = [f"{p} ({r})" for p, r in zip(paths, resolved) if not r.exists()]
    if missing:
        raise NamedDefinitionsError(f"the log names definitions that are not there (relative to the log): "
                                    f"{', '.join(missing)}; give them with -d DIR")
    return Selection(bundled, resolved)


def named_definitions(events: list[dict[str, Any]], log_file: Path,
                      override: bool = False) -> tuple[Definitions | None, list[dict[str, Any]]]:
    """The definitions to replay a log with and the lines to write before its game's own, as the replay
    rebuilds them: (None, []) for a log that names none; with ``override`` (the command line chose) the
    process's definitions and the line as logged; else the named definitions and the line rebuilt from
    them (the same paths, the digest of the files as they are now)."""
    line = named(events)
    if line is None:
        return None, []
    if override:
        return None, [{k: v for k, v in line.items() if k != "h"}]
    selection = selection_of(line, log_file)
    result = load(selection.roots())
    if not result.ok:
        shown = "; ".join(d.format() for d in result.errors[:5])
        raise NamedDefinitionsError(f"the definitions the log names are invalid: {shown}")
    rebuilt = {"t": EVENT, "bundled": line["bundled"], "paths": line["paths"],
               "digest": digest([p.resolve() for p in selection.paths])}
    return result.definitions, [rebuilt]


def replay_named(events: list[dict[str, Any]], log_file: Path, override: bool = False) -> ReplayResult:
    """Replay a plain game's log with the definitions it names (or, with ``override`` or no such line, the
    process's selection), checking the definitions line like every other event."""
    definitions, header = named_definitions(events, log_file, override)
    return replay_events(events, definitions=definitions, header=header)

"""Changes of definitions files on disk, as they happen (watchfiles: the operating system's file events).

Used by ``bpdsl render … --watch`` (re-render the sheets when a designer saves in their own editor) and by
the studio (reload a file another editor changed).  Only ``*.yaml``/``*.yml`` files count, and hidden
folders (``.git``) are left out, as the loader leaves them out.
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Callable, Iterator, Sequence

from watchfiles import Change, DefaultFilter, watch

from bpdsl.dsl.loader import SUFFIXES


class DefinitionsFilter(DefaultFilter):
    """watchfiles' default filter (editor swap files, ``__pycache__`` ...) and definitions files only."""

    def __call__(self, change: Change, path: str) -> bool:
        p = Path(path)
        return p.suffix in SUFFIXES and not any(part.startswith(".") for part in p.parts[1:]) \
            and super().__call__(change, path)


def definition_changes(roots: Sequence[Path], stop: threading.Event | None = None, debounce_ms: int = 300,
                       ready: Callable[[], None] | None = None) -> Iterator[set[Path]]:
    """Yield the set of definitions files changed (written, added or removed) together, until ``stop`` is set
    (or forever).  A root that is a file is watched through its folder.  ``ready`` is called once the
    operating system watches the folders (a change before that is not seen)."""
    folder_roots = {r.resolve() for r in roots if r.is_dir()}
    file_roots = {r.resolve() for r in roots if r.is_file()}
    watched = sorted(folder_roots | {f.parent for f in file_roots})
    if not watched:
        return

    def counts(p: Path) -> bool:  # a file root's folder may hold other files: only the file itself counts
        return p in file_roots or any(f == p or f in p.parents for f in folder_roots)

    for changes in watch(*watched, watch_filter=DefinitionsFilter(), debounce=debounce_ms, stop_event=stop,
                         raise_interrupt=True, rust_timeout=200, yield_on_timeout=True):
        if ready is not None:  # the first answer (changes or a timeout) comes from a running watcher
            ready()
            ready = None
        paths = {p for p in (Path(name).resolve() for _, name in changes) if counts(p)}
        if paths:
            yield paths

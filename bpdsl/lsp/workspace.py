"""The definitions an editor works on: the selected definitions on disk with the editor's unsaved buffers
laid over them, checked together the way ``bpdsl validate`` checks them.

A designer's file is only meaningful with the rest of its set (an edition ``extends`` a bundled one; the
actions of a folder name the edition of its ``edition.yaml``), so every check loads the whole selection
(:mod:`bpdsl.dsl.project`), and a file opened from outside it brings its folder along.  The files that did
not change since the last check are not read again (:mod:`bpdsl.dsl.doccache`).
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from bpdsl.diagnostics import Diagnostic
from bpdsl.dsl import project
from bpdsl.dsl.doccache import DocumentCache
from bpdsl.dsl.document import Document
from bpdsl.dsl.loader import SUFFIXES, LoadResult, load
from bpdsl.lsp.lru import Lru
from bpdsl.model import Edition, OpCall

# What a workspace keeps of the editor's buffers, whatever the editor opens and never closes: the buffers
# touched most recently, at most this many and this many characters in all (an editor has a few dozen
# files open; a search and replace over a project may open thousands).  A buffer dropped is checked as its
# file on disk until the editor changes it again.
MAX_BUFFERS = 256
MAX_BUFFER_CHARS = 8_000_000
_log = logging.getLogger("bpdsl.lsp")


def file_of(name: str, base: Path | None = None) -> Path:
    """The absolute path of a diagnostic's or document's file name (relative names are the working
    directory's: :func:`bpdsl.dsl.loader.display_name`)."""
    path = Path(name)
    return (path if path.is_absolute() else (base or Path.cwd()) / path).resolve()


@dataclass
class Snapshot:
    """One check of the definitions: the model, every diagnostic, and the documents by absolute path."""

    result: LoadResult
    documents: dict[Path, Document]
    texts: dict[Path, str]
    _calls: dict[str, dict[tuple[str, int, int], OpCall]] = field(default_factory=dict, repr=False)

    @property
    def definitions(self) -> Any:
        return self.result.definitions

    def diagnostics_by_file(self) -> dict[Path, list[Diagnostic]]:
        """Diagnostics grouped by the file they are in (those of no definitions file are left out)."""
        out: dict[Path, list[Diagnostic]] = {}
        for d in self.result.diagnostics:
            if d.pos.line < 1 or not d.pos.file.endswith(SUFFIXES):
                continue
            out.setdefault(file_of(d.pos.file), []).append(d)
        return out

    def text(self, path: Path) -> str:
        """The text the check read for ``path`` (the editor's buffer, else the file)."""
        if path in self.texts:
            return self.texts[path]
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return ""

    def edition_of(self, doc: Document) -> Edition | None:
        """The edition a document writes: its ``id`` (an edition document) or its ``edition`` (entries)."""
        data = doc.data if isinstance(doc.data, dict) else {}
        eid = data.get("id") if data.get("kind") == "edition" else data.get("edition")
        return self.definitions.editions.get(eid) if isinstance(eid, str) else None

    def call_at(self, edition: Edition, file: str, line: int, col: int) -> OpCall | None:
        """The op call of ``edition`` written at that position (nested calls included)."""
        table = self._calls.get(edition.id)
        if table is None:
            table = {(c.pos.file, c.pos.line, c.pos.col): c for c in _all_calls(edition)}
            self._calls[edition.id] = table
        return table.get((file, line, col))


def _all_calls(edition: Edition) -> Iterator[OpCall]:
    def walk(value: Any) -> Iterator[OpCall]:
        if isinstance(value, OpCall):
            yield value
            for arg in value.args.values():
                yield from walk(arg)
        elif isinstance(value, (list, tuple)):
            for item in value:
                yield from walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                yield from walk(item)

    for table in (edition.actions, edition.characters, edition.fogs, getattr(edition, "trumps", {}) or {}):
        for entry in table.values():
            for name in ("target", "conditions", "when", "notes", "effect", "size", "labels", "abilities"):
                yield from walk(getattr(entry, name, None))


class Workspace:
    """The selected definitions plus the editor's buffers; :meth:`check` loads them as one set.

    Everything it keeps per file is bounded (:data:`MAX_BUFFERS`, :data:`MAX_BUFFER_CHARS`, the document
    cache's own bounds): the buffers the editor touched most recently, the last document of each of them
    that parsed, and the folders of those opened from outside the selection."""

    def __init__(self, roots: list[Path] | None = None, cache: DocumentCache | None = None,
                 max_buffers: int = MAX_BUFFERS, max_chars: int = MAX_BUFFER_CHARS):
        self.roots = [p.resolve() for p in (roots if roots is not None else project.current().roots())]
        self.buffers: Lru[Path, str] = Lru(max_buffers, max_chars, weight=len, evicted=self._dropped)
        self.last: Snapshot | None = None
        # the last document that parsed, per open buffer (hover while typing); dropped with its buffer
        self.good: dict[Path, Document] = {}
        self._lock = threading.Lock()
        # the files read and schema-checked by earlier checks: a keystroke re-reads only the edited buffer
        self.cache = cache if cache is not None else DocumentCache()

    @property
    def extra(self) -> list[Path]:
        """The folders of the open definitions files outside the selection (each brings its folder along)."""
        out: list[Path] = []
        for path in self.buffers:
            if path.suffix in SUFFIXES and not self._in_roots(path) and path.parent not in out:
                out.append(path.parent)
        return out

    def _in_roots(self, path: Path) -> bool:
        return any(path == r or r in path.parents for r in self.roots)

    def covers(self, path: Path) -> bool:
        return self._in_roots(path) or any(path == r or r in path.parents for r in self.extra)

    def _dropped(self, path: Path, _text: str) -> None:
        self.good.pop(path, None)
        _log.warning("%s: its unsaved text is no longer kept (more than %d open buffers or %d characters); "
                     "it is checked as saved until it is changed again", path, self.buffers.max_entries,
                     self.buffers.max_weight or 0)

    def open(self, path: Path, text: str) -> None:
        self.buffers.put(path.resolve(), text)

    def change(self, path: Path, text: str) -> None:
        self.buffers.put(path.resolve(), text)

    def close(self, path: Path) -> None:
        path = path.resolve()
        self.buffers.pop(path)
        self.good.pop(path, None)

    def check(self) -> Snapshot:
        """Load the selection with the buffers laid over the files (one check at a time)."""
        with self._lock:
            texts = self.buffers.as_dict()
            result = load([*self.roots, *self.extra], texts=texts, cache=self.cache)
            documents = {file_of(d.file): d for d in result.documents}
            for path in texts:  # only what an open buffer needs: the others are in the snapshot
                if path in documents and path in self.buffers:
                    self.good[path] = documents[path]
            self.last = Snapshot(result, documents, texts)
            return self.last

    def snapshot(self) -> Snapshot:
        return self.last or self.check()

    def document(self, path: Path) -> Document | None:
        """The file's document of the last check, else the last one of it that parsed."""
        path = path.resolve()
        snap = self.snapshot()
        return snap.documents.get(path) or self.good.get(path)

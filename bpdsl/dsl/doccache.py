"""The read and schema-checked documents of earlier loads, kept for the next load of the same texts.

An editor checks the whole selection on every keystroke (:mod:`bpdsl.lsp`, the studio), yet only the file
being typed in has changed: reading the other files (YAML with the position of every node) and checking
them against their kind's schema is about two thirds of a check.  A :class:`DocumentCache` keeps, per
file, what those two stages made of it — the document (already pruned of what its schema refused), the
diagnostics they reported, its kind and whether it is usable — keyed by the file's name and a hash of its
exact text, so a file is read and schema-checked again only when its text changed.  Building the model and
the whole-model checks run on every load as before: they depend on every document together.

Both stages are pure functions of (name, text, kind), and the later stages never change a document's
data, so a reused document is the one a fresh read would make (``tests/dsl/test_doccache.py`` compares
a load with the cache against one without, diagnostic for diagnostic and entry for entry).
"""
from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from bpdsl.diagnostics import Diagnostic
from bpdsl.dsl.document import Document

MAX_ENTRIES = 1024  # documents kept (several versions of a selection of a few hundred files)
# bytes of source text whose documents are kept: a document with the position of every node takes about
# 35 times its text (the bundled definitions, 33 files and 166 KB, keep about 6 MB), so the count alone
# would not bound memory when files are large; 4 MB of text is some 150 MB at most
MAX_BYTES = 4_000_000


@dataclass(frozen=True)
class Checked:
    """One file after reading and the schema check: ``kind`` None when it has no known kind."""

    document: Document | None
    diagnostics: tuple[Diagnostic, ...]
    kind: Any
    usable: bool


def text_key(name: str, data: bytes) -> tuple[str, str]:
    return name, hashlib.blake2b(data, digest_size=16).hexdigest()


class DocumentCache:
    """The :class:`Checked` files of earlier loads by (display name, text hash), least recently used
    dropped beyond :data:`MAX_ENTRIES` files or :data:`MAX_BYTES` bytes of their texts; safe to share
    between threads."""

    def __init__(self, size: int = MAX_ENTRIES, max_bytes: int = MAX_BYTES):
        self.size = size
        self.max_bytes = max_bytes
        self._items: OrderedDict[tuple[str, str], tuple[Checked, int]] = OrderedDict()
        self.total_bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: tuple[str, str]) -> Checked | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return found[0]

    def put(self, key: tuple[str, str], checked: Checked, size: int = 0) -> None:
        """Keep ``checked`` (read from ``size`` bytes of text); a file larger than the whole budget is kept
        alone rather than not at all, so the file being typed in is not read twice per check."""
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.total_bytes -= old[1]
            self._items[key] = (checked, size)
            self.total_bytes += size
            while len(self._items) > 1 and (len(self._items) > self.size or self.total_bytes > self.max_bytes):
                self.total_bytes -= self._items.popitem(last=False)[1][1]

    def __len__(self) -> int:
        return len(self._items)


__all__ = ["Checked", "DocumentCache", "MAX_BYTES", "MAX_ENTRIES", "text_key"]

"""A mapping that forgets its least recently used entries beyond a count and a total weight.

The language server lives as long as the editor, and an editor may open, change and close thousands of
files in a day (a project-wide search and replace opens every file it touches).  Whatever the server keeps
per file is kept in one of these, so its memory is bounded by construction, not by how the editor behaves:
at most ``max_entries`` entries and ``max_weight`` units of weight (the characters of a buffer's text,
say) -- the entry used longest ago goes first.  A single entry heavier than the whole budget is still kept
(the file being typed in must be checked), alone.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable, Generic, Iterator, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Lru(Generic[K, V]):
    """``get`` and ``put`` make an entry the most recently used; ``evicted`` is called with every entry
    dropped to stay within the bounds (not with one removed by ``pop``).  Safe to share between threads
    (the language server checks in a thread while the editor's changes arrive)."""

    def __init__(self, max_entries: int, max_weight: int | None = None,
                 weight: Callable[[V], int] | None = None,
                 evicted: Callable[[K, V], None] | None = None) -> None:
        if max_entries < 1:
            raise ValueError("an LRU keeps at least one entry")
        self.max_entries = max_entries
        self.max_weight = max_weight
        self._weight = weight or (lambda _v: 0)
        self._evicted = evicted
        self._items: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self.total_weight = 0
        self._lock = threading.RLock()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __iter__(self) -> Iterator[K]:
        with self._lock:
            return iter(list(self._items))

    def get(self, key: K, default: V | None = None) -> V | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                return default
            self._items.move_to_end(key)
            return found[0]

    def peek(self, key: K, default: V | None = None) -> V | None:
        """The entry without making it recently used."""
        with self._lock:
            found = self._items.get(key)
            return default if found is None else found[0]

    def put(self, key: K, value: V) -> None:
        w = self._weight(value)
        with self._lock:
            self.pop(key)
            self._items[key] = (value, w)
            self.total_weight += w
            dropped = self._shrink()
        for k, v in dropped:  # told outside the lock: a callback may use this mapping
            if self._evicted is not None:
                self._evicted(k, v)

    def update(self, items: dict[K, V]) -> None:
        for k, v in items.items():
            self.put(k, v)

    def pop(self, key: K, default: V | None = None) -> V | None:
        with self._lock:
            found = self._items.pop(key, None)
            if found is None:
                return default
            self.total_weight -= found[1]
            return found[0]

    def items(self) -> list[tuple[K, V]]:
        """The entries, least recently used first (a copy)."""
        with self._lock:
            return [(k, v) for k, (v, _w) in self._items.items()]

    def as_dict(self) -> dict[K, V]:
        with self._lock:
            return {k: v for k, (v, _w) in self._items.items()}

    def _shrink(self) -> list[tuple[K, V]]:
        """Drop the least recently used entries beyond the bounds (the lock held); those dropped."""
        def over() -> bool:
            return len(self._items) > self.max_entries or (
                self.max_weight is not None and self.total_weight > self.max_weight)

        dropped: list[tuple[K, V]] = []
        while len(self._items) > 1 and over():
            key, (value, w) = self._items.popitem(last=False)
            self.total_weight -= w
            dropped.append((key, value))
        return dropped


__all__ = ["Lru"]

"""What the language server keeps is bounded however the editor behaves: an editor that opens and changes
thousands of files and never closes them leaves the server with at most a fixed number of buffers, their
characters, their parsed documents and their folders (bpdsl.lsp.workspace, bpdsl.lsp.lru), and the
document cache of its checks within its count and bytes (bpdsl.dsl.doccache)."""
from __future__ import annotations

from pathlib import Path

import pytest

from bpdsl.dsl.doccache import DocumentCache
from bpdsl.dsl.loader import default_paths, load
from bpdsl.lsp.lru import Lru
from bpdsl.lsp.workspace import MAX_BUFFER_CHARS, MAX_BUFFERS, Workspace

ACTIONS = "kind: actions\nedition: act8.2\nactions: []\n"


def test_the_lru_keeps_the_most_recent_entries_within_its_count_and_weight() -> None:
    dropped: list[str] = []
    lru: Lru[str, str] = Lru(3, 10, weight=len, evicted=lambda k, v: dropped.append(k))
    for k in "abc":
        lru.put(k, "xx")
    assert lru.get("a") == "xx"  # a is now the most recent: b goes first
    lru.put("d", "xx")
    assert list(lru) == ["c", "a", "d"] and dropped == ["b"]
    lru.put("e", "xxxxxxx")  # 2 + 2 + 7 > 10: the two oldest go
    assert list(lru) == ["d", "e"] and dropped == ["b", "c", "a"] and lru.total_weight == 9
    lru.put("f", "x" * 50)  # heavier than the whole budget: kept, alone
    assert list(lru) == ["f"] and lru.total_weight == 50
    assert lru.pop("f") == "x" * 50 and len(lru) == 0 and lru.total_weight == 0
    assert dropped == ["b", "c", "a", "d", "e"]  # pop is not an eviction
    with pytest.raises(ValueError):
        Lru(0)


def test_thousands_of_buffers_opened_and_changed_stay_within_the_bounds(tmp_path: Path) -> None:
    ws = Workspace([tmp_path / "selection"])
    big = "x" * (MAX_BUFFER_CHARS // 100)
    for i in range(MAX_BUFFERS * 8):
        path = tmp_path / f"folder{i}" / "actions.yaml"  # each outside the selection, in its own folder
        ws.open(path, ACTIONS)
        ws.change(path, ACTIONS + f"# {i}\n" + (big if i % 2 else ""))
        assert len(ws.buffers) <= MAX_BUFFERS
        assert ws.buffers.total_weight <= MAX_BUFFER_CHARS
    assert len(ws.extra) == len(ws.buffers) < MAX_BUFFERS * 8  # the folders of the kept buffers only
    last = (tmp_path / f"folder{MAX_BUFFERS * 8 - 1}" / "actions.yaml").resolve()
    assert last in ws.buffers  # the most recent buffer is kept


def test_a_dropped_or_closed_buffer_takes_its_document_and_folder_along(tmp_path: Path) -> None:
    selection = tmp_path / "selection"
    selection.mkdir()
    paths = []
    for i in range(6):
        path = tmp_path / f"outside{i}" / "actions.yaml"
        path.parent.mkdir()
        path.write_text(ACTIONS, encoding="utf-8")
        paths.append(path.resolve())
    ws = Workspace([selection], max_buffers=3)
    for i, path in enumerate(paths):
        ws.open(path, ACTIONS + f"# typed {i}\n")
        ws.check()
        assert set(ws.good) <= set(ws.buffers) and len(ws.good) <= 3
    assert list(ws.buffers) == paths[3:]
    assert set(ws.good) == set(paths[3:])  # the last parsed document of each open buffer, no more
    assert ws.extra == [p.parent for p in paths[3:]]
    snap = ws.check()
    assert snap.texts.keys() == set(paths[3:])  # a dropped buffer is checked as saved
    assert paths[0] not in snap.documents  # its folder is no longer brought along
    ws.close(paths[4])
    assert paths[4] not in ws.good and paths[4].parent not in ws.extra


def test_the_document_cache_keeps_its_bytes_bounded() -> None:
    cache = DocumentCache(size=1000, max_bytes=40_000)
    load(default_paths(), cache=cache)
    assert 1 <= len(cache) and cache.total_bytes <= 40_000
    whole = DocumentCache(size=1000, max_bytes=10**9)
    load(default_paths(), cache=whole)
    assert len(whole) > len(cache)  # the budget, not the count, dropped files
    tiny = DocumentCache(size=1000, max_bytes=1)
    load(default_paths(), cache=tiny)
    assert len(tiny) == 1  # a file larger than the budget is kept alone

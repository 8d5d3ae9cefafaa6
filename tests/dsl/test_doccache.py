"""The documents an editor's check keeps between keystrokes (bpdsl.dsl.doccache): a load that reuses them
gives exactly what a fresh load gives — every diagnostic, every entry of every edition — and a file is
read again as soon as its text changes."""
from __future__ import annotations

from pathlib import Path

from bpdsl.dsl.doccache import DocumentCache
from bpdsl.dsl.loader import default_paths, load
from bpdsl.lsp.bench import keystroke

ACTIONS = "blackpoker/editions/act8.2/actions.yaml"


def _actions_file() -> Path:
    from bpdsl.resources import definitions_dir

    return (definitions_dir() / ACTIONS).resolve()


def _same(a: object, b: object) -> None:
    from bpdsl.dsl.loader import LoadResult

    assert isinstance(a, LoadResult) and isinstance(b, LoadResult)
    assert [str(d) for d in a.diagnostics] == [str(d) for d in b.diagnostics]
    assert a.definitions.editions.keys() == b.definitions.editions.keys()
    for eid, ed in a.definitions.editions.items():
        assert repr(ed) == repr(b.definitions.editions[eid]), eid
    assert repr(a.definitions.games) == repr(b.definitions.games)


def test_a_load_from_the_cache_is_the_fresh_load() -> None:
    cache = DocumentCache()
    first = load(default_paths(), cache=cache)
    assert cache.misses == len(first.documents) and cache.hits == 0
    again = load(default_paths(), cache=cache)
    assert cache.hits == len(first.documents)  # nothing read twice
    _same(again, load(default_paths()))
    _same(first, again)


def test_an_edited_buffer_is_read_again_and_checked_as_typed() -> None:
    cache = DocumentCache()
    path = _actions_file()
    text = path.read_text(encoding="utf-8")
    load(default_paths(), cache=cache)
    broken = text.replace("- damage:", "- dammage:", 1)
    assert broken != text
    # None: the buffer closed, the file as saved; a text checked before is not read again either
    for typed, read in ((keystroke(text, 1), 1), (broken, 1), (broken, 0), (None, 0)):
        texts = {path: typed} if typed is not None else None
        misses = cache.misses
        cached = load(default_paths(), texts=texts, cache=cache)
        assert cache.misses - misses == read  # at most the edited file is read again
        _same(cached, load(default_paths(), texts=texts))
    codes = [d.code for d in load(default_paths(), texts={path: broken}, cache=cache).diagnostics]
    assert "O001" in codes


def test_the_cache_keeps_a_bounded_number_of_documents() -> None:
    cache = DocumentCache(size=3)
    load(default_paths(), cache=cache)
    assert len(cache) == 3

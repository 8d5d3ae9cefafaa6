"""YAML edited the way a person would: ruamel.yaml's round trip keeps comments, quotes and key order, and
the lines a change does not touch are kept byte for byte from the original text.

ruamel.yaml re-emits a whole document, with its own idea of indentation and line breaks.  So a file is
dumped twice — as read, and as changed — and only the hunks where those two dumps differ are spliced into
the original text; a designer's wrapped flow mappings, spacing and comments elsewhere stay as written.
"""
from __future__ import annotations

import difflib
import io
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

# (mapping, sequence, offset): the two indentations bpdsl's own files use, tried in this order
_INDENTS = ((2, 4, 2), (2, 2, 0))


def _yaml(indent: tuple[int, int, int]) -> YAML:
    y = YAML(typ="rt")
    y.preserve_quotes = True
    y.allow_unicode = True
    y.width = 4096
    y.indent(mapping=indent[0], sequence=indent[1], offset=indent[2])
    return y


def load(text: str) -> Any:
    """The round-trip document of ``text`` (ruamel's CommentedMap / CommentedSeq)."""
    return _yaml(_INDENTS[0]).load(text)


def _dump(doc: Any, indent: tuple[int, int, int]) -> str:
    out = io.StringIO()
    _yaml(indent).dump(doc, out)
    return out.getvalue()


def flow(value: Any) -> Any:
    """``value`` as ruamel nodes written in flow style (``{block: {by: ♡5}}``), as scenario entries are."""
    if isinstance(value, dict):
        m = CommentedMap((k, flow(v)) for k, v in value.items())
        m.fa.set_flow_style()
        return m
    if isinstance(value, list):
        s = CommentedSeq(flow(v) for v in value)
        s.fa.set_flow_style()
        return s
    return value


class Edit:
    """A file read for editing: change ``doc`` in place, then :meth:`text` gives the new text."""

    def __init__(self, text: str):
        self.original = text
        self.doc = load(text)
        best = min(_INDENTS, key=lambda ind: _distance(_dump(self.doc, ind), text))
        self.indent = best
        self.before = _dump(self.doc, best)  # the unchanged document as ruamel writes it

    def text(self) -> str:
        after = _dump(self.doc, self.indent)
        if after == self.before:
            return self.original
        if self.before == self.original:
            return after
        return splice(self.original, self.before, after)


def _distance(a: str, b: str) -> int:
    m = difflib.SequenceMatcher(None, a.splitlines(), b.splitlines(), autojunk=False)
    return sum(max(i2 - i1, j2 - j1) for op, i1, i2, j1, j2 in m.get_opcodes() if op != "equal")


def splice(original: str, before: str, after: str) -> str:
    """Apply the line hunks that turn ``before`` into ``after`` to ``original`` (of which ``before`` is a
    re-emission): where ``before`` and ``original`` agree line for line around a hunk, the hunk replaces the
    original's lines; a hunk in a stretch they word differently takes ruamel's lines for that stretch."""
    o, b, a = original.splitlines(keepends=True), before.splitlines(keepends=True), after.splitlines(keepends=True)
    # map each line of `before` to the line of `original` it equals (inside equal blocks only)
    to_orig: dict[int, int] = {}
    for blk in difflib.SequenceMatcher(None, b, o, autojunk=False).get_matching_blocks():
        for k in range(blk.size):
            to_orig[blk.a + k] = blk.b + k
    out: list[str] = []
    pos = 0  # next line of `original` not yet copied
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, b, a, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        start = _orig_start(to_orig, i1, len(o))
        end = _orig_end(to_orig, i2, start, len(o))
        if start < pos:
            start = pos
        out.extend(o[pos:start])
        out.extend(a[j1:j2])
        pos = max(pos, end)
    out.extend(o[pos:])
    return "".join(out)


def _orig_start(to_orig: dict[int, int], i: int, n: int) -> int:
    """The original line where a hunk starting at line ``i`` of the re-emission begins."""
    k = i - 1
    while k >= 0 and k not in to_orig:
        k -= 1
    return to_orig[k] + 1 if k >= 0 else 0


def _orig_end(to_orig: dict[int, int], i: int, start: int, n: int) -> int:
    """The original line after a hunk ending before line ``i`` of the re-emission (``n``: the file's end)."""
    later = [k for k in to_orig if k >= i]
    return max(start, to_orig[min(later)]) if later else n


__all__ = ["Edit", "flow", "load", "splice"]

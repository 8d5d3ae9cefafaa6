"""How deeply a YAML text nests, read from its characters before any YAML parser sees it.

The depth limit of :mod:`bpdsl.datafile` must not depend on the parser: libyaml (PyYAML 6.0.4 and later)
refuses more than 1,000 levels on its own, while scanning ahead, with a syntax error of its own wording;
older versions accept them and leave the limit to bpdsl.  So the same input would get another diagnostic
with another PyYAML.  This scanner gives the depth and the position of the first node past a limit from
the text alone, the same for every parser version:

* a block collection opens where a line's first node (a ``- `` entry or a ``key:``) sits further right
  than the collections open above it, and each compact ``- `` on one line opens one more;
* a flow collection opens at every ``[`` or ``{`` outside quotes and comments.

It reads block scalars (``|``, ``>``), quoted scalars over several lines and comments as text, never as
structure.  It is exact for the documents people write (nested collections each on their own lines or
in brackets); for contrived layouts it may count one level too few, and the event pass of
:func:`bpdsl.datafile.yaml_limits_problem` stays behind it as the exact check within the parser's range.
"""
from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["first_too_deep"]

_OPENERS = "[{"
_CLOSERS = "]}"


@dataclass
class _Scan:
    """The scanner's state between lines."""

    max_depth: int
    block: list[int] = field(default_factory=list)  # columns of the open block collections
    flow: int = 0  # open flow collections
    quote: str = ""  # the quote a scalar spanning lines is open with
    block_scalar_parent: int | None = None  # a block scalar's lines are those indented further than this
    found: tuple[int, int] | None = None

    def depth(self) -> int:
        return len(self.block) + self.flow

    def open_block(self, line: int, col: int) -> bool:
        """A block collection's first node at 0-based ``col``: it opens a collection unless one is open there
        already; True once past the limit."""
        if self.block and self.block[-1] >= col:
            return False
        self.block.append(col)
        return self.open(line, col + 1)

    def open(self, line: int, col: int) -> bool:
        """Record that a collection opened at (line, col) (1-based); True once past the limit."""
        if self.found is None and self.depth() > self.max_depth:
            self.found = (line, col)
        return self.found is not None


def first_too_deep(text: str, max_depth: int) -> tuple[int, int] | None:
    """The 1-based line and column of the first collection nested more than ``max_depth`` levels deep, or
    None.  Linear in the text; never recursive."""
    s = _Scan(max_depth)
    for lineno, line in enumerate(text.splitlines(), 1):
        if _scan_line(s, lineno, line):
            return s.found
    return None


def _scan_line(s: _Scan, lineno: int, line: str) -> bool:
    stripped = line.lstrip(" ")
    indent = len(line) - len(stripped)
    if s.block_scalar_parent is not None:
        if not stripped or indent > s.block_scalar_parent:
            return False
        s.block_scalar_parent = None
    if s.quote:
        end = _quote_end(line, 0, s.quote)
        if end < 0:
            return False
        s.quote = ""
        return _scan_value(s, lineno, line, end + 1, indent)
    if s.flow:
        return _scan_flow(s, lineno, line, 0)
    if not stripped or stripped.startswith("#") or stripped.startswith(("---", "...", "%")):
        return False
    col = indent
    while s.block and s.block[-1] > col:
        s.block.pop()
    while True:
        rest = line[col:]
        if rest == "-" or rest.startswith("- "):
            if s.open_block(lineno, col):
                return True
            nxt = col + 1
            while nxt < len(line) and line[nxt] == " ":
                nxt += 1
            if nxt >= len(line):
                return False
            col = nxt
            continue
        key_end = _key_end(line, col)
        if key_end >= 0:
            if s.open_block(lineno, col):
                return True
            return _scan_value(s, lineno, line, key_end + 1, col)
        return _scan_value(s, lineno, line, col, col)


def _scan_value(s: _Scan, lineno: int, line: str, pos: int, parent: int) -> bool:
    """The rest of a line from ``pos``: a flow collection, a quoted scalar, a block scalar or plain text."""
    n = len(line)
    while pos < n:
        while pos < n and line[pos] == " ":
            pos += 1
        if pos < n and line[pos] in "&!":  # an anchor or a tag before the value
            while pos < n and line[pos] != " ":
                pos += 1
            continue
        break
    if pos >= n or line[pos] == "#":
        return False
    ch = line[pos]
    if ch in _OPENERS:
        return _scan_flow(s, lineno, line, pos)
    if ch in "'\"":
        end = _quote_end(line, pos + 1, ch)
        if end < 0:
            s.quote = ch
        return False
    if ch in "|>":
        s.block_scalar_parent = parent
    return False


def _scan_flow(s: _Scan, lineno: int, line: str, pos: int) -> bool:
    n = len(line)
    while pos < n:
        ch = line[pos]
        if ch in "'\"":
            end = _quote_end(line, pos + 1, ch)
            if end < 0:
                s.quote = ch
                return False
            pos = end + 1
            continue
        if ch == "#" and (pos == 0 or line[pos - 1] == " "):
            return False
        if ch in _OPENERS:
            s.flow += 1
            if s.open(lineno, pos + 1):
                return True
        elif ch in _CLOSERS and s.flow:
            s.flow -= 1
            if not s.flow:
                return False  # what follows the outermost bracket on this line is no structure
        pos += 1
    return False


def _quote_end(line: str, pos: int, quote: str) -> int:
    """Index of the quote closing a scalar from ``pos`` on this line, or -1 when it goes on to the next."""
    n = len(line)
    while pos < n:
        ch = line[pos]
        if quote == '"' and ch == "\\":
            pos += 2
            continue
        if ch == quote:
            if quote == "'" and pos + 1 < n and line[pos + 1] == "'":
                pos += 2
                continue
            return pos
        pos += 1
    return -1


def _key_end(line: str, col: int) -> int:
    """Index of the ``:`` ending a block mapping key that starts at ``col``, or -1 when the node there is
    not a key (a plain scalar, a flow collection, a comment)."""
    n = len(line)
    if col >= n or line[col] in _OPENERS or line[col] in "#|>":
        return -1
    pos = col
    if line[col] in "'\"":
        end = _quote_end(line, col + 1, line[col])
        if end < 0:
            return -1
        pos = end + 1
        while pos < n and line[pos] == " ":
            pos += 1
        return pos if pos < n and line[pos] == ":" and (pos + 1 == n or line[pos + 1] == " ") else -1
    while pos < n:
        ch = line[pos]
        if ch == ":" and (pos + 1 == n or line[pos + 1] == " "):
            return pos
        if ch == "#" and line[pos - 1] == " ":
            return -1
        pos += 1
    return -1

"""YAML edited the way a person would: only the values a migration replaces change, in place; every other
character of the file — comments, quotes, spacing, a flow mapping wrapped by hand — stays as written.

ruamel.yaml's round-trip loader reads the file and says where each value starts (line and column); the
edit finds where that value ends in the text (a flow collection to its closing bracket, a quoted or plain
scalar to its end, a block value to the last line indented under it) and replaces just that span with the
new value, written by ruamel in flow style on one line.  Nothing is re-emitted, so nothing else can move.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq


def _yaml() -> YAML:
    y = YAML(typ="rt")
    y.preserve_quotes = True
    y.allow_unicode = True
    y.width = 1 << 16
    return y


def load(text: str) -> Any:
    """The round-trip document of ``text`` (ruamel's CommentedMap / CommentedSeq, with positions)."""
    return _yaml().load(text)


def flow(value: Any) -> Any:
    """``value`` as ruamel nodes in flow style (``{block: {by: ♡5}}``), as scenario entries are written."""
    if isinstance(value, dict):
        m = CommentedMap((k, flow(v)) for k, v in value.items())
        m.fa.set_flow_style()
        return m
    if isinstance(value, list):
        s = CommentedSeq(flow(v) for v in value)
        s.fa.set_flow_style()
        return s
    return value


def dump_inline(value: Any) -> str:
    """``value`` as YAML text on one line (flow style for collections; a one-key mapping of an op call is
    written ``op: {args}``, as bpdsl's files write a call in a list)."""
    if isinstance(value, dict) and len(value) == 1 and not getattr(getattr(value, "fa", None), "flow_style",
                                                                     lambda: True)():
        (key, inner), = value.items()
        return f"{dump_inline(key)}: {dump_inline(flow(inner) if isinstance(inner, (dict, list)) else inner)}"
    out = io.StringIO()
    _yaml().dump(flow(value) if isinstance(value, (dict, list)) else value, out)
    text = out.getvalue()
    if text.endswith("\n...\n"):  # a scalar document ends with a document end marker
        text = text[:-5]
    return text.strip()


@dataclass
class _Patch:
    start: int  # offsets into the text
    end: int
    text: str


class Edit:
    """A file read for editing: find values in ``doc``, replace them with :meth:`replace_item` /
    :meth:`replace_value`, then :meth:`text` gives the new text."""

    def __init__(self, text: str):
        self.original = text
        self.doc = load(text)
        self._lines = text.splitlines(keepends=True)
        self._starts = [0]
        for line in self._lines:
            self._starts.append(self._starts[-1] + len(line))
        self._patches: list[_Patch] = []

    # ------------------------------------------------------------------ edits

    def replace_item(self, seq: CommentedSeq, i: int, values: list[Any]) -> None:
        """Item ``i`` of ``seq`` becomes the items ``values`` (one or more; each written on its own line)."""
        line, col = seq.lc.item(i)
        start, end = self._span(line, col, seq[i])
        dash = self._lines[line].rfind("-", 0, col)
        pad = "\n" + " " * max(dash, 0) + "- "
        self._patches.append(_Patch(start, end, pad.join(dump_inline(v) for v in values)))

    def replace_value(self, mapping: CommentedMap, key: Any, value: Any) -> None:
        """The value of ``key`` in ``mapping`` becomes ``value`` (on the key's line)."""
        line, col = mapping.lc.value(key)
        start, end = self._span(line, col, mapping[key])
        self._patches.append(_Patch(start, end, dump_inline(value)))

    def rename_key(self, mapping: CommentedMap, key: Any, new: str) -> None:
        """Key ``key`` of ``mapping`` becomes ``new`` (its value and everything else stay)."""
        line, col = mapping.lc.key(key)
        start = self._starts[line] + col
        ch = self.original[start:start + 1]
        end = _quote_end(self.original, start) if ch in "'\"" else start + len(str(key))
        self._patches.append(_Patch(start, end, dump_inline(new)))

    def text(self) -> str:
        out = self.original
        for p in sorted(self._patches, key=lambda p: p.start, reverse=True):
            out = out[:p.start] + p.text + out[p.end:]
        return out

    # ------------------------------------------------------------------ where a value ends

    def _span(self, line: int, col: int, node: Any) -> tuple[int, int]:
        text = self.original
        start = self._starts[line] + col
        ch = text[start:start + 1]
        if ch in "{[":
            return start, _close(text, start)
        if ch in "'\"":
            return start, _quote_end(text, start)
        if isinstance(node, (CommentedMap, CommentedSeq)):  # a block collection: the lines indented under it
            indent = col if isinstance(node, CommentedMap) else max(col - 2, 0)  # a mapping's keys stand at col
            last = line
            for k in range(line + 1, len(self._lines)):
                body = self._lines[k].strip()
                if not body or body.startswith("#"):
                    continue
                if len(self._lines[k]) - len(self._lines[k].lstrip(" ")) < indent:
                    break
                last = k
            return start, self._starts[last] + _content_end(self._lines[last])
        return start, self._starts[line] + _content_end(self._lines[line], col)


def _close(text: str, start: int) -> int:
    """The offset after the bracket closing the one at ``start`` (quotes respected)."""
    depth, i, quote = 0, start, ""
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(text)


def _quote_end(text: str, start: int) -> int:
    q = text[start]
    i = start + 1
    while i < len(text):
        if text[i] == q:
            if q == "'" and text[i + 1:i + 2] == "'":  # '' inside a single-quoted scalar
                i += 2
                continue
            return i + 1
        if q == '"' and text[i] == "\\":
            i += 1
        i += 1
    return len(text)


def _content_end(line: str, start: int = 0) -> int:
    """The column where a line's value ends: before a `` #`` comment (outside quotes) and trailing spaces."""
    quote = ""
    end = len(line.rstrip("\r\n"))
    for i in range(start, end):
        ch = line[i]
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            end = i
            break
    return len(line[:end].rstrip())


__all__ = ["Edit", "dump_inline", "flow", "load"]

"""Quick fixes: the edits a diagnostic's hint already names.

* "did you mean 'x'?" (an unknown op, id, key or kind): replace the misspelt word with each suggestion;
* a retired op (O001 "write instead: ..."): replace the op call with the composition its retirement names,
  one fix per alternative ("A or B"); a composition of several steps ("A then B") becomes list items.

A fix is only offered where it is plain text to write: a composition with a placeholder the designer must
fill in (``N``, ``<value>``) says so in its title.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from bpdsl.diagnostics import Diagnostic
from bpdsl.dsl.document import Document
from bpdsl.lsp.locate import node
from bpdsl.ops.registry import RETIRED

_SUGGESTED = re.compile(r"did you mean ((?:'[^']+'(?: or )?)+)\?")
_QUOTED = re.compile(r"'([^']+)'")
_WORD = re.compile(r"[^\s:,{}\[\]\"'#]+")


@dataclass(frozen=True)
class Edit:
    """Replace the text from ``start`` to ``end`` (1-based line/col, end exclusive) with ``text``."""

    start: tuple[int, int]
    end: tuple[int, int]
    text: str


@dataclass(frozen=True)
class Fix:
    title: str
    edits: tuple[Edit, ...]
    preferred: bool = False


def word_at(text: str, line: int, col: int) -> tuple[int, int, str] | None:
    """The word (identifier-like run) at or after 1-based ``col`` of ``line``: (start col, end col, word)."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return None
    for m in _WORD.finditer(lines[line - 1]):
        if m.end() >= col:
            return m.start() + 1, m.end() + 1, m.group()
    return None


def fixes(diag: Diagnostic, text: str, doc: Document | None) -> list[Fix]:
    """The fixes of one diagnostic of a file whose text is ``text`` (``doc``: its document, if it parsed)."""
    out: list[Fix] = []
    found = word_at(text, diag.pos.line, diag.pos.col)
    if found is None:
        return out
    start, end, word = found
    suggested = _SUGGESTED.search(diag.hint or "")
    if suggested and f"'{word}'" in diag.message:
        names = _QUOTED.findall(suggested.group(1))
        for i, name in enumerate(names):
            out.append(Fix(f"change '{word}' to '{name}'", (Edit((diag.pos.line, start), (diag.pos.line, end), name),),
                           preferred=i == 0))
    if word in RETIRED and doc is not None and "retired" in diag.message:
        out += _retired(word, diag, text, doc)
    return out


def _top_split(text: str, sep: str) -> list[str]:
    """Split at ``sep`` outside brackets and quotes."""
    parts, depth, quote, last, i = [], 0, "", 0, 0
    while i < len(text):
        ch = text[i]
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "{[(":
            depth += 1
        elif ch in "}])":
            depth -= 1
        elif depth == 0 and text.startswith(sep, i):
            parts.append(text[last:i])
            last = i + len(sep)
            i = last
            continue
        i += 1
    parts.append(text[last:])
    return [p.strip() for p in parts]


def _strip_notes(text: str) -> str:
    """Drop the parenthesised explanations at the outer level: "x: {..} (the generic ...)" -> "x: {..}"."""
    out, depth, quote = [], 0, ""
    paren = 0
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"" and not paren:
            quote = ch
        elif ch == "(" and depth == 0:
            paren += 1
            continue
        elif ch == ")" and paren:
            paren -= 1
            continue
        elif ch in "{[" and not paren:
            depth += 1
        elif ch in "}]" and not paren:
            depth -= 1
        if not paren:
            out.append(ch)
    return re.sub(r"\s+", " ", "".join(out)).strip()


def _retired(name: str, diag: Diagnostic, text: str, doc: Document) -> list[Fix]:
    key_path = next((p for p, pos in doc.key_positions.items()
                     if p and p[-1] == name and (pos.line, pos.col) == (diag.pos.line, diag.pos.col)), None)
    if key_path is not None:
        call = key_path[:-1]
    else:  # written bare: "- bd_draw"
        call = next((p for p, pos in doc.positions.items() if (pos.line, pos.col) == (diag.pos.line, diag.pos.col)
                     and p and node(doc, p) == name), None)
        if call is None:
            return []
    start, end = doc.positions.get(call), doc.ends.get(call)
    if start is None or end is None:
        return []
    in_list = bool(call) and isinstance(call[-1], int)
    item_col = start.col - 2 if in_list else start.col  # the "- " of the list item
    ends_line = end.col == 1 and end.line > start.line  # a block mapping ends at the next line's start
    out: list[Fix] = []
    for alternative in _top_split(RETIRED[name], " or "):
        if "..." in alternative or "…" in alternative:
            continue
        steps = [_strip_notes(s) for s in _top_split(alternative, " then ")]
        steps = [s for s in steps if s]
        if not steps or (len(steps) > 1 and not in_list):
            continue
        new = steps[0] + "".join(f"\n{' ' * (item_col - 1)}- {s}" for s in steps[1:]) + ("\n" if ends_line else "")
        placeholder = re.search(r"<[a-z]+>|\bN\b", new)
        title = f"write instead: {' then '.join(steps)}" + (" (fill in the placeholder)" if placeholder else "")
        out.append(Fix(title, (Edit((start.line, start.col), (end.line, end.col), new),)))
    return out

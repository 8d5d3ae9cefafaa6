"""Reading an official list as the official tool read it: every YAML fault at once, the known quirks repaired.

The official lists were written by hand over the years and checked only by the tool that printed them, which
read past some faults.  The archived ones carry them still: a comma after a value (``actTime: 'メイン',``),
a stray closing bracket on a line of its own, keys numbered for a second action (``actName1``), an
action's name written on the trump ability that brings it.  Each such **quirk** is read the way the
official tool read it, with a warning (Q001) that names the quirk at its line and column.  Any other fault
is an error; the reading goes on past it (the line is skipped) so that every fault of the file is reported
at once, each with its position and a fix.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bpdsl.datafile import DataFileError, read_text
from bpdsl.diagnostics import Diagnostic, Pos
from bpdsl.dsl.codes import Q_QUIRK
from bpdsl.dsl.document import Document
from bpdsl.dsl.yamlload import Y_READ, Y_SYNTAX, load_text

MAX_FAULTS = 200  # a file with more is not worth reading on: the first ones are reported


def load(path: Path) -> tuple[Document | None, list[Diagnostic]]:
    """The document of ``path`` after the known quirks are repaired, and the diagnostics: a Q001 warning per
    repaired quirk, an error per other fault (the document is None when there is one)."""
    name = str(path)
    try:
        text = read_text(path)
    except DataFileError as exc:
        return None, [Diagnostic(Pos(name, exc.line, exc.col), Y_READ, exc.message, exc.hint)]
    lines = text.split("\n")
    found: list[Diagnostic] = _close_quotes(lines, name)
    faulty = bool(found)
    for _ in range(MAX_FAULTS):
        doc, diags = load_text("\n".join(lines), name)
        syntax = next((d for d in diags if d.code == Y_SYNTAX), None)
        if syntax is None:
            found += diags
            return (None if faulty else doc), _sorted(found)
        repaired = _repair(lines, syntax)
        if repaired is not None:
            found.append(repaired)
            continue
        found.append(Diagnostic(syntax.pos, syntax.code, syntax.message, _hint(lines, syntax)))
        faulty = True
        if not _skip_line(lines, syntax.pos.line):
            break
    return None, _sorted(found)


_QUOTED = re.compile(r"^(\s*)(?:-\s+)?[A-Za-z_][\w-]*:\s*(['\"])(.*)$")
_KEY_LINE = re.compile(r"^(\s*)(?:-\s+)?[A-Za-z_][\w-]*:(?:\s|$)")


def _close_quotes(lines: list[str], file: str) -> list[Diagnostic]:
    """Find the quoted values not closed on their line where the next line is a key of the same mapping (a
    quote left open swallows the lines after it, and every later fault would be reported in the wrong
    place): each is an error, and the quote is closed so the reading goes on."""
    out: list[Diagnostic] = []
    for row, line in enumerate(lines):
        m = _QUOTED.match(line)
        if m is None or _closed(m.group(3), m.group(2)):
            continue
        nxt = next((x for x in lines[row + 1:] if x.strip()), "")
        k = _KEY_LINE.match(nxt)
        if k is None or len(k.group(1)) > len(m.group(1)) + 2:
            continue
        out.append(Diagnostic(Pos(file, row + 1, m.start(2) + 1), Y_SYNTAX, "YAML syntax error: the quoted value "
                              "is not closed on its line", f"close the quote: end the line with {m.group(2)}"))
        lines[row] = line + m.group(2)
    return out


def _closed(rest: str, quote: str) -> bool:
    """True when a value opened by ``quote`` closes within ``rest`` (a single quote doubled is one quote)."""
    i = 0
    while i < len(rest):
        if rest[i] == "\\" and quote == '"':
            i += 2
            continue
        if rest[i] == quote:
            if quote == "'" and rest[i + 1:i + 2] == "'":
                i += 2
                continue
            return True
        i += 1
    return False


def _sorted(diags: list[Diagnostic]) -> list[Diagnostic]:
    return sorted(diags, key=lambda d: (d.pos.line, d.pos.col, d.code))


def _repair(lines: list[str], d: Diagnostic) -> Diagnostic | None:
    """Repair the quirk the syntax error ``d`` stops at, in place (the same columns kept), and return its
    warning; None when the fault is not a known quirk."""
    row, col = d.pos.line - 1, d.pos.col - 1
    if not 0 <= row < len(lines) or not 0 <= col < len(lines[row]):
        return None
    line = lines[row]
    char, rest = line[col], line[col + 1:].split(" #")[0].strip()
    if char == "," and not rest and line[:col].strip():
        lines[row] = line[:col] + " " + line[col + 1:]
        return Diagnostic(d.pos, Q_QUIRK, "quirk: a comma after the value (the official tool read the value "
                          "without it); read without the comma", "remove the ',' at the end of the line",
                          "warning")
    if char in "}]" and not rest and _unopened(lines, row, col, char):
        lines[row] = line[:col] + " " + line[col + 1:]
        return Diagnostic(d.pos, Q_QUIRK, f"quirk: a stray {char!r} that closes nothing; read without it",
                          f"remove the {char!r}", "warning")
    return None


def _unopened(lines: list[str], row: int, col: int, char: str) -> bool:
    """True when the bracket at (row, col) closes no flow collection opened on its line or the lines of the
    same flow collection before it (a stray one, which the block layout around it cannot hold)."""
    opening = "{" if char == "}" else "["
    depth = 0
    for text in (lines[row][:col], *reversed(lines[max(0, row - 20):row])):
        depth += _count_outside_quotes(text, opening) - _count_outside_quotes(text, char)
        if depth > 0:
            return False
        if not text.rstrip().endswith((",", "{", "[")):
            break
    return True


def _count_outside_quotes(text: str, char: str) -> int:
    n, quote = 0, ""
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == char:
            n += 1
    return n


def _hint(lines: list[str], d: Diagnostic) -> str:
    """A fix for a fault that is no known quirk, from the text at its position."""
    row, col = d.pos.line - 1, d.pos.col - 1
    line = lines[row] if 0 <= row < len(lines) else ""
    if re.match(r"\s*[^\s#'\"]+:\s*['\"]", line) and line.count(line.split(":", 1)[1].strip()[:1]) % 2 == 1:
        return "a quoted value is not closed on this line: close the quote, or write the text as a block ('|-')"
    if "found character that cannot start any token" in d.message:
        return "quote the value ('...') or write it as a block ('|-')"
    if "mapping values are not allowed" in d.message:
        return "quote a value that contains ': ' ('...'), or check the indentation of this line"
    if 0 < col <= len(line) and line[col - 1] in "'\"":
        return "text after a closing quote: put the whole value in the quotes"
    return d.hint or "check the indentation and quotes of this line and the one before"


def _skip_line(lines: list[str], lineno: int) -> bool:
    """Blank the faulty line so the reading can go on to the next fault; False when there is nothing left
    to skip (the fault is at the end of the file or on a blank line)."""
    row = lineno - 1
    if not 0 <= row < len(lines) or not lines[row].strip():
        return False
    lines[row] = ""
    return True


# ------------------------------------------------------------------ quirks of the values and keys

_NUMBERED = re.compile(r"^([a-z]+[A-Za-z]*?)(\d+)$")


def trailing_comma(value: str) -> str | None:
    """A one-line value written with a comma after it (``@直接,``, ``♠A,``), without it; None otherwise."""
    if "\n" in value or not value.rstrip().endswith(","):
        return None
    return value.rstrip()[:-1].rstrip()


def numbered_keys(item: dict[str, Any], fields: tuple[str, ...]) -> dict[str, str] | None:
    """The keys of an entry written with a number after them (``actName1``, ``actType1`` ...: the second
    action of a trump in the 第六版 extra list) mapped to the field each names, when every key of the
    entry that is no field is one of those; None otherwise."""
    renamed: dict[str, str] = {}
    for key in item:
        if key in fields:
            continue
        m = _NUMBERED.match(str(key))
        if m is None or m.group(1) not in fields:
            return None
        renamed[str(key)] = m.group(1)
    return renamed or None

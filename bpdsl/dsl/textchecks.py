"""Texts that fit their schema but cannot be what the designer meant, found in any document kind.

The schema says a name is a string; these checks say what a printed text must also be:

* **no bidirectional control character** (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) in any
  id, name or text: invisible, they reorder the characters around them on the printed sheet and make two
  ids that look the same differ;
* **not empty** where the sheet prints the text as a heading or a label (``name``, ``ruby``, ``type``,
  ``description``, ``title``): an emptied one prints a blank where the reader looks first;
* **a real date** where a field holds a date (``date``, ``rulebook``, ``issued``, ``since``, ``update``):
  ``2025/3/x`` (day unknown) is a date, ``2024/4/0`` and ``2024/13/1`` are not;
* **known terms**: an edition's ``terms:`` are words the phrases ask for by name; a key no phrase asks for
  (``size_labl``) is a typo whose word is never printed.

Each problem is a :class:`~bpdsl.dsl.schema.SchemaProblem` at the offending value (S005) or key (S001).
"""
from __future__ import annotations

import calendar
import re
import unicodedata
from typing import Any

from bpdsl.diagnostics import did_you_mean
from bpdsl.dsl.codes import W_DEPRECATED_OP
from bpdsl.dsl.document import KeyPath
from bpdsl.dsl.schema import S_CONSTRAINT, S_UNKNOWN_KEY, SchemaProblem
from bpdsl.ops import registry
from bpdsl.ops.registry import WORDING

BIDI_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
PRINTED_TEXTS = frozenset({"name", "ruby", "type", "description", "title"})
DATE_FIELDS = frozenset({"date", "rulebook", "issued", "since", "update"})
_DATE = re.compile(r"^\s*(\d{4})\s*[/.-]\s*(\d{1,2})(?:\s*[/.-]\s*(\d{1,2}|x))?\s*$")
# the terms the phrases ask for by name (ctx.term(...)) without declaring them; the wording terms declared
# with bpdsl.ops.registry.declare_term are added from the registry; and the prefixed ones
KNOWN_TERMS = frozenset({"diamond", "label_ref", "label_sep", "life", "moves", "request", "self", "size",
                         "size_label", "suit", "target_form", "trump_style", "unit", "wording"})
TERM_PREFIXES = ("cond:", "counter:", "expr:", "unit:")


def text_problems(data: Any, kind: str = "") -> list[SchemaProblem]:
    """Every problem of the texts of one document (``kind``: its document kind)."""
    out: list[SchemaProblem] = []
    _walk(data, (), out)
    if kind == "edition" and isinstance(data, dict) and isinstance(data.get("terms"), dict):
        known = KNOWN_TERMS | set(WORDING)
        for key in data["terms"]:
            if isinstance(key, str) and key in registry.DEPRECATED_TERMS:
                dep = registry.DEPRECATED_TERMS[key]
                out.append(SchemaProblem(("terms", key), W_DEPRECATED_OP,
                                         f"term {key!r} is deprecated since {dep.since} and may be retired in "
                                         f"{dep.retire_in}", f"write {dep.replacement!r} (bpdsl migrate renames it)"))
                continue
            if isinstance(key, str) and key not in known and not key.startswith(TERM_PREFIXES):
                hint = did_you_mean(key, sorted(known)) or (
                    "known terms: " + ", ".join(sorted(known)) + "; or cond:/counter:/expr:/unit: + a name")
                out.append(SchemaProblem(("terms", key), S_UNKNOWN_KEY,
                                         f"unknown term {key!r}: no phrase asks for it, so it is never printed", hint))
    return out


def _walk(data: Any, path: KeyPath, out: list[SchemaProblem]) -> None:
    if isinstance(data, dict):
        for k, v in data.items():
            if isinstance(k, str) and BIDI_CONTROLS.search(k):
                out.append(_bidi(path + (k,), k, S_UNKNOWN_KEY))
            _walk(v, path + (k,), out)
            if isinstance(v, str) and isinstance(k, str):
                _field(k, v, path + (k,), out)
    elif isinstance(data, list):
        for i, v in enumerate(data):
            _walk(v, path + (i,), out)
    elif isinstance(data, str) and BIDI_CONTROLS.search(data):
        out.append(_bidi(path, data, S_CONSTRAINT))


def _bidi(path: KeyPath, text: str, code: str) -> SchemaProblem:
    ch = BIDI_CONTROLS.search(text).group()  # type: ignore[union-attr]
    field = path[-1] if path else "document"
    return SchemaProblem(path, code, f"{field!r} holds the invisible bidirectional control U+{ord(ch):04X} "
                                     f"({unicodedata.name(ch, 'BIDI CONTROL')})",
                         "delete it: it reorders the printed characters around it and makes equal-looking "
                         "names differ")


def _field(key: str, value: str, path: KeyPath, out: list[SchemaProblem]) -> None:
    if key in PRINTED_TEXTS and not value.strip():
        out.append(SchemaProblem(path, S_CONSTRAINT, f"{key!r} cannot be empty: the sheet prints it",
                                 "write the text, or remove the key to take the default"))
    elif key in DATE_FIELDS:
        m = _DATE.match(value)
        if m is None:
            return  # not written as a date (a version such as 8.2, a rulebook's title)
        year, month, day = int(m.group(1)), int(m.group(2)), m.group(3)
        if not 1 <= month <= 12:
            out.append(SchemaProblem(path, S_CONSTRAINT, f"{key!r} = {value!r} is not a date: month {month}",
                                     "write year/month/day, e.g. 2024/4/1 (x for an unknown day)"))
        elif day not in (None, "x") and not 1 <= int(day) <= calendar.monthrange(year, month)[1]:
            out.append(SchemaProblem(path, S_CONSTRAINT, f"{key!r} = {value!r} is not a date: {year}/{month} has "
                                                         f"no day {int(day)}",
                                     "write year/month/day, e.g. 2024/4/1 (x for an unknown day)"))


__all__ = ["BIDI_CONTROLS", "KNOWN_TERMS", "text_problems"]

"""Texts that fit their schema but cannot be what the designer meant, found in any document kind.

The schema says a name is a string; these checks say what a printed text must also be:

* **no control character** (C0 and C1, tab and line breaks excepted) in any id, name or text: a NUL or an
  escape printed on a sheet is a broken sheet, and an id holding one cannot be typed (N001);
* **not invisible only**: a value made of nothing but zero-width or other invisible characters (U+200B,
  U+2060, U+FEFF, a Hangul filler…), spaces around them or not, prints as nothing (N001);
* **no bidirectional control character** (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) in any
  id, name or text: invisible, they reorder the characters around them on the printed sheet and make two
  ids that look the same differ;
* **not empty** where the sheet prints the text as a heading or a label (``name``, ``ruby``, ``type``,
  ``description``, ``title``): an emptied one prints a blank where the reader looks first;
* **a real date** where a field holds a date (``date``, ``rulebook``, ``issued``, ``since``, ``update``):
  ``2025/3/x`` (day unknown) is a date, ``2024/4/0`` and ``2024/13/1`` are not;
* **known terms**: an edition's ``terms:`` are words the phrases ask for by name; a key no phrase asks for
  (``size_labl``) is a typo whose word is never printed;
* **known forms**: a wording term that switches between forms (``wording: modern|classic``,
  ``grant_form: rule|holder|unit``…) set to another word (``wording: modrn``) would silently print the
  default form; it is an error naming the forms (N002).  The edition kind also checks that ``counter:X`` and
  ``unit:X`` name a counter of the edition's game (:func:`counter_term_problem`).

Each problem is a :class:`~bpdsl.dsl.schema.SchemaProblem` at the offending value (S005, N001, N002) or key
(S001).
"""
from __future__ import annotations

import calendar
import re
import unicodedata
from typing import Any

from bpdsl.diagnostics import did_you_mean
from bpdsl.dsl.codes import N_TERM, N_TEXT, W_DEPRECATED_OP
from bpdsl.dsl.document import KeyPath
from bpdsl.dsl.schema import S_CONSTRAINT, S_UNKNOWN_KEY, SchemaProblem
from bpdsl.ops import registry
from bpdsl.ops.registry import WORDING

BIDI_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")  # tab, line feed and return are text
# characters that print as nothing although they are not spaces (format characters are found by category)
INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")
_FORM = re.compile(r"^[a-z_]+$")  # a term's choice that names a form (not a printed word)
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
            elif isinstance(key, str):
                found = form_problem(key, data["terms"][key])
                if found is not None:
                    out.append(SchemaProblem(("terms", key), N_TERM, *found))
    return out


def invisible_only(value: str) -> bool:
    """Whether ``value`` holds something, yet all of it prints as nothing: invisible characters (zero-width,
    fillers, other format characters), with or without spaces around them.  Spaces alone are a word some
    terms mean (a separator); an empty value is the empty-text check's."""
    seen = False
    for ch in value:
        if ch.isspace():
            continue
        if ch in INVISIBLE or unicodedata.category(ch) in ("Cf", "Cc"):
            seen = True
        else:
            return False
    return seen


def form_problem(key: str, value: Any) -> tuple[str, str] | None:
    """What is wrong with ``value`` as the word of wording term ``key``, when the term switches between
    forms (its choices name forms, such as ``modern``/``classic``) and ``value`` is none of them: the
    phrase would silently take its default form.  None for a known form, a word term or an unknown key."""
    term = WORDING.get(key)
    if term is None or not isinstance(value, str) or value in term.choices:
        return None
    if not any(_FORM.match(c) for c in term.choices):
        return None  # a printed word: any word may be printed there
    return (f"unknown form {value!r} of the wording term {key!r}: the sentence would print its default form",
            did_you_mean(value, list(term.choices)) or "forms: " + ", ".join(repr(c) for c in term.choices))


def counter_term_problem(key: str, counters: list[str]) -> tuple[str, str] | None:
    """What is wrong with an edition term ``counter:X`` or ``unit:X`` whose ``X`` is no counter of the game:
    the word would never be printed (the sentence of the counter prints its id instead)."""
    prefix, colon, name = key.partition(":")
    if not colon or prefix not in ("counter", "unit") or name in counters:
        return None
    known = ", ".join(f"{prefix}:{c}" for c in counters) or "none (the game declares no counters)"
    return (f"unknown wording term {key!r}: the game declares no counter {name!r}",
            did_you_mean(name, counters) or f"the game's counters give: {known}")


def _walk(data: Any, path: KeyPath, out: list[SchemaProblem]) -> None:
    if isinstance(data, dict):
        for k, v in data.items():
            if isinstance(k, str) and BIDI_CONTROLS.search(k):
                out.append(_bidi(path + (k,), k, S_UNKNOWN_KEY))
            elif isinstance(k, str) and (CONTROLS.search(k) or invisible_only(k)):
                out.append(_unprintable(path + (k,), k))
            _walk(v, path + (k,), out)
            if isinstance(v, str) and isinstance(k, str):
                _field(k, v, path + (k,), out)
    elif isinstance(data, list):
        for i, v in enumerate(data):
            _walk(v, path + (i,), out)
    elif isinstance(data, str) and BIDI_CONTROLS.search(data):
        out.append(_bidi(path, data, S_CONSTRAINT))
    elif isinstance(data, str) and (CONTROLS.search(data) or invisible_only(data)):
        out.append(_unprintable(path, data))


def _unprintable(path: KeyPath, text: str) -> SchemaProblem:
    field = path[-1] if path else "document"
    control = CONTROLS.search(text)
    if control is not None:
        ch = control.group()
        what = "NUL" if ch == "\x00" else unicodedata.name(ch, "a control character")
        return SchemaProblem(path, N_TEXT, f"{field!r} holds the control character U+{ord(ch):04X} ({what})",
                             "delete it: it prints as nothing or breaks the sheet, and cannot be typed to refer "
                             "to this text")
    shown = " ".join(f"U+{ord(c):04X}" for c in dict.fromkeys(text))[:60]
    return SchemaProblem(path, N_TEXT, f"{field!r} is made only of invisible characters ({shown})",
                         "write the text: it prints as nothing and cannot be told apart from another invisible one")


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


__all__ = ["BIDI_CONTROLS", "CONTROLS", "KNOWN_TERMS", "counter_term_problem", "form_problem", "invisible_only",
           "text_problems"]

"""The official lists' own forms of what bpdsl prints the same way: kept by the import, written by the export.

bpdsl prints a text one way; the official lists write the same text in forms of their own -- a space around
a label (``<アタッカー>`` written `` <アタッカー> ``), their list markers and line breaks, a format list
with empty slots (``,,pro,mast``), the frames by name, the ids in their camelCase (``damageJudge``).  None
of that is a rule, so none of it is a DSL field; but a list imported and exported again should come back
as it was.  The import records, for each entry, the official value of every field whose exported value says
the same in another form (``official:``, e.g. ``{actId: damageJudge, actEffect: ...}``), and the fields
bpdsl has no place for where the export writes none (a character's ``devNote``); the export writes
a recorded form only while it still says what the entry prints (the same text after the printed-text
normalisation, the same formats), so an entry changed since its import is exported as bpdsl prints it.
Every export writes the official suit glyph ♢ for ◇.
"""
from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from bpdsl.games.blackpoker.official.phrases import norm

ID_KEYS = ("actId", "charId", "fogId", "trumpId")
# fields the import's facts say otherwise than the list (lore, the generator's switches): not forms
_NOT_FORMS = ("since", "update", "story", "flavor", "flavorSpeaker", "devNote", "ruby", "trump")
# fields bpdsl has no place for where the export writes none (a character's or trump's devNote, a trump's
# update, the older lists' actS mark): kept as the list writes them, for the export only
VERBATIM = ("devNote", "charNote", "update", "since", "actS")


def glyphs(value: Any) -> Any:
    """``value`` with the official diamond (♢) for bpdsl's ◇, in every text of a mapping or list."""
    if isinstance(value, str):
        return value.replace("◇", "♢")
    if isinstance(value, dict):
        return {glyphs(k): glyphs(v) for k, v in value.items()}
    if isinstance(value, list):
        return [glyphs(v) for v in value]
    return value


_BEFORE_LABEL = re.compile(r"(?<=[^\s・])(?=<[^<>\n]+>)")


def spaced_labels(line: str) -> str:
    """A printed line with a space between a label and the words beside it (``は<速攻>を`` -> ``は <速攻> を``),
    as every label within a line of the official lists is written."""
    if "<" not in line:
        return line
    line = _BEFORE_LABEL.sub(" ", line)
    return re.sub(r"(<[^<>\n]+>)(?=\S)", r"\1 ", line)


def _formats(text: str) -> set[str]:
    return {f.strip() for f in text.split(",") if f.strip()}


def _frames(text: str) -> list[str]:
    return [f.strip().lstrip("・").strip() for f in text.split("\n") if f.strip().lstrip("・").strip()]


def recorded(official: Mapping[str, str], exported: Mapping[str, Any], format_names: Mapping[str, str]) -> dict[str, str]:
    """The official values of an entry (``official``: field -> value as the list writes it) to keep, given the
    row the export writes for it: those that say what the row says in another form."""
    out: dict[str, str] = {}
    for key, raw in official.items():
        got = exported.get(key)
        if got is None and key in VERBATIM and raw.strip():
            out[key] = raw
        elif key in _NOT_FORMS:
            continue
        elif key in ID_KEYS:
            if got is not None and raw != got:
                out[key] = raw
        elif key == "format":
            if got is not None and raw != got and _formats(raw) == _formats(str(got)):
                out[key] = raw
        elif key == "frame":
            names = {format_names.get(f, f) for f in _formats(str(exported.get("format", "")))}
            if set(_frames(raw)) == names:
                out[key] = raw
        elif isinstance(got, str) and raw != glyphs(got) and norm(raw) == norm(got):
            out[key] = raw
    return out


def apply(row: dict[str, Any], official: Mapping[str, str] | None, format_names: Mapping[str, str]) -> dict[str, Any]:
    """The exported ``row`` of an entry with the official forms it keeps (``official``) that still say what
    the row says; the row's keys keep their order (a frame list's ``frame`` in the place of ``format``)."""
    if not official:
        return row
    out: dict[str, Any] = {}
    for key, value in row.items():
        raw = official.get(key)
        if key == "format" and "frame" in official and set(_frames(official["frame"])) == {
                format_names.get(f, f) for f in _formats(str(value))}:
            out["frame"] = official["frame"]
        elif raw is None:
            out[key] = value
        elif key in ID_KEYS:
            out[key] = raw
        elif key == "format":
            out[key] = raw if _formats(raw) == _formats(str(value)) else value
        else:
            out[key] = raw if isinstance(value, str) and norm(raw) == norm(value) else value
    for key in VERBATIM:
        if key in official and key not in out:
            out[key] = official[key]
    return out


def names_of(formats: Iterable[Any]) -> dict[str, str]:
    """Format id -> printed name, for the frames a frame list names."""
    return {f.id: f.name for f in formats}

"""An exported edition against the official list it was written from, field by field.

Every non-empty field of every entry of the official list (the generator's own switches and headings left
aside) is compared, as text, exactly, with the field of the exported entry of the same kind and name.  A field
that differs is given the reason it differs, told from what differs -- a field the edition does not carry, a
form the edition does not keep (the same text after the printed-text normalisation), frames that are not
formats of the edition, another text -- so that every difference a designer reads has its why.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Mapping

from bpdsl.games.blackpoker.official.phrases import norm
from bpdsl.games.blackpoker.official.source import OfficialList

# list key, items key, entry kind, the prefix of its fields
LISTS = (("actList", "acts", "action", "act"), ("charList", "chars", "character", "char"),
         ("fogList", "fogs", "fog", "fog"), ("trumpList", "trumps", "trump", "trump"))
PREFIX = {kind: prefix for _, _, kind, prefix in LISTS}
# the generator's own switches and per-entry headings, which carry nothing (source.KEPT_ASIDE)
ASIDE = ("output", "etc", "beta", "type", "name", "image", "changed")
ID_KEYS = ("actId", "charId", "fogId", "trumpId")

WHY_NO_ENTRY = "the edition has no entry of this name"
WHY_NOT_CARRIED = "the edition does not carry this field"
WHY_ID = "bpdsl's id; the list's own id is not recorded (official:)"
WHY_SLOTS = "the same formats, written without the list's slots (official: format)"
WHY_FRAMES = "frames that are not formats of the edition"
WHY_FORMATS = "the entry is in other formats"
WHY_FORM = "the same text in another form (spacing, list markers, full-width characters) not recorded (official:)"
WHY_TEXT = "the edition prints another text"


@dataclass(frozen=True)
class Difference:
    """A field of an official entry the export writes otherwise, and why."""

    kind: str  # action | character | fog | trump
    name: str
    field: str
    official: str
    exported: str | None
    reason: str


@dataclass
class Comparison:
    compared: int = 0
    identical: int = 0
    differences: list[Difference] = field(default_factory=list)

    @property
    def percent(self) -> float:
        return 100.0 * self.identical / self.compared if self.compared else 100.0

    def by_reason(self) -> list[tuple[str, int]]:
        return Counter(d.reason for d in self.differences).most_common()

    def summary(self) -> str:
        return (f"{self.identical:,} of {self.compared:,} fields identical ({self.percent:.1f} %)")


def rows(doc: Mapping[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    """Every entry of a list in the official format by (kind, name)."""
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for list_key, items_key, kind, prefix in LISTS:
        for group in doc.get(list_key) or []:
            if not isinstance(group, dict):
                continue
            for row in group.get(items_key) or []:
                if isinstance(row, dict) and row.get(f"{prefix}Name") is not None:
                    out[(kind, str(row[f"{prefix}Name"]))] = row
    return out


def _frames(text: str) -> set[str]:
    return {f.strip().lstrip("・").strip() for f in str(text).split("\n") if f.strip().lstrip("・").strip()}


def _formats(text: str) -> set[str]:
    return {f.strip() for f in str(text).split(",") if f.strip()}


def _reason(key: str, value: str, row: Mapping[str, Any], format_names: Mapping[str, str]) -> str:
    got = row.get(key)
    if key == "frame":
        exported = _frames(got) if got is not None else {format_names.get(f, f) for f in _formats(row.get("format", ""))}
        if exported == _frames(value):
            return WHY_FORM
        missing = sorted(_frames(value) - set(format_names.values()))
        return f"{WHY_FRAMES}: {', '.join(missing)}" if missing else WHY_FORMATS
    if got is None:
        return WHY_NOT_CARRIED
    if key in ID_KEYS:
        return WHY_ID
    if key == "format":
        return WHY_SLOTS if _formats(value) == _formats(got) else WHY_FORMATS
    if norm(value) == norm(str(got)):
        return WHY_FORM
    return WHY_TEXT


def compare(exported: Mapping[str, Any], official: OfficialList, format_names: Mapping[str, str]) -> Comparison:
    """``exported`` (a document of :func:`.export.official_document`) against ``official`` (the list as
    :func:`.source.read` reads it, in any of the official layouts), given the edition's format names (the
    frames a frame list names)."""
    ours = rows(exported)
    out = Comparison()
    for entry in [*official.entries, *official.trumps]:
        prefix = PREFIX[entry.kind]
        key = (entry.kind, entry.get(f"{prefix}Name").strip())
        got = ours.get(key)
        for name, text in entry.values.items():
            if not text.strip() or name in ASIDE:
                continue
            out.compared += 1
            if got is not None and got.get(name) is not None and str(got[name]) == text:
                out.identical += 1
                continue
            reason = WHY_NO_ENTRY if got is None else _reason(name, text, got, format_names)
            out.differences.append(Difference(key[0], key[1], name, text,
                                              None if got is None or got.get(name) is None else str(got[name]),
                                              reason))
    return out


def report_lines(result: Comparison, file_name: str) -> list[str]:
    """The comparison as the command prints it: the figure, then every other field under its reason."""
    out = [f"against {file_name}: {result.summary()}"]
    for reason, count in result.by_reason():
        out.append(f"  {count} differ: {reason}")
        for d in result.differences:
            if d.reason == reason:
                out.append(f"    {d.kind} {d.name}: {d.field}")
    return out

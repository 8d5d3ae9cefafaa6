"""Reading the official 第8.2版 data (../shared/upstream/act.yaml) as comparable text.

The file stays where it is (it is not part of the repository); this module reads it and normalises its
texts exactly as the seed goldens do (seedtext.normalize), after taking off the list markers the file
writes in its own notation: ``-1.``, ``--A.``, ``-・`` for nested items. ♢ and ◇ are the same suit mark.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from seedtext import normalize

ROOT = Path(__file__).resolve().parents[2]
ACT = ROOT.parent / "shared" / "upstream" / "act.yaml"

_NESTED = re.compile(r"^\s*-+\s*(?:[A-Z]\.|・)?\s*")
FORMATS = ("lite", "std", "pro", "mast")


def norm(text: Any) -> str:
    """seedtext.normalize of an upstream or rendered text, with the file's nested-list markers removed."""
    lines = [_NESTED.sub("", line) for line in str(text or "").split("\n")]
    return normalize("\n".join(lines)).replace("♢", "◇")


@dataclass
class Entry:
    kind: str  # action | character | fog
    name: str
    formats: list[str]
    fields: dict[str, str]  # printed field -> official text


def printed_fields(t: Any) -> dict[str, str]:
    """The rendered value of every field the official data carries, as the sheet prints it (``t`` an
    :class:`~bpdsl.render.text.EntryText`)."""
    out = {"type": t.type, "request": t.request, "cost": t.cost.removeprefix("$ "), "key": t.key.removeprefix("★ ")}
    for s in t.sections:
        text = s.label + s.text if s.kind == "note" else s.text  # the official ※ line carries its mark
        out[s.kind] = out.get(s.kind, "") + text
    return out


def differences(texts: list[Any], official: list[Entry], fmt: str) -> tuple[list[str], int]:
    """Every printed field of the sheet of ``fmt`` (``texts``: its EntryTexts) that differs from the official
    text after normalisation, and how many fields were compared."""
    by_name = {(t.entry, t.name): t for t in texts}
    problems, checked = [], 0
    for entry in official:
        if fmt not in entry.formats:
            continue
        t = by_name.get((entry.kind, entry.name))
        if t is None:
            problems.append(f"{entry.kind} {entry.name}: not on the {fmt} sheet")
            continue
        printed = printed_fields(t)
        for field, want in entry.fields.items():
            checked += 1
            got = printed.get(field, "")
            if norm(got) != norm(want):
                problems.append(f"{entry.name} {field}:\n    official {norm(want)!r}\n    printed  {norm(got)!r}")
        extra = {k for k, v in printed.items() if v and k not in entry.fields}
        if extra:
            problems.append(f"{entry.name}: prints fields the official entry has not: {sorted(extra)}")
    return problems, checked


def _formats(value: Any) -> list[str]:
    return [f.strip() for f in str(value).split(",") if f.strip()]


def load(path: Path = ACT) -> list[Entry]:
    """Every entry of the official lists in printed order, with the fields a sheet prints."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    out: list[Entry] = []
    for group in data["actList"]:
        for a in group["acts"]:
            request = f"@{a['actTrigger']}-{a['actSpeed']}-{a['actTime']}"
            fields = {"type": a["actType"], "request": request, "cost": a.get("actCost"), "key": a.get("actKey"),
                      "condition": a.get("actActCond"), "when": a.get("actTriggerCond"), "target": a.get("actTarget"),
                      "effect": a.get("actEffect"), "note": a.get("actNote")}
            out.append(Entry("action", a["actName"], _formats(a["format"]), {k: v for k, v in fields.items() if v}))
    for group in data["charList"]:
        for c in group["chars"]:
            fields = {"type": c["charType"], "key": c.get("charKey"), "size": c.get("charSize"),
                      "label": c.get("charLabel"), "ability": c.get("charAbility")}
            out.append(Entry("character", c["charName"], _formats(c["format"]),
                             {k: str(v) for k, v in fields.items() if v}))
    for group in data["fogList"]:
        for f in group["fogs"]:
            fields = {"type": f["fogType"], "key": f.get("fogKey"), "target": f.get("fogTarget"),
                      "ability": f.get("fogAbility")}
            out.append(Entry("fog", f["fogName"], _formats(f["format"]), {k: v for k, v in fields.items() if v}))
    return out

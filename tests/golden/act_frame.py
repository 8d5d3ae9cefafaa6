"""The golden comparison of the edition act9.0-draft with the official 第9.0版 フレーム編 draft.

The expectation is ``../shared/upstream/act-frame.yaml`` (2026/03/31) itself, read here, never copied: every
act of its actList (パック操作, レアカード操作, 切札操作 and the trumps' actions), every character of its
charList, every fog of its fogList and every trump of its trumpList is an *item*; each field the official
entry carries (type, @trigger-speed-timing, cost, key, 起動条件, 誘発条件, 対象, 効果, ※, the unit of a
兵士起因 action; a character's type, key, size, labels, abilities; a trump's card and ability) is compared
with what bpdsl prints for the entry of the same name in the edition's エクストラ sheet, after the
normalisation of the other golden tests (seedtext.normalize, ♢ = ◇).

``compare`` returns every item with its differing fields, so the golden test can state how far the edition
is from the official text and which entries still need work.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from seedtext import normalize

ROOT = Path(__file__).resolve().parents[2]
ACT_FRAME = ROOT.parent / "shared" / "upstream" / "act-frame.yaml"
EDITION, FORMAT = "act9.0-draft", "extra"
SUITS = {"♠": "spade", "♡": "heart", "♢": "diamond", "◇": "diamond", "♣": "club"}


def norm(text: Any) -> str:
    return normalize(str(text or "")).replace("♢", "◇").replace("♦", "◇").replace("♥", "♡")


@dataclass
class Item:
    kind: str  # action | character | fog | trump
    name: str
    group: str  # the official group: 「切札♠2 スラッシュ」, 「パック操作」 …
    fields: dict[str, str]  # field -> official text
    missing: bool = False  # the edition has no entry of this name
    wrong: dict[str, tuple[str, str]] = field(default_factory=dict)  # field -> (official, printed)

    @property
    def ok(self) -> bool:
        return not self.missing and not self.wrong


def official_items(path: Path = ACT_FRAME) -> list[Item]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    out: list[Item] = []
    for group in data["actList"]:
        for a in group["acts"]:
            f = {"type": a.get("actType"), "request": f"@{a['actTrigger']}-{a['actSpeed']}-{a['actTime']}",
                 "cost": a.get("actCost"), "key": a.get("actKey"), "unit": a.get("actUnit"),
                 "condition": a.get("actActCond"), "when": a.get("actTriggerCond"), "target": a.get("actTarget"),
                 "effect": a.get("actEffect"), "note": a.get("actNote")}
            out.append(Item("action", a["actName"], group["type"], {k: str(v) for k, v in f.items() if v}))
    for group in data["charList"]:
        for c in group["chars"]:
            f = {"type": c.get("charType"), "key": c.get("charKey"), "size": c.get("charSize"),
                 "label": c.get("charLabel"), "ability": c.get("charAbility")}
            out.append(Item("character", c["charName"], group["type"], {k: str(v) for k, v in f.items() if v}))
    for group in data["fogList"]:
        for g in group["fogs"]:
            f = {"type": g.get("fogType"), "key": g.get("fogKey"), "target": g.get("fogTarget"),
                 "ability": g.get("fogAbility")}
            out.append(Item("fog", g["fogName"], group["type"], {k: str(v) for k, v in f.items() if v}))
    for group in data["trumpList"]:
        for t in group["trumps"]:
            ability = str(t.get("trumpAbility") or "").strip()
            f = {"key": t.get("trumpKey"), "ability": "" if ability == "なし" else ability}
            out.append(Item("trump", t["trumpName"], group["type"], {k: str(v) for k, v in f.items() if v}))
    return out


def _printed(edition: Any) -> dict[tuple[str, str], dict[str, str]]:
    """The edition's printed fields of every entry of its extra sheet, by (kind, printed name)."""
    from bpdsl.dsl.cards import SUIT_MARKS
    from bpdsl.render.history import printed
    from bpdsl.render.text import entry_text, face_down_trump_text, phrase_context, trump_text

    ctx = phrase_context(edition)
    out: dict[tuple[str, str], dict[str, str]] = {}
    for kind, table in (("action", edition.actions), ("character", edition.characters), ("fog", edition.fogs)):
        for e in table.values():
            if FORMAT in e.formats:
                text = entry_text(edition, e, None, ctx)
                fields = printed(text)
                notes = [s.label + s.text for s in text.sections if s.kind == "note"]
                if notes:  # the official ※ line carries its mark (as in upstream.py)
                    fields["note"] = "\n".join(notes)
                out[(kind, e.name)] = fields
    for t in edition.trumps_in(FORMAT):
        fields = printed(trump_text(edition, t, ctx))
        fields["key"] = f"{SUIT_MARKS[t.suit]}{t.number}"
        out[("trump", t.name)] = fields
    face_down = edition.face_down_trump  # 裏切札: any card lying face down, no ability
    if face_down is not None and FORMAT in face_down.formats:
        fields = printed(face_down_trump_text(edition, face_down))
        fields["key"] = face_down.key
        out[("trump", face_down.name)] = fields
    return out


def compare(edition: Any, items: list[Item] | None = None) -> list[Item]:
    """Every official item, with the fields the edition prints differently (or ``missing``)."""
    items = official_items() if items is None else items
    ours = _printed(edition)
    for item in items:
        got = ours.get((item.kind, item.name))
        if got is None:
            item.missing = True
            continue
        keys = set(item.fields) | {k for k in got if k not in ("name", "type") or item.kind != "trump"}
        keys -= {"name"}
        if item.kind == "trump":
            keys -= {"type"}
        for k in sorted(keys):
            want, have = norm(item.fields.get(k, "")), norm(got.get(k, ""))
            if want != have:
                item.wrong[k] = (want, have)
    return items


def report(items: list[Item]) -> str:
    ok = sum(i.ok for i in items)
    fields = sum(len(i.fields) for i in items)
    bad = sum(len(i.fields) if i.missing else len([k for k in i.wrong if k in i.fields]) for i in items)
    lines = [f"act-frame.yaml golden: {ok}/{len(items)} items ({100 * ok / len(items):.1f} %), "
             f"{fields - bad}/{fields} official fields ({100 * (fields - bad) / fields:.1f} %)"]
    for i in items:
        if i.missing:
            lines.append(f"  missing {i.kind} {i.name} ({i.group})")
        elif i.wrong:
            lines.append(f"  {i.kind} {i.name}: {', '.join(sorted(i.wrong))}")
    return "\n".join(lines)

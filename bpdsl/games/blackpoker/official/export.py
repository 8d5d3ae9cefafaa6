"""An edition in the official data format (the BlackPoker project's ``act.yaml``), for its generator and
simulator: the other direction of :mod:`.convert`.

Every field is what bpdsl prints -- the renderer's own :class:`~bpdsl.render.text.EntryText` of each entry
-- written in the official notation: ``@直接-通常-メイン`` split into ``actTrigger``/``actSpeed``/``actTime``,
cost letters, the key as printed, the effect's lines with the official list markers (``1.``, nested
``-1.``, ``--A.``, ``・``), a ※ note with its mark.  Groups follow the edition's categories in printed
order; an entry lists the formats it is in (not those it reaches by a format's ``includes``).  Trumps
(エクストラ) go to a ``trumpList`` as the frame lists write it, the edition's ``face_down_trump`` as its
裏切札.  Nothing is re-derived: no rule, no sentence is made here.
"""
from __future__ import annotations

from typing import Any, Sequence

import yaml

from bpdsl.dsl.cards import SUIT_MARKS
from bpdsl.games.blackpoker.official import forms
from bpdsl.model import Edition
from bpdsl.render.text import (TextBlock, TextSection, entry_text, face_down_trump_text, phrase_context,
                               trump_text)

ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")
SUIT_LETTER = {"spade": "s", "heart": "h", "diamond": "d", "club": "c"}


def _marker(style: str, n: int, level: int = 0) -> str:
    """The official marker of the ``n``-th item (from 0) of a list of ``style`` nested ``level`` deep.

    The official generator knows three markers -- ``・``, ``1.`` and ``A.`` -- and its lists number a list
    one level in ``-1.`` and two or more levels in ``--A.`` whatever marks the list it hangs under (第8.2版's
    ダメージ判定, 第六版's 防壁); bpdsl's own (a)/i. of a nested list are its print, not the notation."""
    if style == "bullet" or style == "paragraph":
        return "・"
    if level == 1 or (level == 0 and style == "decimal"):
        return f"{n + 1}. "
    if level >= 2 or style == "alpha":
        return f"{ALPHA[n % 26]}. "
    return f"{ROMAN[n % len(ROMAN)]}. "


def block_lines(block: TextBlock, level: int = 0) -> list[str]:
    """A printed block in the official notation: top-level items ``1.``/``・``, nested ones prefixed by one
    ``-`` per level (``-1.``, ``--A.``, ``-・``)."""
    dash = "-" * level
    out = [dash + block.text] if block.text and level else [block.text] if block.text else []
    for n, item in enumerate(block.items):
        out.append(dash + _marker(block.style, n, level) + item.text)
        for child in item.children:
            out += block_lines(child, level + 1)
    for child in block.children:  # a list under a paragraph (a lead line): the same level
        out += block_lines(child, level)
    return out


def section_text(section: TextSection) -> str:
    lines = [forms.spaced_labels(line) for block in section.blocks for line in block_lines(block)]
    if section.kind == "note":
        lines = [line if line.startswith("※") else f"※{line}" for line in lines]
    return "\n".join(lines)


def _own_formats(edition: Edition, formats: Sequence[str]) -> list[str]:
    """The formats an entry is in, in the edition's order, without those it reaches by ``includes``."""
    includes = {f.id: f.includes for f in edition.formats if f.includes}
    order = {f.id: f.order for f in edition.formats}
    own = [f for f in formats if not (f in includes and includes[f] in formats)]
    return sorted(own, key=lambda f: order.get(f, 99))


def _where(edition: Edition, formats: Sequence[str]) -> dict[str, str]:
    """Where an entry is played: its own formats (``format: lite,std``) or, in an edition whose official list
    names frames (``official: {layout: frames}``), those formats' names as that list writes its frames
    (``frame: ・エクストラ``)."""
    own = _own_formats(edition, formats)
    if edition.official.get("layout") == "frames":
        names = {f.id: f.name for f in edition.formats}
        return {"frame": "\n".join(f"・{names.get(f, f)}" for f in own)}
    return {"format": ",".join(own)}


def _sections(t: Any) -> dict[str, str]:
    out: dict[str, str] = {}
    for s in t.sections:
        text = section_text(s)
        out[s.kind] = f"{out[s.kind]}\n{text}" if s.kind in out else text
    return out


def _lore(entry: Any, row: dict[str, Any]) -> None:
    for attr, key in (("since", "since"), ("update", "update"), ("story", "story"), ("flavor", "flavor"),
                      ("flavor_speaker", "flavorSpeaker"), ("dev_note", "devNote")):
        value = getattr(entry, attr, None)
        if value not in (None, ""):
            row[key] = str(value)


def _groups(edition: Edition, section: str, entries: list[tuple[str, dict[str, Any]]], items_key: str
            ) -> list[dict[str, Any]]:
    """Rows grouped under their category's heading, in the edition's category order then printed order."""
    names = {c.id: c.name for c in edition.categories if c.section == section}
    order = [c.id for c in edition.categories if c.section == section]
    groups: dict[str, list[dict[str, Any]]] = {}
    for category, row in entries:
        groups.setdefault(category, []).append(row)
    keys = sorted(groups, key=lambda c: order.index(c) if c in order else len(order))
    return [{"type": names.get(c, c), items_key: groups[c]} for c in keys]


def official_document(edition: Edition, kept_forms: bool = True) -> dict[str, Any]:
    """The edition as the official format's mapping (``data``, ``actList``, ``charList``, ``fogList`` and,
    with trumps, ``trumpList``), every text as bpdsl prints it, in the official forms an imported entry keeps
    (:mod:`.forms`; ``kept_forms`` False: as bpdsl prints them) and the official suit glyph ♢."""
    ctx = phrase_context(edition)
    fmts = sorted(edition.formats, key=lambda f: f.order)
    names = forms.names_of(fmts) if kept_forms else None
    data: dict[str, Any] = {"id": edition.id, "ver": edition.name or edition.id, "lastupdate": str(edition.date or "")}
    for key in ("std", "lite", "pro", "mast"):  # the generator's PDF and QR names: bpdsl has none to give
        data[f"pdfurl_{key}"] = ""
    for key in ("qrStd", "qrLite", "qrPro", "qrMast"):
        data[key] = ""
    data["formats"] = ",".join(f.id for f in fmts)
    actions: list[tuple[str, dict[str, Any]]] = []
    for a in edition.actions.values():
        t = entry_text(edition, a, None, ctx)
        trigger, speed, timing = (t.request.removeprefix("@").split("-") + ["", "", ""])[:3] \
            if t.request.count("-") == 2 else ("直接" if a.request.trigger == "direct" else "誘発",
                                               "即時" if a.request.speed == "instant" else "通常",
                                               t.request.removeprefix("@"))
        row: dict[str, Any] = {**_where(edition, a.formats), "actName": a.name}
        if a.ruby:
            row["ruby"] = a.ruby
        row.update({"actId": a.id, "actType": a.type, "actTrigger": trigger, "actSpeed": speed, "actTime": timing})
        if t.cost:
            row["actCost"] = t.cost.removeprefix("$ ").strip()
        sec = _sections(t)
        if sec.get("unit"):  # 兵士起因 in the frame style: the unit driven to raise it ($C)
            row["actUnit"] = sec["unit"]
        if t.key:
            row["actKey"] = t.key.removeprefix("★ ").strip()
        for kind, key in (("condition", "actActCond"), ("when", "actTriggerCond"), ("target", "actTarget"),
                          ("effect", "actEffect"), ("note", "actNote")):
            if sec.get(kind):
                row[key] = sec[kind]
        row.setdefault("actEffect", "")
        _lore(a, row)
        if a.trump is not None and a.trump in edition.trumps:  # the card whose trump brings it (read back)
            tr = edition.trumps[a.trump]
            row["trump"] = f"{SUIT_MARKS[tr.suit]}{tr.number}"
        actions.append((a.category, forms.apply(row, a.official if names is not None else None, names or {})))
    chars: list[tuple[str, dict[str, Any]]] = []
    for c in edition.characters.values():
        t = entry_text(edition, c, None, ctx)
        row = {**_where(edition, c.formats), "charName": c.name}
        if c.ruby:
            row["ruby"] = c.ruby
        row.update({"charId": c.id, "charType": c.type, "charKey": t.key.removeprefix("★ ").strip()})
        sec = _sections(t)
        for kind, key in (("size", "charSize"), ("label", "charLabel"), ("ability", "charAbility")):
            if sec.get(kind):
                row[key] = sec[kind]
        _lore(c, row)
        if c.trump is not None and c.trump in edition.trumps:
            tr = edition.trumps[c.trump]
            row["trump"] = f"{SUIT_MARKS[tr.suit]}{tr.number}"
        chars.append((c.type, forms.apply(row, c.official if names is not None else None, names or {})))
    fogs: list[tuple[str, dict[str, Any]]] = []
    for f in edition.fogs.values():
        t = entry_text(edition, f, None, ctx)
        row = {**_where(edition, f.formats), "fogName": f.name}
        if f.ruby:
            row["ruby"] = f.ruby
        row.update({"fogId": f.id, "fogType": f.type, "fogKey": t.key.removeprefix("★ ").strip()})
        sec = _sections(t)
        for kind, key in (("target", "fogTarget"), ("ability", "fogAbility")):
            if sec.get(kind):
                row[key] = sec[kind]
        _lore(f, row)
        fogs.append((f.category, forms.apply(row, f.official if names is not None else None, names or {})))
    doc: dict[str, Any] = {"data": data, "actList": _groups(edition, "action", actions, "acts")}
    doc["charList"] = [{"type": kind, "chars": [row for k, row in chars if k == kind]}
                       for kind in dict.fromkeys(k for k, _ in chars)]
    doc["fogList"] = _groups(edition, "fog", fogs, "fogs")
    trumps = []
    for tr in edition.trumps.values():
        t = trump_text(edition, tr, ctx)
        row = {**_where(edition, tr.formats), "trumpName": tr.name,
               "trumpId": f"{SUIT_LETTER.get(tr.suit, tr.suit)}{tr.number}", "trumpType": "表切札",
               "trumpKey": t.key, "trumpAbility": (_sections(t).get("ability", "") or "なし") + "\n"}
        if tr.ruby:
            row["ruby"] = tr.ruby
        if tr.beta:
            row["beta"] = "●"
        if tr.since:
            row["since"] = str(tr.since)
        row = forms.apply(row, tr.official if names is not None else None, names or {})
        trumps.append({"type": f"切札{t.key} {tr.name}", "trumps": [row]})
    face_down = edition.face_down_trump
    if face_down is not None:  # the entry for any card lying face down (裏切札): its card field, no ability
        t = face_down_trump_text(edition, face_down)
        row = {**_where(edition, face_down.formats), "trumpName": face_down.name}
        if face_down.ruby:
            row["ruby"] = face_down.ruby
        row.update({"trumpId": "faceDownTrump", "trumpType": "裏切札", "trumpKey": t.key, "trumpAbility": "なし\n"})
        if face_down.since:
            row["since"] = str(face_down.since)
        row = forms.apply(row, face_down.official if names is not None else None, names or {})
        trumps.append({"type": face_down.name, "trumps": [row]})
    if trumps:
        doc["trumpList"] = trumps
    return forms.glyphs(doc)


class _Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:
        return True


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|" if "\n" in value else None)


_Dumper.add_representer(str, _str)


def dump(doc: dict[str, Any]) -> str:
    head = "# Written by `bpdsl export official`: every text as bpdsl prints it, in the official data format.\n"
    return head + yaml.dump(doc, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=1000)

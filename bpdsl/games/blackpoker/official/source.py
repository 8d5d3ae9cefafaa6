"""Reading a list in the official data format (the BlackPoker project's ``act.yaml``) with positions.

The official format (its ``act.schema.json``): a ``data`` block (``ver``, ``lastupdate``, PDF and QR names),
then ``actList``, ``charList`` and ``fogList``, each a list of groups ``{type: <heading>, acts|chars|fogs:
[...]}`` whose entries carry ``actName``, ``actId``, ``actType``, ``actTrigger``/``actSpeed``/``actTime``
(the @ notation; the older lists mark 即時 with ``actS``), ``actCost``, ``actKey``, ``actActCond`` (起動条件),
``actTriggerCond`` (誘発条件), ``actTarget``, ``actEffect``, ``actNote`` (※) ... and the same with the
``char``/``fog`` prefixes.  Every problem of shape (a missing or unknown key, a value of the wrong type) is a
positioned diagnostic; nothing is guessed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bpdsl.diagnostics import Diagnostic, DiagnosticSink, Pos, did_you_mean
from bpdsl.dsl.document import Document, KeyPath
from bpdsl.dsl.schema import S_MISSING_KEY, S_TYPE, S_UNKNOWN_KEY
from bpdsl.dsl.codes import Q_QUIRK
from bpdsl.dsl.yamlload import Y_DUPLICATE
from bpdsl.games.blackpoker.official import reading

LORE = ("story", "flavor", "flavorSpeaker", "ruby", "since", "update", "devNote")
# keys the official lists write that carry nothing bpdsl keeps: the generator's own switches (output, etc,
# beta of an extra list's action rows, a per-entry type/name), pictures, change marks, notes for the authors
KEPT_ASIDE = ("output", "etc", "beta", "type", "name", "image", "changed", "charNote")
SUIT_LETTERS = {"s": "♠", "h": "♡", "d": "◇", "c": "♣"}


@dataclass(frozen=True)
class ListSpec:
    """One of the lists of the official file."""

    kind: str  # action | character | fog | trump
    list_key: str  # actList
    items_key: str  # acts
    fields: tuple[str, ...]
    required: tuple[str, ...]  # without these the entry means nothing: an error
    expected: tuple[str, ...]  # the schema requires them; a missing one takes its default with a warning
    prefix: str  # act | char | fog | trump


SPECS = (
    ListSpec("action", "actList", "acts",
             ("format", "frame", "actName", "actId", "actType", "actTrigger", "actS", "actSpeed", "actTime",
              "actCost", "actUnit", "actKey", "actActCond", "actTriggerCond", "actNote", "actTarget", "actEffect", *LORE),
             ("actName", "actEffect"), ("format", "actId", "actType", "actTrigger", "actTime"), "act"),
    ListSpec("character", "charList", "chars",
             ("format", "frame", "charName", "charId", "charType", "charKey", "charSize", "charLabel",
              "charAbility", *LORE),
             ("charName",), ("format", "charId", "charType", "charKey"), "char"),
    ListSpec("fog", "fogList", "fogs",
             ("format", "frame", "fogName", "fogId", "fogType", "fogKey", "fogTarget", "fogAbility", *LORE),
             ("fogName",), ("format", "fogId", "fogType", "fogKey"), "fog"),
    ListSpec("trump", "trumpList", "trumps",
             ("format", "frame", "trumpName", "trumpId", "trumpType", "trumpKey", "trumpAbility", *LORE),
             ("trumpName", "trumpKey"), (), "trump"),
)
SPEC = {s.kind: s for s in SPECS}
TOP_KEYS = ("data", "actList", "charList", "fogList", "trumpList", "trumpData", "abiList")
ABI_KEYS = ("suit", "num", "name", "ability", "beta", "output", "acts", "chars", "since", "update", "ruby")


@dataclass
class OfficialEntry:
    """One entry of an official list: its values as text, and where each one is in the file.

    ``formats`` are format ids (``format: lite,std``) or, when ``by_name``, the frame names a frame list
    writes (``frame: ・パック``); empty when the list leaves them out (an extra list: its own format).
    ``trump`` is the card of the trump ability that brings the entry (the ``acts`` of an ``abiList`` item);
    ``defaulted`` the expected keys the entry leaves out, which take their defaults."""

    kind: str
    group: str  # the heading of its group (カテゴリ): 基本, 召喚 ...
    values: dict[str, str]
    path: KeyPath
    doc: Document
    formats: list[str] = field(default_factory=list)
    by_name: bool = False
    trump: str | None = None
    defaulted: tuple[str, ...] = ()
    beta: bool = False
    children: list["OfficialEntry"] = field(default_factory=list)  # a trump's actions and characters

    def get(self, key: str) -> str:
        return self.values.get(key, "")

    def pos(self, key: str | None = None) -> Pos:
        return self.doc.pos(self.path + ((key,) if key else ()))


@dataclass
class OfficialList:
    file: str
    data: dict[str, str]
    entries: list[OfficialEntry] = field(default_factory=list)
    trumps: list[OfficialEntry] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)
    aside: set[str] = field(default_factory=set)  # the kept-aside keys met, as "kind key"


class OfficialFormatError(Exception):
    """The file is not a list in the official format; every problem is a positioned diagnostic."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("\n".join(d.format() for d in diagnostics[:20]))


def _text(value: Any) -> str | None:
    """A scalar as the official file means it (numbers such as a size of 1 are text too)."""
    if isinstance(value, bool) or value is None:
        return None if value is None else str(value).lower()
    if isinstance(value, (str, int, float)):
        return str(value)
    return None


def read(path: Path) -> OfficialList:
    """The lists of ``path``, or :class:`OfficialFormatError` listing every problem that makes the data
    meaningless.  What the format allows is accepted; a key it does not know is a warning (``warnings``)."""
    doc, diags = reading.load(path)
    sink = DiagnosticSink()
    for d in diags:  # a key written twice: the official lists do it (a repeated charType); the first counts
        sink.items.append(Diagnostic(d.pos, d.code, d.message + "; the first value is used", d.hint, "warning")
                          if d.code == Y_DUPLICATE else d)
    if doc is None:
        raise OfficialFormatError(sink.sorted())
    if not isinstance(doc.data, dict):
        sink.error(doc.pos(), S_TYPE, "an official list is a mapping with data, actList, charList and fogList",
                   "see the official act.schema.json")
        raise OfficialFormatError(sink.sorted())
    for key in doc.data:
        if key not in TOP_KEYS:
            sink.warning(doc.key_pos((key,)), S_UNKNOWN_KEY, f"unknown key {key!r} of an official list, left out",
                         did_you_mean(str(key), TOP_KEYS) or "keys: " + ", ".join(TOP_KEYS))
    if not any(k in doc.data for k in ("actList", "charList", "fogList", "trumpList", "abiList")):
        sink.error(doc.pos(), S_MISSING_KEY, "no list to import",
                   "this is the official frame list (game setups: frames), not a list of actions; the frames are "
                   "the formats of an edition" if "frames" in doc.data else
                   "an official list has an actList (and charList, fogList, trumpList or abiList)")
    result = OfficialList(str(path), _data_block(doc, sink))
    for spec in SPECS:
        groups = doc.data.get(spec.list_key)
        if groups is None:
            continue
        if not isinstance(groups, list):
            sink.error(doc.pos((spec.list_key,)), S_TYPE, f"{spec.list_key!r} must be a list of groups",
                       f"write '- type: <heading>' and '{spec.items_key}:' items")
            continue
        for g, group in enumerate(groups):
            found = _group(doc, sink, spec, (spec.list_key, g), group, result)
            (result.trumps if spec.kind == "trump" else result.entries).extend(found)
    abilities = doc.data.get("abiList")
    if abilities is not None:
        if not isinstance(abilities, list):
            sink.error(doc.pos(("abiList",)), S_TYPE, "'abiList' must be a list of abilities (suit, num, name ...)",
                       "")
        else:
            for i, item in enumerate(abilities):
                trump = _ability(doc, sink, ("abiList", i), item, result)
                if trump is not None:
                    result.trumps.append(trump)
                    result.entries.extend(trump.children)
    if sink.errors:
        raise OfficialFormatError(sink.sorted())
    result.warnings = [d for d in sink.sorted() if d.severity == "warning"]
    return result


def _data_block(doc: Document, sink: DiagnosticSink) -> dict[str, str]:
    data = doc.data.get("data")
    if data is None:
        return {}
    if not isinstance(data, dict):
        sink.error(doc.pos(("data",)), S_TYPE, "'data' must be a mapping (ver, lastupdate ...)", "")
        return {}
    out: dict[str, str] = {}
    for key, value in data.items():
        text = _text(value)
        if text is None:
            sink.warning(doc.pos(("data", key)), S_TYPE, f"data {key!r} is not a text, left out", "quote it")
        else:
            out[str(key)] = text
    return out


def _group(doc: Document, sink: DiagnosticSink, spec: ListSpec, path: KeyPath, group: Any,
           result: OfficialList) -> list[OfficialEntry]:
    if not isinstance(group, dict):
        sink.error(doc.pos(path), S_TYPE, f"a group of {spec.list_key} is a mapping with 'type' and "
                   f"'{spec.items_key}'", "")
        return []
    for key in group:
        if key not in ("type", spec.items_key):
            sink.warning(doc.key_pos(path + (key,)), S_UNKNOWN_KEY, f"unknown key {key!r} of a {spec.list_key} "
                         "group, left out", did_you_mean(str(key), ("type", spec.items_key))
                         or f"keys: type, {spec.items_key}")
    heading = _text(group.get("type"))
    if heading is None:
        sink.warning(doc.pos(path), S_MISSING_KEY, "a group without its heading 'type' (e.g. 基本): the entries "
                     "take the type of their own as heading", "")
        heading = ""
    items = group.get(spec.items_key)
    if items is None:
        return []  # an empty group (the official lists keep headings of retired entries)
    if not isinstance(items, list):
        sink.error(doc.pos(path + (spec.items_key,)), S_TYPE, f"'{spec.items_key}' must be a list of entries", "")
        return []
    out = []
    for i, item in enumerate(items):
        entry = _entry(doc, sink, spec, path + (spec.items_key, i), item, heading, result)
        if entry is not None:
            out.append(entry)
    return out


def _entry(doc: Document, sink: DiagnosticSink, spec: ListSpec, here: KeyPath, item: Any, heading: str,
           result: OfficialList, trump: str | None = None) -> OfficialEntry | None:
    """One entry, or None when it means nothing (an error is recorded)."""
    if not isinstance(item, dict):
        sink.error(doc.pos(here), S_TYPE, f"an entry of {spec.list_key} is a mapping", "")
        return None
    values: dict[str, str] = {}
    numbered = reading.numbered_keys(item, spec.fields)
    if numbered:
        first = next(iter(numbered))
        sink.warning(doc.key_pos(here + (first,)), Q_QUIRK, f"quirk: the keys of this {spec.kind} carry a number "
                     f"({', '.join(numbered)}), as the older lists write a second entry; read as "
                     f"{', '.join(numbered.values())}", f"write {numbered[first]!r} for {first!r}")
        doc.positions.update({here + (numbered[k],): doc.pos(here + (k,)) for k in numbered})
        item = {numbered.get(str(k), k): v for k, v in item.items()}
    for key, value in item.items():
        if key not in spec.fields:
            if key == "trump" and spec.kind in ("action", "character"):
                continue
            if key in KEPT_ASIDE:
                result.aside.add(f"{spec.kind} {key}")
            else:
                sink.warning(doc.key_pos(here + (key,)), S_UNKNOWN_KEY, f"unknown key {key!r} of a {spec.kind} "
                             "entry, left out", did_you_mean(str(key), spec.fields) or "keys: "
                             + ", ".join(spec.fields))
            continue
        text = _text(value)
        if text is not None and (plain := reading.trailing_comma(text)) is not None:
            sink.warning(doc.pos(here + (key,)), Q_QUIRK, f"quirk: {key} {text!r} ends in a comma, which the "
                         f"official tool did not print; read as {plain!r}", "remove the ',' after the value")
            text = plain
        if text is None and value is not None:
            sink.error(doc.pos(here + (key,)), S_TYPE, f"{key!r} must be a text, not a {type(value).__name__}",
                       "write the value as one text (a block scalar '|-' for several lines)")
        elif text is not None and (text.strip() or key in spec.required):
            values[str(key)] = text  # an empty value ('') is a key left out
    if trump is None and isinstance(item.get("trump"), str) and spec.kind in ("action", "character"):
        trump = item["trump"].strip()  # bpdsl's export names the card whose trump brings the entry
    missing = [k for k in spec.required if not values.get(k, "").strip()]
    for key in missing:
        sink.error(doc.pos(here), S_MISSING_KEY, f"{spec.kind} entry misses required key {key!r}",
                   f"add '{key}: ...' (see the official act.schema.json)")
    if missing:
        return None
    expected = [k for k in spec.expected if k not in values and not (k == "format" and "frame" in values)]
    if spec.kind == "action" and "actSpeed" not in values and "actS" not in values:
        expected.append("actSpeed")
    if trump is None and expected:
        sink.warning(doc.pos(here), S_MISSING_KEY, f"{spec.kind} {values[spec.required[0]]!r} leaves out "
                     + ", ".join(expected) + ": taken by default", "the defaults: the format of the list, the id "
                     "from the name, @直接 (誘発 for a triggered type), 通常, メイン")
    if "frame" in values:
        formats = [f.strip().lstrip("・").strip() for f in values["frame"].split("\n") if f.strip().lstrip("・").strip()]
        by_name = True
    else:
        formats = [f.strip() for f in values.get("format", "").split(",") if f.strip()]
        by_name = False
    return OfficialEntry(spec.kind, heading or values.get(f"{spec.prefix}Type", ""), values, here, doc, formats,
                         by_name, trump, tuple(expected))


def _ability(doc: Document, sink: DiagnosticSink, here: KeyPath, item: Any,
             result: OfficialList) -> OfficialEntry | None:
    """An item of an extra list's ``abiList``: the trump ability of one card and the actions and characters
    it brings.  A card without a name holds no ability (3.11.4) and is skipped."""
    if not isinstance(item, dict):
        sink.error(doc.pos(here), S_TYPE, "an item of abiList is a mapping (suit, num, name, ability, acts)", "")
        return None
    moved: dict[str, Any] = {}  # action keys written on the item (the 第六版 extra list): its action's
    for key in item:
        if key in ABI_KEYS:
            continue
        if key in SPEC["action"].fields and isinstance(item.get("acts"), list) and any(
                isinstance(row, dict) and key not in row for row in item["acts"]):
            moved[str(key)] = item[key]
            sink.warning(doc.key_pos(here + (key,)), Q_QUIRK, f"quirk: {key!r} written on the trump ability, not "
                         "on its action; read as the key of the action that leaves it out",
                         f"move '{key}' into the entry of 'acts'")
            continue
        sink.warning(doc.key_pos(here + (key,)), S_UNKNOWN_KEY, f"unknown key {key!r} of an abiList item, "
                     "left out", did_you_mean(str(key), ABI_KEYS) or "keys: " + ", ".join(ABI_KEYS))
    suit = SUIT_LETTERS.get(str(item.get("suit", "")).strip().lower())
    num = _text(item.get("num"))
    if suit is None or not num:
        sink.error(doc.pos(here), S_MISSING_KEY, "an abiList item needs its card: suit (s, h, d, c) and num",
                   "write 'suit: s' and 'num: A'")
        return None
    name = _text(item.get("name")) or ""
    if not name.strip():
        return None
    card = f"{suit}{num.strip()}"
    values = {"trumpName": name.strip(), "trumpKey": card, "trumpAbility": _text(item.get("ability")) or ""}
    for key in ("since", "update", "ruby"):
        if _text(item.get(key)):
            values[key] = str(_text(item.get(key)))
    trump = OfficialEntry("trump", f"切札{card} {name}", values, here, doc, [], False, None, (),
                          beta=bool(str(item.get("beta") or "").strip()))
    for key, kind in (("acts", "action"), ("chars", "character")):
        rows = item.get(key) or []
        if not isinstance(rows, list):
            sink.error(doc.pos(here + (key,)), S_TYPE, f"'{key}' of an abiList item must be a list", "")
            continue
        for j, row in enumerate(rows):
            if kind == "action" and moved and isinstance(row, dict):
                for k, v in moved.items():
                    if k not in row:
                        row = {k: v, **row}
                        doc.positions.setdefault(here + (key, j, k), doc.pos(here + (k,)))
            entry = _entry(doc, sink, SPEC[kind], here + (key, j), row, "", result, trump=card)
            if entry is not None:
                trump.children.append(entry)
    return trump

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
from bpdsl.dsl.yamlload import load_file

LORE = ("story", "flavor", "flavorSpeaker", "ruby", "since", "update", "devNote")


@dataclass(frozen=True)
class ListSpec:
    """One of the three lists of the official file."""

    kind: str  # action | character | fog
    list_key: str  # actList
    items_key: str  # acts
    fields: tuple[str, ...]
    required: tuple[str, ...]
    prefix: str  # act | char | fog


SPECS = (
    ListSpec("action", "actList", "acts",
             ("format", "actName", "actId", "actType", "actTrigger", "actS", "actSpeed", "actTime", "actCost",
              "actKey", "actActCond", "actTriggerCond", "actNote", "actTarget", "actEffect", *LORE),
             ("format", "actName", "actId", "actType", "actTrigger", "actTime", "actEffect"), "act"),
    ListSpec("character", "charList", "chars",
             ("format", "charName", "charId", "charType", "charKey", "charSize", "charNote", "charLabel",
              "charAbility", *LORE),
             ("format", "charName", "charId", "charType", "charKey"), "char"),
    ListSpec("fog", "fogList", "fogs",
             ("format", "fogName", "fogId", "fogType", "fogKey", "fogTarget", "fogAbility", *LORE),
             ("format", "fogName", "fogId", "fogType", "fogKey"), "fog"),
)
TOP_KEYS = ("data", "actList", "charList", "fogList")


@dataclass
class OfficialEntry:
    """One entry of an official list: its values as text, and where each one is in the file."""

    kind: str
    group: str  # the heading of its group (カテゴリ): 基本, 召喚 ...
    values: dict[str, str]
    path: KeyPath
    doc: Document

    def get(self, key: str) -> str:
        return self.values.get(key, "")

    def pos(self, key: str | None = None) -> Pos:
        return self.doc.pos(self.path + ((key,) if key else ()))


@dataclass
class OfficialList:
    file: str
    data: dict[str, str]
    entries: list[OfficialEntry] = field(default_factory=list)


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
    """The lists of ``path``, or :class:`OfficialFormatError` listing every problem of shape."""
    doc, diags = load_file(path)
    sink = DiagnosticSink()
    sink.extend(diags)
    if doc is None:
        raise OfficialFormatError(sink.sorted())
    if not isinstance(doc.data, dict):
        sink.error(doc.pos(), S_TYPE, "an official list is a mapping with data, actList, charList and fogList",
                   "see the official act.schema.json")
        raise OfficialFormatError(sink.sorted())
    for key in doc.data:
        if key not in TOP_KEYS:
            sink.error(doc.key_pos((key,)), S_UNKNOWN_KEY, f"unknown key {key!r} of an official list",
                       did_you_mean(str(key), TOP_KEYS) or "keys: " + ", ".join(TOP_KEYS))
    if "actList" not in doc.data:
        sink.error(doc.pos(), S_MISSING_KEY, "missing required key 'actList'", "an official list has an actList")
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
            result.entries += _group(doc, sink, spec, (spec.list_key, g), group)
    if sink.errors:
        raise OfficialFormatError(sink.sorted())
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
            sink.error(doc.pos(("data", key)), S_TYPE, f"data {key!r} must be a text", "quote it")
        else:
            out[str(key)] = text
    return out


def _group(doc: Document, sink: DiagnosticSink, spec: ListSpec, path: KeyPath, group: Any) -> list[OfficialEntry]:
    if not isinstance(group, dict):
        sink.error(doc.pos(path), S_TYPE, f"a group of {spec.list_key} is a mapping with 'type' and "
                   f"'{spec.items_key}'", "")
        return []
    for key in group:
        if key not in ("type", spec.items_key):
            sink.error(doc.key_pos(path + (key,)), S_UNKNOWN_KEY, f"unknown key {key!r} of a {spec.list_key} group",
                       did_you_mean(str(key), ("type", spec.items_key)) or f"keys: type, {spec.items_key}")
    heading = _text(group.get("type"))
    if heading is None:
        sink.error(doc.pos(path), S_MISSING_KEY, "a group needs its heading as 'type' (e.g. 基本)", "")
        heading = ""
    items = group.get(spec.items_key)
    if not isinstance(items, list):
        sink.error(doc.pos(path + ((spec.items_key,) if spec.items_key in group else ())),
                   S_MISSING_KEY if items is None else S_TYPE, f"a group needs a list '{spec.items_key}'", "")
        return []
    out = []
    for i, item in enumerate(items):
        here = path + (spec.items_key, i)
        if not isinstance(item, dict):
            sink.error(doc.pos(here), S_TYPE, f"an entry of {spec.list_key} is a mapping", "")
            continue
        values: dict[str, str] = {}
        for key, value in item.items():
            if key not in spec.fields:
                sink.error(doc.key_pos(here + (key,)), S_UNKNOWN_KEY, f"unknown key {key!r} of a {spec.kind} entry",
                           did_you_mean(str(key), spec.fields) or "keys: " + ", ".join(spec.fields))
                continue
            text = _text(value)
            if text is None and value is not None:
                sink.error(doc.pos(here + (key,)), S_TYPE, f"{key!r} must be a text, not a {type(value).__name__}",
                           "write the value as one text (a block scalar '|-' for several lines)")
            elif text is not None:
                values[str(key)] = text
        missing = [k for k in spec.required if k not in values]
        if spec.kind == "action" and "actSpeed" not in values and "actS" not in values:
            missing.append("actSpeed")
        for key in missing:
            sink.error(doc.pos(here), S_MISSING_KEY, f"{spec.kind} entry misses required key {key!r}",
                       f"add '{key}: ...' (see the official act.schema.json)")
        if not missing:
            out.append(OfficialEntry(spec.kind, heading, values, here, doc))
    return out

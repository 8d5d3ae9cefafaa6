"""Completion: what may be written at the cursor, from the registries and the loaded definitions, never a
hand-kept list.

* mapping keys from the document kind's cerberus schema (the one the validator checks against);
* op names of the kinds the place allows (an entry's op-call fields, an op argument of type ``opcall``) and
  an op's argument names and allowed values, from the op registry;
* ids of actions, characters, fogs and trumps (``id``, ``after``), editions (``edition``, ``extends``),
  formats, categories, character kinds and edition terms, from the definitions of the last check.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from bpdsl.dsl.document import KINDS
from bpdsl.dsl.entries import SPECS
from bpdsl.lsp.manual import describe_rule, op_manual
from bpdsl.lsp.workspace import Snapshot
from bpdsl.lsp.yamltext import ITEM, Where, where
from bpdsl.model import Edition
from bpdsl.ops import registry

OP_FIELDS: dict[str, tuple[str, ...]] = {f: kinds for spec in SPECS.values() for f, kinds in spec.op_fields.items()}


@dataclass(frozen=True)
class Item:
    """One completion: the text inserted, its kind (key, op, value, id, term), a short detail and a manual."""

    label: str
    kind: str
    detail: str = ""
    documentation: str = ""
    insert: str | None = None


def _types(rule: Mapping[str, Any]) -> list[str]:
    t = rule.get("type", [])
    return list(t) if isinstance(t, list) else [t]


@dataclass
class _Place:
    rule: Mapping[str, Any]
    op: str | None = None  # the op whose arguments we are in
    op_kinds: tuple[str, ...] | None = None  # allowed op kinds when ``rule`` is an op call
    key: str | None = None  # the last key on the way


def _walk(kind: str | None, chain: list[Any]) -> _Place:
    """Follow the chain through the kind's schema (and into op arguments at op calls)."""
    doc_kind = KINDS.get(str(kind))
    schema = {"kind": {"type": "string", "allowed": sorted(KINDS)}, **(doc_kind.schema if doc_kind else {})}
    place = _Place({"type": "dict", "schema": schema})
    ops = registry.load_all()
    for step in chain:
        rule = place.rule
        types = _types(rule)
        if "opcall" in types:
            if step == ITEM:
                continue
            if step in ops:
                place = _Place({"type": "dict", "schema": ops[step].args}, op=step, key=step)
            else:
                place = _Place({}, key=str(step))
            continue
        if step == ITEM:
            item = rule.get("schema") if "list" in types else None
            place = _Place(item if isinstance(item, Mapping) else {}, place.op, place.op_kinds, place.key)
            meta = place.rule.get("meta") if isinstance(place.rule.get("meta"), Mapping) else {}
            if "opcall" in _types(place.rule) and meta.get("kinds"):
                place.op_kinds = tuple(meta["kinds"])
            continue
        inner = rule.get("schema") if "dict" in types or not types else None
        if isinstance(inner, Mapping) and step in inner:
            sub = inner[step]
            kinds = ((sub.get("meta") or {}).get("kinds") if place.op else OP_FIELDS.get(step))
            place = _Place(sub, place.op, tuple(kinds) if kinds else None, step)
        elif isinstance(rule.get("valuesrules"), Mapping):
            place = _Place(rule["valuesrules"], place.op, None, step)
        else:
            place = _Place({}, place.op, None, step)
        meta = place.rule.get("meta") if isinstance(place.rule.get("meta"), Mapping) else {}
        if "opcall" in _types(place.rule) and meta.get("kinds"):
            place.op_kinds = tuple(meta["kinds"])
        if "list" in _types(place.rule) and isinstance(place.rule.get("schema"), Mapping):
            item_rule = place.rule["schema"]
            if "opcall" in _types(item_rule) and place.op_kinds is None:
                meta = item_rule.get("meta") or {}
                place.op_kinds = tuple(meta.get("kinds") or ()) or None
    return place


def _op_items(kinds: Iterable[str] | None, ctx: Any = None) -> list[Item]:
    allowed = set(kinds) if kinds else None
    return [Item(op.name, "op", f"{op.kind} op: {op.summary}", op_manual(op.name, ctx))
            for op in sorted(registry.load_all().values(), key=lambda o: o.name)
            if allowed is None or op.kind in allowed]


def _edition(snap: Snapshot, data: Mapping[str, Any]) -> Edition | None:
    eid = data.get("id") if data.get("kind") == "edition" else data.get("edition")
    return snap.definitions.editions.get(eid) if isinstance(eid, str) else None


def _entry_ids(edition: Edition | None, snap: Snapshot, attr: str | None, inherited_only: bool = False) -> list[Item]:
    if edition is None:
        return []
    source = snap.definitions.editions.get(edition.extends) if inherited_only and edition.extends else edition
    if source is None:
        return []
    out: list[Item] = []
    for table_attr in ([attr] if attr else ["actions", "characters", "fogs", "trumps"]):
        table = getattr(source, table_attr, None) or {}
        for eid, entry in table.items():
            out.append(Item(eid, "id", f"{table_attr[:-1]} {getattr(entry, 'name', '')} ({source.id})"))
    return out


def _value_items(snap: Snapshot, data: Mapping[str, Any], place: _Place, chain: list[Any]) -> list[Item]:
    rule, key = place.rule, place.key
    defs = snap.definitions
    edition = _edition(snap, data)
    items: list[Item] = []
    if "allowed" in rule:
        items += [Item(str(v), "value", f"{key}: allowed value") for v in rule["allowed"]]
    if place.op_kinds is not None and "opcall" in _types(rule):
        items += _op_items(place.op_kinds)
    list_attr = next((c for c in chain if isinstance(c, str) and c in {s.attr for s in SPECS.values()}), None)
    if place.op is None:
        if key in ("edition", "extends"):
            items += [Item(e.id, "id", f"edition {e.name}") for e in defs.editions.values()]
        elif key == "id" and list_attr and data.get("kind") != "edition":
            items += _entry_ids(edition, snap, list_attr, inherited_only=True)
        elif key == "after":
            items += _entry_ids(edition, snap, list_attr)
        elif key == "formats" and edition is not None:
            items += [Item(f.id, "id", f"format {f.name}") for f in edition.formats]
        elif key == "category" and edition is not None:
            items += [Item(c.id, "id", f"category {c.name} ({c.section})") for c in edition.categories]
        elif key == "kind" and list_attr == "characters":
            kinds = {k.id: k.name for g in defs.games.values() for k in g.character_kinds}
            items += [Item(k, "id", f"character kind {n}") for k, n in kinds.items()]
        elif key in ("game",):
            items += [Item(g, "id", "game") for g in defs.games]
        elif key in ("flow",):
            items += [Item(f, "id", "flow") for f in defs.flows]
    elif key in ("action", "actions", "character", "characters", "trump", "entry"):
        items += _entry_ids(edition, snap, key + "s" if not key.endswith("s") and key != "entry" else
                            (None if key == "entry" else key))
    return items


def _key_items(snap: Snapshot, data: Mapping[str, Any], place: _Place, chain: list[Any]) -> list[Item]:
    rule = place.rule
    if "opcall" in _types(rule):
        return _op_items(place.op_kinds)
    if isinstance(rule.get("keysrules"), Mapping) and place.key == "terms":
        terms: dict[str, str] = {}
        for e in snap.definitions.editions.values():
            for k, v in e.terms.items():
                terms.setdefault(k, f"{v} ({e.id})")
        return [Item(k, "term", v) for k, v in sorted(terms.items())]
    inner = rule.get("schema")
    if isinstance(inner, Mapping) and all(isinstance(v, Mapping) for v in inner.values()):
        doc = "" if place.op is None else op_manual(place.op)
        return [Item(k, "key", describe_rule(v), doc, insert=f"{k}: ") for k, v in inner.items()]
    return []


def complete(snap: Snapshot, text: str, data: Any, line: int, col: int) -> list[Item]:
    """Completions at 1-based ``line``/``col`` of ``text`` (``data``: the document's plain data of the last
    check, for its kind and edition; the text itself may not parse)."""
    here: Where = where(text, line, col)
    data = data if isinstance(data, Mapping) else {}
    kind = data.get("kind") or _kind_from_text(text)
    if here.chain == ["kind"] and here.mode == "value":
        return [Item(k, "value", "document kind") for k in sorted(KINDS)]
    place = _walk(kind, here.chain)
    if here.mode == "key":
        items = _key_items(snap, data, place, here.chain)
    elif here.mode == "item":
        types = _types(place.rule)
        items = (_key_items(snap, data, place, here.chain) if "dict" in types or "opcall" in types else []) \
            + _value_items(snap, data, place, here.chain)
    else:
        items = _value_items(snap, data, place, here.chain)
    token = here.token.strip("'\"")
    seen: set[str] = set()
    out = []
    for item in items:
        if item.label.startswith(token) and item.label not in seen:
            seen.add(item.label)
            out.append(item)
    return out


def _kind_from_text(text: str) -> str | None:
    for line in text.splitlines():
        if line.startswith("kind:"):
            return line.split(":", 1)[1].strip().strip("'\"") or None
    return None

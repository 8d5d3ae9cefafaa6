"""What changed between two editions: added, removed and changed actions, characters, fogs and trumps.

Comparison is on the model, never on YAML text: two entries are equal when their parsed values are equal
(op calls by op and arguments, expressions by their syntax tree, key patterns by meaning), whatever their
layout or file.  Entries are matched by id, and an id that disappears while another with the same printed
name appears is reported as a rename.  Because act6.1 prints requests as ``@メイン`` and act8.0 as
``@直接-通常-メイン``, a request is also compared as printed in each edition's notation: a change of
notation alone is reported as such (``printed_only``).

Pure functions returning data: ``bpdsl diff`` prints it, the docs can tabulate it.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from bpdsl.dsl.notation import format_request
from bpdsl.model import Action, Character, Edition, Fog, OpCall

KINDS = (("action", "actions"), ("character", "characters"), ("fog", "fogs"), ("trump", "trumps"))
# ``official``: the official list's own forms of fields bpdsl prints the same (bpdsl export official) -- not a
# change of the rules or of the printed text
SKIP = {"id", "pos", "key_text", "official"}


@dataclass
class FieldChange:
    field: str
    old: str  # printed / DSL form in the old edition
    new: str
    printed_only: bool = False  # equal on the model, printed differently (notation of the edition)
    # a term's change: the entries whose printed text it changes ("name (id): fields", "… [inherited]"),
    # filled by the commands from bpdsl.render.termreach (the model alone cannot print)
    reaches: list[str] = field(default_factory=list)


@dataclass
class EntryChange:
    kind: str  # action | character | fog | trump
    id: str
    name: str
    status: str  # added | removed | changed
    fields: list[FieldChange] = field(default_factory=list)
    old_id: str | None = None  # set when the entry was renamed (matched by its printed name)


@dataclass
class EditionDiff:
    old: str
    new: str
    edition: list[FieldChange]
    entries: list[EntryChange]

    def of(self, status: str, kind: str | None = None) -> list[EntryChange]:
        return [e for e in self.entries if e.status == status and (kind is None or e.kind == kind)]

    def find(self, entry_id: str) -> EntryChange | None:
        return next((e for e in self.entries if e.id == entry_id), None)


# ------------------------------------------------------------------ normal forms


def norm(value: Any) -> Any:
    """A comparable form without positions or source text."""
    if isinstance(value, OpCall):
        return ("op", value.op, norm(value.args), value.text)
    if isinstance(value, dict):
        return tuple(sorted((str(k), norm(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(norm(v) for v in value)
    if hasattr(value, "form") and hasattr(value, "slots"):  # KeyPattern: compare by meaning
        return ("key", value.form, tuple(s.kinds for s in value.slots), value.count, value.at_least, value.face_down)
    return value


def show(value: Any) -> str:
    """The DSL form of a value: op calls as ``op(arg=value, ...)``, expressions and patterns as text."""
    if value is None:
        return "-"
    if isinstance(value, OpCall):
        args = ", ".join(f"{k}={show(v)}" for k, v in value.args.items())
        text = f" text={value.text!r}" if value.text is not None else ""
        return f"{value.op}({args}){text}" if args or text else value.op
    if isinstance(value, list):
        if value and all(isinstance(v, OpCall) for v in value):
            return "; ".join(show(v) for v in value)
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, str):
        return value if value else '""'
    return str(value)


# ------------------------------------------------------------------ diff


def diff_editions(old: Edition, new: Edition) -> EditionDiff:
    """Every difference between two editions, in the new edition's printed order (removed entries last)."""
    return EditionDiff(old.id, new.id, _edition_fields(old, new), _entries(old, new))


def _edition_fields(old: Edition, new: Edition) -> list[FieldChange]:
    out = []
    for name in ("name", "date", "game", "flow", "notation"):
        a, b = getattr(old, name), getattr(new, name)
        if a != b:
            out.append(FieldChange(name, show(a), show(b)))
    fa = [f"{f.id} ({f.name})" for f in sorted(old.formats, key=lambda f: f.order)]
    fb = [f"{f.id} ({f.name})" for f in sorted(new.formats, key=lambda f: f.order)]
    if fa != fb:
        out.append(FieldChange("formats", ", ".join(fa), ", ".join(fb)))
    # a heading may stand in several lists (速攻魔法 for actions and for fogs): name the list beside it
    ca = [c.name if c.section == "action" else f"{c.name} ({c.section})" for c in old.categories]
    cb = [c.name if c.section == "action" else f"{c.name} ({c.section})" for c in new.categories]
    if ca != cb:
        out.append(FieldChange("categories", ", ".join(ca), ", ".join(cb)))
    for key in sorted(set(old.terms) | set(new.terms)):
        a, b = old.terms.get(key), new.terms.get(key)
        if a != b:
            out.append(FieldChange(f"terms.{key}", show(a), show(b)))
    return out


def _entries(old: Edition, new: Edition) -> list[EntryChange]:
    out: list[EntryChange] = []
    for kind, attr in KINDS:
        a: dict[str, Any] = getattr(old, attr)
        b: dict[str, Any] = getattr(new, attr)
        removed = [k for k in a if k not in b]
        added = [k for k in b if k not in a]
        renamed: dict[str, str] = {}  # new id -> old id
        by_name = {a[k].name: k for k in removed}
        for k in added:
            old_id = by_name.get(b[k].name)
            if old_id is not None and old_id not in renamed.values():
                renamed[k] = old_id
        for k, entry in b.items():
            if k in a or k in renamed:
                before = a[renamed.get(k, k)]
                fields = _entry_fields(old, new, before, entry)
                if fields or k in renamed:
                    out.append(EntryChange(kind, k, entry.name, "changed", fields, renamed.get(k)))
            else:
                out.append(EntryChange(kind, k, entry.name, "added"))
        for k in removed:
            if k not in renamed.values():
                out.append(EntryChange(kind, k, a[k].name, "removed"))
    return out


def _category_name(edition: Edition, cid: str | None) -> str:
    for c in edition.categories:
        if c.id == cid:
            return c.name
    return cid or "-"


def _format_names(edition: Edition, ids: list[str]) -> str:
    names = {f.id: f.name for f in edition.formats}
    return ", ".join(f"{i} ({names[i]})" if i in names else i for i in ids)


def _entry_fields(old_ed: Edition, new_ed: Edition, a: Action | Character | Fog, b: Action | Character | Fog) -> list[FieldChange]:
    out = []
    for f in dataclasses.fields(b):
        name = f.name
        if name in SKIP:
            continue
        va, vb = getattr(a, name, None), getattr(b, name, None)
        if name == "category":
            na, nb = _category_name(old_ed, va), _category_name(new_ed, vb)
            if na != nb:
                out.append(FieldChange(name, na, nb))
            continue
        if name == "formats":
            if va != vb:
                out.append(FieldChange(name, _format_names(old_ed, va), _format_names(new_ed, vb)))
            continue
        if name == "request":
            pa, pb = format_request(va, old_ed.notation), format_request(vb, new_ed.notation)
            if va != vb or pa != pb:
                out.append(FieldChange(name, pa, pb, printed_only=(va == vb)))
            continue
        if name == "key":
            ta = getattr(va, "text", None) or getattr(a, "key_text", None)
            tb = getattr(vb, "text", None) or getattr(b, "key_text", None)
            if norm(va) != norm(vb):
                out.append(FieldChange(name, show(ta), show(tb)))
            continue
        if norm(va) != norm(vb):
            out.append(FieldChange(name, show(va), show(vb)))
    return out

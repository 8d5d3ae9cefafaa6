"""Document kind ``edition``: one edition of the rules (act6.1 第六版, act8.0 第八版, ...).

Example (definitions/blackpoker/editions/act8.0/edition.yaml)::

    kind: edition
    id: act8.0
    name: 第八版
    game: blackpoker
    date: 2025/3/x
    flow: bp2024
    notation: trigger-speed-timing      # act6.1: timing
    terms: {life: ライフ, size: サイズ, suit: スート}
    formats: [{id: lite, name: ライト, mark: ■}, {id: std, name: スタンダード, mark: ○}]
                                        # {id: extra, name: エクストラ, includes: mast}: マスター's entries too
    marks: {tag: false, legend: "{mark} {id} : {formats}で使えます。"}
                                        # the format marks' legend (see bpdsl.model.MarkStyle)
    categories: [{id: basic, name: 基本}, ...]
    supplements: {...}                  # legend boxes of the printed sheet
    colophon: {...}
    list: numbered                      # effects of several steps print as 1. 2. ...; act6.1: bullets
                                        # (an action may write its own ``list:``)

An edition may ``extends: <edition id>``: every field it does not write is taken from the parent (terms,
supplements and colophon are merged key by key), and its entries start as the parent's entries
(see bpdsl.dsl.entries).  ``remove: {actions: [id], characters: [id], fogs: [id]}`` drops inherited entries.
``face_down_trump: {name: 裏切札, ruby: うらきりふだ, key: 全て(裏向き)}`` adds the extra list's entry for any card
lying face down in a 切札 zone (no ability; ``formats`` defaults to ``[extra]``).
``official: {file: act-frame.yaml, layout: frames}`` names the official list the edition was written from
(not inherited): ``bpdsl export official`` writes an entry's frames by name when its layout is ``frames``.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from bpdsl.diagnostics import DiagnosticSink, did_you_mean
from bpdsl.dsl import checks as C
from bpdsl.dsl import entries
from bpdsl.dsl.document import BuildContext, Document, DocumentKind, register_kind
from bpdsl.dsl.notation import NOTATIONS
from bpdsl.dsl.schema import S_MISSING_KEY
from bpdsl.dsl.textchecks import counter_term_problem
from bpdsl.ops.registry import current_terms
from bpdsl.model import Category, Definitions, Edition, FaceDownTrump, Format, MarkStyle

_IDS = {"type": "list", "schema": {"type": "string"}}

SCHEMA: dict[str, Any] = {
    "id": {"type": "string", "required": True, "regex": r"^[a-z][a-z0-9_.\-]*$"},
    "name": {"type": "string"},
    "date": {"type": ["string", "number"]},
    "game": {"type": "string"},
    "flow": {"type": "string"},
    "notation": {"type": "string", "allowed": list(NOTATIONS)},
    "extends": {"type": "string", "nullable": True},
    "list": {"type": "string", "allowed": ["numbered", "bullets"]},
    "description": {"type": "string"},
    "terms": {"type": "dict", "keysrules": {"type": "string"}, "valuesrules": {"type": "string"}},
    "formats": {
        "type": "list", "minlength": 1,
        "schema": {"type": "dict", "schema": {
            "id": {"type": "string", "required": True, "regex": r"^[a-z][a-z0-9_\-]*$"},
            "name": {"type": "string", "required": True},
            "order": {"type": "integer"},
            "includes": {"type": "string"},
            "mark": {"type": "string", "minlength": 1, "maxlength": 3},
        }},
    },
    # how the format marks print: [format] after the type, the legend lines and the sentence above them
    "marks": {"type": "dict", "schema": {
        "tag": {"type": "boolean"},
        "legend": {"type": "string", "maxlength": 200},
        "intro": {"type": "string", "maxlength": 400},
    }},
    "categories": {
        "type": "list",
        "schema": {"type": "dict", "schema": {
            "id": {"type": "string", "required": True, "regex": r"^[a-z][a-z0-9_\-]*$"},
            "name": {"type": "string", "required": True},
            "section": {"type": "string", "allowed": ["action", "character", "fog"]},
        }},
    },
    # printed as they are written: every value is text (a mapping here would print as a Python repr)
    "supplements": {"type": "dict", "keysrules": {"type": "string"}, "valuesrules": {"anyof": [
        {"type": "string"},
        {"type": "list", "schema": {"type": "string"}},
        {"type": "dict", "schema": {"title": {"type": "string"}, "text": {"type": "string"},
                                    "lines": {"type": "list", "schema": {"type": "string"}}}},
    ]}},
    "colophon": {"type": "dict", "keysrules": {"type": "string"}, "valuesrules": {"type": ["string", "integer"]}},
    "remove": {"type": "dict", "schema": {"actions": _IDS, "characters": _IDS, "fogs": _IDS}},
    # how the edition's change history (bpdsl diff OLD ID --format md) reads: the changes of the rules text
    # that no action list shows, and the changes that are this edition's own reading (entry id -> why)
    "history": {"type": "dict", "schema": {
        "rules": {"type": "list", "schema": {"type": "string", "maxlength": 400}},
        "inferred": {"type": "dict", "keysrules": {"type": "string"}, "valuesrules": {"type": "string", "maxlength": 400}},
    }},
    "face_down_trump": {"type": "dict", "nullable": True, "schema": {
        "name": {"type": "string", "required": True}, "ruby": {"type": "string", "required": True},
        "key": {"type": "string", "required": True}, "formats": {"type": "list", "schema": {"type": "string"}},
        "since": {"type": "string"}, "official": entries.LORE["official"]}},
    # the official list the edition was written from (the edition's own, not inherited): its file name, and
    # ``layout: frames`` when that list names the frames an entry is in (frame: ・エクストラ) rather than
    # its format ids -- `bpdsl export official` writes the edition so
    "official": {"type": "dict", "schema": {
        "file": {"type": "string", "regex": r"^[^/\\]+\.ya?ml$"},
        "layout": {"type": "string", "allowed": ["formats", "frames"]}}},
}

REQUIRED = ("name", "date", "game", "flow", "notation", "formats", "categories")


def _face_down_trump(ctx: BuildContext, data: dict[str, Any], parent: Edition | None,
                     formats: list[Format]) -> FaceDownTrump | None:
    """The extra list's entry for a face-down trump (the frame list's 裏切札), inherited unless written."""
    if "face_down_trump" not in data:
        return parent.face_down_trump if parent is not None else None
    raw = data["face_down_trump"]
    if not isinstance(raw, dict):
        return None
    known = [f.id for f in formats]
    fids = [str(f) for f in raw.get("formats") or ["extra"]]
    for j, fid in enumerate(fids):
        if fid not in known:
            ctx.error(("face_down_trump", "formats", j), C.D_FORMAT, f"unknown format {fid!r}",
                      did_you_mean(fid, known) or "formats: " + ", ".join(known))
    official = raw.get("official")
    return FaceDownTrump(str(raw.get("name", "")), str(raw.get("ruby", "")), str(raw.get("key", "")),
                         tuple(fids), raw.get("since"),
                         {str(k): str(v) for k, v in official.items()} if isinstance(official, dict) else None)


_IN_CYCLE: set[str] = set()  # edition ids of the current load that extend each other in a cycle


def sort_documents(docs: list[Document]) -> list[Document]:
    """Edition documents parents-first, so that a child is built after the edition it extends."""
    by_id = {d.data.get("id"): d for d in docs if isinstance(d.data, dict)}
    _IN_CYCLE.clear()

    def depth(doc: Document) -> int:
        seen: list[Any] = [doc.data.get("id")]
        cur = doc.data.get("extends")
        while cur in by_id:
            if cur in seen:
                _IN_CYCLE.update(str(x) for x in seen[seen.index(cur):])
                break
            seen.append(cur)
            cur = by_id[cur].data.get("extends")
        return len(seen)

    return sorted(docs, key=depth)


def _unique(ctx: BuildContext, key: str, items: list[Any]) -> list[tuple[int, dict[str, Any]]]:
    return ctx.unique(key, items, C.D_DUPLICATE)


def build(ctx: BuildContext) -> None:
    data = ctx.document.data
    defs = ctx.definitions
    eid = data["id"]
    if eid in defs.editions:
        ctx.error(("id",), C.D_DUPLICATE, f"edition {eid!r} is defined twice", f"first defined at {defs.editions[eid].pos}")
        return
    parent: Edition | None = None
    ext = data.get("extends")
    if ext:
        parent = defs.editions.get(ext)
        if parent is None:
            if ext == eid:
                what = "itself"
            elif eid in _IN_CYCLE:
                what = f"{ext!r}, which extends it back (a cycle)"
            else:
                what = f"unknown edition {ext!r}"
            ctx.error(("extends",), C.I_PARENT, f"edition {eid!r} extends {what}",
                      did_you_mean(ext, [e for e in defs.editions if e != eid])
                      or "extend an edition defined in another file; editions cannot extend each other in a cycle")
    missing = [k for k in REQUIRED if k not in data and (parent is None or k in ("name", "date"))]
    if missing:
        ctx.error((), S_MISSING_KEY, f"edition {eid!r} misses required key(s): {', '.join(missing)}",
                  "add them" + ("" if parent else " or extend another edition"))

    def pick(key: str, default: Any) -> Any:
        if key in data:
            return data[key]
        return getattr(parent, key) if parent is not None else default

    if "formats" in data:
        declared = _unique(ctx, "formats", data["formats"])
        formats = [Format(f["id"], f["name"], f.get("order", i), f.get("includes"), f.get("mark", ""),
                          ctx.pos(("formats", i, "id"))) for i, f in declared]
        known = {f.id for f in formats}
        for i, f in declared:
            if f.get("includes") is not None and f["includes"] not in known:
                ctx.error(("formats", i, "includes"), C.D_FORMAT, f"format {f['id']!r} includes unknown format "
                          f"{f['includes']!r}", did_you_mean(f["includes"], known) or "formats: " + ", ".join(sorted(known)))
    else:
        formats = list(parent.formats) if parent else []
    if "categories" in data:
        categories = [Category(c["id"], c["name"], c.get("section", "action"))
                      for _, c in _unique(ctx, "categories", data["categories"])]
    else:
        categories = list(parent.categories) if parent else []
    game = pick("game", "")
    if "game" in data and game not in defs.games:
        ctx.error(("game",), C.D_UNKNOWN_DOC_REF, f"unknown game {game!r}",
                  did_you_mean(game, defs.games) or "games: " + (
                      ", ".join(defs.games) or "none is loaded (validate the file that defines the game too)"))
    _check_supplement_costs(ctx, data, defs.games.get(game))
    _check_counter_terms(ctx, data, defs.games.get(game))
    terms = {**(parent.terms if parent else {}), **current_terms(data.get("terms") or {})}
    supplements = {**(parent.supplements if parent else {}), **(data.get("supplements") or {})}
    marks = _marks(ctx, data, parent)
    colophon = {**(parent.colophon if parent else {}), **{str(k): v for k, v in (data.get("colophon") or {}).items()}}
    edition = Edition(
        id=eid, name=pick("name", ""), date=str(pick("date", "")), game=game, flow=pick("flow", ""),
        notation=pick("notation", "trigger-speed-timing"), terms=terms, formats=formats, categories=categories,
        actions={}, characters={}, fogs={}, supplements=supplements, colophon=colophon,
        extends=ext or None, pos=ctx.pos(), 
        list_style=data["list"] if "list" in data else (parent.list_style if parent is not None else None),
        marks=marks, face_down_trump=_face_down_trump(ctx, data, parent, formats),
        history={str(k): v for k, v in (data.get("history") or {}).items()},
        official={str(k): str(v) for k, v in (data.get("official") or {}).items()},
    )
    defs.editions[eid] = edition
    removes = entries.state(defs).removes.setdefault(eid, [])
    for attr, ids in (data.get("remove") or {}).items():
        for j, rid in enumerate(ids or []):
            removes.append((attr, rid, ctx.pos(("remove", attr, j))))
        if ids and not ext:
            ctx.error(("remove", attr), C.I_REMOVE, f"edition {eid!r} removes entries but extends no edition",
                      "'remove' only applies to inherited entries; add 'extends: <edition>'")


# the placeholders each text of ``marks`` may name (anything else is a typo the sheet would print as is)
MARK_PLACEHOLDERS: dict[str, tuple[str, ...]] = {
    "legend": ("mark", "id", "name", "formats"),
    "intro": ("formats", "format"),
}
_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def _marks(ctx: BuildContext, data: dict[str, Any], parent: Edition | None) -> MarkStyle:
    """``marks``, merged key by key over the parent's; an unknown ``{placeholder}`` is reported."""
    base = parent.marks if parent is not None else MarkStyle()
    given = data.get("marks") or {}
    for key, allowed in MARK_PLACEHOLDERS.items():
        for name in _PLACEHOLDER.findall(str(given.get(key, ""))):
            if name not in allowed:
                ctx.error(("marks", key), C.M_PLACEHOLDER, f"marks.{key} names the unknown placeholder {{{name}}}",
                          did_you_mean(name, allowed) or "placeholders: " + ", ".join(f"{{{a}}}" for a in allowed))
    return replace(base, **{k: given[k] for k in ("tag", "legend", "intro") if k in given})


def _check_supplement_costs(ctx: BuildContext, data: dict[str, Any], game: Any) -> None:
    """The legend box コストの意味 (``supplements.costs: [B, L, ...]``) may only list declared cost letters."""
    costs = (data.get("supplements") or {}).get("costs")
    if game is None or not isinstance(costs, list):
        return
    declared = {c.id for c in game.costs}
    for j, letter in enumerate(costs):
        if letter not in declared:
            ctx.error(("supplements", "costs", j), C.C_COST, f"the cost legend lists undeclared cost {letter!r}",
                      f"the game {game.id!r} declares the costs " + ", ".join(sorted(declared)))


def _check_counter_terms(ctx: BuildContext, data: dict[str, Any], game: Any) -> None:
    """``counter:X`` / ``unit:X`` terms name a counter of the game (else their word is never printed)."""
    if game is None or not isinstance(data.get("terms"), dict):
        return
    counters = [c.id for c in game.counters]
    for key in data["terms"]:
        found = counter_term_problem(key, counters) if isinstance(key, str) else None
        if found is not None:
            ctx.error(("terms", key), C.N_TERM, *found)


def finish(defs: Definitions, sink: DiagnosticSink) -> None:
    """Resolve inheritance: the final actions, characters and fogs of every edition."""
    entries.resolve(defs, sink)


EDITION_KIND = register_kind(DocumentKind("edition", SCHEMA, build, order=20, finish=finish))

"""Entries of an edition (actions, characters, fogs): field conversion, drafts and edition inheritance.

The three entry kinds share one mechanism.  While a document is built, each entry becomes a
:class:`Draft` holding only the fields it *writes* (converted and checked against its edition with
precise positions).  After every document is built, :func:`resolve` walks the editions parents-first and
makes the final entries:

* an edition that ``extends`` another starts with all of its parent's entries,
* ``remove: {actions: [id, ...]}`` in the edition document drops inherited entries,
* an entry whose id the parent has *overrides* it field by field (only the fields it writes change),
* any other entry is new and must write every required field.

So act8.0 could be written as "act6.1 plus 魔術士召喚, with アタック's request changed" -- or in full.
"""
from __future__ import annotations

import copy
import re
import difflib
import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable

from bpdsl.diagnostics import DiagnosticSink, Pos, did_you_mean
from bpdsl.dsl import checks as C
from bpdsl.dsl import expr_names
from bpdsl.dsl.cards import PatternError, parse_pattern
from bpdsl.dsl.codes import O_DUPLICATE
from bpdsl.dsl.document import BuildContext, KeyPath
from bpdsl.dsl.notation import NotationError, parse_request
from bpdsl.dsl.opcalls import OpBuilder
from bpdsl.dsl.schema import S_MISSING_KEY, S_NOT_ALLOWED
from bpdsl.model import Action, Character, Definitions, Edition, Fog, Request, Trump

STATE_KEY = "_dsl_load_state"

# ------------------------------------------------------------------ schema pieces

ID = {"type": "string", "required": True, "regex": r"^[a-z][a-z0-9_]*$", "empty": False}
TEXT = {"type": "string", "nullable": True}
VERSION = {"type": ["string", "number"], "nullable": True}
OPCALL = {"type": "opcall", "nullable": True}
OPCALLS = {"type": "list", "nullable": True, "schema": {"type": "opcall"}}
FORMATS = {"type": "list", "schema": {"type": "string"}}
PATTERN = {"type": "pattern", "nullable": True}
REQUEST = {
    "type": ["dict", "string"],
    "schema": {
        "trigger": {"type": "string", "allowed": ["direct", "triggered"]},
        "speed": {"type": "string", "allowed": ["instant", "normal"]},
        "timing": {"type": "string", "allowed": ["main", "quick"]},
    },
}

ACTION_FIELDS: dict[str, Any] = {
    "id": ID, "name": TEXT, "ruby": TEXT, "category": TEXT, "type": TEXT, "request": REQUEST,
    "cost": {"type": "string", "nullable": True}, "key": PATTERN, "target": OPCALL, "conditions": OPCALLS,
    "when": OPCALL, "notes": OPCALLS, "formats": FORMATS, "effect": OPCALLS, "lead": TEXT, "since": VERSION,
    "list": {"type": "string", "nullable": True, "allowed": ["numbered", "bullets", "prose"]},
    "update": VERSION, "story": TEXT, "flavor": TEXT, "dev_note": TEXT, "devNote": TEXT,
    "unplayed": TEXT,  # printed but left out of play, with the reason (bpdsl.ops.playable)
}
# data carried by every entry kind: version history and the story/flavor texts of the official lists;
# ``after`` places an entry new to an extending edition after the named entry in printed order
LORE: dict[str, Any] = {"since": VERSION, "update": VERSION, "story": TEXT, "flavor": TEXT,
                        "flavor_speaker": TEXT, "flavorSpeaker": TEXT,
                        "after": {"type": "string", "nullable": True},
                        # the official list's own forms of fields that print the same (its ids, spacing, list
                        # markers, format slots): written by `bpdsl import official`, used by `bpdsl export official`
                        "official": {"type": "dict", "nullable": True, "keysrules": {"type": "string"},
                                     "valuesrules": {"type": "string"}}}
ACTION_FIELDS.update(LORE)
CHARACTER_FIELDS: dict[str, Any] = {
    "id": ID, "name": TEXT, "ruby": TEXT, "kind": {"type": "string"},  # a kind of game.yaml's character_kinds
    "type": TEXT, "key": PATTERN, "size": OPCALL, "labels": OPCALLS, "abilities": OPCALLS, "formats": FORMATS,
    "unplayed": TEXT, **LORE,
}
FOG_FIELDS: dict[str, Any] = {
    "id": ID, "name": TEXT, "ruby": TEXT, "type": TEXT, "category": TEXT, "key": PATTERN, "abilities": OPCALLS,
    "target": OPCALL, "formats": FORMATS, **LORE,
}


def document_schema(list_key: str, fields: dict[str, Any]) -> dict[str, Any]:
    return {
        "edition": {"type": "string", "required": True},
        list_key: {"type": "list", "required": True, "schema": {"type": "dict", "schema": fields}},
    }


# ------------------------------------------------------------------ specs


@dataclass(frozen=True)
class EntrySpec:
    kind: str  # action | character | fog | trump
    attr: str  # attribute of Edition holding them, and list key of the document
    model: type
    required: tuple[str, ...]
    defaults: dict[str, Callable[[], Any]]
    op_fields: dict[str, tuple[str, ...]]  # field -> allowed op kinds
    single_ops: tuple[str, ...]  # op-call fields holding one call (others hold lists)


SPECS: dict[str, EntrySpec] = {
    "action": EntrySpec(
        "action", "actions", Action, ("name", "category", "type", "formats", "effect"),
        {"ruby": str, "request": Request, "cost": str, "key": lambda: None, "key_text": lambda: None,
         "target": lambda: None, "conditions": list, "when": lambda: None, "notes": list},
        {"target": ("target",), "conditions": ("condition",), "when": ("trigger",), "notes": ("note", "condition"),
         "effect": ("effect",)},
        ("target", "when"),
    ),
    "character": EntrySpec(
        "character", "characters", Character, ("name", "kind", "type", "key", "formats"),
        {"ruby": str, "size": lambda: None, "labels": list, "abilities": list},
        {"size": ("size",), "labels": ("label",), "abilities": ("ability",)},
        ("size",),
    ),
    "fog": EntrySpec(
        "fog", "fogs", Fog, ("name", "type", "category", "key", "formats"),
        {"ruby": str, "abilities": list, "target": lambda: None},
        {"abilities": ("ability",), "target": ("target",)},
        ("target",),
    ),
    # trump abilities (document kind ``trumps``): suit and number come from the trump's ``card``
    "trump": EntrySpec(
        "trump", "trumps", Trump, ("suit", "number", "name", "formats"),
        {"ruby": str, "abilities": list, "actions": list, "characters": list},
        {"abilities": ("ability",)},
        (),
    ),
}


@dataclass
class Draft:
    kind: str
    edition: str
    id: str
    fields: dict[str, Any]
    pos: Pos
    broken: set[str] = field(default_factory=set)  # fields written with a wrong value (already reported)


@dataclass
class LoadState:
    """Scratch data shared by the kinds during one load (removed from Definitions when loading ends)."""

    drafts: list[Draft] = field(default_factory=list)
    removes: dict[str, list[tuple[str, str, Pos]]] = field(default_factory=dict)  # edition -> (attr, id, pos)
    # per edition: (kind, id) of entries with fields taken from the parent -> the names of those fields
    inherited: dict[str, dict[tuple[str, str], set[str]]] = field(default_factory=dict)
    broken: set[tuple[str, str, str]] = field(default_factory=set)  # (edition, entry, field) whose op failed
    dropped: set[tuple[str, str]] = field(default_factory=set)  # (edition, entry) left out for its errors
    incomplete: bool = False  # a document was left out: whole-model checks would only report consequences


def state(defs: Definitions) -> LoadState:
    st = defs.extra.get(STATE_KEY)
    if not isinstance(st, LoadState):
        st = LoadState()
        defs.extra[STATE_KEY] = st
    return st


# ------------------------------------------------------------------ building drafts


def build_document(ctx: BuildContext, kind: str) -> None:
    """Turn the entries of one actions/characters/fogs document into drafts of its edition."""
    spec = SPECS[kind]
    data = ctx.document.data
    eid = data["edition"]
    edition = ctx.definitions.editions.get(eid)
    if edition is None:
        ctx.error(("edition",), C.D_UNKNOWN_DOC_REF, f"unknown edition {eid!r}",
                  did_you_mean(eid, ctx.definitions.editions) or "editions: " + (
                      ", ".join(ctx.definitions.editions) or "none is loaded (validate the edition's directory too)"))
        state(ctx.definitions).incomplete = True
        return
    opb = OpBuilder(ctx.document, ctx.sink, expr_names.names_for(ctx.definitions.games.get(edition.game)))
    st = state(ctx.definitions)
    for i, raw in enumerate(data[spec.attr]):
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
            continue
        fields = convert_fields(ctx, opb, spec, edition, (spec.attr, i), raw)
        broken = {p[2] for p in ctx.document.invalid if len(p) >= 3 and p[:2] == (spec.attr, i)}
        broken |= {k for k, v in fields.items() if v is None and raw.get(k) is not None}
        st.drafts.append(Draft(kind, eid, raw["id"], fields, ctx.pos((spec.attr, i)), broken))


_KEY_REF = re.compile(r"\bkey\.|_key\b")


def _uses_key(raw: Any) -> bool:
    """Whether an entry's ops play or read its key cards (``cards: key``, ``key.rank``, ``same_suit_as_key``)."""
    stack = [v for k, v in raw.items() if k != "key"] if isinstance(raw, dict) else []
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if v.strip() == "key" or _KEY_REF.search(v):
                return True
        elif isinstance(v, dict):
            if any(isinstance(k, str) and _KEY_REF.search(k) for k in v):
                return True
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return False


DISTINCT_LISTS = frozenset({"abilities", "labels"})  # an entry has an ability or a label once, or not at all


def _repeated_items(ctx: BuildContext, path: KeyPath, value: Any) -> None:
    """O005 at each item of an abilities or labels list that repeats an earlier one: the sheet would print
    the ability twice and the engine apply it twice."""
    import json

    if not isinstance(value, list):
        return
    seen: dict[str, int] = {}
    for i, item in enumerate(value):
        try:
            key = json.dumps(item, sort_keys=True, ensure_ascii=False, default=str)
        except (TypeError, ValueError):
            continue
        if key in seen:
            shown = key if len(key) <= 60 else key[:57] + "..."
            ctx.error(path + (i,), O_DUPLICATE, f"item {i + 1} repeats item {seen[key] + 1} ({shown})",
                      "delete the repeated item")
        else:
            seen[key] = i


def convert_fields(ctx: BuildContext, opb: OpBuilder, spec: EntrySpec, edition: Edition, path: KeyPath,
                   raw: dict[str, Any]) -> dict[str, Any]:
    """The model fields an entry writes, converted and checked against its edition."""
    out: dict[str, Any] = {}
    game = ctx.definitions.games.get(edition.game)
    for key, value in raw.items():
        name = {"devNote": "dev_note", "list": "list_style", "flavorSpeaker": "flavor_speaker"}.get(key, key)
        here = path + (key,)
        if name in spec.op_fields:
            kinds = spec.op_fields[name]
            if name in spec.single_ops:
                out[name] = opb.build(here, value, kinds) if value is not None else None
                if value is not None and out[name] is None:
                    state(ctx.definitions).broken.add((edition.id, raw["id"], name))
            else:
                if name in DISTINCT_LISTS:
                    _repeated_items(ctx, here, value)
                out[name] = opb.build_list(here, value, kinds)
        elif name == "key":
            if value is None and _uses_key(raw):
                ctx.error(here, S_MISSING_KEY, f"'key' is null, but {raw.get('id')!r} plays or reads its key cards",
                          "write its key-card pattern, e.g. key: \"2〜10\"")
            out["key"], out["key_text"] = _key(ctx, here, value, game)
        elif name == "request":
            req = _request(ctx, here, value)
            if req is not None:
                out["request"] = req
        elif name == "cost":
            out["cost"] = _cost(ctx, here, value, game)
        elif name == "formats":
            out["formats"] = _formats(ctx, here, value, edition)
        elif name == "category":
            sections = {c.id: c.section for c in edition.categories}
            own = sorted(c for c, sec in sections.items() if sec == spec.kind)
            if value is not None and value not in sections:
                ctx.error(here, C.D_CATEGORY, f"unknown category {value!r} in {edition.id}",
                          did_you_mean(value, own) or did_you_mean(value, sections) or
                          "categories: " + ", ".join(own or sorted(sections)))
            elif value is not None and sections[value] != spec.kind:
                ctx.error(here, C.D_CATEGORY, f"category {value!r} is a heading of the {sections[value]} list, "
                          f"not of the {spec.kind} list", f"{spec.kind} categories: " + ", ".join(own))
            out["category"] = value
        elif name == "kind" and spec.kind == "character" and game is not None:
            kinds = [k.id for k in game.character_kinds]
            if value not in kinds:
                ctx.error(here, C.D_GAME_REF, f"character {raw.get('id')!r}: unknown character kind {value!r}",
                          did_you_mean(str(value), kinds) or (f"kinds of the game {game.id!r}: " + ", ".join(kinds)
                                                              if kinds else f"declare character_kinds in game "
                                                              f"{game.id!r} (e.g. {{id: {value}, name: ...}})"))
            out[name] = value
        elif name in ("since", "update") and value is not None:
            out[name] = str(value)
        else:
            out[name] = value
    return out


def _key(ctx: BuildContext, path: KeyPath, value: Any, game: Any = None) -> tuple[Any, str | None]:
    if value is None:
        return None, None
    text = str(value)
    try:
        pattern = parse_pattern(text)
    except PatternError as exc:
        ctx.sink.error(ctx.document.text_pos(path, exc.offset), C.K_PATTERN,
                       f"cannot read the key pattern {text!r}: {exc.message}", exc.hint)
        return None, text
    for offset, message, hint in C.undeclared_in_pattern(pattern, game):
        ctx.sink.error(ctx.document.text_pos(path, offset), C.K_UNDECLARED, message, hint)
    pattern, problem = C.zone_of_pattern(pattern, game)
    if problem is not None:
        ctx.sink.error(ctx.document.text_pos(path, 0), C.K_ZONE, *problem)
    return pattern, text


def _request(ctx: BuildContext, path: KeyPath, value: Any) -> Request | None:
    if isinstance(value, str):
        try:
            return parse_request(value)
        except NotationError as exc:
            ctx.error(path, S_NOT_ALLOWED, f"cannot read the request {value!r}: {exc.message}", exc.hint)
            return None
    if isinstance(value, dict):
        return Request(**{k: v for k, v in value.items() if k in ("trigger", "speed", "timing")})
    return None


def _cost(ctx: BuildContext, path: KeyPath, value: Any, game: Any) -> str:
    if value is None:
        return ""
    letters = "".join(str(value).split())
    if game is not None:
        declared = {c.id for c in game.costs}
        reported: set[str] = set()
        for offset, ch in enumerate(str(value)):
            if not ch.isspace() and ch not in declared and ch not in reported:  # each letter once
                reported.add(ch)
                ctx.sink.error(ctx.document.text_pos(path, offset), C.C_COST, f"undeclared cost letter {ch!r}",
                               f"the game {game.id!r} declares the costs " + ", ".join(sorted(declared))
                               + "; write them in printed order, e.g. \"BBL\"")
    return letters


def _formats(ctx: BuildContext, path: KeyPath, value: Any, edition: Edition) -> list[str]:
    known = {f.id for f in edition.formats}
    out = []
    for j, fid in enumerate(value or []):
        if fid not in known:
            ctx.error(path + (j,), C.D_FORMAT, f"unknown format {fid!r} in {edition.id}",
                      did_you_mean(str(fid), known) or "formats: " + ", ".join(f.id for f in edition.formats))
        out.append(fid)
    return out


# ------------------------------------------------------------------ inheritance

# lists of entry ids an override merges with the inherited list instead of replacing it: a trump written in an
# extending edition names only the actions and characters it adds or changes (each merged by its own id like
# any action), and an inherited one it does not write stays, with its trump check
MERGED_BY_ID: dict[str, tuple[str, ...]] = {"trump": ("actions", "characters")}


def resolve(defs: Definitions, sink: DiagnosticSink) -> None:
    """Make the final entries of every edition, parents first (editions are built parents-first)."""
    st = state(defs)
    by_edition: dict[tuple[str, str], list[Draft]] = {}
    for d in st.drafts:
        by_edition.setdefault((d.edition, d.kind), []).append(d)
    for edition in defs.editions.values():
        parent = defs.editions.get(edition.extends) if edition.extends else None
        inherited: dict[tuple[str, str], set[str]] = {}
        removes = st.removes.get(edition.id, [])
        for spec in SPECS.values():
            result: dict[str, Any] = {}
            if parent is not None:
                result = {k: copy.copy(v) for k, v in getattr(parent, spec.attr).items()}
                inherited.update({(spec.kind, k): set(_model_fields(spec.model)) for k in result})
            for attr, rid, pos in removes:
                if attr != spec.attr:
                    continue
                if rid in result:
                    del result[rid]
                    inherited.pop((spec.kind, rid), None)
                else:
                    sink.error(pos, C.I_REMOVE, f"{edition.id} removes {spec.kind} {rid!r}, which "
                               f"{edition.extends or 'no parent'} does not have",
                               did_you_mean(rid, result) or "remove only inherited entries")
            own: dict[str, Draft] = {}
            for d in by_edition.get((edition.id, spec.kind), []):
                if d.id in own:
                    sink.error(d.pos, C.D_DUPLICATE, f"{spec.kind} {d.id!r} is defined twice in {edition.id}",
                               f"first defined at {own[d.id].pos}")
                    continue
                own[d.id] = d
                if d.id in result and (spec.kind, d.id) in inherited:
                    changes = {k: v for k, v in d.fields.items() if k in _model_fields(spec.model) and k != "id"}
                    for key in MERGED_BY_ID.get(spec.kind, ()):  # a trump's actions: inherited ones not written stay
                        if key in changes:
                            old = list(getattr(result[d.id], key) or [])
                            changes[key] = old + [x for x in changes[key] or [] if x not in old]
                    result[d.id] = dataclasses.replace(result[d.id], **changes, pos=d.pos)
                    inherited[(spec.kind, d.id)] -= set(changes)
                    continue
                missing = [f for f in spec.required if d.fields.get(f) is None and f not in d.broken]
                if any(d.fields.get(f) is None for f in spec.required) and not missing:
                    st.dropped.add((edition.id, d.id))  # its wrong required value is reported already
                    continue
                if missing and parent is not None:  # most likely a misspelt override of an inherited entry
                    guess = difflib.get_close_matches(d.id, list(getattr(parent, spec.attr)), n=1, cutoff=0.6)
                    sink.error(d.pos, S_MISSING_KEY,
                               f"{d.id!r} is not an inherited {spec.kind} of {parent.id}"
                               + (f"; did you mean {guess[0]!r}?" if guess else "")
                               + f" (as a new {spec.kind} it misses required key(s): {', '.join(missing)})",
                               f"to change an inherited {spec.kind}, use its id; to add a new one, write "
                               + ", ".join(spec.required))
                    st.dropped.add((edition.id, d.id))
                    continue
                if missing:
                    sink.error(d.pos, S_MISSING_KEY,
                               f"{spec.kind} {d.id!r} misses required key(s): {', '.join(missing)}",
                               f"add them (or extend an edition that defines {d.id!r})")
                    st.dropped.add((edition.id, d.id))
                    continue
                values = {k: f() for k, f in spec.defaults.items()}
                values.update({k: v for k, v in d.fields.items() if v is not None or k in spec.single_ops})
                values = {k: v for k, v in values.items() if k in _model_fields(spec.model)}
                if spec.kind == "action":
                    values["conditions"] = _with_note_conditions(values.get("conditions") or [],
                                                                 values.get("notes") or [])
                result[d.id] = spec.model(**values, pos=d.pos)
            result = _place_after(result, own, edition, spec, sink)
            setattr(edition, spec.attr, result)
        for trump in edition.trumps.values():  # an action or character the edition removes leaves its trump too
            for key, table in (("actions", edition.actions), ("characters", edition.characters)):
                ids = getattr(trump, key, None) or []
                if any(x not in table for x in ids):
                    setattr(trump, key, [x for x in ids if x in table])
        st.inherited[edition.id] = inherited


def _with_note_conditions(conditions: list[Any], notes: list[Any]) -> list[Any]:
    """A condition written among the ※ notes (an edition that prints its rules as notes) is printed there
    and checked like any condition: it joins the action's conditions (the renderer leaves it out of the
    condition section)."""
    from bpdsl.ops import registry

    table = registry.load_all()
    extra = [n for n in notes if getattr(table.get(n.op), "kind", None) == "condition"
             and not any(n is c for c in conditions)]
    return [*conditions, *extra] if extra else conditions


def _place_after(result: dict[str, Any], own: dict[str, Draft], edition: Edition, spec: EntrySpec,
                 sink: DiagnosticSink) -> dict[str, Any]:
    """Printed order: the parent's order, each entry written with ``after: <id>`` moved right after that
    entry (in the order the edition writes them), others where inheritance put them."""
    order = list(result)
    for d in own.values():
        target = d.fields.get("after")
        if not target or d.id not in result:
            continue
        if target not in result or target == d.id:
            sink.error(d.pos, C.D_DANGLING, f"{spec.kind} {d.id!r} is placed after {target!r}, which {edition.id} "
                       f"does not have", did_you_mean(str(target), result) or "name an entry of the same list")
            continue
        order.remove(d.id)
        order.insert(order.index(target) + 1, d.id)
    return {k: result[k] for k in order}


_FIELDS_CACHE: dict[type, set[str]] = {}


def _model_fields(model: type) -> set[str]:
    names = _FIELDS_CACHE.get(model)
    if names is None:
        names = {f.name for f in dataclasses.fields(model)}
        _FIELDS_CACHE[model] = names
    return names

"""Document kind ``regulations``: the regulation systems of the rulebooks as data.

One document declares one system (``bp2024``: formats, frames, options, match types and the
compatibility tables 5.2/5.3; ``bp2021``: formats, match types and the named regulations with their
デッキ条件).  The build turns the validated plain data into :mod:`bpdsl.games.blackpoker.regulation.model` objects stored in
``Definitions.regulations[<system id>]``; the finish step checks that every table names known ids and
that every cell of the compatibility tables is filled.
"""
from __future__ import annotations

from typing import Any

from bpdsl.diagnostics import DiagnosticSink, code
from bpdsl.dsl.document import BuildContext, DocumentKind, register_kind
from bpdsl.model import Definitions, Game, OpCall
from bpdsl.games.blackpoker.regulation.model import (
    FULL_SIZE,
    CompatTable,
    ScenarioRule,
    DeckRule,
    Format,
    Frame,
    MatchType,
    NamedRegulation,
    Option,
    OptionAction,
    RegulationSystem,
    SizeRule,
)
from bpdsl.dsl.cards import JOKER, SUIT_MARKS
from bpdsl.games.blackpoker.regulation.card_text import CardTextError, expand, parse_cards
from bpdsl.ops import registry
from bpdsl.diagnostics import did_you_mean

R_DUPLICATE = code("R101", "duplicate id in a regulation system")
R_UNKNOWN_REF = code("R102", "a regulation table or entry names an unknown format, frame, option or match type")
R_TABLE_HOLE = code("R103", "a compatibility table misses a row or a cell")
R_BAD_DECK = code("R104", "a deck rule that no deck can satisfy or a fixed deck that is not a set of real cards")
R_SYSTEM = code("R105", "a regulation system declared twice or missing a part it needs")
R_BAD_OP = code("R108", "an option's action names an unknown op or gives it wrong arguments")
R_EDITION = code("R106", "the edition a regulation system plays with is not defined")

_ID = {"type": "string", "regex": r"^[a-z][a-z0-9_\-]*$"}
_STR = {"type": "string"}
_STRLIST = {"type": "list", "schema": {"type": "string"}}
_SIZE = {
    "type": "dict",
    "schema": {
        "exact": {"type": "integer", "min": 0, "max": FULL_SIZE},
        "min": {"type": "integer", "min": 0, "max": FULL_SIZE},
        "max": {"type": "integer", "min": 0, "max": FULL_SIZE},
    },
}
_DECK_FIELDS: dict[str, Any] = {
    "count": {"type": "integer", "allowed": [1, 2]},
    "size": _SIZE,
    "together": {"type": "string", "allowed": ["all", "subset"]},
    "cards": {"type": ["string", "list"], "schema": {"type": "string"}},
    "even_split": {"type": "boolean"},
    "max_jokers": {"type": "integer", "min": 0, "max": 2},
}
_MARK = {"type": "string", "allowed": ["○", "x"]}
_TABLE = {
    "type": "dict",
    "schema": {
        "number": {**_STR, "required": True},
        "title": {**_STR, "required": True},
        "rows": {
            "type": "dict",
            "required": True,
            "keysrules": _ID,
            "valuesrules": {"type": "dict", "keysrules": _ID, "valuesrules": _MARK},
        },
    },
}
_BUILD = {"type": "string", "allowed": ["fixed", "random", "constructed"]}

def _list_of(fields: dict[str, Any], **rule: Any) -> dict[str, Any]:
    """The cerberus rule of a list of mappings with ``fields`` (plus ``rule``, e.g. required=True)."""
    return {"type": "list", **rule, "schema": {"type": "dict", "schema": fields}}


_REQUEST = {
    "type": "dict",
    "required": True,
    "schema": {
        "trigger": {"type": "string", "allowed": ["direct", "triggered"]},
        "speed": {"type": "string", "allowed": ["instant", "normal"]},
        "timing": {"type": "string", "allowed": ["main", "quick"]},
    },
}
_OPTION_ACTION = {
    "id": {**_ID, "required": True},
    "name": {**_STR, "required": True},
    "ruby": {**_STR, "required": True},
    "type": {**_STR, "required": True},
    "request": _REQUEST,
    "conditions": {"type": "list", "schema": {"type": ["string", "dict"]}},
    "effect": {"type": "list", "required": True, "schema": {"type": ["string", "dict"]}},
    "remark": _STR,
}

SCHEMA: dict[str, Any] = {
    "scenario_build": {"type": "dict", "schema": {
        "source": _STR,
        "max_trumps": {"type": "integer", "min": 0, "required": True},
        "max_rare_cards": {"type": "integer", "min": 0, "required": True},
        "scenario_hand": {"type": "integer", "min": 0, "required": True},
    }},
    "id": {**_ID, "required": True},
    "name": {**_STR, "required": True},
    "source": _STR,
    "edition": {**_STR, "required": True},
    "notation": _STR,
    "formats": _list_of({
        "id": {**_ID, "required": True},
        "name": {**_STR, "required": True},
        "aliases": _STRLIST,
        "difficulty": {"type": "integer", "min": 1, "max": 9, "required": True},
        "printed": {
            "type": "dict",
            "schema": {"actions": _STR, "characters": _STR},
        },
        "trump": {"type": "boolean", "required": True},
        "action_list": {**_ID, "required": True},
        "extra_list": {**_ID, "nullable": True},
        "section": _STR,
        "preparation": _STRLIST,
    }, required=True),
    "match_types": _list_of({
        "id": {**_ID, "required": True},
        "name": {**_STR, "required": True},
        "decks": {"type": "integer", "allowed": [1, 2], "required": True},
        "games_to_win": {"type": "integer", "min": 1, "required": True},
        "max_games": {"type": "integer", "min": 1, "required": True},
        "winning_deck_retired": {"type": "boolean", "required": True},
        "rules": _STRLIST,
        "procedure": _STRLIST,
    }, required=True),
    "frames": _list_of({
        "id": {**_ID, "required": True},
        "name": {**_STR, "required": True},
        "aliases": _STRLIST,
        "build": {**_BUILD, "required": True},
        "match": {**_ID, "required": True},
        "method": {**_STR, "required": True},
        "deck": {"type": "dict", "required": True, "schema": _DECK_FIELDS},
    }),
    "options": _list_of({
        "id": {**_ID, "required": True},
        "name": {**_STR, "required": True},
        "aliases": _STRLIST,
        "section": _STR,
        "summary": {**_STR, "required": True},
        "rule": {**_STR, "required": True},
        "preset": {
            "type": "dict",
            "schema": {
                "bulwarks": {"type": "integer", "min": 0, "max": 10},
                "soldiers": {"type": "integer", "min": 0, "max": 10},
            },
        },
        "pack": {"type": "boolean"},
        # the frames レアパック/ストラテジー: rare cards each player chooses from the deck before the game, and a
        # pack made of the top cards of the (shuffled) deck
        "rare_cards": {"type": "integer", "min": 0, "max": 5},
        "pack_from_deck": {"type": "integer", "min": 0, "max": 40},
        "scenario_hand": {"type": "integer", "min": 1, "max": 7},
        "actions": _list_of(_OPTION_ACTION),
    }),
    "exclusive_options": _list_of({
        "ids": {"type": "list", "schema": _ID, "minlength": 2, "required": True},
        "reason": {**_STR, "required": True},
        "source": _STR,
    }),
    "compatibility": {
        "type": "dict",
        "schema": {"frames": _TABLE, "option_formats": _TABLE, "option_frames": _TABLE},
    },
    "deck_conditions": _list_of({
        "id": {**_ID, "required": True},
        "pool": {**_STR, "required": True},
        "condition": {**_STR, "required": True},
        "build": {**_BUILD, "required": True},
        "preparation": _STRLIST,
        **_DECK_FIELDS,
    }),
    "named": _list_of({
        "id": {**_ID, "required": True},
        "name": {**_STR, "required": True},
        "aliases": _STRLIST,
        "section": _STR,
        "format": {**_ID, "required": True},
        "deck": {**_ID, "required": True},
        "match": {**_ID, "required": True},
        "preparation": _STRLIST,
        "restrictions": _STRLIST,
    }),
}


# --------------------------------------------------------------------------- build


def _undeclared_cards(ctx: BuildContext, path: tuple[Any, ...], items: list[Any], game: Game | None) -> None:
    """Each card of a fixed deck is one the game declares: its suit among the game's suits and its rank
    among its ranks (a suit removed from game.yaml while a frame's deck still lists it is an error)."""
    if game is None:
        return
    suits = {s.id for s in game.suits}
    ranks = {r.id for r in game.ranks} - ({JOKER} if game.jokers == 0 else set())
    for i, item in enumerate(items):
        try:
            kinds = expand(item, i)
        except CardTextError:
            continue  # reported by the parse of the whole list
        for suit, rank in kinds:
            if suit is not None and suit not in suits:
                ctx.error(path + (i,), R_BAD_DECK, f"card {item!r}: the game {game.id!r} declares no suit "
                          f"{SUIT_MARKS[suit]} ({suit})", "suits of the game: " + " ".join(s.mark for s in game.suits))
                break
            if rank not in ranks:
                ctx.error(path + (i,), R_BAD_DECK, f"card {item!r}: the game {game.id!r} declares no rank {rank}",
                          "ranks of the game: " + ", ".join(r.id for r in game.ranks if r.id in ranks))
                break


def _deck_rule(ctx: BuildContext, path: tuple[Any, ...], build: str, data: dict[str, Any],
               game: Game | None = None) -> DeckRule:
    """A DeckRule from a frame's ``deck`` mapping (or a 2021 デッキ条件), with its sanity checks."""

    size_data = data.get("size") or {}
    size = SizeRule(size_data.get("exact"), size_data.get("min"), size_data.get("max"))
    if size.min is not None and size.max is not None and size.min > size.max:
        ctx.error(path + ("size",), R_BAD_DECK, f"size min {size.min} is above max {size.max}")
    count = int(data.get("count", 1))
    cards_raw = data.get("cards")
    cards: tuple[str, ...] | None = None
    if cards_raw is not None:
        if build != "fixed":
            ctx.error(path + ("cards",), R_BAD_DECK, "only a fixed build lists its cards",
                      "remove 'cards' or set build: fixed")
        if cards_raw == "all":
            cards = None
        elif isinstance(cards_raw, str):
            ctx.error(path + ("cards",), R_BAD_DECK, f"cards must be a list of cards or 'all', not {cards_raw!r}")
        else:
            _undeclared_cards(ctx, path + ("cards",), cards_raw, game)
            try:
                parsed = parse_cards(cards_raw)
            except CardTextError as exc:
                ctx.error(path + ("cards", exc.index), R_BAD_DECK, str(exc), exc.hint)
                parsed = []
            cards = tuple(c.text for c in parsed)
            if size.exact is not None and parsed and len(parsed) != size.exact:
                ctx.error(path + ("cards",), R_BAD_DECK,
                          f"the fixed deck lists {len(parsed)} cards but its size is {size.exact}")
    elif build == "fixed" and size.exact not in (None, FULL_SIZE):
        ctx.error(path, R_BAD_DECK, "a fixed build needs 'cards' (or cards: all for the 54 cards)")
    if count == 2 and data.get("together") is None:
        ctx.error(path, R_BAD_DECK, "a two-deck rule must say how the decks share the 54 cards",
                  "add together: all (every card in one of the decks) or together: subset")
    if count == 2 and size.exact is not None and 2 * size.exact > FULL_SIZE:
        ctx.error(path + ("size",), R_BAD_DECK, f"two decks of {size.exact} cards need more than {FULL_SIZE} cards")
    return DeckRule(
        build=build,  # type: ignore[arg-type]
        count=count,
        size=size,
        together=data.get("together"),
        cards=cards,
        even_split=bool(data.get("even_split", False)),
        max_jokers=int(data.get("max_jokers", 2)),
    )


def _unique(ctx: BuildContext, section: str, items: list[dict[str, Any]]) -> None:
    seen: set[str] = set()
    for i, item in enumerate(items):
        iid = item.get("id")
        if iid in seen:
            ctx.error((section, i, "id"), R_DUPLICATE, f"{section}: id {iid!r} declared twice")
        seen.add(iid)


def build(ctx: BuildContext) -> None:
    data: dict[str, Any] = ctx.document.data
    sid = data["id"]
    if sid in ctx.definitions.regulations:
        ctx.error(("id",), R_SYSTEM, f"regulation system {sid!r} is declared twice",
                  f"first declared at {ctx.definitions.regulations[sid].pos}")
        return
    edition = ctx.definitions.editions.get(data["edition"])
    game = ctx.definitions.games.get(edition.game) if edition is not None else None
    system = RegulationSystem(
        id=sid,
        name=data["name"],
        source=data.get("source", ""),
        edition=data["edition"],
        notation=data.get("notation", ""),
        pos=ctx.pos(()),
        edition_pos=ctx.pos(("edition",)),
    )
    for section in ("formats", "match_types", "frames", "options", "named", "deck_conditions"):
        _unique(ctx, section, data.get(section) or [])

    for i, f in enumerate(data.get("formats") or []):
        printed = f.get("printed") or {}
        if f["trump"] and f.get("extra_list") is None:  # trumps are dealt from the extra list it names
            at = ("formats", i, "extra_list") if "extra_list" in f else ("formats", i, "trump")
            ctx.error(at, R_UNKNOWN_REF, f"format {f['id']!r} is played with trumps (trump: true) but names no "
                      "extra list", "name its extra (trump) list: 'extra_list: extra', or write 'trump: false'")
        system.formats[f["id"]] = Format(
            id=f["id"], name=f["name"], order=i, difficulty=f["difficulty"],
            printed_actions=printed.get("actions", ""), printed_characters=printed.get("characters", ""),
            trump=f["trump"], action_list=f["action_list"], extra_list=f.get("extra_list"),
            section=f.get("section", ""), preparation=tuple(f.get("preparation") or ()),
            aliases=tuple(f.get("aliases") or ()), pos=ctx.pos(("formats", i)),
        )
    for i, m in enumerate(data.get("match_types") or []):
        if m["games_to_win"] > m["max_games"]:
            ctx.error(("match_types", i, "games_to_win"), R_BAD_DECK,
                      f"{m['games_to_win']} wins cannot be reached in {m['max_games']} games")
        system.match_types[m["id"]] = MatchType(
            id=m["id"], name=m["name"], decks=m["decks"], games_to_win=m["games_to_win"],
            max_games=m["max_games"], winning_deck_retired=m["winning_deck_retired"],
            rules=tuple(m.get("rules") or ()), procedure=tuple(m.get("procedure") or ()),
            pos=ctx.pos(("match_types", i)),
        )
    for i, fr in enumerate(data.get("frames") or []):
        path = ("frames", i)
        _known(ctx, path + ("match",), "match type", fr["match"], system.match_types)
        deck = _deck_rule(ctx, path + ("deck",), fr["build"], fr["deck"], game)
        mt = system.match_types.get(fr["match"])
        if mt is not None and mt.decks != deck.count:
            ctx.error(path + ("match",), R_UNKNOWN_REF,
                      f"match type {mt.id!r} plays with {mt.decks} deck(s) but the frame makes {deck.count}")
        system.frames[fr["id"]] = Frame(
            id=fr["id"], name=fr["name"], build=fr["build"], match=fr["match"], method=fr["method"],
            deck=deck, aliases=tuple(fr.get("aliases") or ()), pos=ctx.pos(path),
        )
    for i, o in enumerate(data.get("options") or []):
        preset = o.get("preset") or {}
        actions = tuple(
            OptionAction(
                id=a["id"], name=a["name"], ruby=a["ruby"], type=a["type"],
                trigger=a["request"].get("trigger", "direct"), speed=a["request"].get("speed", "normal"),
                timing=a["request"].get("timing", "main"),
                conditions=_op_calls(ctx, ("options", i, "actions", j, "conditions"), a.get("conditions") or [],
                                     "condition"),
                effect=_op_calls(ctx, ("options", i, "actions", j, "effect"), a["effect"], "effect"),
                remark=a.get("remark", ""),
            )
            for j, a in enumerate(o.get("actions") or [])
        )
        system.options[o["id"]] = Option(
            id=o["id"], name=o["name"], summary=o["summary"], rule=o["rule"], section=o.get("section", ""),
            preset_bulwarks=int(preset.get("bulwarks", 0)), preset_soldiers=int(preset.get("soldiers", 0)),
            pack=bool(o.get("pack", False)), actions=actions, aliases=tuple(o.get("aliases") or ()),
            rare_cards=int(o.get("rare_cards", 0)), pack_from_deck=int(o.get("pack_from_deck", 0)),
            pos=ctx.pos(("options", i)), scenario_hand=int(o.get("scenario_hand", 0)),
        )
    for i, ex in enumerate(data.get("exclusive_options") or []):
        for j, oid in enumerate(ex["ids"]):
            _known(ctx, ("exclusive_options", i, "ids", j), "option", oid, system.options)
        reason = ex["reason"] + (f" ({ex['source']})" if ex.get("source") else "")
        system.exclusive_options.append((tuple(ex["ids"]), reason))

    compat = data.get("compatibility") or {}
    if compat:
        system.frame_table = _table(ctx, compat, "frames", system.frames, system.formats)
        system.option_format_table = _table(ctx, compat, "option_formats", system.formats, system.options)
        system.option_frame_table = _table(ctx, compat, "option_frames", system.frames, system.options)
    elif system.frames:
        ctx.error(("id",), R_SYSTEM, "a system with frames needs its compatibility tables",
                  "add compatibility: {frames, option_formats, option_frames}")

    conditions: dict[str, tuple[int, dict[str, Any]]] = {
        c["id"]: (i, c) for i, c in enumerate(data.get("deck_conditions") or [])
    }
    rules: dict[str, DeckRule] = {
        cid: _deck_rule(ctx, ("deck_conditions", i), c["build"], c, game) for cid, (i, c) in conditions.items()
    }
    for i, n in enumerate(data.get("named") or []):
        path = ("named", i)
        _known(ctx, path + ("format",), "format", n["format"], system.formats)
        _known(ctx, path + ("match",), "match type", n["match"], system.match_types)
        if not _known(ctx, path + ("deck",), "deck condition", n["deck"], rules):
            continue
        cond = conditions[n["deck"]][1]
        mt = system.match_types.get(n["match"])
        system.named[n["id"]] = NamedRegulation(
            id=n["id"], name=n["name"], section=n.get("section", ""), format=n["format"],
            deck=rules[n["deck"]], pool=cond["pool"], condition=cond["condition"], match=n["match"],
            preparation=tuple(n.get("preparation") or cond.get("preparation") or ()),
            restrictions=tuple(n.get("restrictions") or (mt.rules if mt else ())),
            aliases=tuple(n.get("aliases") or ()), pos=ctx.pos(path),
        )
    sb = data.get("scenario_build")
    if isinstance(sb, dict):
        system.scenario_build = ScenarioRule(
            max_trumps=sb["max_trumps"], max_rare_cards=sb["max_rare_cards"], scenario_hand=sb["scenario_hand"],
            source=sb.get("source", ""), pos=ctx.pos(("scenario_build",)))
    ctx.definitions.regulations[sid] = system


def _op_calls(ctx: BuildContext, path: tuple[Any, ...], items: list[Any], kind: str) -> tuple[OpCall, ...]:
    """Op calls of an option's action: ``name`` or ``{name: {args}}`` (+ ``text``), checked against the
    op registry (known op of the right kind, arguments valid for its schema)."""
    import cerberus


    known = registry.load_all()
    out: list[OpCall] = []
    for k, item in enumerate(items):
        p = path + (k,)
        text = None
        if isinstance(item, str):
            name, args = item, {}
        elif isinstance(item, dict):
            rest = {key: v for key, v in item.items() if key != "text"}
            text = item.get("text")
            if len(rest) != 1:
                ctx.error(p, R_BAD_OP, "an op call is a mapping with exactly one op name (and optional text)")
                continue
            name, args = next(iter(rest.items()))
            args = args or {}
        else:
            ctx.error(p, R_BAD_OP, f"not an op call: {item!r}")
            continue
        op = known.get(name)
        if op is None:
            ctx.error(p, R_BAD_OP, f"unknown op {name!r}", _hint(name, {n: o for n, o in known.items() if o.kind == kind}))
            continue
        if op.kind != kind:
            ctx.error(p, R_BAD_OP, f"op {name!r} is a {op.kind} op, not a {kind} op")
            continue
        v = cerberus.Validator(op.args)
        if not isinstance(args, dict) or not v.validate(args):
            ctx.error(p, R_BAD_OP, f"bad arguments for {name}: {v.errors if isinstance(args, dict) else args!r}")
            continue
        out.append(OpCall(name, v.document, text, ctx.pos(p)))
    return tuple(out)


def _known(ctx: BuildContext, path: tuple[Any, ...], what: str, name: str, known: dict[str, Any]) -> bool:
    """Whether ``name`` is one of ``known``; if not, an R102 error at ``path`` with a did-you-mean hint."""
    if name in known:
        return True
    ctx.error(path, R_UNKNOWN_REF, f"unknown {what} {name!r}", _hint(name, known))
    return False


def _hint(name: str, known: dict[str, Any]) -> str:

    return did_you_mean(name, known) or ("known: " + ", ".join(known) if known else "")


def _table(ctx: BuildContext, compat: dict[str, Any], key: str, rows: dict[str, Any],
           columns: dict[str, Any]) -> CompatTable | None:
    """One compatibility table; every row and column id must be known and every cell filled."""
    t = compat.get(key)
    if t is None:
        ctx.error(("compatibility",), R_TABLE_HOLE, f"compatibility table {key!r} is missing")
        return None
    path = ("compatibility", key, "rows")
    table_rows: dict[str, dict[str, str]] = {}
    for rid, cells in t["rows"].items():
        if rid not in rows:
            ctx.error(path + (rid,), R_UNKNOWN_REF, f"table {t['number']}: unknown row {rid!r}", _hint(rid, rows))
            continue
        for cid in cells:
            if cid not in columns:
                ctx.error(path + (rid, cid), R_UNKNOWN_REF, f"table {t['number']}: unknown column {cid!r}",
                          _hint(cid, columns))
        missing = [c for c in columns if c not in cells]
        if missing:
            ctx.error(path + (rid,), R_TABLE_HOLE,
                      f"table {t['number']}: row {rid!r} has no cell for {', '.join(missing)}",
                      "write ○ or x for every column")
        table_rows[rid] = {c: cells[c] for c in columns if c in cells}
    for rid in rows:
        if rid not in t["rows"]:
            ctx.error(path, R_TABLE_HOLE, f"table {t['number']}: no row for {rid!r}", "add the row with ○/x cells")
    return CompatTable(number=t["number"], title=t["title"], rows=table_rows, pos=ctx.pos(("compatibility", key)))


def finish(definitions: Definitions, sink: DiagnosticSink) -> None:
    """Cross-document checks: the edition a system plays with exists (checked when editions are loaded)."""
    for system in definitions.regulations.values():
        if not isinstance(system, RegulationSystem):
            continue
        if definitions.editions and system.edition not in definitions.editions:
            sink.error(system.edition_pos, R_EDITION,
                         f"regulation system {system.id!r} plays with edition {system.edition!r}, "
                         "which is not defined", _hint(system.edition, definitions.editions))


KIND = register_kind(DocumentKind(name="regulations", schema=SCHEMA, build=build, order=40, finish=finish))

"""Document kind ``game``: the components of a card game (suits, ranks, zones, costs, visibility levels).

Example (definitions/blackpoker/game.yaml)::

    kind: game
    id: blackpoker
    name: ブラックポーカー
    jokers: 2
    suits:  [{id: spade, mark: ♠, name: スペード}, ...]
    ranks:  [{id: A, value: 1}, ..., {id: Joker, value: 0}]     # Table 3.1
    zones:  [{id: life, name: ライフ, ordered: true, visibility: count, owner_visibility: count, role: deck}, ...]
    character_kinds: [{id: soldier, name: 兵士}, {id: bulwark, name: 防壁, face_down: true}]
    costs:  [{id: B, text: 防壁をドライブする, op: pay_drive_bulwark}, ...]
    visibility: [{id: public, name: 公開}, ...]
    counters: [{id: points, name: 得点}]       # optional: numbers kept per player (me.points, opponent.points)
    values:   [{id: total, name: 合計, zone: field, expr: "cards.value + 10 if cards.aces > 0 and cards.value <= 11 else cards.value"}]
                                               # optional: numbers computed from a player's cards (me.total)

The zones, their roles (what the generic engine does with a zone: ``bpdsl.model.ZONE_ROLES``), the character
kinds and the card universe (suits × ranks + Jokers: the deck size) are all the engine knows of a game's
components; it builds its state from them (``bpdsl.engine.zones``).

Checks: duplicate ids, zones naming an undeclared visibility level, cost kinds paid by an unknown op, a
zone role declared twice, a zone id the engine cannot use as a name, and the zones (with their roles) and
character kinds the game's rules (its plugin, :mod:`bpdsl.plugins`) need.
"""
from __future__ import annotations

from typing import Any

from bpdsl.diagnostics import did_you_mean
from bpdsl.dsl import checks as C
from bpdsl.dsl.codes import G_COMPONENT
from bpdsl.dsl.document import BuildContext, DocumentKind, register_kind
from bpdsl import plugins
from bpdsl.dsl.cards import JOKER, JOKERS, RANKS, SUITS, full_deck
from bpdsl.model import COUNTER_RESETS, ZONE_ROLES, CharacterKind, Counter, CostKind, Game, PlayerValue, Rank, RoundSetup, Suit, VisibilityLevel, Zone
from bpdsl.dsl import expr_names
from bpdsl.dsl.expr import ExprError, parse as parse_expr
from bpdsl.dsl.opcalls import ops

ID = {"type": "string", "regex": r"^[A-Za-z][A-Za-z0-9_.\-]*$", "required": True}
TEXT = {"type": "string", "required": True}


def _items(schema: dict[str, Any]) -> dict[str, Any]:
    return {"type": "list", "required": True, "minlength": 1, "schema": {"type": "dict", "schema": schema}}


SCHEMA: dict[str, Any] = {
    "id": {**ID, "regex": r"^[a-z][a-z0-9_.\-]*$"},
    "name": TEXT,
    "description": {"type": "string"},
    "jokers": {"type": "integer", "min": 0, "max": 8},
    "suits": _items({"id": ID, "mark": TEXT, "name": TEXT}),
    # a rank's value is the number printed on the card (Table 3.1: Joker 0, A 1 ... K 13)
    "ranks": _items({"id": {**ID, "regex": r"^[A-Za-z0-9]+$"}, "value": {"type": "integer", "required": True, "min": 0}}),
    "zones": _items({
        "id": ID, "name": TEXT, "ordered": {"type": "boolean"},
        "visibility": {"type": "string", "required": True}, "owner_visibility": {"type": "string"},
        "description": {"type": "string"}, "role": {"type": "string", "allowed": list(ZONE_ROLES)},
        "shared": {"type": "boolean"},  # one zone for the table (a shared deck), not one per player
    }),
    # optional: a game without characters (Black Doubt's cards in a row are one kind, "card")
    "character_kinds": {**_items({"id": ID, "name": TEXT, "face_down": {"type": "boolean"}}), "required": False,
                        "minlength": 0},
    # optional: a game without costs (Black Doubt) simply has none
    "costs": {**_items({"id": {**ID, "regex": r"^[A-Z]$"}, "text": TEXT, "op": {"type": "string", "required": True}}),
              "required": False, "minlength": 0},
    "visibility": _items({"id": ID, "name": TEXT, "description": {"type": "string"}}),
    # reset: when the rules set the counter back to 0 (turn: a turn passes by next_turn; round: a round starts)
    "counters": {**_items({"id": {**ID, "regex": r"^[a-z][a-z0-9_]*$"}, "name": TEXT, "description": {"type": "string"},
                           "reset": {"type": "list", "schema": {"type": "string", "allowed": list(COUNTER_RESETS)}}}),
                 "required": False, "minlength": 0},
    # optional: how a round starts (a game of several rounds): gather these zones into the deck, shuffle,
    # reset the per-round counters, deal this many cards onto the field to each player (first player first)
    "round": {"type": "dict", "schema": {
        "gather": {"type": "list", "required": True, "schema": {"type": "string"}},
        "deal": {"type": "integer", "min": 0, "max": 52, "default": 0},
        "face": {"type": "string", "allowed": ["up", "down"], "default": "up"}}},
    "values": {**_items({"id": {**ID, "regex": r"^[a-z][a-z0-9_]*$"}, "name": TEXT, "zone": {"type": "string", "required": True},
                         "expr": {"type": ["string", "integer"], "required": True}, "description": {"type": "string"}}),
               "required": False, "minlength": 0},
}


def _unique(ctx: BuildContext, key: str, items: list[Any]) -> list[tuple[int, dict[str, Any]]]:
    """The usable items of a list with unique ids; duplicates are reported (D001)."""
    return ctx.unique(key, items, C.D_DUPLICATE)


def build(ctx: BuildContext) -> None:

    data = ctx.document.data
    gid = data["id"]
    if gid in ctx.definitions.games:
        ctx.error(("id",), C.D_DUPLICATE, f"game {gid!r} is defined twice", "each game is defined in one file")
        return
    levels = [VisibilityLevel(v["id"], v["name"], v.get("description", "")) for _, v in _unique(ctx, "visibility", data["visibility"])]
    level_ids = {v.id for v in levels}
    zones = []
    for i, z in _unique(ctx, "zones", data["zones"]):
        for key in ("visibility", "owner_visibility"):
            if key in z and z[key] not in level_ids:
                ctx.error(("zones", i, key), C.D_GAME_REF, f"zone {z['id']!r}: unknown visibility level {z[key]!r}",
                          did_you_mean(z[key], level_ids) or "levels: " + ", ".join(sorted(level_ids)))
        zones.append(Zone(z["id"], z["name"], bool(z.get("ordered", False)), z["visibility"],
                          z.get("owner_visibility", "public"), z.get("role", ""), bool(z.get("shared", False))))
    _check_zones(ctx, data, zones)
    kinds = [CharacterKind(k["id"], k["name"], bool(k.get("face_down", False)))
             for _, k in _unique(ctx, "character_kinds", data.get("character_kinds"))]
    _check_plugin_needs(ctx, gid, data, zones, kinds)
    table = ops()
    costs = []
    for i, c in _unique(ctx, "costs", data.get("costs")):
        op = table.get(c["op"])
        if op is None:
            ctx.error(("costs", i, "op"), C.O_UNKNOWN, f"cost {c['id']!r} is paid by unknown op {c['op']!r}",
                      did_you_mean(c["op"], [o.name for o in table.values() if o.kind in ("cost", "effect")]))
        elif op.kind != "cost":  # an effect op has arguments a cost letter cannot give: every game would crash
            ctx.error(("costs", i, "op"), C.O_KIND, f"cost {c['id']!r} is paid by {op.name!r}, a {op.kind} op",
                      "a cost is paid by an op of kind cost")
        costs.append(CostKind(c["id"], c["text"], c["op"], ctx.pos(("costs", i))))
    suits = [Suit(s["id"], s["mark"], s["name"]) for _, s in _unique(ctx, "suits", data["suits"])]
    ranks = [Rank(str(r["id"]), r["value"]) for _, r in _unique(ctx, "ranks", data["ranks"])]
    counters, values = _player_numbers(ctx, {z.id for z in zones})
    ctx.definitions.games[gid] = Game(gid, data["name"], suits, ranks, zones, costs, levels,
                                      data.get("jokers", 2), ctx.pos(), counters, values, kinds,
                                      _round_setup(ctx, zones))


def _round_setup(ctx: BuildContext, zones: list[Zone]) -> RoundSetup | None:
    """``round:``: the zones it gathers must be declared, and a deal needs a deck and a field to deal onto."""
    raw = ctx.document.data.get("round")
    if not isinstance(raw, dict):
        return None
    ids = {z.id for z in zones}
    for i, zid in enumerate(raw.get("gather") or []):
        if zid not in ids:
            ctx.error(("round", "gather", i), C.D_GAME_REF, f"round: unknown zone {zid!r} to gather",
                      did_you_mean(zid, ids) or "zones: " + ", ".join(sorted(ids)))
            return None
    roles = {z.role for z in zones}
    if int(raw.get("deal") or 0) and not {"deck", "characters"} <= roles:
        ctx.error(("round", "deal"), G_COMPONENT, "round: dealing needs a zone with role deck and one with role "
                  "characters", "declare both roles, or deal: 0")
        return None
    return RoundSetup(tuple(raw.get("gather") or ()), int(raw.get("deal") or 0), str(raw.get("face") or "up"))


def _player_numbers(ctx: BuildContext, zone_ids: set[str]) -> tuple[list[Counter], list[PlayerValue]]:
    """The per-player counters and values; their names me.X / opponent.X become known to expressions."""
    data = ctx.document.data
    taken = set(expr_names.plugin_names())
    seen: set[str] = set()
    counters: list[Counter] = []
    values: list[PlayerValue] = []
    for key in ("counters", "values"):
        for i, item in _unique(ctx, key, data.get(key)):
            iid = item["id"]
            if iid in seen or f"me.{iid}" in taken:
                ctx.error((key, i, "id"), C.D_DUPLICATE, f"{key[:-1]} {iid!r}: the name me.{iid} is already taken",
                          "choose another id (a counter and a value, or a name the game's Python declares)")
                continue
            seen.add(iid)
            if key == "counters":
                counters.append(Counter(iid, item["name"], item.get("description", ""), tuple(item.get("reset") or ())))
                continue
            if item["zone"] not in zone_ids:
                ctx.error((key, i, "zone"), C.D_GAME_REF, f"value {iid!r}: unknown zone {item['zone']!r}",
                          did_you_mean(item["zone"], zone_ids) or "zones: " + ", ".join(sorted(zone_ids)))
                continue
            try:
                expr = parse_expr(item["expr"], expr_names.CARD_SET_NAMES, expect="int")
            except ExprError as exc:
                ctx.sink.error(ctx.document.text_pos((key, i, "expr"), exc.offset), C.X_EXPR,
                               f"value {iid!r}: bad expression {item['expr']!r}: {exc.message}", exc.hint)
                continue
            values.append(PlayerValue(iid, item["name"], item["zone"], expr, ctx.pos((key, i))))
    expr_names.declare_player_numbers([(c.id, c.name, c.description) for c in counters]
                                      + [(v.id, v.name, "") for v in values])
    return counters, values


# names a zone may not have: the engine keeps each zone holding cards as an attribute of a player
_RESERVED = frozenset({"seat", "field", "zone"})


def _check_zones(ctx: BuildContext, data: dict[str, Any], zones: list[Zone]) -> None:
    """Each role on one zone at most; every zone holding plain cards needs an id usable as a name."""
    where = {z.get("id"): i for i, z in enumerate(data["zones"]) if isinstance(z, dict)}
    roles: dict[str, str] = {}
    for z in zones:
        i = where[z.id]
        if z.role:
            if z.role in roles:
                ctx.error(("zones", i, "role"), G_COMPONENT,
                          f"zone {z.id!r}: role {z.role!r} is already the role of zone {roles[z.role]!r}",
                          f"a role belongs to one zone: {z.role} {ZONE_ROLES[z.role]}")
                continue
            roles[z.role] = z.id
        if z.role in ("characters", "stage"):
            continue
        if not z.id.isidentifier() or z.id in _RESERVED:
            ctx.error(("zones", i, "id"), G_COMPONENT, f"zone {z.id!r} cannot name a zone of cards",
                      "write a zone id of letters, digits and _ that is not " + ", ".join(sorted(_RESERVED)))


def _check_plugin_needs(ctx: BuildContext, gid: str, data: dict[str, Any], zones: list[Zone],
                        kinds: list[CharacterKind]) -> None:
    """The zones (with their roles) and character kinds the game's Python needs (``GamePlugin.zones`` and
    ``character_kinds``) must be declared: without them the engine could not play the game."""
    plugin = plugins.games().get(gid)
    if plugin is None:
        return
    by_id = {z.id: z for z in zones}
    where = {z.get("id"): i for i, z in enumerate(data["zones"]) if isinstance(z, dict)}
    for need in plugin.zones:
        zid, _, role = need.partition(":")
        z = by_id.get(zid)
        if z is None:
            ctx.error(("zones",), G_COMPONENT, f"game {gid!r} has no zone {zid!r}, which its rules need",
                      f"add {{id: {zid}, name: ..., visibility: ...{', role: ' + role if role else ''}}} to zones; "
                      f"the rules of {gid} need the zones " + ", ".join(n.partition(":")[0] for n in plugin.zones))
        elif role and z.role != role:
            ctx.error(("zones", where[zid]), G_COMPONENT,
                      f"zone {zid!r} of game {gid!r} needs role {role!r}" + (f", not {z.role!r}" if z.role else ""),
                      f"write role: {role} on zone {zid} (the zone that {ZONE_ROLES[role]})")
    if plugin.full_deck:
        ranks = {str(r.get("id")) for r in data["ranks"] if isinstance(r, dict)}
        suits = {s.get("id") for s in data["suits"] if isinstance(s, dict)}
        if suits != set(SUITS) or ranks - {JOKER} != set(RANKS) or data.get("jokers", 2) != JOKERS or JOKER not in ranks:
            ctx.error(("ranks",), G_COMPONENT, f"the rules of game {gid!r} need the whole deck of the card grammar "
                      f"({len(full_deck())} cards)", f"declare the suits {', '.join(SUITS)}, the ranks "
                      f"{', '.join(RANKS)} and {JOKERS} Jokers (jokers: {JOKERS} and a rank Joker)")
    declared = {k.id for k in kinds}
    for kid in plugin.character_kinds:
        if kid not in declared:
            ctx.error(("character_kinds",) if kinds else (), G_COMPONENT,
                      f"game {gid!r} has no character kind {kid!r}, which its rules need",
                      f"add {{id: {kid}, name: ...}} to character_kinds; the rules of {gid} need the kinds "
                      + ", ".join(plugin.character_kinds))


GAME_KIND = register_kind(DocumentKind("game", SCHEMA, build, order=0))

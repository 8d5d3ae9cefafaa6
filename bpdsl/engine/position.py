"""A fresh game put at a described position: the players' zones, characters, fog links, the stage, an attack
in progress, the turn, chance and pass record, and the flow node the game goes on from.

The position is the ``players`` / ``turn`` / ``stage`` … part of the scenario format (documented with the
scenario runner, :mod:`bpdsl.scenarios`).  It lives in the engine because the engine itself needs it: a
logged game that started from a position (the lab's findings, the sandbox's saved positions) is replayed
from that position, and the combo search starts there.  Scenarios, lessons and the sandbox reach it
through :func:`start_position`.
"""
from __future__ import annotations

from typing import Any

from bpdsl.dsl.cards import parse_card
from bpdsl.engine.state import OUT, ActionInstance, Character


class PositionError(ValueError):
    """The position names what the game lacks (an unknown card, zone, character, action, node …)."""


def zone_number(zones: Any, zone: str, where: str) -> int:
    """The number of the game's zone of cards ``zone``; a PositionError naming the zones otherwise."""
    if zone in zones.ids:
        z = zones.ids.index(zone)
        if z in zones.card_zones:
            return int(z)
    names = [zones.ids[z] for z in zones.card_zones]
    raise PositionError(f"{where}: the game has no zone of cards {zone!r}; zones: {', '.join(names)}, field")


def _card(text: Any, seat: int, used: set[int], where: str, n: int) -> int:
    """The card ``text`` of ``seat``'s own deck (``n`` cards per deck)."""
    try:
        c = parse_card(str(text)).index + seat * n
    except ValueError as exc:
        raise PositionError(f"{where}: {exc}") from None
    if c in used:
        raise PositionError(f"{where}: card {text} of player {seat} is placed twice")
    used.add(c)
    return c


def _setup(game: Any, data: dict[str, Any]) -> None:
    """Replace the state of a fresh game with the scenario's position."""
    s = game.state
    zones = game.rules.zones
    n = zones.deck_size
    players = data.get("players") or [{}, {}]
    if len(players) != 2:
        raise PositionError("players: give exactly two players (seat 0 and seat 1)")
    for p in s.players:
        for z in zones.card_zones:
            p.zone(z).clear()
    for c in range(len(s.loc)):
        s.loc[c] = (OUT, -1)
        s.owner[c] = -1
    stage_used: list[set[int]] = [set(), set()]
    stage_keys = [[_card(t, int(x.get("p", 0)), stage_used[int(x.get("p", 0))], f"stage[{i}].keys", n)
                   for t in x.get("keys") or []] for i, x in enumerate(data.get("stage") or [])]
    for seat, pdata in enumerate(players):
        pdata = pdata or {}
        used: set[int] = set(stage_used[seat])
        p = s.players[seat]
        for zone, value in pdata.items():
            if zone == "field" or (zone == _deck_id(zones) and not isinstance(value, list)):
                continue  # characters below; a deck given as a count is filled with the unused cards last
            z = zone_number(zones, "trump" if zone == "trump_up" else zone, f"players[{seat}].{zone}")
            if not isinstance(value, list):
                raise PositionError(f"players[{seat}].{zone}: give a list of cards (only the deck, "
                                    f"{_deck_id(zones) or 'which this game has none of'}, may be a count)")
            if zone == "fog":  # fog links: their cards go into the fog like the others
                value = [t for item in value for t in (item.get("cards") or [] if isinstance(item, dict) else [item])]
            lst = p.zone(z)
            top_first = [_card(t, seat, used, f"players[{seat}].{zone}", n) for t in value or []]
            for c in reversed(top_first) if z == zones.deck else top_first:  # the list's end is the top
                lst.append(c)
                s.loc[c] = (z, seat)
                s.owner[c] = seat
                if zone == "trump_up":  # エクストラ: a trump lying face up
                    s.trump_up.add(c)
        for i, ch in enumerate(pdata.get("field") or []):
            cards = [_card(t, seat, used, f"players[{seat}].field[{i}]", n) for t in ch.get("cards") or []]
            if not cards:
                raise PositionError(f"players[{seat}].field[{i}]: a character needs cards")
            as_ = ch.get("as")
            if as_ not in game.rules.characters:
                raise PositionError(f"players[{seat}].field[{i}]: unknown character {as_!r}; characters: "
                                    + ", ".join(game.rules.characters))
            kind = game.rules.characters[as_].kind
            for c in cards:
                s.loc[c] = (zones.field, seat)
                s.owner[c] = seat
            p.field.append(Character(s.uid(), kind, as_, cards, seat, seat,
                                     bool(ch.get("face_up", kind not in zones.face_down_kinds)),
                                     bool(ch.get("driven", False)), int(ch.get("entered", 0)), int(ch.get("mod", 0))))
        deck = _deck_id(zones)
        count = pdata.get(deck, 0) if deck else 0
        if isinstance(count, int) and count:
            rest = [c + seat * n for c in range(n) if c + seat * n not in used]
            if count > len(rest):
                raise PositionError(f"players[{seat}].{deck}: only {len(rest)} unused cards left")
            lst = p.zone(zones.deck)
            for c in reversed(rest[:count]):  # the list's end is the top
                lst.append(c)
                s.loc[c] = (zones.deck, seat)
                s.owner[c] = seat
    s.turn = int(data.get("turn", 0))
    s.chance = int(data.get("chance", s.turn))
    s.turn_no = int(data.get("turn_no", 1))
    s.passed = {int(x) for x in data.get("passed") or []}  # the pass record (a position saved at a chance)
    for seat, pdata in enumerate(players):
        _setup_fog_links(game, seat, [x for x in (pdata or {}).get("fog") or [] if isinstance(x, dict)])
    _setup_stage(game, data.get("stage") or [], stage_keys)
    if data.get("combat"):  # an attack in progress, or the roles left from an earlier attack of the turn
        try:
            game.hooks.set_combat(game, data["combat"])
        except ValueError as exc:
            raise PositionError(f"combat: {exc}") from None
    for r in data.get("raised") or []:  # the once-per-turn record of the turn in progress
        aid, seat = str(r.get("action")), int(r.get("p", 0))
        if aid not in game.rules.actions:
            raise PositionError(f"raised: unknown action {aid!r}; actions: " + ", ".join(game.rules.actions))
        s.raised_this_turn.add((seat, aid))
        s.raised_count[(seat, aid)] = s.raised_count.get((seat, aid), 0) + int(r.get("times", 1))


def _deck_id(zones: Any) -> str:
    """The id of the zone with role deck ("" when the game has none)."""
    return str(zones.ids[zones.deck]) if zones.deck >= 0 else ""


def _setup_fog_links(game: Any, seat: int, links: list[dict[str, Any]]) -> None:
    """Fog links of ``seat`` (its cards are already in the fog): the game applies what the fog card marks
    (アップ: the linked soldier's size until the end of the turn) through ``hooks.link_fog``."""
    s = game.state
    for i, link in enumerate(links):
        where = f"players[{seat}].fog (link {i})"
        fog = str(link.get("as"))
        if fog not in game.rules.fogs:
            raise PositionError(f"{where}: unknown fog {fog!r}; fogs of this format: "
                                + (", ".join(game.rules.fogs) or "(none)"))
        cards = [parse_card(str(t)).index + seat * game.rules.zones.deck_size for t in link.get("cards") or []]
        if not cards:
            raise PositionError(f"{where}: a fog link needs its cards")
        target = None
        if link.get("marks") is not None:
            try:
                owner, idx = link["marks"]
                target = ("char", s.players[int(owner)].field[int(idx)].uid)
            except (IndexError, TypeError, ValueError):
                raise PositionError(f"{where}: marks: {link['marks']!r} names no character "
                                    "(write marks: [seat, field index])") from None
        try:
            game.hooks.link_fog(game, seat, fog, cards, target)
        except ValueError as exc:
            raise PositionError(f"{where}: {exc}") from None


def _setup_stage(game: Any, entries: list[dict[str, Any]], keys: list[list[int]]) -> None:
    """Requests already on the stage (bottom first): action, controller, key cards and target, where a target
    is ``{char: [seat, field index]}``, ``{player: seat}`` or ``{action: index of an earlier stage entry}``."""
    s = game.state
    for i, x in enumerate(entries):
        aid = str(x.get("action"))
        action = game.rules.actions.get(aid)
        if action is None:
            raise PositionError(f"stage[{i}]: unknown action {aid!r}; actions: " + ", ".join(game.rules.actions))
        seat = int(x.get("p", 0))
        inst = ActionInstance(s.uid(), action, seat, keys=list(keys[i]))
        for c in inst.keys:
            s.loc[c] = (game.rules.zones.stage, seat)
            s.owner[c] = seat
        t = x.get("target")
        if t is not None:
            try:
                if "char" in t:
                    owner, idx = t["char"]
                    inst.target = ("char", s.players[int(owner)].field[int(idx)].uid)
                elif "player" in t:
                    inst.target = ("player", int(t["player"]))
                else:
                    inst.target = ("action", s.stage[int(t["action"])].uid)
            except (KeyError, IndexError, TypeError, ValueError):
                raise PositionError(f"stage[{i}].target: {t!r} names nothing in the position "
                                    "(write {char: [seat, field index]}, {player: seat} or {action: stage index})") from None
        s.stage.append(inst)


def start_position(game: Any, data: dict[str, Any]) -> None:
    """Put a fresh game at a scenario's position: the players' cards, turn and chance, and the flow node
    the game goes on from (the scenario runner, and the browser sandbox starting a game there)."""
    _setup(game, data)
    rules = game.rules
    start = data.get("start")
    if start is None:
        first = rules.flow.nodes[rules.flow.start]
        start = first.next
        node = rules.flow.nodes.get(start) if isinstance(rules.flow.nodes, dict) else None
        if "chance" in data and node is not None and node.primitive == "chance_to_turn_player":
            start = node.next  # the chance the scenario gives is not handed back to the turn player first
    if start not in rules.flow_ids:
        raise PositionError(f"unknown start node {start!r}; nodes: {', '.join(rules.flow_ids)}")
    game.node = rules.flow_ids.index(start)
    game.state.keep_order = data.get("shuffle", True) is False


__all__ = ["PositionError", "start_position", "zone_number"]

"""The zones of a game as its ``game.yaml`` declares them, numbered once per game for the engine.

The engine knows no zone by name: it reads the zones, their roles (:data:`bpdsl.model.ZONE_ROLES`) and the
card universe from the model.  :func:`zone_table` numbers the zones — first those the game's plugin lists
(``GamePlugin.zones``, in that order, so that the game's package may keep their numbers as constants), then
any other zone the game declares — and builds the game's player class: one list attribute per zone holding
plain cards, named by the zone's id (``p.life``, ``p.hand`` in BlackPoker; ``p.pack`` in Black Doubt),
plus ``field``, the characters of the zone with role ``characters``.  A card's place is ``(zone number,
seat)``; :data:`~bpdsl.engine.state.OUT` marks a card not in the game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from bpdsl.engine.state import OUT, Player
from bpdsl.model import Game


SHARED_SEAT = 0  # a shared zone (game.yaml ``shared: true``) is kept in this seat's list


class ZoneError(Exception):
    """The game declares no zone the engine needs here (the validator reports it for the bundled games)."""


@dataclass(frozen=True, eq=False)
class ZoneTable:
    """A game's zones by number, their roles, the card universe's size and the character kinds."""

    ids: tuple[str, ...]  # zone id by number
    card_zones: tuple[int, ...]  # numbers of the zones holding plain cards (one list per player)
    ordered: tuple[bool, ...]  # by number: whether the order of the cards matters
    field: int  # the zone holding characters (role characters), -1 when none
    stage: int  # role stage: key cards of raised actions
    deck: int  # role deck: each player's draw pile
    keys: int  # role keys: where key cards are chosen from
    spent: int  # role spent: where key cards go once their action is done
    deck_size: int  # cards per player; a card is seat * deck_size + its index in the card universe
    player_class: type[Player]
    kinds: tuple[str, ...] = ()  # the character kinds the game declares
    face_down_kinds: frozenset[str] = frozenset()  # kinds placed face down unless said otherwise (bulwark)
    shared: frozenset[int] = frozenset()  # zones of the table, not of a player (kept in seat SHARED_SEAT's lists)
    visibility: tuple[tuple[str, str], ...] = ()  # by number: (what the others see, what the owner sees)

    def holder(self, z: int, seat: int) -> int:
        """The seat whose list holds zone ``z`` for ``seat``: a shared zone is kept with SHARED_SEAT."""
        return SHARED_SEAT if z in self.shared else seat

    def index(self, zid: str) -> int:
        try:
            return self.ids.index(zid)
        except ValueError:
            raise ZoneError(f"the game declares no zone {zid!r}; zones: {', '.join(self.ids)}") from None

    def name(self, z: int) -> str:
        return "out" if z == OUT else self.ids[z]

    def role(self, role: str) -> int:
        """The number of the zone with ``role``; ZoneError when the game declares none."""
        z = getattr(self, role)
        if z < 0:
            raise ZoneError(f"the game declares no zone with role {role!r}")
        return int(z)

    def new_player(self, seat: int) -> Player:
        return self.player_class(seat)


_TABLES: dict[tuple[int, tuple[str, ...]], tuple[Game, ZoneTable]] = {}


def zone_table(game: Game, first: Sequence[str] = ()) -> ZoneTable:
    """The zones of ``game`` numbered with the ids ``first`` first (a plugin's ``zones``, roles after a
    ``:`` are ignored here); one table (and one player class) per game definition."""
    order = tuple(z.partition(":")[0] for z in first)
    key = (id(game), order)
    got = _TABLES.get(key)
    if got is not None and got[0] is game:
        return got[1]
    declared = {z.id: z for z in game.zones}
    missing = [z for z in order if z not in declared]
    if missing:
        raise ZoneError(f"game {game.id!r} declares no zone {', '.join(map(repr, missing))}, which its rules need")
    zones = [declared[z] for z in order] + [z for z in game.zones if z.id not in order]
    ids = tuple(z.id for z in zones)
    roles = {z.role: i for i, z in enumerate(zones) if z.role}
    card_zones = tuple(i for i, z in enumerate(zones) if z.role not in ("characters", "stage"))
    names = tuple(ids[i] for i in card_zones)
    attrs: dict[str, Any] = {"__slots__": names, "CARD_ZONES": names,
                             "ZONE_ATTRS": tuple(z.id if z.role not in ("characters", "stage") else "field"
                                                 for z in zones)}
    player_class = type(f"Player_{game.id.replace('.', '_').replace('-', '_')}", (Player,), attrs)
    table = ZoneTable(ids, card_zones, tuple(z.ordered for z in zones), roles.get("characters", -1),
                      roles.get("stage", -1), roles.get("deck", -1), roles.get("keys", -1), roles.get("spent", -1),
                      game.deck_size, player_class, tuple(k.id for k in game.character_kinds),
                      frozenset(k.id for k in game.character_kinds if k.face_down),
                      frozenset(i for i, z in enumerate(zones) if z.shared),
                      tuple((z.visibility, z.owner_visibility) for z in zones))
    _TABLES[key] = (game, table)
    return table


__all__ = ["SHARED_SEAT", "ZoneError", "ZoneTable", "zone_table"]

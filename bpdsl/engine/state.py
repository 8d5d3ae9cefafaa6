"""The one mutable game state.

Cards are plain ints (the stable ``Card.index`` 0..53 of :mod:`bpdsl.dsl.cards`) so that zones are lists of
ints and copying, hashing and checking stay cheap.  Every card's place is kept twice — in its zone list and
in ``State.loc`` — and :func:`bpdsl.engine.invariants.check` verifies that the two agree.

Zones per player: ``life`` (top = end of the list), ``hand``, ``grave`` (top = end), ``fog``, ``trump``,
``pack``; the field holds :class:`Character` objects (one or several cards each).  Cards of an action that is
being raised or sits on the stage are in the pseudo-zone ``stage`` (owner = the card's owner).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ZONES = ("life", "hand", "grave", "fog", "trump", "pack", "field", "stage", "out")
Z_LIFE, Z_HAND, Z_GRAVE, Z_FOG, Z_TRUMP, Z_PACK, Z_FIELD, Z_STAGE, Z_OUT = range(len(ZONES))
LIST_ZONES = (Z_LIFE, Z_HAND, Z_GRAVE, Z_FOG, Z_TRUMP, Z_PACK)


@dataclass(slots=True, eq=False)
class Character:
    """A character on the field: a soldier or a bulwark made of one or more cards (3.8)."""

    uid: int  # unique per game; a character that splits or changes kind gets new uids
    kind: str  # "soldier" | "bulwark"
    char_id: str  # id of the character definition (general_soldier, hero, bulwark ...)
    cards: list[int]  # bottom first; an armed soldier has the soldier first, then equipment
    owner: int
    controller: int
    face_up: bool = True
    driven: bool = False
    entered_turn: int = 0  # turn number in which all its cards entered (準備)
    size_mod: int = 0  # until end of turn (アップ/ダウン)


@dataclass(slots=True, eq=False)
class ActionInstance:
    """One raised action: on the stage, resolving, or waiting in a trigger list."""

    uid: int
    action: Any  # bpdsl.engine.compiled.CAction
    controller: int
    keys: list[int] = field(default_factory=list)
    target: Any = None  # ("char", uid) | ("player", seat) | ("action", uid) | None
    direct: bool = True  # raised by a player (not by an effect or a trigger)
    from_stage: bool = False
    data: dict[str, Any] = field(default_factory=dict)  # per-instance memory of effects (attackers ...)
    countered: bool = False


@dataclass(slots=True)
class Player:
    seat: int
    life: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    grave: list[int] = field(default_factory=list)
    fog: list[int] = field(default_factory=list)
    trump: list[int] = field(default_factory=list)
    pack: list[int] = field(default_factory=list)
    field: list[Character] = field(default_factory=list)  # soldiers and bulwarks; bulwarks in placing order

    def zone(self, z: int) -> list[int]:
        return (self.life, self.hand, self.grave, self.fog, self.trump, self.pack)[z]


@dataclass(slots=True)
class State:
    players: list[Player]
    loc: list[tuple[int, int]]  # card index -> (zone, seat); (Z_OUT, -1) for cards not in the game
    owner: list[int]  # card index -> owner seat (-1 when not in the game)
    turn: int = 0  # seat of the turn player
    turn_no: int = 0  # 1 for the first turn
    chance: int = 0
    passed: set[int] = field(default_factory=set)
    stage: list[ActionInstance] = field(default_factory=list)
    raised_this_turn: set[tuple[int, str]] = field(default_factory=set)  # once-per-turn record
    raised_count: dict[tuple[int, str], int] = field(default_factory=dict)  # for the invariant check
    next_uid: int = 1
    winner: int | None = None
    over: bool = False
    reason: str = ""
    combat: dict[str, Any] = field(default_factory=dict)  # attackers -> blockers of the current attack
    trump_up: set[int] = field(default_factory=set)  # cards of the 切札 zones lying face up (エクストラ)
    keep_order: bool = False  # a scenario keeps the lives (the deck) in their given order: no shuffle
    pack_in_use: bool = False  # the パック option: observations show the packs
    pack_face_up: set[int] = field(default_factory=set)  # seats whose pack 【パック開封】 turned face up
    no_damage: frozenset[int] = frozenset()  # seats no damage may reach while an effect resolves (要塞)
    counts: dict[str, dict[Any, int]] = field(default_factory=dict)  # counters of the game's rules for statistics
    counters: dict[str, list[int]] = field(default_factory=dict)  # the game's declared per-player counters
    must_pass: frozenset[int] = frozenset()  # seats whose next chance is passed at once (an effect raised for them)

    def uid(self) -> int:
        self.next_uid += 1
        return self.next_uid

    def opponent(self, seat: int) -> int:
        return 1 - seat

    def character(self, uid: int) -> Character | None:
        for p in self.players:
            for c in p.field:
                if c.uid == uid:
                    return c
        return None

"""The one mutable game state.

Cards are plain ints (``seat * deck size + Card.index`` of :mod:`bpdsl.dsl.cards`) so that zones are lists
of ints and copying, hashing and checking stay cheap.  Every card's place is kept twice — in its zone list
and in ``State.loc`` as ``(zone number, seat)`` — and :func:`bpdsl.engine.invariants.check` verifies that the
two agree.

The zones are the game's (``game.yaml``): :mod:`bpdsl.engine.zones` numbers them and builds the game's
player class, a subclass of :class:`Player` with one list per zone of cards (top = end of the list) named by
the zone's id, and ``field``, the :class:`Character` objects of the zone with role ``characters``.  Cards of
an action that is being raised or sits on the stage are in the zone with role ``stage`` (owner = the card's
owner).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

OUT = -1  # the zone number of a card that is not in the game (State.loc: (OUT, -1))


@dataclass(eq=False)
class Character:
    """A character on the field, made of one or more cards (BlackPoker 3.8: a soldier or a bulwark)."""

    uid: int  # unique per game; a character that splits or changes kind gets new uids
    kind: str  # one of the game's character kinds (game.yaml character_kinds)
    char_id: str  # id of the character definition (general_soldier, hero, bulwark ...)
    cards: list[int]  # bottom first; an armed soldier has the soldier first, then equipment
    owner: int
    controller: int
    face_up: bool = True
    driven: bool = False
    entered_turn: int = 0  # turn number in which all its cards entered (準備)
    size_mod: int = 0  # until end of turn (アップ/ダウン)


@dataclass(eq=False, init=False)
class ActionInstance:
    """One raised action: on the stage, resolving, or waiting in a trigger list."""

    uid: int
    action: Any  # bpdsl.engine.compiled.CAction
    controller: int
    keys: list[int]
    target: Any  # ("char", uid) | ("player", seat) | ("action", uid) | None
    direct: bool  # raised by a player (not by an effect or a trigger)
    from_stage: bool
    data: dict[str, Any]  # per-instance memory of effects (attackers ...)
    countered: bool

    def __init__(self, uid: int, action: Any, controller: int, keys: list[int] | None = None, target: Any = None,
                 direct: bool = True, from_stage: bool = False, data: dict[str, Any] | None = None,
                 countered: bool = False) -> None:
        # written out rather than generated: one is made for every action raised, triggered or resolved
        self.uid = uid
        self.action = action
        self.controller = controller
        self.keys = [] if keys is None else keys
        self.target = target
        self.direct = direct
        self.from_stage = from_stage
        self.data = {} if data is None else data
        self.countered = countered


class Player:
    """One player's zones.  A game's player class (built by :func:`bpdsl.engine.zones.zone_table`) adds one
    slot per zone of cards, named by the zone's id; ``zone(z)`` gives the list of zone number ``z``."""

    __slots__ = ("seat", "field")
    CARD_ZONES: tuple[str, ...] = ()  # attribute names of the zones of cards
    ZONE_ATTRS: tuple[str, ...] = ()  # attribute name by zone number ("field" for the characters' zone)

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.field: list[Character] = []  # the characters; BlackPoker's bulwarks in placing order
        for name in self.CARD_ZONES:
            setattr(self, name, [])

    def zone(self, z: int) -> list[int]:
        return getattr(self, self.ZONE_ATTRS[z])  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        zones = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.CARD_ZONES)
        return f"Player(seat={self.seat}, {zones}, field={self.field!r})"


@dataclass
class State:
    players: list[Player]
    loc: list[tuple[int, int]]  # card -> (zone number, seat); (OUT, -1) for cards not in the game
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
    trump_up: set[int] = field(default_factory=set)  # cards of the 切札 zones lying face up (エクストラ)
    keep_order: bool = False  # a scenario keeps the lives (the deck) in their given order: no shuffle
    counts: dict[str, dict[Any, int]] = field(default_factory=dict)  # counters of the game's rules for statistics
    counters: dict[str, list[int]] = field(default_factory=dict)  # the game's declared per-player counters
    must_pass: frozenset[int] = frozenset()  # seats whose next chance is passed at once (an effect raised for them)
    # what abilities remember (bpdsl.engine.abilitystate): counters on cards and players, the limits of triggers
    # and replacements (once a turn, once a game, the first time each turn), this turn's records
    marks: dict[str, Any] = field(default_factory=dict)
    # a game's own fields go in a subclass (BlackPoker's attack, packs, 要塞; Black Doubt's hands)

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


def _positional(cls: type) -> None:
    """Make the fields of ``cls`` positional for the dataclasses that subclass it (a game's State).  In the
    compiled build (state.pxd) a dataclass's fields leave ``kw_only`` unset, which the standard library would
    read as keyword-only; in pure Python this changes nothing."""
    for f in cls.__dataclass_fields__.values():  # type: ignore[attr-defined]
        if not isinstance(f.kw_only, bool):
            f.kw_only = False


_positional(State)

_CHECKED: set[type] = set()


def check_state_class(cls: type) -> None:
    """Refuse a game's State subclass that declares the core's fields again as slots (``@dataclass(slots=True)``
    does): the compiled build reads them from State's own C slots, which the subclass's would hide, so such a
    game would play otherwise compiled than pure.  A subclass adds its own fields only (``@dataclass``)."""
    if cls in _CHECKED:
        return
    core = set(State.__dataclass_fields__)  # type: ignore[attr-defined]
    for k in cls.__mro__:
        if k is State:
            break
        slots = k.__dict__.get("__slots__", ())
        hidden = core.intersection((slots,) if isinstance(slots, str) else slots)
        if hidden:
            raise TypeError(f"{k.__module__}.{k.__qualname__} declares State's fields {', '.join(sorted(hidden))} "
                            "again as slots (@dataclass(slots=True)?): a game's State subclass may add fields, "
                            "not slots for the core's; use @dataclass without slots=True")
    _CHECKED.add(cls)

"""BlackPoker's own log events, declared: one small dataclass per event type.

The core flow writes the events of :mod:`bpdsl.engine.events` (decisions, raising, the stage ...); the
common rules, ops, trump cards and regulations of BlackPoker write these.  Each becomes the same JSON line
as before (:meth:`~bpdsl.engine.events.LogEvent.json`): the per-seat view (``describe_event``), the replay
and the browser read them as dicts.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from bpdsl.engine.events import LogEvent


@dataclass(frozen=True, slots=True)
class Started(LogEvent):
    """The game start (3.11) is done: the first player and the cards turned over to choose them."""

    T: ClassVar[str] = "start"
    first: int
    revealed: list[str]


@dataclass(frozen=True, slots=True)
class Damaged(LogEvent):
    T: ClassVar[str] = "damage"
    p: int
    n: int  # cards moved from the life to the grave


@dataclass(frozen=True, slots=True)
class Drew(LogEvent):
    T: ClassVar[str] = "draw"
    p: int
    n: int


@dataclass(frozen=True, slots=True)
class Entered(LogEvent):
    """Cards entered the field as one character."""

    T: ClassVar[str] = "enter"
    KEYS: ClassVar[dict[str, str]] = {"as_": "as"}
    p: int
    as_: str  # character id
    cards: list[str]
    face_up: bool
    driven: bool


@dataclass(frozen=True, slots=True)
class Left(LogEvent):
    """A character left the field for a zone."""

    T: ClassVar[str] = "leave"
    KEYS: ClassVar[dict[str, str]] = {"as_": "as"}
    p: int
    as_: str
    to: str  # zone id
    cards: list[str]
    face_up: bool


@dataclass(frozen=True, slots=True)
class Converted(LogEvent):
    """A character became another kind (soldier ↔ bulwarks)."""

    T: ClassVar[str] = "convert"
    p: int
    to: str  # character kind
    cards: list[str]


@dataclass(frozen=True, slots=True)
class Attackers(LogEvent):
    T: ClassVar[str] = "attackers"
    p: int
    ids: list[int]  # character uids


@dataclass(frozen=True, slots=True)
class Blockers(LogEvent):
    T: ClassVar[str] = "blockers"
    p: int
    blocks: dict[str, Any]  # attacker uid (as text) -> blocker uids


@dataclass(frozen=True, slots=True)
class CostPaid(LogEvent):
    T: ClassVar[str] = "cost"
    p: int
    letter: str


@dataclass(frozen=True, slots=True)
class Revealed(LogEvent):
    """Cards shown to both players: several (``cards``) or one (``card``); ``total`` of a hit-or-stand loop;
    ``from`` the zone they come from when it is not the life (a pack)."""

    T: ClassVar[str] = "reveal"
    KEYS: ClassVar[dict[str, str]] = {"from_": "from"}
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"cards", "card", "total", "from_"})
    p: int
    cards: list[str] | None = None
    card: str | None = None
    total: int | None = None
    from_: str | None = None


@dataclass(frozen=True, slots=True)
class Retargeted(LogEvent):
    T: ClassVar[str] = "retarget"
    action: str
    target: str  # the new target as printed


@dataclass(frozen=True, slots=True)
class Replaced(LogEvent):
    """A trump's replacement effect took the place of an effect step."""

    T: ClassVar[str] = "replaced"
    action: str
    step: str | None  # the replaced step's op (None: the whole effect)


@dataclass(frozen=True, slots=True)
class Prevented(LogEvent):
    """A trump prevented the damage an action would deal to ``p``."""

    T: ClassVar[str] = "prevented"
    action: str
    p: int


@dataclass(frozen=True, slots=True)
class TrumpEvent(LogEvent):
    """A card of the 切札 zone (エクストラ) changed: base of the four events below."""

    p: int
    card: str


@dataclass(frozen=True, slots=True)
class TrumpPlaced(TrumpEvent):
    T: ClassVar[str] = "trump_placed"


@dataclass(frozen=True, slots=True)
class TrumpUp(TrumpEvent):
    T: ClassVar[str] = "trump_up"


@dataclass(frozen=True, slots=True)
class TrumpDown(TrumpEvent):
    T: ClassVar[str] = "trump_down"


@dataclass(frozen=True, slots=True)
class TrumpDestroyed(TrumpEvent):
    T: ClassVar[str] = "trump_destroyed"


@dataclass(frozen=True, slots=True)
class PackFaceUp(LogEvent):
    """【パック開封】: a player's pack is turned face up."""

    T: ClassVar[str] = "pack_face_up"
    p: int
    cards: list[str]


@dataclass(frozen=True, slots=True)
class RegulationSetup(LogEvent):
    """A regulation's preset characters and pack, placed before the game start."""

    T: ClassVar[str] = "regulation_setup"
    p: int
    field: list[list[str]]
    pack: int  # cards in the pack


@dataclass(frozen=True, slots=True)
class ScenarioHandChosen(LogEvent):
    """A player's シナリオ手札 (第9.1版) went from the deck into the first hand: a hand, so only its owner is
    told the cards (the opponent learns how many)."""

    T: ClassVar[str] = "scenario_hand"
    p: int
    cards: list[str]


@dataclass(frozen=True, slots=True)
class RegulationStarted(LogEvent):
    """Written before a game of a match: what its replay needs beyond the ``game`` line."""

    T: ClassVar[str] = "regulation"
    regulation: str
    system: str
    name: str
    game: Any  # the game's number in its match
    packs: list[list[str]]


EVENTS: dict[str, type[LogEvent]] = {c.T: c for c in (
    Started, Damaged, Drew, Entered, Left, Converted, Attackers, Blockers, CostPaid, Revealed, Retargeted, Replaced,
    Prevented, TrumpPlaced, TrumpUp, TrumpDown, TrumpDestroyed, PackFaceUp, RegulationSetup, RegulationStarted,
    ScenarioHandChosen)}

__all__ = ["EVENTS", "Attackers", "Blockers", "Converted", "CostPaid", "Damaged", "Drew", "Entered", "Left",
           "PackFaceUp", "Prevented", "RegulationSetup", "RegulationStarted", "Replaced", "Retargeted", "Revealed",
           "ScenarioHandChosen", "Started", "TrumpDestroyed", "TrumpDown", "TrumpEvent", "TrumpPlaced", "TrumpUp"]

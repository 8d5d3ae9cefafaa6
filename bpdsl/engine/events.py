"""The event types the core writes to the log, declared: one small dataclass per event.

Each event becomes one JSON line; :meth:`LogEvent.json` gives exactly the dict the log has always held
(``{"t": <type>, ...fields}``), so replays, views and other readers of logs are unchanged.  Events of a
game's own rules (damage, characters entering, rounds ...) are declared the same way by the game's package
(``bpdsl.games.<game>.events``, named by its plugin's ``events``).

A field whose JSON key is a Python keyword (``as``, ``from``) is written with a trailing underscore and named
in ``KEYS``; a field listed in ``OPTIONAL`` is left out of the line while it is ``None`` (an event with
variants, such as a reveal naming one card or several).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class LogEvent:
    """Base of the declared events: ``T`` is the value of the line's ``"t"`` key."""

    T: ClassVar[str] = ""
    KEYS: ClassVar[dict[str, str]] = {}  # field name -> JSON key, where the key is a Python keyword
    OPTIONAL: ClassVar[frozenset[str]] = frozenset()  # fields left out of the line while None

    def json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": self.T}
        optional = self.OPTIONAL
        for name, key in _keys(type(self)):
            value = getattr(self, name)
            if value is None and name in optional:
                continue
            out[key] = value
        return out

    @classmethod
    def json_keys(cls) -> tuple[frozenset[str], frozenset[str]]:
        """(the keys every line of this event has, the keys it may have besides) — ``t`` not included."""
        pairs = _keys(cls)
        return (frozenset(k for n, k in pairs if n not in cls.OPTIONAL),
                frozenset(k for n, k in pairs if n in cls.OPTIONAL))


_KEYS: dict[type, tuple[tuple[str, str], ...]] = {}


def _keys(cls: type[LogEvent]) -> tuple[tuple[str, str], ...]:
    """(field name, JSON key) of every field of ``cls``, computed once per class."""
    got = _KEYS.get(cls)
    if got is None:
        got = _KEYS[cls] = tuple((f.name, cls.KEYS.get(f.name, f.name)) for f in fields(cls))
    return got


@dataclass(frozen=True, slots=True)
class GameStarted(LogEvent):
    """The first line: what is needed to start the same game again."""

    T: ClassVar[str] = "game"
    edition: str
    format: str
    seed: int
    decks: list[list[str]] | None
    flow: str


@dataclass(frozen=True, slots=True)
class Decision(LogEvent):
    T: ClassVar[str] = "decision"
    p: int  # seat
    kind: str
    i: int  # index of the option taken
    n: int  # number of options
    choice: str  # label of the option taken


@dataclass(frozen=True, slots=True)
class Passed(LogEvent):
    T: ClassVar[str] = "pass"
    p: int


@dataclass(frozen=True, slots=True)
class Raised(LogEvent):
    T: ClassVar[str] = "raise"
    p: int
    action: str
    direct: bool
    keys: list[str]
    target: str | None  # as the raising seat sees it
    target_ref: list[Any] | None  # what the target is, so that each seat's view can name it as that seat sees it


@dataclass(frozen=True, slots=True)
class VirtualKeys(LogEvent):
    """An effect raises an action whose key cards are virtual (「キーカードは仮想的に♡7と♠7とする」): the cards it
    counts as having, public by the printed rule, written just before its ``raise`` line (which lists none)."""

    T: ClassVar[str] = "virtual_keys"
    p: int
    action: str
    cards: list[str]


@dataclass(frozen=True, slots=True)
class Staged(LogEvent):
    T: ClassVar[str] = "stage"
    action: str
    p: int


@dataclass(frozen=True, slots=True)
class Resolving(LogEvent):
    T: ClassVar[str] = "resolve"
    action: str
    p: int


@dataclass(frozen=True, slots=True)
class NoEffect(LogEvent):
    T: ClassVar[str] = "no_effect"
    action: str
    why: str
    p: int  # the controller of the action that had no effect (each seat's line names whose it was)


@dataclass(frozen=True, slots=True)
class Negated(LogEvent):
    T: ClassVar[str] = "negated"
    action: str
    p: int  # the controller of the action negated


@dataclass(frozen=True, slots=True)
class Ended(LogEvent):
    """The last line: the result and the hash of the final state."""

    T: ClassVar[str] = "end"
    winner: int | None
    draw: bool
    aborted: bool
    turns: int
    decisions: int
    reason: str
    hash: str


@dataclass(frozen=True, slots=True)
class TurnStarted(LogEvent):
    """A game's rules passed the turn (written by the game's hooks: the core flow has no turn counter)."""

    T: ClassVar[str] = "turn"
    p: int
    turn_no: int


@dataclass(frozen=True, slots=True)
class Placed(LogEvent):
    """A card put onto a player's field by an effect (draw_to_field); ``card`` is "?" when it lies face down."""

    T: ClassVar[str] = "place"
    p: int
    card: str
    face_up: bool


@dataclass(frozen=True, slots=True)
class GameOver(LogEvent):
    """A game's win check ended the game (before the ``end`` line)."""

    T: ClassVar[str] = "over"
    winner: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class Undone(LogEvent):
    """A decision taken back by agreement of both seats (the browser sandbox, :mod:`bpdsl.engine.undo`),
    written just before the decision asked again."""

    T: ClassVar[str] = "undo"
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"bot"})
    p: int  # the seat whose decision was taken back
    kind: str
    i: int  # the option it had taken
    n: int
    choice: str
    asked: int  # the seat that asked for the undo
    agreed: int  # the seat that accepted it
    bot: bool | None = None  # True when the accepting seat is a bot (which always agrees)


@dataclass(frozen=True, slots=True)
class Instead(LogEvent):
    """A replacement ability (bpdsl.engine.abilities) took the place of an event: ``amount`` is what is left of
    it (the damage still taken; 0: prevented), ``by`` the ability (``<trump id>@<n>``)."""

    T: ClassVar[str] = "instead"
    kind: str  # the replaced event: damage, would_lose
    p: int  # the seat holding the replacement
    by: str
    amount: int


@dataclass(frozen=True, slots=True)
class CounterChanged(LogEvent):
    """Counters put on or taken off a card or a player (``holder``: a card number, or ``p<seat>``)."""

    T: ClassVar[str] = "counter"
    holder: str
    change: int


CORE_EVENTS: dict[str, type[LogEvent]] = {c.T: c for c in (GameStarted, Decision, Passed, Raised, VirtualKeys, Staged,
                                                             Resolving, NoEffect, Negated, Ended, TurnStarted,
                                                             Placed, GameOver, Undone, Instead, CounterChanged)}

__all__ = ["CORE_EVENTS", "CounterChanged", "Decision", "Instead", "Ended", "GameOver", "GameStarted", "LogEvent", "TurnStarted", "Negated", "NoEffect", "Passed", "Placed", "Raised",
           "Resolving", "Staged", "Undone", "VirtualKeys"]

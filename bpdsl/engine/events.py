"""The event types the core writes to the log, declared: one small dataclass per event.

Each event becomes one JSON line; :meth:`LogEvent.json` gives exactly the dict the log has always held
(``{"t": <type>, ...fields}``), so replays, views and other readers of logs are unchanged.  Events of a
game's own rules (damage, characters entering, rounds ...) are declared by the game's package.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class LogEvent:
    """Base of the declared events: ``T`` is the value of the line's ``"t"`` key."""

    T: ClassVar[str] = ""

    def json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": self.T}
        for f in fields(self):
            out[f.name] = getattr(self, f.name)
        return out


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


@dataclass(frozen=True, slots=True)
class Negated(LogEvent):
    T: ClassVar[str] = "negated"
    action: str


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


CORE_EVENTS: dict[str, type[LogEvent]] = {c.T: c for c in (GameStarted, Decision, Passed, Raised, Staged, Resolving,
                                                             NoEffect, Negated, Ended)}

__all__ = ["CORE_EVENTS", "Decision", "Ended", "GameStarted", "LogEvent", "Negated", "NoEffect", "Passed", "Raised",
           "Resolving", "Staged"]

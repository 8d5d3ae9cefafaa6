"""Black Doubt's own log events, declared: one small dataclass per event type (the JSON lines the log has
always held; see :mod:`bpdsl.engine.events`).  ``turn``, ``place`` and ``over`` are the
core's :class:`~bpdsl.engine.events.TurnStarted`, :class:`~bpdsl.engine.events.Placed` and
:class:`~bpdsl.engine.events.GameOver`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bpdsl.engine.events import LogEvent


@dataclass(frozen=True, slots=True)
class RoundStarted(LogEvent):
    T: ClassVar[str] = "round"
    round: int
    first: int  # seat of the round's first player
    points: list[int]  # the match points before the round


@dataclass(frozen=True, slots=True)
class Declared(LogEvent):
    T: ClassVar[str] = "declare"
    p: int
    what: str  # hit | bust | not_bust | blackjack
    cards: int  # cards in front of the player


@dataclass(frozen=True, slots=True)
class Replied(LogEvent):
    """ダウト or スルー to the opponent's declaration; ``total`` of the declarer's hand when doubted."""

    T: ClassVar[str] = "reply"
    p: int
    what: str  # doubt | through
    outcome: str  # one of bpdsl.games.blackdoubt.hooks.OUTCOMES
    total: int | None


@dataclass(frozen=True, slots=True)
class Scored(LogEvent):
    """The round scored by a row of the 成績簡易表."""

    T: ClassVar[str] = "score"
    round: int
    row: str | None
    a: int  # seat that finished first
    b: int
    to: int | None  # seat receiving the points
    points: int
    totals: list[int]
    score: list[int]  # the match points after the round


EVENTS: dict[str, type[LogEvent]] = {c.T: c for c in (RoundStarted, Declared, Replied, Scored)}

__all__ = ["EVENTS", "Declared", "Replied", "RoundStarted", "Scored"]

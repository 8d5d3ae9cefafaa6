"""Replay a JSON Lines event log: start the same game again, feed it the logged decisions, compare every
event.

The log's ``game`` line gives edition, format, seed and decks; its ``decision`` lines give the option
index taken at each decision, in order; its ``end`` line gives the final state hash.  Games started with
a setup hook (preset characters) replay only when the caller passes the same hook.

A log is genuine only when (1) its hash chain is whole (:func:`bpdsl.engine.log.chain_break`) and (2) the
replayed game writes exactly the logged events, one by one.  The first difference is reported with its
index and both events, so a judge sees which line was changed, removed, repeated or moved.  Logs written
before the chain existed carry no ``h`` and are refused with a message saying so.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from bpdsl.engine.decisions import ReplayAgent, ScriptError
from bpdsl.engine.log import (CHAIN_KEY, ChainBreak, EventLog, canonical_event, chain_break, has_chain,
                              quit_end_event, read_log)
from bpdsl.engine import GameAborted, build_rules
from bpdsl.engine.compiled import CompileError
from bpdsl.engine.undo import UNDO, undo_problem, undos_by_decision
from bpdsl.engine import new_game


class ReplayError(Exception):
    """The log cannot be replayed (missing lines, unknown edition, a decision that is no longer legal)."""


class UnchainedLog(ReplayError):
    """A log written before every line carried its chain digest ``h``: it cannot be checked event by event."""


@dataclass(frozen=True)
class Divergence:
    """The first event where the log and the replayed game differ (``None``: one of them has ended)."""

    index: int
    expected: dict[str, Any] | None  # what the replayed game wrote
    found: dict[str, Any] | None  # what the log holds

    def describe(self) -> str:
        def show(e: dict[str, Any] | None) -> str:
            return "(no event: the game ends here)" if e is None else canonical_event(e)

        found = "(no event: the log ends here)" if self.found is None else canonical_event(self.found)
        return f"event {self.index + 1} differs:\n  expected {show(self.expected)}\n  found    {found}"


@dataclass
class ReplayResult:
    expected: str  # the final state hash the log claims
    actual: str  # the final state hash the replay reached
    decisions: int
    result: Any
    divergence: Divergence | None = None
    broken: ChainBreak | None = None
    events: int = 0

    @property
    def ok(self) -> bool:
        return self.expected == self.actual and self.divergence is None and self.broken is None

    def problems(self) -> list[str]:
        """What makes the log not genuine, in words (empty when ``ok``)."""
        out = []
        if self.broken is not None:
            out.append(f"the hash chain breaks at event {self.broken.index + 1}: its 'h' is "
                       f"{self.broken.found!r}, the events up to it give {self.broken.expected!r} (a line was "
                       "edited, removed, repeated or moved)")
        if self.divergence is not None:
            out.append(self.divergence.describe())
        if self.divergence is None and self.expected != self.actual:
            out.append(f"final state hash: the log says {self.expected}, the replay reached {self.actual}")
        return out


def same_event(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two events are the same, chain digests aside (tuples and lists count as equal)."""
    if {k: v for k, v in a.items() if k != CHAIN_KEY} == {k: v for k, v in b.items() if k != CHAIN_KEY}:
        return True
    return canonical_event(a) == canonical_event(b)


class _Diverged(Exception):
    """Raised by :class:`CheckingLog` to stop the replayed game at the first event the log does not hold."""


class CheckingLog(EventLog):
    """The replayed game's event log: every event is compared with the logged one as it is written, and the
    game stops at the first difference (a tamper at line 3 of a 500-line log costs three events)."""

    def __init__(self, logged: list[dict[str, Any]]):
        super().__init__()
        self.logged = logged
        self.divergence: Divergence | None = None

    def write(self, event: dict[str, Any]) -> None:
        super().write(event)
        i = len(self.lines) - 1
        found = self.logged[i] if i < len(self.logged) else None
        if found is None or not same_event(self.lines[i], found):
            self.divergence = Divergence(i, self.lines[i], found)
            raise _Diverged()

    def finish(self) -> Divergence | None:
        """The divergence, also when the game ended but the log goes on."""
        if self.divergence is None and len(self.logged) > len(self.lines):
            self.divergence = Divergence(len(self.lines), None, self.logged[len(self.lines)])
        return self.divergence


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _card_lists(value: Any) -> bool:
    """None, or one list of card texts per player."""
    return value is None or (isinstance(value, list) and len(value) == 2 and all(
        isinstance(cards, list) and all(isinstance(c, str) for c in cards) for cards in value))


def check_log_lines(events: list[Any]) -> None:
    """Raise ReplayError at the first line whose fields a replay relies on have the wrong type: a log that
    was edited by hand or damaged is a bad log, not a crash in the engine."""
    for n, e in enumerate(events, 1):
        if not isinstance(e, dict):
            raise ReplayError(f"line {n}: not a JSON object")
        t = e.get("t")
        checks: dict[str, bool] = {}
        if t == "decision":
            checks = {"i": _is_int(e.get("i"))}
        elif t == "game":
            checks = {"edition": isinstance(e.get("edition"), str), "format": isinstance(e.get("format"), str),
                      "seed": _is_int(e.get("seed")), "decks": _card_lists(e.get("decks"))}
        elif t == UNDO:
            why = undo_problem(e)
            if why:
                raise ReplayError(f"line {n}: the 'undo' line has {why}")
            continue
        elif t == "regulation":
            checks = {"regulation": isinstance(e.get("regulation"), str),
                      "system": e.get("system") is None or isinstance(e.get("system"), str),
                      "packs": _card_lists(e.get("packs"))}
        for key, ok in checks.items():
            if not ok:
                raise ReplayError(f"line {n}: the {t!r} line has a bad {key!r}: {e.get(key)!r}")


def require_chain(events: list[dict[str, Any]]) -> None:
    """Refuse a log written before the hash chain: it could be checked only by its final hash, which an
    edit in the middle leaves alone."""
    if events and not has_chain(events):
        raise UnchainedLog("this log carries no hash chain (no 'h' on its lines): it was written by an older "
                           "bpdsl and cannot be checked event by event; play or simulate the game again with "
                           "--log to get a log that can")


def replay_events(events: list[dict[str, Any]], setup: Callable[[Any], None] | None = None,
                  definitions: Any = None, header: list[dict[str, Any]] | None = None) -> ReplayResult:
    """Play the game of a plain log again and compare every event; ``header``: the lines before the game's
    own as the caller rebuilt them (a log's definitions line, bpdsl.engine.logdefs)."""

    check_log_lines(events)
    require_chain(events)
    head = next((e for e in events if e.get("t") == "game"), None)
    end = next((e for e in reversed(events) if e.get("t") == "end"), None)
    if head is None or end is None:
        raise ReplayError("the log has no 'game' line or no 'end' line")
    try:
        rules = build_rules(head["edition"], head["format"], definitions)
    except CompileError as exc:
        raise ReplayError(str(exc)) from None
    scenario = next((e for e in events if e.get("t") == "scenario"), None)
    position = None
    if scenario is not None:  # a game started from a scenario's position (the lab's findings, the sandbox)
        data = scenario.get("data")
        if not isinstance(data, dict):
            raise ReplayError("the 'scenario' line has no position ('data')")
        header = [*(header or []), {k: v for k, v in scenario.items() if k != CHAIN_KEY}]
        position = _positioned(data)
    return replay_game(rules, events, head, end, setup, header, position)


def _positioned(data: dict[str, Any]) -> Callable[[Any], None]:
    """Put a fresh game at the logged scenario position (a bad position is a ReplayError)."""
    from bpdsl.engine.position import PositionError, start_position

    def position(game: Any) -> None:
        try:
            start_position(game, data)
        except (PositionError, KeyError, TypeError, ValueError) as exc:
            raise ReplayError(f"the 'scenario' line's position cannot be set up: {exc}") from None

    return position


def replay_game(rules: Any, events: list[dict[str, Any]], head: dict[str, Any], end: dict[str, Any],
                setup: Callable[[Any], None] | None = None,
                header: list[dict[str, Any]] | None = None,
                position: Callable[[Any], None] | None = None) -> ReplayResult:
    """Play the game of the ``game`` line ``head`` again with ``rules`` and the log's decisions, and compare
    every event with the log's (shared by plain and regulation replays).  ``header``: the events written
    before the game's own, as the caller rebuilds them from what it understood (a regulation's line)."""

    broken = chain_break(events)
    indices = [int(e["i"]) for e in events if e.get("t") == "decision"]
    log = CheckingLog(events)
    agent = _ReplayingAgent(indices, log, undos_by_decision(events), stop=bool(end.get("quit")))
    claimed = str(end.get("hash", ""))
    try:
        for e in header or []:
            log.write(e)
        try:
            game = new_game(rules, [agent, agent], int(head["seed"]), decks=head.get("decks"), setup=setup,
                            log=log)
        except (ValueError, GameAborted) as exc:  # a deck of the log that is not a set of cards
            raise ReplayError(f"the 'game' line's 'decks' cannot be dealt: {exc}") from None
        if position is not None:
            position(game)
        try:
            result = game.play()
        except _Stopped:  # a game quit at a decision: the person stopped here; so does the replay
            log.write(quit_end_event(game))
            divergence = log.finish()
            return ReplayResult(claimed, str(log.lines[-1]["hash"]), len(indices), None, divergence, broken,
                                len(events))
        except ScriptError as exc:  # the game wants a decision the log does not hold (or not this one)
            raise ReplayError(f"event {len(log.lines) + 1}: {exc}") from None
    except _Diverged:
        return ReplayResult(claimed, "", len(indices), None, log.divergence, broken, len(events))
    divergence = log.finish()
    if divergence is None and agent.pos != len(indices):
        raise ReplayError(f"the replayed game ended after {agent.pos} of the log's {len(indices)} decisions")
    return ReplayResult(claimed, result.state_hash, len(indices), result, divergence, broken, len(events))


class _Stopped(Exception):
    """The logged decisions of a quit game ran out: the game stops where the person quit."""


class _ReplayingAgent(ReplayAgent):
    """The logged decisions for both seats; before each, the log's undo lines that stand before it are
    written again (bpdsl.engine.undo); ``stop``: a game quit at a decision stops where they run out."""

    def __init__(self, indices: list[int], log: EventLog, undos: dict[int, list[dict[str, Any]]], stop: bool):
        super().__init__(indices)
        self.log = log
        self.undos = undos
        self.stop = stop

    def decide(self, request: Any, observation: Any) -> int:
        for e in self.undos.pop(self.pos, []):
            self.log.write({k: v for k, v in e.items() if k != CHAIN_KEY})
        if self.stop and self.pos >= len(self.indices):
            raise _Stopped()
        return super().decide(request, observation)


def replay_log(path: str | Path, **kw: Any) -> ReplayResult:
    return replay_events(read_log(path), **kw)

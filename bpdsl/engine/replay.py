"""Replay a JSON Lines event log: start the same game again, feed it the logged decisions, compare hashes.

The log's ``game`` line gives edition, format, seed and decks; its ``decision`` lines give the option
index taken at each decision, in order; its ``end`` line gives the final state hash.  Games started with
a setup hook (preset characters) replay only when the caller passes the same hook.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from bpdsl.engine.decisions import ReplayAgent, ScriptError
from bpdsl.engine.log import EventLog, read_log
from bpdsl.engine import build_rules
from bpdsl.engine.compiled import CompileError
from bpdsl.engine import new_game


class ReplayError(Exception):
    """The log cannot be replayed (missing lines, unknown edition, a decision that is no longer legal)."""


@dataclass
class ReplayResult:
    expected: str
    actual: str
    decisions: int
    result: Any

    @property
    def ok(self) -> bool:
        return self.expected == self.actual


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
        elif t == "regulation":
            checks = {"regulation": isinstance(e.get("regulation"), str),
                      "system": e.get("system") is None or isinstance(e.get("system"), str),
                      "packs": _card_lists(e.get("packs"))}
        for key, ok in checks.items():
            if not ok:
                raise ReplayError(f"line {n}: the {t!r} line has a bad {key!r}: {e.get(key)!r}")


def replay_events(events: list[dict[str, Any]], setup: Callable[[Any], None] | None = None,
                  definitions: Any = None) -> ReplayResult:

    check_log_lines(events)
    head = next((e for e in events if e.get("t") == "game"), None)
    end = next((e for e in reversed(events) if e.get("t") == "end"), None)
    if head is None or end is None:
        raise ReplayError("the log has no 'game' line or no 'end' line")
    try:
        rules = build_rules(head["edition"], head["format"], definitions)
    except CompileError as exc:
        raise ReplayError(str(exc)) from None
    return replay_game(rules, events, head, end, setup)


def replay_game(rules: Any, events: list[dict[str, Any]], head: dict[str, Any], end: dict[str, Any],
                setup: Callable[[Any], None] | None = None) -> ReplayResult:
    """Play the game of the ``game`` line ``head`` again with ``rules`` and the log's decisions, and compare
    the final state hash with the ``end`` line's (shared by plain and regulation replays)."""

    indices = [int(e["i"]) for e in events if e.get("t") == "decision"]
    agent: ReplayAgent = _StopAgent(indices) if end.get("quit") else ReplayAgent(indices)
    try:
        game = new_game(rules, [agent, agent], int(head["seed"]), decks=head.get("decks"), setup=setup,
                        log=EventLog())
    except ValueError as exc:  # a deck of the log that is not a set of cards
        raise ReplayError(f"the 'game' line's 'decks' cannot be dealt: {exc}") from None
    try:
        result = game.play()
    except _Stopped:  # a game quit at a decision: compare the state where the person stopped
        from bpdsl.engine.log import state_hash

        return ReplayResult(str(end.get("hash", "")), state_hash(game), len(indices), None)
    except ScriptError as exc:
        raise ReplayError(str(exc)) from None
    if agent.pos != len(indices):
        raise ReplayError(f"the replayed game ended after {agent.pos} of the log's {len(indices)} decisions")
    return ReplayResult(str(end.get("hash", "")), result.state_hash, len(indices), result)


class _Stopped(Exception):
    """The logged decisions of a quit game ran out: the game stops where the person quit."""


class _StopAgent(ReplayAgent):
    def decide(self, request: Any, observation: Any) -> int:
        if self.pos >= len(self.indices):
            raise _Stopped()
        return super().decide(request, observation)


def replay_log(path: str | Path, **kw: Any) -> ReplayResult:
    return replay_events(read_log(path), **kw)

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


def replay_events(events: list[dict[str, Any]], setup: Callable[[Any], None] | None = None,
                  definitions: Any = None) -> ReplayResult:
    from bpdsl.engine import build_rules

    head = next((e for e in events if e.get("t") == "game"), None)
    end = next((e for e in reversed(events) if e.get("t") == "end"), None)
    if head is None or end is None:
        raise ReplayError("the log has no 'game' line or no 'end' line")
    return replay_game(build_rules(head["edition"], head["format"], definitions), events, head, end, setup)


def replay_game(rules: Any, events: list[dict[str, Any]], head: dict[str, Any], end: dict[str, Any],
                setup: Callable[[Any], None] | None = None) -> ReplayResult:
    """Play the game of the ``game`` line ``head`` again with ``rules`` and the log's decisions, and compare
    the final state hash with the ``end`` line's (shared by plain and regulation replays)."""
    from bpdsl.engine import new_game

    indices = [int(e["i"]) for e in events if e.get("t") == "decision"]
    agent = ReplayAgent(indices)
    game = new_game(rules, [agent, agent], int(head["seed"]), decks=head.get("decks"), setup=setup, log=EventLog())
    try:
        result = game.play()
    except ScriptError as exc:
        raise ReplayError(str(exc)) from None
    if agent.pos != len(indices):
        raise ReplayError(f"the replayed game ended after {agent.pos} of the log's {len(indices)} decisions")
    return ReplayResult(str(end.get("hash", "")), result.state_hash, len(indices), result)


def replay_log(path: str | Path, **kw: Any) -> ReplayResult:
    return replay_events(read_log(path), **kw)

"""Logs opened in the replay viewer, kept compactly and within fixed bounds.

An uploaded log is read line by line and only what stepping through it needs is kept: the lines that say
how the game starts (``game``, ``regulation``, ``scenario``, ``definitions``) and the option index of each
decision, packed in an :class:`array.array` (8 bytes a decision).  The log's other lines are checked — each
is JSON of bounded depth and the hash chain is recomputed as it goes — and dropped.  So a replay costs a
few bytes per decision instead of the hundreds a parsed event costs.

The store (:class:`ReplayStore`) holds at most :data:`MAX_REPLAYS` logs and :data:`MAX_REPLAY_BYTES`
uploaded bytes; the oldest are evicted first.  Only the :data:`KEEP_POSITIONS` replays stepped most recently
keep the game position they were stepped to (a position of a long game is large); the others find it again
from their nearest checkpoint when they are next stepped (:mod:`bpdsl.web.replay_steps`: a step forward
applies only the decisions between the two steps, a step back starts from a checkpoint, and the checkpoints
of the whole process share one LRU budget).
"""
from __future__ import annotations

import threading
from array import array
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from bpdsl.engine.log import CHAIN_KEY, CHAIN_START, chain_digest
from bpdsl.engine.undo import UNDO, undo_problem
from bpdsl.web.guard import parse_json
from bpdsl.web.replay_steps import CHECKPOINTS, Stepper
from bpdsl.web.tables import MAX_UNDOS, Refused, Table

MAX_LOG = 8 * 1024 * 1024  # bytes of one uploaded log
MAX_REPLAYS = 50  # logs kept at once
MAX_REPLAY_BYTES = 64 * 1024 * 1024  # uploaded bytes kept at once (the sizes of the logs, summed)
KEEP_POSITIONS = 2  # replays whose stepped-to position is kept
START_LINES = frozenset({"game", "regulation", "scenario", "definitions"})


@dataclass
class ReadLog:
    """What the viewer keeps of an uploaded log."""

    start_lines: list[dict[str, Any]]  # the lines a game starts from, in the log's order
    decisions: array  # the option index of each decision, in order
    events: int  # how many events the log holds
    broken: str | None  # why the log is not genuine (its hash chain), None when the chain is whole
    undos: list[dict[str, Any]] = field(default_factory=list)  # {"at": decisions before it, "line": an undo line}


def read_log(raw: bytes) -> ReadLog:
    """Parse an uploaded JSON Lines log (:class:`Refused` 400 at its first bad line)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Refused(400, f"the log is not UTF-8 text: {exc}") from None
    start_lines: list[dict[str, Any]] = []
    decisions = array("q")
    undos: list[dict[str, Any]] = []
    previous = CHAIN_START
    broken: str | None = None
    chained = False
    n = 0
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            event = parse_json(line, f"line {number} of the log")
        except Refused as exc:
            raise Refused(400, f"not a JSON Lines log: {exc.message}") from None
        if not isinstance(event, dict):
            raise Refused(400, f"not a JSON Lines log: line {number} is not a JSON object")
        n += 1
        chained = chained or CHAIN_KEY in event
        if broken is None:
            want = chain_digest(previous, event)
            if event.get(CHAIN_KEY) != want:
                broken = (f"NOT GENUINE at event {n}: its hash chain breaks there (a line was edited, removed, "
                          "repeated or moved)")
            previous = want
        kind = event.get("t")
        if kind == "decision":
            i = event.get("i")
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < 2**31:
                raise Refused(400, f"line {number}: the 'decision' line has a bad 'i': {str(i)[:40]}")
            decisions.append(i)
        elif kind == UNDO:  # a decision taken back (few): kept, the replay tells it where it stands
            if len(undos) >= MAX_UNDOS:
                raise Refused(400, f"line {number}: a log holds at most {MAX_UNDOS} 'undo' lines")
            why = undo_problem(event)
            if why:
                raise Refused(400, f"line {number}: the 'undo' line has {why}")
            undos.append({"at": len(decisions), "line": {k: v for k, v in event.items() if k != CHAIN_KEY}})
        elif kind in START_LINES:
            start_lines.append(event)
    if n and not chained:
        broken = "NOT GENUINE: the log carries no hash chain (written by an older bpdsl), it cannot be checked"
    return ReadLog(start_lines, decisions, n, broken, undos)


class Replay:
    """A replayed game: a table whose people's choices are the log's decisions up to the step shown, put
    there by a :class:`~bpdsl.web.replay_steps.Stepper` (from where it stands or from a checkpoint)."""

    def __init__(self, table: Table, log: ReadLog, size: int):
        self.table = table
        self.id = table.id
        self.log = log
        self.size = size
        # a log with undo lines is played from its start at each step (bpdsl.web.replay_steps says why)
        self.stepper = Stepper(self.id, table, log.decisions) if not log.undos else None

    @property
    def steps(self) -> int:
        return len(self.log.decisions)

    def at(self, step: int) -> None:
        """Put the table at ``step`` (:class:`Refused` 400 when the log's decisions cannot be replayed
        there)."""
        if self.stepper is not None:
            self.table.choices = self.log.decisions[:step].tolist()
            self.table._position = self.stepper.at(step)
            return
        if len(self.table.choices) != step or self.table.choices != self.log.decisions[:step].tolist():
            self.table.choices = self.log.decisions[:step].tolist()
            self.table._position = None

    def forget(self) -> None:
        """Let go of the position stepped to (found again from a checkpoint when stepped next)."""
        self.table._position = None
        if self.stepper is not None:
            self.stepper.forget()


class ReplayStore:
    """The replays of one server, the oldest evicted beyond :data:`MAX_REPLAYS` or :data:`MAX_REPLAY_BYTES`."""

    def __init__(self, limit: int = MAX_REPLAYS, limit_bytes: int = MAX_REPLAY_BYTES,
                 keep_positions: int = KEEP_POSITIONS):
        self.limit = limit
        self.limit_bytes = limit_bytes
        self.keep_positions = keep_positions
        self.replays: OrderedDict[str, Replay] = OrderedDict()
        self.lock = threading.Lock()

    @property
    def total_bytes(self) -> int:
        return sum(r.size for r in self.replays.values())

    def add(self, replay: Replay) -> Replay:
        with self.lock:
            self.replays[replay.id] = replay
            while len(self.replays) > self.limit or (len(self.replays) > 1 and self.total_bytes > self.limit_bytes):
                _, gone = self.replays.popitem(last=False)
                CHECKPOINTS.drop(gone.id)
        return replay

    def get(self, replay_id: str) -> Replay:
        with self.lock:
            r = self.replays.get(replay_id)
            if r is None:
                raise Refused(404, f"no replay {replay_id[:40]!r} (the server keeps the last {self.limit} logs "
                                   "opened; open it again)")
            self.replays.move_to_end(replay_id)
            stepped = list(self.replays.values())
            for old in stepped[:max(0, len(stepped) - self.keep_positions)]:
                old.forget()  # found again from a checkpoint when it is stepped next
        return r


__all__ = ["MAX_LOG", "MAX_REPLAYS", "MAX_REPLAY_BYTES", "ReadLog", "Replay", "ReplayStore", "read_log"]

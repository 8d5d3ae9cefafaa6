"""Stepping a replay without playing its game again from the start at every request, within a fixed memory
budget for the whole process.

A replay's game is driven through the engine's step API (``pending()``, ``apply(i)``, ``clone()``): a step
forward applies only the decisions between the two steps; a step back starts from the nearest *checkpoint*
at or before it -- a clone of the game and its view log taken every :func:`spacing` decisions on the way --
instead of from the start.  Checkpoints of every replay of the process share one LRU budget
(:data:`CHECKPOINT_BUDGET` estimated bytes, :class:`Checkpoints`): the ones stepped from least recently go
first, so memory stays bounded however many replays are stepped for however long.  A clone shares its game
state copy-on-write and a view log's fork shares its events and lines (a few pointers an event), which is
what the estimate counts.

A log with decisions taken back (``undo`` lines, rare) is stepped the old way, played from its start: its
undo lines are written between decisions, where a checkpoint's truncated log would lose them.
"""
from __future__ import annotations

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Sequence

from bpdsl.engine import new_game
from bpdsl.engine.view import ViewLog
from bpdsl.web.tables import Position, Refused, Table

CHECKPOINT_BUDGET = 96 * 1024 * 1024  # estimated bytes of every checkpoint of the process together
STATE_BYTES = 64 * 1024  # a game's own state (its cards, stage, RNG: a few dataclasses), estimated
POINTER = 8  # bytes of one reference in a list a fork copies
# bytes of one event a walk wrote (its line, the seats' told lines, a changed visibility set): measured with
# tracemalloc on act9.0 エクストラ, about 900 bytes an event, 5 events a decision
EVENT_BYTES = 1024
MIN_SPACING = 20  # decisions between two checkpoints of a replay at least


def spacing(steps: int) -> int:
    """Decisions between two checkpoints of a replay of ``steps`` decisions: about twice the square root,
    so a step back costs as many decisions applied as there are checkpoints of the replay (181 decisions:
    every 26; 150,000: every 774, 194 checkpoints, as many as the budget holds)."""
    return max(MIN_SPACING, 2 * math.isqrt(steps))


@dataclass
class Cursor:
    """A replay's game at ``step`` (that many of the log's decisions applied), with its view log."""

    game: Any
    log: ViewLog
    step: int

    def fork(self) -> "Cursor":
        game = self.game.clone()
        game.log = self.log.fork_onto(game)
        return Cursor(game, game.log, self.step)

    def size(self, written: int = 0) -> int:
        """Estimated bytes this cursor holds of its own when it is a fork: its lists of references, and the
        ``written`` events no earlier checkpoint holds (those its walk wrote since the last checkpoint it
        left or the checkpoint it started from: events are shared by forks, but a walk's new ones are its
        own)."""
        log = self.log
        return (STATE_BYTES + POINTER * (len(log.lines) + len(log._after) + sum(len(t) for t in log.told))
                + EVENT_BYTES * written)


class Checkpoints:
    """The checkpoints of every replay of a process, least recently used first out beyond ``budget``."""

    def __init__(self, budget: int = CHECKPOINT_BUDGET):
        self.budget = budget
        self.items: OrderedDict[tuple[str, int], tuple[Cursor, int]] = OrderedDict()
        self.total = 0
        self.lock = threading.Lock()

    def put(self, replay_id: str, cursor: Cursor, written: int = 0) -> None:
        size = cursor.size(written)
        with self.lock:
            key = (replay_id, cursor.step)
            if key in self.items:
                return
            self.items[key] = (cursor, size)
            self.total += size
            while self.total > self.budget and len(self.items) > 1:
                _, (_, freed) = self.items.popitem(last=False)
                self.total -= freed

    def nearest(self, replay_id: str, step: int) -> Cursor | None:
        """The checkpoint of ``replay_id`` nearest at or before ``step`` (now the most recently used)."""
        with self.lock:
            best = max((s for (rid, s) in self.items if rid == replay_id and s <= step), default=None)
            if best is None:
                return None
            self.items.move_to_end((replay_id, best))
            return self.items[(replay_id, best)][0]

    def has(self, replay_id: str, step: int) -> bool:
        return (replay_id, step) in self.items

    def drop(self, replay_id: str) -> None:
        with self.lock:
            for key in [k for k in self.items if k[0] == replay_id]:
                self.total -= self.items.pop(key)[1]


CHECKPOINTS = Checkpoints()


def _fresh(table: Table) -> Cursor:
    """The replay's game at its start, driven by the step API."""
    start = table.start
    log = ViewLog(len(table.seats), strict=table.strict)
    for line in start.head:
        log.write(dict(line))
    game = new_game(start.rules, None, start.seed, decks=start.decks, setup=start.setup, log=log)
    log.attach(game)
    if start.position is not None:
        start.position(game)
    return Cursor(game, log, 0)


class Stepper:
    """One replay's game, put at the step asked from where it stands or from a checkpoint."""

    def __init__(self, replay_id: str, table: Table, decisions: Sequence[int], checkpoints: Checkpoints = CHECKPOINTS):
        self.id = replay_id
        self.table = table
        self.decisions = decisions
        self.checkpoints = checkpoints
        self.every = spacing(len(decisions))
        self.live: Cursor | None = None
        # the cursor being walked and how many events its log held at its last checkpoint (or its start)
        self.live_since: tuple[Cursor | None, int] = (None, 0)

    def at(self, step: int) -> Position:
        cursor = self.live
        if cursor is None or cursor.step > step:
            base = self.checkpoints.nearest(self.id, step)
            cursor = base.fork() if base is not None else _fresh(self.table)
        self.live = None  # until it stands at a step again (a failed step leaves nothing half-played)
        if cursor is not self.live_since[0]:
            self.live_since = (cursor, len(cursor.log.lines))  # events before these are an earlier walk's
        try:
            while cursor.step < step:
                if cursor.step and cursor.step % self.every == 0 and not self.checkpoints.has(self.id, cursor.step):
                    lines = len(cursor.log.lines)
                    self.checkpoints.put(self.id, cursor.fork(), lines - self.live_since[1])
                    self.live_since = (cursor, lines)
                if cursor.game.pending() is None:
                    raise Refused(400, f"the log cannot be replayed to step {step}: the game ended at step "
                                       f"{cursor.step}")
                cursor.game.apply(int(self.decisions[cursor.step]))
                cursor.step += 1
            pending = cursor.game.pending()
            result = cursor.game.result() if pending is None else None
        except Refused:
            self.live_since = (None, 0)
            raise
        except Exception as exc:  # a decision of the log that is not legal in this game
            self.live_since = (None, 0)
            raise Refused(400, f"the log cannot be replayed to step {step}: {exc}") from None
        self.live = cursor
        return Position(cursor.game, cursor.log, pending, result)

    def forget(self) -> None:
        """Let go of the game where it stands (its checkpoints stay, within the process's budget)."""
        self.live = None
        self.live_since = (None, 0)


__all__ = ["CHECKPOINTS", "CHECKPOINT_BUDGET", "EVENT_BYTES", "Checkpoints", "Cursor", "Stepper", "spacing"]

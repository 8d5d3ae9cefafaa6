"""Replays stepped through the step API and checkpoints show exactly what playing the game again from its
start shows, at every step asked in any order (forward, back, far jumps), from each seat and the judge; and
the checkpoints of the process stay within their budget, least recently used first out."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bpdsl.engine import RandomAgent, build_rules, new_game
from bpdsl.engine.log import EventLog
from bpdsl.engine.view import JUDGE
from bpdsl.web import replay_steps
from bpdsl.web.payload import replay_payload
from bpdsl.web.replay_steps import Checkpoints, Stepper
from bpdsl.web.replays import Replay, read_log
from bpdsl.web.starts import log_start
from bpdsl.web.tables import Refused, Table


def _log(edition: str, fmt: str, seed: int) -> bytes:
    log = EventLog()
    new_game(build_rules(edition, fmt, None), [RandomAgent(seed), RandomAgent(seed + 1)], seed, log=log).play()
    return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in log.lines).encode()


def _replay(raw: bytes) -> Replay:
    log = read_log(raw)
    start, _ = log_start(log.start_lines, None, log.decisions.tolist())
    table = Table(start, ["person", "person"], bot_seed=0)
    return Replay(table, log, len(raw))


def _old_way(raw: bytes, step: int, seat: int) -> dict[str, Any]:
    """The payload as the sandbox built it before checkpoints: the game played from its start."""
    log = read_log(raw)
    start, _ = log_start(log.start_lines, None, log.decisions.tolist())
    table = Table(start, ["person", "person"], bot_seed=0)
    table.choices = log.decisions[:step].tolist()
    return replay_payload(table, step, len(log.decisions), seat, log.decisions)


@pytest.mark.parametrize("edition, fmt, seed", [("act8.0", "std", 3), ("act9.0", "extra", 5)])
def test_stepped_payloads_equal_a_play_from_the_start(monkeypatch: pytest.MonkeyPatch, edition: str, fmt: str,
                                                      seed: int) -> None:
    monkeypatch.setattr(replay_steps, "MIN_SPACING", 7)
    monkeypatch.setattr(replay_steps, "CHECKPOINTS", Checkpoints())
    raw = _log(edition, fmt, seed)
    replay = _replay(raw)
    n = replay.steps
    rng = random.Random(seed)
    asked = [0, 1, n // 2, n // 2 + 1, n // 2 - 3, n, 2, n - 1] + [rng.randrange(n + 1) for _ in range(6)]
    for step in asked:
        seat = rng.choice([0, 1, JUDGE])
        replay.at(step)
        got = replay_payload(replay.table, step, n, seat, replay.log.decisions)
        assert got == _old_way(raw, step, seat), (step, seat)
    assert replay.stepper is not None and replay.stepper.checkpoints.items  # checkpoints were taken


def test_a_decision_the_game_cannot_take_is_a_400(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = _log("act8.0", "std", 3)
    replay = _replay(raw)
    replay.log.decisions[5] = 999  # an option no decision has
    replay.at(5)
    with pytest.raises(Refused) as caught:
        replay.at(6)
    assert caught.value.status == 400 and "cannot be replayed to step 6" in caught.value.message
    replay.at(3)  # the replay is still usable before the bad decision
    assert replay.table.position().pending is not None


def test_the_checkpoints_stay_within_their_budget_oldest_out_first() -> None:
    raw = _log("act8.0", "std", 3)
    replays = [_replay(raw) for _ in range(3)]
    one = Stepper("x", replays[0].table, replays[0].log.decisions, Checkpoints()).at(10)
    assert one is not None
    cp = Checkpoints(budget=1)  # room for one checkpoint at a time
    steppers = [Stepper(f"r{i}", r.table, r.log.decisions, cp) for i, r in enumerate(replays)]
    for s in steppers:
        s.every = 5
        s.at(len(s.decisions))
        assert len(cp.items) == 1 and cp.total == next(iter(cp.items.values()))[1]
    assert next(iter(cp.items))[0] == "r2"  # the last one put
    budget = 3 * replay_steps.STATE_BYTES
    cp = Checkpoints(budget=budget)
    for s in steppers:
        s.checkpoints = cp
        s.live = None
        s.at(len(s.decisions))
        assert cp.total <= budget or len(cp.items) == 1
    cp.drop("r2")
    assert all(k[0] != "r2" for k in cp.items)


def test_a_checkpoint_counts_the_events_its_own_walk_wrote() -> None:
    """Events are shared by forks, but those a walk writes belong to the checkpoints it leaves: the first
    walk's checkpoints count the events since the one before, a walk from a checkpoint counts only its own."""
    replay = _replay(_log("act8.0", "std", 3))
    budget = Checkpoints(budget=10**12)
    stepper = Stepper("r", replay.table, replay.log.decisions, budget)
    n = len(replay.log.decisions)
    stepper.at(n)
    kept = sorted((step, size, cursor) for (_rid, step), (cursor, size) in budget.items.items())
    assert len(kept) >= 3, "too few checkpoints: the check below tested little"
    previous = len(replay_steps._fresh(replay.table).log.lines)
    for step, size, cursor in kept:
        written = len(cursor.log.lines) - previous
        assert written > 0 and size == cursor.size(written) >= replay_steps.EVENT_BYTES * written, step
        previous = len(cursor.log.lines)
    stepper.forget()
    first = kept[0][0]
    stepper.at(first + 1)  # from the first checkpoint: no new checkpoint, and the walk's events are its own
    assert len(budget.items) == len(kept)


def test_an_unchanged_visibility_is_kept_once() -> None:
    """The view log keeps, per event and seat, what the seat could see after it; an event that changes
    nothing a seat sees keeps the set of the event before (the same object), so a long log does not hold a
    set per event."""
    replay = _replay(_log("act8.0", "std", 3))
    stepper = Stepper("v", replay.table, replay.log.decisions, Checkpoints())
    log = stepper.at(len(replay.log.decisions)).log
    sets = [after[0] for after in log._after if after is not None]
    assert len(sets) > 100
    assert len({id(x) for x in sets}) < len(sets) / 2  # most events change nothing seat 0 sees
    for a, b in zip(sets, sets[1:]):
        assert (a is b) == (a == b)  # shared exactly when equal

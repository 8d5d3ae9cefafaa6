"""A table played again from its start reuses the lines its last play told (``ViewLog(memo=...)``): the
lines and visible cards must be exactly those a play without the memo works out — after a new choice, after
going back to an earlier decision (the replay viewer) and forward again — and no log keeps another alive."""
from __future__ import annotations

import random

from bpdsl.web.starts import new_start
from bpdsl.web.tables import Table


def fresh(start, choices):
    table = Table(start, ["person", "person"], bot_seed=0, strict=True)
    table.choices = list(choices)
    return table.position()


def test_the_memo_tells_what_a_fresh_play_tells() -> None:
    start = new_start({"edition": "act9.0", "format": "extra"}, 4, None)
    table = Table(start, ["person", "person"], bot_seed=0, strict=True)
    rng = random.Random(2)
    for _ in range(25):
        pos = table.position()
        if pos.pending is None:
            break
        table.apply(pos.pending.player, table.decision_no, rng.randrange(len(pos.pending.options)))
    played = list(table.choices)
    for cut in (len(played), len(played) // 2, 3, len(played)):  # forward, back, back, forward again
        table.choices = played[:cut]
        table._position = None
        pos = table.position()
        want = fresh(start, played[:cut])
        assert pos.log.told == want.log.told
        assert pos.log.lines == want.log.lines
        assert pos.log._after == want.log._after
        assert pos.log._memo is None  # the earlier play's log is let go

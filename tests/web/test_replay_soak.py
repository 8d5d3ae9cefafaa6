"""A soak of the replay viewer: replays stepped at random for minutes (``BPDSL_SOAK_SECONDS``, 120 by default)
keep the process's RSS under a stated bound: what the first steps cost plus the checkpoint budget and a
margin -- memory does not grow with the number of steps."""
from __future__ import annotations

import os
import sys

import pytest

from bpdsl.web.replay_steps import CHECKPOINT_BUDGET
from tests.web.replay_rss import long_log, step_replays

BOUND_MB = CHECKPOINT_BUDGET / 2**20 + 64  # the checkpoints' budget plus what a position and a payload hold


@pytest.mark.long
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/statm")
def test_stepping_replays_for_minutes_keeps_the_rss_bounded() -> None:
    text, _ = long_log([1, 2, 3])
    figures = step_replays(text, 0, seconds=float(os.environ.get("BPDSL_SOAK_SECONDS", "120")))
    assert figures["steps"] > 50, figures
    assert figures["rss_peak_mb"] - figures["rss_after_10_mb"] < BOUND_MB, figures

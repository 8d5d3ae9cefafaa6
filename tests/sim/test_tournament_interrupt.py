"""A round-robin stops as a whole when it is interrupted, not only the run the signal lands in."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from typing import Any

import pytest

from bpdsl.sim import tournament
from bpdsl.sim.backends import RunResult
from bpdsl.sim.tally import Tally


def test_an_interrupted_run_ends_the_round_robin(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, ...]] = []

    def run(job: Any, n: int, **kw: Any) -> RunResult:
        calls.append(job.agents)
        t = Tally()
        t.games = 3
        return RunResult(t, len(calls) == 2, 1, "local")  # the second half of the first pair is interrupted

    monkeypatch.setattr(tournament, "run", run)
    table = tournament.round_robin("act6.1", "lite", ["random", "heuristic", "first"], 10)
    assert calls == [("random", "heuristic"), ("heuristic", "random")]  # no later pair was started
    assert table["interrupted"] is True
    assert [(p["a"], p["b"], p["games"]) for p in table["pairs"]] == [("random", "heuristic", 6)]


def test_a_whole_round_robin_is_not_interrupted() -> None:
    table = tournament.round_robin("act6.1", "lite", ["random", "first"], 4, jobs=1)
    assert table["interrupted"] is False and table["pairs"][0]["games"] == 4


@pytest.mark.long
def test_sigterm_stops_a_tournament_at_once_with_the_games_finished() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "bpdsl", "balance", "tournament", "random,first,heuristic",
                             "-e", "act6.1", "-f", "lite", "-n", "1000000", "--jobs", "2", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(20)  # load the definitions, start the workers, finish some chunks
    os.kill(proc.pid, signal.SIGTERM)
    try:
        out, err = proc.communicate(timeout=60)  # one signal is enough: the next pairs are not started
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    table = json.loads(out)
    assert table["interrupted"] is True
    assert len(table["pairs"]) == 1 and 0 < table["pairs"][0]["games"] < 1_000_000
    assert "interrupted after" in err and "Traceback" not in err

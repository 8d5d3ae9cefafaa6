"""Per-trump statistics of エクストラ runs: how often each trump is opened and how its opener fares."""
from __future__ import annotations

from bpdsl.sim.backends import run
from bpdsl.sim.job import SimJob, play_range
from bpdsl.sim.run import statistics
from bpdsl.sim.tally import GameRecord, Tally, summarize


def _record(i: int, winner: int | None, counts: dict) -> GameRecord:  # type: ignore[type-arg]
    return GameRecord(index=i, winner=winner, draw=winner is None, aborted=False, first=0, turns=5, decisions=50,
                      life=(3, 0), raised={}, characters=set(), counts=counts)


def test_per_seat_counters_give_games_and_the_users_win_rate() -> None:
    t = Tally()
    t.add(_record(0, 0, {"trumps_opened_by_seat": {(0, "fortress"): 1, (1, "drain"): 2}}))
    t.add(_record(1, 1, {"trumps_opened_by_seat": {(0, "fortress"): 1, (1, "fortress"): 1}}))
    t.add(_record(2, 1, {"trumps_opened_by_seat": {(1, "fortress"): 1}}))
    t.add(_record(3, None, {"trumps_opened_by_seat": {(0, "drain"): 1}}))  # a draw: opened, no side won
    used = summarize(t, [], [])["used"]["trumps_opened"]
    assert list(used) == ["fortress", "drain"]  # most used first
    f, d = used["fortress"], used["drain"]
    assert (f["games"]["successes"], f["games"]["trials"]) == (3, 4)
    # game 1: both opened it (once on each side); game 0: the winner did; game 2: the winner did
    assert (f["by_winner"], f["by_loser"]) == (3, 1)
    assert (f["user_win_rate"]["successes"], f["user_win_rate"]["trials"]) == (3, 4)
    assert (d["games"]["successes"], d["by_winner"], d["by_loser"]) == (2, 0, 1)
    assert f["user_win_rate"]["low"] < 0.75 < f["user_win_rate"]["high"]
    assert "trumps_opened_by_seat" not in t.counts  # per-seat counters are not summed as plain counts


def test_extra_run_counts_opened_trumps_per_trump_and_merges_in_any_order() -> None:
    job = SimJob("act8.2", "extra", seed=4)
    result = run(job, 24, jobs=1)
    stats = statistics(job, result)
    opened = stats["trumps_opened"]
    used = stats["used"]["trumps_opened"]
    assert sum(opened.values()) > 0 and used
    for tid, u in used.items():
        assert 0 < u["games"]["successes"] <= opened[tid]  # opened in a game at least once
        assert u["by_winner"] + u["by_loser"] >= u["games"]["successes"] - stats["draws"] - stats["aborted"]
    parts = Tally()
    for start, stop in ((12, 24), (0, 12)):
        parts.merge(play_range(job, start, stop))
    assert parts == result.tally

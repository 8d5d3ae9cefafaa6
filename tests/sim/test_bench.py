"""``bpdsl bench`` figures of the balance lab: --jobs speed-up and the search agent's playout rate."""
from __future__ import annotations

from bpdsl.sim.bench import bench_jobs, bench_playouts


def test_jobs_bench_measures_both_worker_counts() -> None:
    r = bench_jobs("act6.1", "lite", 60, 2)
    assert r["jobs_1_games_per_s"] > 0 and r["jobs_2_games_per_s"] > 0
    assert r["speedup"] == round(r["jobs_2_games_per_s"] / r["jobs_1_games_per_s"], 2)


def test_playout_rate_counts_the_search_agents_playouts() -> None:
    r = bench_playouts("act8.0", "std", games=1, budget=2)
    assert r["playouts"] > 0 and r["playouts_per_s"] > 0

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


def test_combo_bench_times_a_spread_sample_of_the_pairs_at_the_bound_given() -> None:
    from bpdsl.sim.bench import bench_combos

    r = bench_combos("act9.0", "extra", 3, 40)
    assert r["pairs"] == 3 and r["all_pairs"] == 435 and r["node_bound"] == 40
    assert 3 <= r["nodes"] <= 3 * 40 and r["nodes_per_s"] > 0  # each pair searched, none beyond the bound
    assert abs(r["all_pairs_cpu_seconds"] - r["cpu_seconds"] / 3 * 435) <= 2  # the sample's rate, for every pair

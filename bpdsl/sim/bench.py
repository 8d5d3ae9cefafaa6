"""Benchmarks of the balance lab: how ``--jobs`` scales and how fast the search agent plays out.

``jobs``: the same run of games with one worker and with N workers, in wall-clock time (the figure a
user waits for), so the ratio is the speed-up of the pool; on a machine shared with other work it is lower
than on an idle one.  ``playouts``: the search agent's playouts per second of CPU time of one process.
``combos``: the combo search (``balance combos``) over an evenly spread sample of a format's pairs, CPU time of
one process: seconds a pair, nodes a second, and what every pair would take.
"""
from __future__ import annotations

import time
from typing import Any

from bpdsl.sim.backends import run
from bpdsl.sim.job import SimJob, _prepared


def bench_jobs(edition: str, fmt: str, games: int, jobs: int, seed: int = 1) -> dict[str, Any]:
    """Games/s of ``games`` random-vs-random games with one worker and with ``jobs`` workers."""
    job = SimJob(edition, fmt, seed=seed)
    _prepared(job)  # compiled before timing, as the command does before it starts the workers
    out: dict[str, Any] = {"edition": edition, "format": fmt, "games": games}
    for n in (1, jobs):
        t0 = time.perf_counter()
        result = run(job, games, jobs=n)
        dt = time.perf_counter() - t0
        out[f"jobs_{n}_games_per_s"] = round(result.tally.games / dt, 1)
    out["jobs"] = jobs
    out["speedup"] = round(out[f"jobs_{jobs}_games_per_s"] / out["jobs_1_games_per_s"], 2)
    return out


def bench_playouts(edition: str, fmt: str, games: int = 2, budget: int = 10, seed: int = 1) -> dict[str, Any]:
    """Playouts per CPU second of the search agent (``mcts:budget`` against the heuristic agent)."""
    from bpdsl.sim.agents import make_agent, parse_agents
    from bpdsl.sim.job import _new_game, _play
    from bpdsl.sim.seeds import game_seed

    rules = _prepared(SimJob(edition, fmt, seed=seed)).rules
    specs = parse_agents(f"mcts:{budget},heuristic")
    playouts = 0
    t0 = time.process_time()
    for i in range(games):
        gs, s0, s1 = game_seed(seed, i)
        agents = [make_agent(specs[0], s0, rules), make_agent(specs[1], s1, rules)]
        _play(_new_game(rules, agents, gs, None), agents)
        playouts += agents[0].playouts
    dt = max(time.process_time() - t0, 1e-9)
    return {"edition": edition, "format": fmt, "agent": f"mcts:{budget}", "games": games, "playouts": playouts,
            "playouts_per_s": round(playouts / dt, 1), "seconds_per_game": round(dt / games, 2)}


def bench_combos(edition: str, fmt: str, pairs: int, nodes: int) -> dict[str, Any]:
    """CPU seconds a pair and nodes a second of the combo search's default strategy at ``nodes`` per pair,
    over ``pairs`` of the format's pairs spread evenly over their list (every k-th), from the default
    position; and the estimate for every pair (the seconds a pair times their number)."""
    from bpdsl.engine import build_rules
    from bpdsl.sim.combo_pairs import DEFAULT_POSITION, Task, combos, search_task
    from bpdsl.sim.combos import Bound

    rules = build_rules(edition, fmt)
    every = combos(rules, 2)
    sample = every[:: max(1, len(every) // max(1, pairs))][:pairs]
    bound = Bound(depth=40, nodes=nodes, strategy="best-first")
    if sample:  # the first search imports the position reader: not timed
        search_task(Task(edition, fmt, sample[0], DEFAULT_POSITION, Bound(depth=40, nodes=20, strategy="best-first")),
                    rules)
    searched = 0
    t0 = time.process_time()
    for combo in sample:
        searched += search_task(Task(edition, fmt, combo, DEFAULT_POSITION, bound), rules)["stats"]["nodes"]
    dt = max(time.process_time() - t0, 1e-9)
    per_pair = dt / max(1, len(sample))
    return {"edition": edition, "format": fmt, "pairs": len(sample), "all_pairs": len(every), "node_bound": nodes,
            "nodes": searched, "cpu_seconds": round(dt, 2), "seconds_per_pair": round(per_pair, 3),
            "nodes_per_s": round(searched / dt, 1), "all_pairs_cpu_seconds": round(per_pair * len(every))}

"""Benchmarks of the interpreter: play speed per edition and memory growth over many games.

Speed is CPU time (``time.process_time``) of one process, so that it measures one core even on a busy
machine.  Memory growth is measured with ``tracemalloc`` between a warm-up point and the end of a long run
(traced blocks still alive), plus the process's peak RSS.
"""
from __future__ import annotations

import copy
import random
import resource
import time
import tracemalloc
from typing import Any

from bpdsl.engine import RandomAgent, build_rules, new_game
from bpdsl.engine.snapshot import copy_state


def game_seeds(seed: int, games: int) -> list[tuple[int, int, int]]:
    """(game seed, agent 0 seed, agent 1 seed) of each game of a bench run: drawn in order from
    ``random.Random(seed)``, so that a bench plays the same games on every version it compares.  (Runs of
    ``bpdsl simulate`` hash each game's seeds from the run seed and the game's index instead, see
    :mod:`bpdsl.sim.seeds`, so that they can be cut into chunks.)"""
    rng = random.Random(seed)
    return [(rng.getrandbits(32), rng.getrandbits(32), rng.getrandbits(32)) for _ in range(games)]


def bench_speed(edition: str, fmt: str, games: int, seed: int = 1, chunks: int = 5) -> dict[str, Any]:
    """Games/s and decisions/s over ``games`` games; also the fastest of ``chunks`` equal slices, which is
    less disturbed by other processes on a shared machine."""
    rules = build_rules(edition, fmt)
    decisions = 0
    seeds = game_seeds(seed, games)
    size = max(1, games // chunks)
    best = 0.0
    total = 0.0
    for start in range(0, games, size):
        part = seeds[start:start + size]
        t0 = time.process_time()
        for gs, s0, s1 in part:
            r = new_game(rules, [RandomAgent(s0), RandomAgent(s1)], gs).play()
            decisions += r.decisions
        dt = max(time.process_time() - t0, 1e-9)
        total += dt
        best = max(best, len(part) / dt)
    return {"edition": edition, "format": fmt, "games": games, "seconds": round(total, 3),
            "games_per_s": round(games / total, 1), "best_slice_games_per_s": round(best, 1),
            "decisions_per_s": round(decisions / total, 1), "mean_decisions": round(decisions / games, 1)}


def bench_per_decision(edition: str, fmt: str, against: str, games: int, seed: int = 1,
                       slice_games: int = 10, repeat: int = 3) -> dict[str, Any]:
    """The CPU time per decision of ``fmt`` against that of ``against`` (same edition), in one process: each
    slice of ``slice_games`` games (the same seeds in both formats) is played ``repeat`` times, the formats
    alternating, and the fastest time of each slice counts.  On a shared machine other processes only ever
    slow a slice down, so its fastest run is the one nearest its own cost: figures taken one after the other,
    or summed over slices, drifted by more than the difference sought (1.06× to 1.38× for the same tree)."""
    rules = {f: build_rules(edition, f) for f in (fmt, against)}
    seeds = game_seeds(seed, games)
    size = max(1, slice_games)
    seconds = {fmt: 0.0, against: 0.0}
    decisions = {fmt: 0, against: 0}
    slices = 0
    for start in range(0, games, size):
        part = seeds[start:start + size]
        best = {fmt: float("inf"), against: float("inf")}
        made = {fmt: 0, against: 0}  # decisions of the slice: the same games, so the same at each repeat
        for _ in range(max(1, repeat)):
            for f in (against, fmt):
                t0 = time.process_time()
                n = 0
                for gs, s0, s1 in part:
                    n += new_game(rules[f], [RandomAgent(s0), RandomAgent(s1)], gs).play().decisions
                best[f] = min(best[f], time.process_time() - t0)
                made[f] = n
        for f in best:
            seconds[f] += best[f]
            decisions[f] += made[f]
        slices += 1
    per = {f: max(seconds[f], 1e-9) / max(decisions[f], 1) for f in seconds}
    return {"edition": edition, "format": fmt, "against": against, "games": games, "slices": slices,
            "repeat": max(1, repeat), "decisions_per_s": round(1 / per[fmt], 1),
            "against_decisions_per_s": round(1 / per[against], 1), "mean_decisions": round(decisions[fmt] / games, 1),
            "against_mean_decisions": round(decisions[against] / games, 1), "ratio": round(per[fmt] / per[against], 3)}


def _rss_kib() -> float:
    """Current resident set size of this process (Linux /proc), or the peak where /proc is missing."""
    try:
        with open("/proc/self/statm") as fh:
            pages = int(fh.read().split()[1])
        return pages * resource.getpagesize() / 1024
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def bench_memory(edition: str, fmt: str, games: int, seed: int = 1, traced_games: int = 300) -> dict[str, Any]:
    """Memory growth over ``games`` games in one process.

    RSS is sampled after a warm-up and at the end of the whole run; ``tracemalloc`` (which slows play down
    several times) watches only the last ``traced_games`` games, reporting the traced blocks still alive.
    """
    import gc

    rules = build_rules(edition, fmt)
    seeds = game_seeds(seed, games)
    warmup = min(500, max(1, games // 10))
    traced_from = max(warmup, games - traced_games)
    rss_warm = 0.0
    traced_start = traced_end = 0
    for i, (gs, s0, s1) in enumerate(seeds):
        if i == traced_from:
            gc.collect()
            tracemalloc.start()
            traced_start = tracemalloc.get_traced_memory()[0]
        new_game(rules, [RandomAgent(s0), RandomAgent(s1)], gs).play()
        if i + 1 == warmup:
            gc.collect()
            rss_warm = _rss_kib()
    gc.collect()
    if tracemalloc.is_tracing():
        traced_end = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
    rss_end = _rss_kib()
    return {"edition": edition, "format": fmt, "games": games, "warmup": warmup,
            "rss_after_warmup_kib": round(rss_warm, 1), "rss_end_kib": round(rss_end, 1),
            "rss_growth_kib": round(rss_end - rss_warm, 1),
            "traced_games": games - traced_from, "traced_growth_kib": round((traced_end - traced_start) / 1024, 1)}


def bench_step(edition: str, fmt: str, games: int, seed: int = 1, at: int = 80, repeat: int = 200) -> dict[str, Any]:
    """The step API: games/s of the same random games driven through pending()/apply(i), and the cost of
    clone() at a mid-game decision (decision ``at``; act8.0 std games ask ~175), the mean over ``repeat``
    clones of each of ``games`` positions; the first apply(i) of a clone (copying what it shares, or going
    back to the node's checkpoint, and running the node up to the next decision); the hand-written copy
    of the state alone (what a checkpoint costs), and ``copy.deepcopy`` of the state and RNG for scale."""
    rules = build_rules(edition, fmt)
    seeds = game_seeds(seed, games)
    positions = []
    t0 = time.process_time()
    for gs, s0, s1 in seeds:
        g = new_game(rules, None, gs)
        agents = [RandomAgent(s0), RandomAgent(s1)]
        n = 0
        while (req := g.pending()) is not None:
            if n == at:
                positions.append(g.clone())
            g.apply(agents[req.player].decide(req, _no_observation))
            n += 1
    step_seconds = max(time.process_time() - t0, 1e-9)
    clone_total = apply_total = copy_total = deep_total = 0.0
    deep_repeat = max(1, repeat // 10)
    for g in positions:
        t0 = time.process_time()
        for _ in range(repeat):
            g.clone()
        clone_total += time.process_time() - t0
        t0 = time.process_time()
        for _ in range(repeat):
            copy_state(g.state, {})
        copy_total += time.process_time() - t0
        t0 = time.process_time()
        for _ in range(deep_repeat):
            copy.deepcopy((g.state, g.rng))
        deep_total += time.process_time() - t0
        copies = [g.clone() for _ in range(repeat)]
        t0 = time.process_time()
        for c in copies:
            c.apply(0)
        apply_total += time.process_time() - t0
    n = max(1, len(positions) * repeat)
    return {"edition": edition, "format": fmt, "games": games, "step_games_per_s": round(games / step_seconds, 1),
            "clone_positions": len(positions), "clone_at_decision": at,
            "clone_us": round(clone_total / n * 1e6, 1), "apply_after_clone_us": round(apply_total / n * 1e6, 1),
            "state_copy_us": round(copy_total / n * 1e6, 1),
            "deepcopy_us": round(deep_total / max(1, len(positions) * deep_repeat) * 1e6, 1)}


def _no_observation() -> dict[str, Any]:
    return {}

"""A round-robin between agents: every pair plays the same number of games in each seat order (so the
first-player advantage cancels out), with the win rate of each agent against each other agent and its 95 %
Wilson interval, and a two-sided test of "as strong as each other" (win rate 50 %) per pair; and per pair
the agents' separation (how often they would have chosen differently on the same decisions,
:mod:`bpdsl.sim.separation`), with a warning for a pair that is indistinguishable."""
from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from bpdsl.sim.backends import Progress, run
from bpdsl.sim.job import SimJob
from bpdsl.sim.separation import summarize as separation
from bpdsl.sim.separation import warning
from bpdsl.sim.stats import holm, one_proportion_p, wilson


def round_robin(edition: str, fmt: str, agents: list[str], games: int, seed: int = 1, *, jobs: int | None = None,
                backend: str = "local", address: str | None = None, definitions: tuple[str, ...] | None = None,
                progress: Progress | None = None) -> dict[str, Any]:
    """Each pair of ``agents`` plays ``games`` games (half with each agent in seat 0).  Ctrl-C or SIGTERM
    stops the whole round-robin (not only the run it lands in): the table then holds the pairs played so
    far, the last one with the games it finished, and ``interrupted`` is true."""
    pairs: list[dict[str, Any]] = []
    warnings: list[str] = []
    done = 0
    interrupted = False
    for x, y in combinations(agents, 2):
        if interrupted:
            break
        wins = {x: 0, y: 0}
        draws = aborted = played = 0
        chose: Counter = Counter()  # separation counts, seat 0 = x, seat 1 = y
        half = games // 2
        for order, n in (((x, y), games - half), ((y, x), half)):
            if n == 0:
                continue
            job = SimJob(edition, fmt, definitions, order, False, False, seed)

            def step(k: int, base: int = done) -> None:
                if progress:
                    progress(base + k)

            result = run(job, n, jobs=jobs, backend=backend, address=address, progress=step)
            t = result.tally
            done += n
            played += t.games
            wins[order[0]] += t.wins[0]
            wins[order[1]] += t.wins[1]
            draws += t.draws
            aborted += t.aborted
            for (seat, kind, what), k in t.separation.items():
                chose[(0 if order[seat] == x else 1, kind, what)] += k
            if result.interrupted:
                interrupted = True
                break
        decisive = wins[x] + wins[y]
        pairs.append({"a": x, "b": y, "games": played, "wins_a": wins[x], "wins_b": wins[y], "draws": draws,
                      "aborted": aborted, "win_rate_a": wilson(wins[x], decisive).as_dict(),
                      "p": one_proportion_p(wins[x], decisive), "separation": separation(chose, [x, y])})
        if (w := warning(x, y, pairs[-1]["separation"])) is not None:
            warnings.append(w)
    for pair, adj in zip(pairs, holm([p["p"] for p in pairs])):
        pair["p_adjusted"] = float(f"{adj:.4g}")
        pair["p"] = float(f"{pair['p']:.4g}")
        pair["significant"] = adj < 0.05
    return {"edition": edition, "format": fmt, "games_per_pair": games, "seed": seed, "agents": agents,
            "test": "two-sided one-proportion z-test of agent A's share of decisive games against 0.5, "
                    "Holm–Bonferroni over the pairs", "pairs": pairs, "warnings": warnings,
            "interrupted": interrupted}

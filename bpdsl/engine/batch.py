"""Many seeded random-vs-random games and their statistics (``bpdsl simulate``).

Game ``i`` of a run with seed ``S`` gets its game seed and both agents' seeds from ``random.Random(S)``
drawn in order, so a run is reproduced exactly by its seed and the outputs of two runs with the same
arguments are identical.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from bpdsl.engine import RandomAgent, build_rules, new_game
from bpdsl.engine.invariants import InvariantError
from bpdsl.engine.invariants import check as check_invariants
from bpdsl.engine.log import EventLog


def game_seeds(seed: int, games: int) -> list[tuple[int, int, int]]:
    """(game seed, agent 0 seed, agent 1 seed) for each game of a run."""
    rng = random.Random(seed)
    return [(rng.getrandbits(32), rng.getrandbits(32), rng.getrandbits(32)) for _ in range(games)]


def simulate(edition: str, fmt: str, games: int, seed: int, *, log: EventLog | None = None, check: bool = False,
             progress: Callable[[int], None] | None = None, definitions: Any = None) -> dict[str, Any]:
    """Play ``games`` random-vs-random games; returns the statistics as a JSON-able dict."""
    rules = build_rules(edition, fmt, definitions)
    wins = [0, 0]
    draws = aborted = violations = 0
    turns = decisions = 0
    raised: dict[str, int] = {a: 0 for a in rules.actions}
    counts: dict[str, dict[Any, int]] = {}  # counters kept by the game's rules (state.counts)
    reasons: list[str] = []
    for i, (gs, s0, s1) in enumerate(game_seeds(seed, games)):
        g = new_game(rules, [RandomAgent(s0), RandomAgent(s1)], gs, log=log if i == 0 else None,
                     check=check_invariants if check else None)
        try:
            r = g.play()
        except InvariantError as exc:
            violations += 1
            aborted += 1
            reasons.append(f"game {i}: invariant violated: {exc}")
            if progress:
                progress(i + 1)
            continue
        if r.aborted:
            aborted += 1
            reasons.append(f"game {i}: {r.reason}")
        elif r.draw:
            draws += 1
        else:
            wins[r.winner] += 1
        turns += r.turns
        decisions += r.decisions
        for k, v in r.raised.items():
            raised[k] = raised.get(k, 0) + v
        for name, table in g.state.counts.items():  # counters a game's rules kept
            merged = counts.setdefault(name, {})
            for k, v in table.items():
                merged[k] = merged.get(k, 0) + v
        if progress:
            progress(i + 1)
    n = max(games, 1)
    extra: dict[str, Any] = {}
    for ext in rules.extensions:  # the game's own statistics (BlackPoker: trumps opened)
        extra.update(ext.summarize(rules, counts))
    return {
        "edition": edition, "format": fmt, "flow": rules.flow.id, "games": games, "seed": seed,
        "wins": {"seat0": wins[0], "seat1": wins[1]}, "draws": draws, "aborted": aborted,
        "invariant_violations": violations if check else None,
        "mean_turns": round(turns / n, 3), "mean_decisions": round(decisions / n, 3),
        "actions_raised": dict(sorted(raised.items(), key=lambda kv: (-kv[1], kv[0]))),
        "actions_raised_per_game": {k: round(v / n, 3) for k, v in sorted(raised.items(), key=lambda kv: (-kv[1], kv[0]))},
        "problems": reasons[:20],
        **extra,
    }

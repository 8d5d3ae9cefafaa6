"""Simulated matches under a regulation: N seeded matches between two random bots, summarised as a dict.

Used by ``bpdsl simulate --regulation``.  Every match builds its decks from the regulation (fixed, random
from the match seed, or the given constructed decks), plays its games through the engine and follows the
match type (1-deck match, or the 2-deck best-of-three of 5.2.1).  The same seed gives the same result.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable, Sequence

from bpdsl.model import Definitions
from bpdsl.games.blackpoker.regulation.check import played_format
from bpdsl.games.blackpoker.regulation.decks import Deck, build_match_decks
from bpdsl.games.blackpoker.regulation.match import MatchResult, play_match
from bpdsl.games.blackpoker.regulation.model import Regulation
from bpdsl.games.blackpoker.regulation.play import game_runner


def simulate_matches(definitions: Definitions, regulation: Regulation, matches: int, seed: int,
                     decks: Sequence[Sequence[Deck] | None] = (None, None),
                     check: Callable[[Any], None] | None = None, log: Any = None,
                     progress: Callable[[int], None] | None = None, keep: bool = False,
                     agents: Callable[[Any], Sequence[Any]] | None = None) -> dict[str, Any]:
    """Play ``matches`` matches; the result dict holds match and game results (and every match if ``keep``).
    ``agents``: a factory of the two agents of a game (GameRequest -> agents); random bots by default."""
    run = game_runner(definitions, regulation, agents=agents, check=check, log=log)
    rng = random.Random(f"simulate:{seed}")
    results: list[MatchResult] = []
    for i in range(matches):
        mseed = rng.getrandbits(32)
        players = build_match_decks(regulation, mseed, decks)
        results.append(play_match(regulation, players, run, mseed))
        if progress is not None:
            progress(i + 1)
    return summarise(regulation, results, seed, keep)


def summarise(regulation: Regulation, results: Sequence[MatchResult], seed: int, keep: bool = False
              ) -> dict[str, Any]:
    games = [g for r in results for g in r.games]
    raised: Counter[str] = Counter()
    for g in games:
        raised.update(g.details.get("raised", {}))
    deck_sizes: Counter[int] = Counter(n for g in games for n in g.deck_sizes)
    out: dict[str, Any] = {
        "regulation": regulation.name,
        "id": regulation.id,
        "edition": regulation.edition,
        "format": played_format(regulation.format),
        "match_type": regulation.match.name,
        "seed": seed,
        "matches": len(results),
        "match_wins": [sum(r.winner == s for r in results) for s in (0, 1)],
        "match_draws": sum(r.winner is None for r in results),
        "games": len(games),
        "games_per_match": dict(sorted(Counter(len(r.games) for r in results).items())),
        "game_wins": [sum(g.winner == s for g in games) for s in (0, 1)],
        "game_draws": sum(g.winner is None and not g.details.get("aborted") for g in games),
        "games_aborted": sum(bool(g.details.get("aborted")) for g in games),
        "invariant_violations": sum("invariant" in g.details for g in games),
        "problems": [f"match {m + 1} game {k + 1}: {g.reason}" for m, r in enumerate(results)
                     for k, g in enumerate(r.games) if g.details.get("aborted")][:20],
        "mean_turns": round(sum(g.turns for g in games) / len(games), 2) if games else 0,
        "deck_sizes": dict(sorted(deck_sizes.items())),
        "raised": dict(raised.most_common()),
    }
    if regulation.option("pack") is not None:
        out["pack_sizes"] = dict(sorted(Counter(n for g in games for n in g.pack_sizes).items()))
        out["pack_opened"] = raised.get("pack_open", 0)
    if keep:
        out["match_results"] = [r.as_dict() for r in results]
    return out

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
from bpdsl.regulation.decks import Deck, build_match_decks
from bpdsl.regulation.match import MatchResult, play_match
from bpdsl.regulation.model import Regulation
from bpdsl.regulation.play import game_runner


def simulate_matches(definitions: Definitions, regulation: Regulation, matches: int, seed: int,
                     decks: Sequence[Sequence[Deck] | None] = (None, None),
                     check: Callable[[Any], None] | None = None, log: Any = None,
                     progress: Callable[[int], None] | None = None, keep: bool = False) -> dict[str, Any]:
    """Play ``matches`` matches; the result dict holds match and game results (and every match if ``keep``)."""
    run = game_runner(definitions, regulation, check=check, log=log)
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
        "format": regulation.format.action_list,
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


def run_cli(regulation: str, matches: int, seed: int, as_json: bool = False, deck: Sequence[Any] = (),
            log: Any = None, system: str | None = None, check: bool = False) -> None:
    """The body of ``bpdsl simulate --regulation`` / ``bpdsl match simulate``: print the summary or exit
    with 1 (invalid or unplayable regulation, illegal deck) / 2 (unknown name, unreadable deck file)."""
    import json
    import sys

    import typer

    from bpdsl.commands._paths import output_file_or_exit
    from bpdsl.regulation.cli_support import err, legal_decks_or_exit, regulation_or_exit
    from bpdsl.regulation.play import NotPlayable

    if matches < 1:
        err("--matches must be at least 1")
        raise typer.Exit(2)
    output_file_or_exit(log, "simulate")
    definitions, reg = regulation_or_exit(regulation, system)
    given: list[Sequence[Deck] | None] = [None, None]
    if deck:
        if reg.deck.build != "constructed" or len(deck) > 2:
            err("--deck takes one or two deck files and only for constructed frames (構築ハーフ, 構築40, レギュラー)")
            raise typer.Exit(2)
        loaded = [legal_decks_or_exit(path, reg) for path in deck]
        given = [loaded[0], loaded[-1]]
    event_log = None
    if log is not None:
        from bpdsl.engine.log import EventLog

        event_log = EventLog()
    try:
        result = _with_progress(definitions, reg, matches, seed, given, event_log, check)
    except NotPlayable as exc:
        err(str(exc))
        raise typer.Exit(1)
    if event_log is not None:
        event_log.dump(log)
    if as_json:
        print(json.dumps(result, ensure_ascii=False))
        return
    print(f"{result['regulation']}  ({result['id']}; {result['edition']} {result['format']}; {result['match_type']})")
    print(f"matches: {result['matches']}  seed {seed}")
    print(f"  match wins   player 1: {result['match_wins'][0]}  player 2: {result['match_wins'][1]}  "
          f"no winner: {result['match_draws']}")
    print(f"  games: {result['games']}  per match: {result['games_per_match']}")
    print(f"  game wins    player 1: {result['game_wins'][0]}  player 2: {result['game_wins'][1]}  "
          f"draws: {result['game_draws']}  aborted: {result['games_aborted']}")
    print(f"  mean turns per game: {result['mean_turns']}")
    print(f"  deck sizes (cards: times used): {result['deck_sizes']}")
    if "pack_sizes" in result:
        print(f"  pack sizes: {result['pack_sizes']}  パック開封 raised: {result['pack_opened']}")
    top = ", ".join(f"{k} {v}" for k, v in list(result["raised"].items())[:12])
    print(f"  actions raised: {top}")
    sys.stdout.flush()


def _with_progress(definitions: Definitions, reg: Regulation, matches: int, seed: int,
                   given: Sequence[Sequence[Deck] | None], log: Any, check: bool) -> dict[str, Any]:
    import sys

    checker = None
    if check:
        from bpdsl.engine.invariants import check as checker
    if not sys.stderr.isatty() or matches < 20:
        return simulate_matches(definitions, reg, matches, seed, given, check=checker, log=log)
    from rich.console import Console
    from rich.progress import Progress

    with Progress(transient=True, console=Console(stderr=True)) as bar:
        task = bar.add_task("matches", total=matches)
        return simulate_matches(definitions, reg, matches, seed, given, check=checker, log=log,
                                progress=lambda n: bar.update(task, completed=n))

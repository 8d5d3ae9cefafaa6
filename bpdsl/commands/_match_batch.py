"""``bpdsl simulate --regulation`` / ``bpdsl regulation simulate``: seeded matches of a regulation with a
progress bar, a table or JSON, and exit codes (the matches themselves: bpdsl.games.blackpoker.regulation.match_batch)."""
from __future__ import annotations

import sys
from typing import Any, Callable, Sequence

from bpdsl.games.blackpoker.regulation.decks import Deck
from bpdsl.games.blackpoker.regulation.match import MatchResult
from bpdsl.games.blackpoker.regulation.match_batch import simulate_matches, summarise
from bpdsl.games.blackpoker.regulation.model import Regulation
from bpdsl.model import Definitions


def run_cli(regulation: str, matches: int, seed: int, as_json: bool = False, deck: Sequence[Any] = (),
            log: Any = None, system: str | None = None, check: bool = False, build: Sequence[Any] = (),
            edition: str | None = None, agents: str | None = None) -> None:
    """The body of ``bpdsl simulate --regulation`` / ``bpdsl match simulate``: print the summary or exit
    with 1 (invalid or unplayable regulation, illegal deck) / 2 (unknown name, unreadable deck file)."""
    import json
    import sys

    import typer

    from bpdsl.commands._paths import output_file_or_exit
    from bpdsl.commands._regulation_cli import err, legal_decks_or_exit, regulation_or_exit
    from bpdsl.games.blackpoker.regulation.build_agent import BuildNotInDeck
    from bpdsl.games.blackpoker.regulation.play import NotPlayable

    if matches < 1:
        err("--matches must be at least 1")
        raise typer.Exit(2)
    output_file_or_exit(log, "simulate")
    definitions, reg = regulation_or_exit(regulation, system)
    from bpdsl.commands._regulation_cli import edition_or_exit

    reg = edition_or_exit(reg, edition, definitions)  # the regulation with another edition's lists (a draft)
    factory = _agents_or_exit(definitions, reg, agents) if agents not in (None, "random") else None
    given: list[Sequence[Deck] | None] = [None, None]
    if deck:
        if reg.deck.build != "constructed" or len(deck) > 2:
            err("--deck takes one or two deck files and only for constructed frames (構築ハーフ, 構築40, レギュラー)")
            raise typer.Exit(2)
        loaded = [legal_decks_or_exit(path, reg) for path in deck]
        given = [loaded[0], loaded[-1]]
    if build:  # scenario builds: the bots of those seats place their trumps and シナリオ手札 from them
        from bpdsl.commands._regulation_cli import builds_or_exit
        from bpdsl.games.blackpoker.regulation.build_agent import with_builds
        from bpdsl.games.blackpoker.regulation.play import _random_agents

        builds = builds_or_exit(list(build), reg, [list(g) if g else None for g in given])
        factory = with_builds(factory or _random_agents, [builds[0], builds[-1] if len(build) > 1 else None])
    event_log = None
    if log is not None:
        from bpdsl.engine.log import EventLog

        from bpdsl.dsl import project
        from bpdsl.engine.logdefs import definitions_event

        event_log = EventLog()
        named = definitions_event(project.current(), log)  # a designer's definitions, for `bpdsl match replay`
        if named is not None:
            event_log.write(named)
    try:
        result = _with_progress(definitions, reg, matches, seed, given, event_log, check, factory)
    except BuildNotInDeck as exc:
        err(f"{exc}; give the deck that holds it (--deck)")
        raise typer.Exit(1)
    except NotPlayable as exc:
        err(str(exc))
        raise typer.Exit(1)
    if event_log is not None:
        event_log.dump(log)
    if as_json:
        print(json.dumps(result, ensure_ascii=False))
        _fail_on_violations(result["invariant_violations"])
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
    if check:
        print(f"  invariant violations: {result['invariant_violations']}")
    for problem in result["problems"]:
        print(f"  {problem}")
    sys.stdout.flush()
    _fail_on_violations(result["invariant_violations"])


def _fail_on_violations(count: int) -> None:
    """A broken invariant is a failed check (exit 1), reported after the whole summary."""
    import typer

    if count:
        print(f"bpdsl simulate: {count} game(s) broke an invariant of the rules engine", file=sys.stderr)
        raise typer.Exit(1)


def _agents_or_exit(definitions: Definitions, reg: Regulation, agents: str) -> Any:
    """The agent factory of ``--agents`` for games under a regulation (exit 2 on an unknown agent)."""
    import typer

    from bpdsl.commands._regulation_cli import err
    from bpdsl.games.blackpoker.regulation.play import NotPlayable, regulation_rules
    from bpdsl.sim.agents import AgentSpecError, make_agent, parse_agents

    try:
        specs = parse_agents(agents)
    except AgentSpecError as exc:
        err(str(exc))
        raise typer.Exit(2)
    try:
        rules = regulation_rules(definitions, reg)
    except NotPlayable as exc:
        err(str(exc))
        raise typer.Exit(1)
    return lambda request: [make_agent(spec, request.seed * 2 + 1 + seat, rules) for seat, spec in enumerate(specs)]


def _with_progress(definitions: Definitions, reg: Regulation, matches: int, seed: int,
                   given: Sequence[Sequence[Deck] | None], log: Any, check: bool,
                   agents: Any = None) -> dict[str, Any]:
    checker = None
    if check:
        from bpdsl.engine.invariants import check as checker
    from bpdsl.commands._progress import progress

    with progress(f"{reg.id} matches", matches, "matches") as update:
        return simulate_matches(definitions, reg, matches, seed, given, check=checker, log=log,
                                progress=update, agents=agents)

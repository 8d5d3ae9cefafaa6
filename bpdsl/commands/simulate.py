"""``bpdsl simulate``: many seeded games of one edition and format on every core (or a Ray cluster), with
statistics and their 95 % confidence intervals."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

import typer

from bpdsl.commands._definitions import default_id, with_definitions
from bpdsl.commands._progress import with_quiet

from bpdsl.commands._limits import MAX_GAMES, MAX_JOBS

# games of a run whose invariants are checked by default: 1 in 16 (checking a game after every step costs
# about 7× playing it, so checking every game made simulate 7× slower; 1 in 16 costs about 1.4×)
CHECK_EVERY = 16


def register(app: typer.Typer) -> None:
    @app.command("simulate")
    @with_definitions
    @with_quiet
    def simulate_cmd(
        edition: Optional[str] = typer.Option(None, "--edition", "-e", help="edition id, e.g. act8.0 or act6.1 "
                                              "(default: the project's [defaults] edition, else act8.0); with --regulation: "
                                              "that edition's lists instead of the regulation system's"),
        fmt: Optional[str] = typer.Option(None, "--format", "-f", help="format id, e.g. std or lite (default: "
                                          "the project's [defaults] format, else std)"),
        games: int = typer.Option(100, "--games", "-n", min=1, max=MAX_GAMES,
                                  help=f"number of games (at most {MAX_GAMES:,})"),
        seed: int = typer.Option(1, "--seed", "-s", help="seed of the run (same seed, same output)"),
        agents: str = typer.Option("random", "--agents", "-a",
                                   help='agent per seat, e.g. "random" (both seats) or "first,random" (also with '
                                        '--regulation)'),
        jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, max=MAX_JOBS,
                                           help="worker processes (default: all cores); the output is the same "
                                                "for any number"),
        backend: str = typer.Option("local", "--backend", help="local (processes on this machine) or ray"),
        address: Optional[str] = typer.Option(None, "--address", help="with --backend ray: the cluster to join, "
                                              'e.g. "auto" or "ray://host:10001" (default: a local Ray instance)'),
        coverage: bool = typer.Option(False, "--coverage", help="count how often every effect step ran and list "
                                      "the steps never executed"),
        as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
        log: Optional[Path] = typer.Option(None, "--log", help="write the JSONL event log of the first game"),
        check: bool = typer.Option(True, "--check/--no-check",
                                   help="check the invariants after every core-flow step of a sample of the games "
                                        "(--check-every; --no-check: none)"),
        check_every: int = typer.Option(CHECK_EVERY, "--check-every", min=1, max=MAX_GAMES, metavar="N",
                                        help="with --check: check games 0, N, 2N ... of the run (1: every game; "
                                             "checking a game costs about 7× playing it)"),
        regulation: Optional[str] = typer.Option(None, "--regulation", "-r", help='play whole matches under a '
                                                 'regulation, e.g. "std+random-half"; --games counts matches'),
        deck: list[Path] = typer.Option([], "--deck", help="with --regulation of a constructed frame: a deck file "
                                        "(once for both players, or once per player)"),
    ) -> None:
        """Play many seeded games and print their statistics.

        Win rate per seat and of the first player (95 % Wilson intervals), draws, game length, life left
        to the winner, per action how often it is raised and how often its raiser wins, per character the
        same; the same seed gives the same output for any --jobs and either backend.  Ctrl-C stops the run
        and prints the statistics of the games finished so far (exit status 130)."""
        from bpdsl.commands._paths import output_file_or_exit

        output_file_or_exit(log, "simulate")
        if deck and regulation is None:
            typer.echo("bpdsl simulate: --deck needs --regulation (a constructed frame)", err=True)
            raise typer.Exit(2)
        from bpdsl.commands._sim_cli import backend_or_exit

        backend_or_exit("simulate", backend, address)
        if regulation is not None:  # matches under a regulation: bpdsl.games.blackpoker.regulation.match_batch
            from bpdsl.commands._match_batch import run_cli

            # --edition with --regulation: that edition's lists under the regulation (act9.0-draft + レアパック)
            return run_cli(regulation, games, seed, as_json, deck, log, None, check, edition=edition, agents=agents)
        from bpdsl.commands._sim_cli import job_or_exit, run_or_exit
        from bpdsl.sim.run import log_first_game, statistics

        edition = default_id(edition, "edition", "act8.0")
        fmt = default_id(fmt, "format", "std")
        job = job_or_exit("simulate", edition, fmt, agents, seed=seed, check=check, coverage=coverage,
                          check_every=check_every)
        result = run_or_exit("simulate", job, games, jobs, backend, address)
        stats = statistics(job, result)
        if log is not None and not result.interrupted:
            from bpdsl.engine.log import EventLog

            from bpdsl.dsl import project
            from bpdsl.engine.logdefs import definitions_event

            elog = EventLog()
            named = definitions_event(project.current(), log)  # a designer's definitions, for `bpdsl replay`
            if named is not None:
                elog.write(named)
            log_first_game(job, elog)
            elog.dump(log)
        if as_json:
            from bpdsl import speedups

            stats["compiled"] = speedups.usable()  # the modules played from their compiled build (bpdsl.speedups)
            typer.echo(json.dumps(stats, ensure_ascii=False, sort_keys=True))
        else:
            print_stats(stats, check)
        _fail_on_violations(stats.get("invariant_violations"))
        if result.interrupted:
            typer.echo(f"interrupted: statistics of the {stats['games']} games finished of {games}", err=True)
            raise typer.Exit(130)


def print_stats(stats: dict[str, Any], check: bool) -> None:
    from bpdsl.commands._console import CommandConsole
    from rich.markup import escape

    from bpdsl.commands._sim_cli import data_table, pct
    from bpdsl.sim.coverage import step_label

    out = CommandConsole(emoji=False)
    agents = " vs ".join(stats["agents"].values())
    out.print(f"[bold]{stats['edition']} {stats['format']}[/bold] on flow {stats['flow']}: {stats['games']} games "
              f"({agents}), seed {stats['seed']}")
    defs = stats.get("definitions")
    if isinstance(defs, dict) and (defs["paths"] or not defs["bundled"]):
        read = (["bundled"] if defs["bundled"] else []) + defs["paths"]
        out.print(f"definitions: {escape(' + '.join(read))}", soft_wrap=True)  # paths unbroken
    out.print(f"wins: seat 0 {stats['wins']['seat0']}, seat 1 {stats['wins']['seat1']}; draws {stats['draws']}; "
              f"aborted {stats['aborted']}")
    out.print(f"win rate (decisive games): seat 0 {pct(stats['win_rate']['seat0'])}, "
              f"seat 1 {pct(stats['win_rate']['seat1'])}")
    fp = stats["first_player"]
    out.print(f"first player wins {pct(fp['win_rate'])} (p = {fp['p_value_vs_half']:.3g} against 50 %)")
    if check:
        ic = stats.get("invariant_checks") or {}
        sample = ("every game" if ic.get("every", 1) == 1 else
                  f"1 game in {ic['every']} (games 0, {ic['every']}, {2 * ic['every']} …; --check-every 1: every game)")
        out.print(f"invariant violations: {stats['invariant_violations']} — checked after every step in "
                  f"{ic.get('games_checked', 0)} of {stats['games']} games: {sample}")
    for what in ("turns", "decisions"):
        d = stats[what]
        out.print(f"{what}: mean {d['mean']:.1f} (sd {d['sd']:.1f}), median {d['median']}, 10–90 % "
                  f"{d['p10']}–{d['p90']}, max {d['max']}")
    out.print(f"life left to the winner: mean {stats['winner_life']['mean']:.1f}, median {stats['winner_life']['median']}")
    if "separation" in stats:
        from bpdsl.commands._sim_cli import separation_line

        out.print(separation_line(stats["separation"]))
    t = data_table("action", "raised", "per game", "games raised", "raiser wins (95 % CI)", title="actions")
    for k, a in stats["actions"].items():
        t.add_row(k, str(a["raises"]), f"{a['raises_per_game']:.2f}", pct(a["games_raised"]), pct(a["raiser_win_rate"]))
    out.print(t)
    if stats["characters"]:
        c = data_table("character", "games on a field", "fielder wins (95 % CI)", title="characters")
        for k, ch in stats["characters"].items():
            c.add_row(k, pct(ch["games"]), pct(ch["fielder_win_rate"]))
        out.print(c)
    if "coverage" in stats:
        cov = stats["coverage"]
        out.print(f"rule coverage: {cov['covered']} of {cov['total']} effect steps executed "
                  f"({cov['share'] * 100:.1f} %)")
        never = [s for s in cov["steps"] if s["executed"] == 0]
        if never:
            n = data_table("step", "op", "printed sentence", title="effect steps never executed")
            for s in never:
                n.add_row(step_label(s), s["op"], s["sentence"])
            out.print(n)
        for part, title in (("triggers", "trigger conditions and triggering abilities"),
                            ("conditions", "activation conditions"), ("abilities", "static abilities")):
            p = cov.get(part)
            if not p or not p["total"]:
                continue
            out.print(f"{title}: {p['covered']} of {p['total']} {p['counted']} at least once")
            rows = [r for r in p["rules"] if not r["count"]]
            if rows:
                n = data_table("rule", "of", "op", "printed sentence", title=f"{title} never {p['counted']}")
                for r in rows:
                    n.add_row(r["rule"], r["name"], r["op"], r["sentence"])
                out.print(n)
    if "trumps_opened" in stats:  # エクストラ
        used = stats.get("used", {}).get("trumps_opened", {})
        t = data_table("trump", "opened", "games opened (95 % CI)", "by winner", "by loser", "opener wins (95 % CI)",
                       title="trumps")
        for k, v in stats["trumps_opened"].items():
            u = used.get(k)
            t.add_row(k + (" (printed only)" if k in stats["trumps_printed_only"] else ""), str(v),
                      *((pct(u["games"]), str(u["by_winner"]), str(u["by_loser"]), pct(u["user_win_rate"]))
                        if u else ("-", "0", "0", "-")))
        out.print(t)
    for p in stats["problems"]:
        out.print(f"[red]{escape(p)}[/red]")


def _fail_on_violations(count: int | None) -> None:
    """A broken invariant is a failed check (exit 1), reported after the whole summary."""
    if count:
        typer.echo(f"bpdsl simulate: {count} game(s) broke an invariant of the rules engine", err=True)
        raise typer.Exit(1)

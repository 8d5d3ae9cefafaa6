"""``bpdsl simulate``: many seeded random-vs-random games of one edition and format, with statistics."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from bpdsl.commands._definitions import default_id, with_definitions


def register(app: typer.Typer) -> None:
    @app.command("simulate")
    @with_definitions
    def simulate_cmd(
        edition: Optional[str] = typer.Option(None, "--edition", "-e", help="edition id, e.g. act8.0 or act6.1 "
                                              "(default: the project's [defaults] edition, else act8.0)"),
        fmt: Optional[str] = typer.Option(None, "--format", "-f", help="format id, e.g. std or lite (default: "
                                          "the project's [defaults] format, else std)"),
        games: int = typer.Option(100, "--games", "-n", min=1, help="number of games"),
        seed: int = typer.Option(1, "--seed", "-s", help="seed of the run (same seed, same output)"),
        as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
        log: Optional[Path] = typer.Option(None, "--log", help="write the JSONL event log of the first game"),
        check: bool = typer.Option(True, "--check/--no-check",
                                   help="check the invariants after every core-flow step (--no-check: faster)"),
        regulation: Optional[str] = typer.Option(None, "--regulation", "-r", help='play whole matches under a '
                                                 'regulation, e.g. "std+random-half"; --games counts matches'),
        deck: list[Path] = typer.Option([], "--deck", help="with --regulation of a constructed frame: a deck file "
                                        "(once for both players, or once per player)"),
    ) -> None:
        """Play random-vs-random games and print their statistics.

        Wins per seat, draws, aborted games, invariant violations, mean turns and decisions, and how often
        each action was raised; the same seed gives the same output."""
        from bpdsl.commands._paths import output_file_or_exit

        output_file_or_exit(log, "simulate")
        if deck and regulation is None:
            typer.echo("bpdsl simulate: --deck needs --regulation (a constructed frame)", err=True)
            raise typer.Exit(2)
        if regulation is not None:  # matches under a regulation: bpdsl.games.blackpoker.regulation.match_batch
            from bpdsl.commands._match_batch import run_cli

            return run_cli(regulation, games, seed, as_json, deck, log, None, check)
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        from bpdsl.commands._engine_cli import rules_or_exit
        from bpdsl.engine.batch import simulate
        from bpdsl.engine.log import EventLog

        edition = default_id(edition, "edition", "act8.0")
        fmt = default_id(fmt, "format", "std")
        rules_or_exit(edition, fmt)
        elog = EventLog() if log else None
        err = Console(stderr=True)
        with Progress(TextColumn(f"{edition} {fmt}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task("games", total=games)
            stats = simulate(edition, fmt, games, seed, log=elog, check=check,
                             progress=lambda k: bar.update(task, completed=k))
        if elog is not None and log is not None:
            elog.dump(log)
        if as_json:
            typer.echo(json.dumps(stats, ensure_ascii=False, sort_keys=True))
            return
        from rich.table import Table

        out = Console()
        out.print(f"[bold]{edition} {fmt}[/bold] on flow {stats['flow']}: {games} games, seed {seed}")
        out.print(f"wins: seat 0 {stats['wins']['seat0']}, seat 1 {stats['wins']['seat1']}; draws {stats['draws']}; "
                  f"aborted {stats['aborted']}")
        if check:
            out.print(f"invariant violations: {stats['invariant_violations']}")
        out.print(f"mean turns {stats['mean_turns']}, mean decisions {stats['mean_decisions']}")
        t = Table("action", "raised", "per game")
        for k, v in stats["actions_raised"].items():
            t.add_row(k, str(v), f"{stats['actions_raised_per_game'][k]:.2f}")
        out.print(t)
        if "trumps_opened" in stats:  # エクストラ
            t = Table("trump", "opened")
            for k, v in stats["trumps_opened"].items():
                t.add_row(k + (" (printed only)" if k in stats["trumps_printed_only"] else ""), str(v))
            out.print(t)
        for p in stats["problems"]:
            out.print(f"[red]{p}[/red]")

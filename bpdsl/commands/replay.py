"""``bpdsl replay LOG`` (and ``bpdsl match replay LOG``): play a logged game again and check, event by event,
that the log is the genuine record of it.

Exit 0: the hash chain is whole and the replayed game wrote exactly the logged events.  Exit 1: the log is
damaged or was changed (the first diverging event is shown with its index, what the replay wrote and what
the log holds), or it cannot be replayed.  Exit 2: there is no such file.
"""
from __future__ import annotations

from pathlib import Path

import typer

from bpdsl.commands._definitions import with_definitions
from bpdsl.commands._regulation_cli import definitions_or_exit
from bpdsl.datafile import DataFileError
from bpdsl.diagnostics import DefinitionError
from bpdsl.engine.log import read_log
from bpdsl.engine.replay import ReplayError, replay_events
from bpdsl.games.blackpoker.regulation.play import NotPlayable, replay_regulation_log


def register(app: typer.Typer) -> None:
    @app.command("replay")
    @with_definitions
    def replay_cmd(log: Path = typer.Argument(..., help="JSON Lines event log written by simulate --log or play --log")) -> None:
        """Replay LOG with its recorded decisions; exit 0 if every event matches, 1 if not (the first
        diverging event is shown)."""
        replay_or_exit(log, "replay")


def replay_or_exit(log: Path, command: str, regulation_only: bool = False) -> None:
    """Replay ``log`` (a plain game or a game under a regulation), print the verdict, exit 0, 1 or 2."""
    if not log.is_file():
        typer.echo(f"bpdsl {command}: no such log file: {log}", err=True)
        raise typer.Exit(2)
    try:
        events = read_log(log)
    except DataFileError as exc:
        typer.echo(f"cannot replay {log}: {exc}", err=True)
        raise typer.Exit(1)
    regulation = any(isinstance(e, dict) and e.get("t") == "regulation" for e in events)
    if regulation_only and not regulation:
        typer.echo(f"cannot replay {log}: no 'regulation' line; replay a single game with `bpdsl replay`",
                   err=True)
        raise typer.Exit(1)
    try:
        from bpdsl.dsl import project
        from bpdsl.engine.logdefs import named_definitions

        named, prefix = named_definitions(events, log, override=project.command_line_chose())
        if regulation:
            try:
                result = replay_regulation_log(named if named is not None else definitions_or_exit(), events, prefix)
            except NotPlayable as exc:
                raise ReplayError(str(exc)) from None
        else:
            result = replay_events(events, definitions=named, header=prefix)
    except DefinitionError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(1)
    except ReplayError as exc:
        typer.echo(f"cannot replay {log}: {exc}", err=True)
        raise typer.Exit(1)
    if not result.ok:
        typer.echo(f"NOT GENUINE: {log}", err=True)
        for problem in result.problems():
            typer.echo(f"  {problem}", err=True)
        raise typer.Exit(1)
    typer.echo(f"ok: {result.events} events and {result.decisions} decisions replayed identically, "
               f"final state hash {result.actual}")

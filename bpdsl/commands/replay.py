"""``bpdsl replay LOG``: re-run a logged game and check that it reaches the same final state hash."""
from __future__ import annotations

from pathlib import Path

import typer


def register(app: typer.Typer) -> None:
    @app.command("replay")
    def replay_cmd(log: Path = typer.Argument(..., help="JSON Lines event log written by simulate --log or play --log")) -> None:
        """Replay LOG with its recorded decisions; exit 0 if the final state hash matches, 1 if not."""
        from bpdsl.engine.replay import ReplayError, replay_log

        if not log.is_file():
            typer.echo(f"no such log file: {log}", err=True)
            raise typer.Exit(2)
        try:
            first_line = log.read_text(encoding="utf-8").split("\n", 1)[0]
        except (OSError, UnicodeDecodeError) as exc:
            typer.echo(f"cannot replay {log}: not a readable UTF-8 event log ({exc})", err=True)
            raise typer.Exit(1)
        if '"t": "regulation"' in first_line:  # a game under a regulation
            from bpdsl.commands.regulation import match_replay

            return match_replay(log)
        from bpdsl.diagnostics import DefinitionError

        try:
            r = replay_log(log)
        except DefinitionError as exc:
            typer.echo(str(exc), err=True)
            raise typer.Exit(1)
        except (ReplayError, ValueError, KeyError) as exc:
            typer.echo(f"cannot replay {log}: {exc}", err=True)
            raise typer.Exit(1)
        if r.ok:
            typer.echo(f"ok: {r.decisions} decisions replayed, final state hash {r.actual}")
            return
        typer.echo(f"MISMATCH: log says {r.expected}, replay reached {r.actual}", err=True)
        raise typer.Exit(1)

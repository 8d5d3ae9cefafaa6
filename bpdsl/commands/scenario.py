"""``bpdsl scenario FILE...``: run rulings written as scripted games (format: bpdsl.engine.scenario)."""
from __future__ import annotations

from pathlib import Path
from typing import List

import typer


def register(app: typer.Typer) -> None:
    @app.command("scenario")
    def scenario_cmd(
        files: List[Path] = typer.Argument(..., help="scenario YAML files or directories of them"),
        verbose: bool = typer.Option(False, "--verbose", "-v", help="print the event log of failing scenarios"),
    ) -> None:
        """Run each scenario; print PASS/FAIL with the reasons; exit 1 if any fails."""
        import json

        from bpdsl.engine.scenario import ScenarioError, run_scenario

        paths: list[Path] = []
        for f in files:
            if f.is_dir():
                found = sorted(p for p in f.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
                if not found:
                    typer.echo(f"no scenario files (*.yaml, *.yml) in {f}", err=True)
                    raise typer.Exit(2)
                paths.extend(found)
            elif f.is_file():
                paths.append(f)
            else:
                typer.echo(f"no such scenario file or directory: {f}", err=True)
                raise typer.Exit(2)
        failed = 0
        for p in paths:
            try:
                r = run_scenario(p)
            except (ScenarioError, Exception) as exc:  # a broken file is reported, never a traceback
                failed += 1
                message = str(exc)
                typer.echo(f"ERROR {message if message.startswith(str(p)) else f'{p}: {message}'}")
                continue
            if r.xfail is not None:
                typer.echo(f"{'XPASS' if r.ok else 'XFAIL'} {p}: {r.name} (expected to fail: {r.xfail})")
                for f in r.failures:
                    typer.echo(f"      - {f}")
            elif r.ok:
                typer.echo(f"PASS  {p}: {r.name}")
            else:
                failed += 1
                typer.echo(f"FAIL  {p}: {r.name}")
                for f in r.failures:
                    typer.echo(f"      - {f}")
                if verbose:
                    for e in r.events:
                        typer.echo("        " + json.dumps(e, ensure_ascii=False))
        typer.echo(f"{len(paths) - failed} passed, {failed} failed")
        if failed:
            raise typer.Exit(1)

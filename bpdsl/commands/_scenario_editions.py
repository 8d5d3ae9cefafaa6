"""``bpdsl scenario --edition E``: every ruling on record against another edition (bpdsl.scenarios.editions)."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Optional

import typer

_WORDS = {"holds": "HOLDS  ", "changed": "CHANGED", "gone": "GONE   ", "broken": "BROKEN "}


def report_across(paths: list[Path], edition: str, fmt: Optional[str],
                  definitions_for: Callable[[Path], Any]) -> None:
    """One line per scenario (and the reasons of those that changed or are gone), then the counts."""
    from bpdsl.engine import load_definitions
    from bpdsl.scenarios.runner import ScenarioError
    from bpdsl.scenarios.editions import run_across

    editions = load_definitions().editions
    if edition not in editions:
        typer.echo(f"unknown edition {edition!r}; editions: {', '.join(editions)}", err=True)
        raise typer.Exit(2)
    counts = {k: 0 for k in _WORDS}
    errors = 0
    for p in paths:
        try:
            r = run_across(p, edition, fmt, definitions_for(p))
        except ScenarioError as exc:
            errors += 1
            typer.echo(f"ERROR   {exc}")
            continue
        except Exception as exc:  # bpdsl broke, not the file
            if os.environ.get("BPDSL_DEBUG"):
                raise
            typer.echo(f"INTERNAL ERROR {p}: {type(exc).__name__}: {exc}", err=True)
            raise typer.Exit(3)
        counts[r.status] += 1
        typer.echo(f"{_WORDS[r.status]} {p}: {r.name}")
        if r.status != "holds":
            for reason in r.reasons[:6]:
                typer.echo(f"        - {reason}")
    typer.echo(f"against {edition}{' ' + fmt if fmt else ''}: {counts['holds']} hold, {counts['changed']} changed, "
               f"{counts['gone']} no longer apply, {counts['broken']} fail in their own edition"
               + (f", {errors} unreadable" if errors else ""))

"""Shared helpers of the engine's CLI commands: load and compile, or exit with a clear message."""
from __future__ import annotations

from typing import Any

import typer

from bpdsl.commands._paths import user_message


def rules_or_exit(edition: str, fmt: str) -> Any:
    """Compiled rules of ``edition``/``fmt``; invalid definitions exit 1, unknown ids exit 2."""
    from bpdsl.diagnostics import DefinitionError
    from bpdsl.engine import build_rules, load_definitions
    from bpdsl.engine.compiled import CompileError

    try:
        defs = load_definitions()
    except DefinitionError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(1)
    if edition not in defs.editions:
        typer.echo(f"unknown edition {edition!r}; editions: {', '.join(defs.editions)}", err=True)
        raise typer.Exit(2)
    ed = defs.editions[edition]
    if fmt not in [f.id for f in ed.formats]:
        typer.echo(f"edition {edition} has no format {fmt!r}; formats: {', '.join(f.id for f in ed.formats)}", err=True)
        raise typer.Exit(2)
    try:
        return build_rules(edition, fmt)
    except CompileError as exc:
        typer.echo(f"cannot play {edition} {fmt}: {user_message(exc)}", err=True)
        raise typer.Exit(1)

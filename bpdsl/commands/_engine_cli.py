"""Shared helpers of the engine's CLI commands: load and compile, or exit with a clear message."""
from __future__ import annotations

from typing import Any

import typer

from bpdsl.commands._say import say_error
from bpdsl.commands._paths import user_message


def rules_or_exit(edition: str, fmt: str) -> Any:
    """Compiled rules of ``edition``/``fmt``; invalid definitions exit 1, unknown ids exit 2."""
    from bpdsl.diagnostics import DefinitionError
    from bpdsl.engine import build_rules, load_definitions
    from bpdsl.engine.compiled import CompileError

    try:
        defs = load_definitions()
    except DefinitionError as exc:
        say_error(str(exc))
        raise typer.Exit(1)
    if edition not in defs.editions:
        say_error(f"unknown edition {edition!r}; editions: {', '.join(defs.editions)}")
        raise typer.Exit(2)
    ed = defs.editions[edition]
    if fmt not in [f.id for f in ed.formats]:
        say_error(f"edition {edition} has no format {fmt!r}; formats: {', '.join(f.id for f in ed.formats)}")
        raise typer.Exit(2)
    try:
        return build_rules(edition, fmt)
    except CompileError as exc:
        say_error(f"cannot play {edition} {fmt}: {user_message(exc)}")
        raise typer.Exit(1)

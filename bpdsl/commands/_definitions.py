"""The one way every command names its definitions: ``-d/--definitions PATH`` (repeatable) and
``--no-bundled``, added to a command by one line::

    @app.command("simulate")
    @with_definitions
    def simulate_cmd(...): ...

``-d`` *adds* a folder or file to the bundled definitions (a designer's edition may extend a bundled one);
``--no-bundled`` leaves the bundled ones out.  A project folder (``bpdsl.toml`` or ``definitions/`` in the
working directory) is added without any flag; see :mod:`bpdsl.dsl.project`.  The choice is recorded for the
process, so every loader the command calls (engine, renderer, regulations) reads the same definitions.
"""
from __future__ import annotations

import functools
import inspect
from pathlib import Path
from typing import Any, Callable, Optional, TypeVar

import typer

from bpdsl.dsl import project

F = TypeVar("F", bound=Callable[..., Any])

DEFINITIONS_HELP = ("add a definitions folder or file to the bundled ones (repeatable); a bpdsl.toml or "
                    "definitions/ folder in the working directory is added without this option")
NO_BUNDLED_HELP = "leave the bundled definitions out: read only the project's and the -d ones"


def select_or_exit(paths: list[Path] | None, no_bundled: bool, command: str = "") -> project.Selection:
    """Record the command line's choice for this process; a broken bpdsl.toml is a usage error (exit 2)."""
    project.choose(paths or [], no_bundled)
    try:
        selection = project.current()
    except project.ProjectError as exc:
        typer.echo(f"bpdsl{' ' + command if command else ''}: {exc}", err=True)
        raise typer.Exit(2)
    unusable = [p for p in selection.paths if not p.exists() or (p.is_dir() and not any(p.rglob("*.yaml")))]
    if selection.from_env and unusable:  # like a -d path that is not there: a usage error
        typer.echo(f"bpdsl{' ' + command if command else ''}: ${project.ENV_VAR} names {unusable[0]}, which "
                   f"{'holds no definitions files (*.yaml)' if unusable[0].exists() else 'does not exist'}",
                   err=True)
        raise typer.Exit(2)
    if not selection.roots():
        typer.echo(f"bpdsl{' ' + command if command else ''}: --no-bundled leaves no definitions to read; "
                   "name some with -d DIR", err=True)
        raise typer.Exit(2)
    return selection


def add_definitions(paths: list[Path]) -> None:
    """Add ``paths`` to the definitions the command line chose (``bpdsl validate PATH...``)."""
    project.choose([*project.chosen_paths(), *paths])


def with_definitions(func: F) -> F:
    """Give the typer command ``func`` the ``-d/--definitions`` and ``--no-bundled`` options."""
    signature = inspect.signature(func)
    extra = [
        inspect.Parameter("definitions", inspect.Parameter.KEYWORD_ONLY, annotation=Optional[list[Path]],
                          default=typer.Option(None, "--definitions", "-d", exists=True, help=DEFINITIONS_HELP,
                                               rich_help_panel="Definitions")),
        inspect.Parameter("no_bundled", inspect.Parameter.KEYWORD_ONLY, annotation=bool,
                          default=typer.Option(False, "--no-bundled", help=NO_BUNDLED_HELP,
                                               rich_help_panel="Definitions")),
    ]

    @functools.wraps(func)
    def wrapper(*args: Any, definitions: Optional[list[Path]] = None, no_bundled: bool = False, **kw: Any) -> Any:
        try:
            select_or_exit(definitions, no_bundled, func.__name__.removesuffix("_cmd").replace("_", " "))
            return func(*args, **kw)
        finally:  # the choice is the command's: a caller in the same process (tests, a server) is unaffected
            project.reset()

    wrapper.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[*signature.parameters.values(), *extra])
    return wrapper  # type: ignore[return-value]


def default_id(given: str | None, key: str, fallback: str) -> str:
    """``given``, else the project's ``[defaults] key`` (edition or format), else ``fallback``."""
    if given is not None:
        return given
    chosen = project.current().project
    value = getattr(chosen, key, None) if chosen is not None else None
    return value or fallback

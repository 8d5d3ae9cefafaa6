"""Inputs and outputs of the CLI commands, checked before any work is done.

A command that renders for seconds or plays a thousand games must not fail at the very end because its
``--out`` directory or ``--log`` file cannot be written: the path is checked first and a bad one is a usage
error (exit 2) with a plain message, never an internal error.  Definitions given with ``--definitions`` are
loaded first too, and their diagnostics listed (exit 1).
"""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Sequence

import typer

from bpdsl.model import Definitions


def output_dir_problem(path: Path, create: bool = True) -> str | None:
    """Why ``path`` cannot serve as an output directory, or None when it can.  With ``create`` a missing
    directory is made now; without, nothing is made: the nearest existing folder on the way must be one that
    can be written into (a long run that is stopped before it writes then leaves nothing behind)."""
    if path.exists() and not path.is_dir():
        return f"{path} exists and is not a directory"
    probe = path
    if not create:
        while not probe.exists() and probe.parent != probe:
            probe = probe.parent
        if not probe.is_dir():
            return f"{probe} exists and is not a directory"
    try:
        if create:
            path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=probe):
            pass
    except OSError as exc:
        return f"cannot write into {probe}: {exc.strerror or exc}"
    return None


def output_file_problem(path: Path) -> str | None:
    """Why a file cannot be written at ``path`` (its directory is created if missing), or None."""
    if path.is_dir():
        return f"{path} is a directory, not a file"
    return output_dir_problem(path.parent)


def output_dir_or_exit(path: Path, command: str, create: bool = True) -> None:
    """Exit 2 with ``bpdsl <command>: <why>`` when ``path`` cannot be an output directory (see
    :func:`output_dir_problem` for ``create``)."""
    problem = output_dir_problem(path, create)
    if problem is not None:
        typer.echo(f"bpdsl {command}: {problem}", err=True)
        raise typer.Exit(2)


def output_file_or_exit(path: Path | None, command: str) -> None:
    """Exit 2 with ``bpdsl <command>: <why>`` when ``path`` (if given) cannot be written as a file."""
    if path is None:
        return
    problem = output_file_problem(path)
    if problem is not None:
        typer.echo(f"bpdsl {command}: {problem}", err=True)
        raise typer.Exit(2)


def definitions_or_exit(paths: Sequence[Path] | None, command: str, nothing_done: str) -> Definitions:
    """The definitions (``paths``, or the selected ones: see bpdsl.commands._definitions); invalid ones are
    listed and exit 1 with ``nothing_done``."""
    from bpdsl.dsl.loader import load, load_selected

    missing = [p for p in paths or [] if not Path(p).exists()]
    if missing:  # a path that is not there is a usage error (2), as for `bpdsl validate PATH`
        typer.echo(f"bpdsl {command}: no such definitions file or directory: {missing[0]}", err=True)
        raise typer.Exit(2)
    result = load(paths) if paths else load_selected()
    if not result.ok:
        for d in result.errors:
            typer.echo(d.format(), err=True)
        typer.echo(f"bpdsl {command}: {len(result.errors)} error(s) in the definitions; {nothing_done}", err=True)
        raise typer.Exit(1)
    return result.definitions


def user_message(exc: BaseException) -> str:
    """An engine error as a user reads it, without the internal module it names ("has no executor in
    bpdsl.games..."): the op and the entry are what a designer can act on."""
    import re

    text = re.sub(r" in bpdsl(?:\.\w+)+", "", str(exc))
    return text.replace("has no executor", "is printed only (the engine does not run it yet)")

"""Every command and sub-command prints its help: option and argument texts are rendered as rich markup,
so a bracket written in a help text (``EDITION[/FORMAT]``) must not be read as a markup tag."""
from __future__ import annotations

from typing import Any

import typer
from typer.testing import CliRunner

from bpdsl.cli import app


def _paths(cmd: Any, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = [path]
    for name, sub in (getattr(cmd, "commands", None) or {}).items():
        out += _paths(sub, (*path, name))
    return out


def test_every_command_prints_its_help() -> None:
    paths = _paths(typer.main.get_command(app))
    assert ("balance", "compare") in paths and ("simulate",) in paths
    runner = CliRunner()
    for path in paths:
        result = runner.invoke(app, [*path, "--help"], terminal_width=120)
        assert result.exit_code == 0, (path, result.output, result.exception)
        assert "Usage" in result.output, path
    compare = runner.invoke(app, ["balance", "compare", "--help"], terminal_width=200).output
    assert "EDITION[/FORMAT][@DIR]" in compare  # the brackets printed as written

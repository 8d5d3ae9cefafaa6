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


def test_help_shows_plain_words_not_python_types_or_machine_paths() -> None:
    """Metavars such as EDITION, N and PATH, ranges in words, no default that is this checkout's path, and
    every description a sentence."""
    import re
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[2])
    runner = CliRunner()
    for path in _paths(typer.main.get_command(app)):
        out = runner.invoke(app, [*path, "--help"], terminal_width=300).output
        for python_type in ("<bool>", "<str>", "<int", "<path>", "<list[", "<float", "x>=", "<=x"):
            assert python_type not in out, (path, python_type, out)
        assert root not in out, (path, out)
    def params(cmd: Any) -> list[Any]:
        out = list(getattr(cmd, "params", []))
        for sub in (getattr(cmd, "commands", None) or {}).values():
            out += params(sub)
        return out

    for p in params(typer.main.get_command(app)):
        if p.help:
            first = p.help.split(" ", 1)[0]
            assert not (first.isalpha() and first.islower()), p.help  # a capital, unless it is an id (act8.0)
            assert p.help.rstrip().endswith((".", "?", "!", "。")), p.help
    simulate = runner.invoke(app, ["simulate", "--help"], terminal_width=300, env={"COLUMNS": "300"}).output
    assert re.search(r"--games\s+-n\s+N \[1 to 100,000,000\]\s+Number of games", simulate), simulate
    assert re.search(r"--edition\s+-e\s+EDITION\s+Edition id", simulate), simulate
    assert re.search(r"--json\s+Print one JSON object\.", simulate), simulate

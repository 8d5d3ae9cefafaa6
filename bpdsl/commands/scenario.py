"""``bpdsl scenario FILE...``: run rulings written as scripted games (format: bpdsl.scenarios.runner)."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, List, Optional

import typer

from bpdsl.commands._say import say_error

from bpdsl.commands._definitions import with_definitions


def register(app: typer.Typer) -> None:
    @app.command("scenario")
    @with_definitions
    def scenario_cmd(
        files: Optional[List[Path]] = typer.Argument(None, help="scenario YAML files or directories of them "
                                                     "(default: the project's scenarios)"),
        verbose: bool = typer.Option(False, "--verbose", "-v", help="print the event log of failing scenarios"),
        edition: Optional[str] = typer.Option(None, "--edition", "-e", help="run each scenario also against this "
                                              "edition and report which rulings hold, changed or no longer apply"),
        fmt: Optional[str] = typer.Option(None, "--format", "-f", help="with --edition: the format to play there "
                                          "(default: each scenario's own)"),
    ) -> None:
        """Run each scenario; print PASS/FAIL with the reasons; exit 1 if any fails, 3 if bpdsl itself broke.
        With --edition E: HOLDS / CHANGED / GONE / BROKEN per ruling against E (exit 0; 2 for an unknown E)."""
        from bpdsl.dsl.project import current

        if not files:
            found = current().project
            files = list(found.scenarios) if found is not None else []
            if not files:
                typer.echo("bpdsl scenario: name scenario files or directories (no project scenarios/ here)",
                           err=True)
                raise typer.Exit(2)
        paths: list[Path] = []
        for f in files:
            if f.is_dir():
                found = sorted(p for p in f.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
                if not found:
                    say_error(f"no scenario files (*.yaml, *.yml) in {f}")
                    raise typer.Exit(2)
                paths.extend(found)
            elif f.is_file():
                paths.append(f)
            else:
                say_error(f"no such scenario file or directory: {f}")
                raise typer.Exit(2)
        if fmt is not None and edition is None:
            typer.echo("bpdsl scenario: --format is the format to play with --edition; give --edition too", err=True)
            raise typer.Exit(2)
        if edition is not None:
            from bpdsl.commands._scenario_editions import report_across

            report_across(paths, edition, fmt, definitions_for)
            return
        try:
            failed, crashed, old = _run_all(paths, verbose)
        except _Interrupted as stop:  # Ctrl-C: the scenarios run so far are reported, then exit 130
            typer.echo(f"interrupted after {stop.run} of {len(paths)} scenarios: {stop.run - stop.failed} passed, "
                       f"{stop.failed} failed", err=True)
            raise typer.Exit(130)
        typer.echo(f"{len(paths) - failed} passed, {failed} failed")
        if old:
            typer.echo(f"{old} option(s) named by an earlier release's label (W101); `bpdsl migrate` rewrites them",
                       err=True)
        if crashed:  # as bpdsl.cli does for any internal error: exit 3, traceback only with BPDSL_DEBUG=1
            typer.echo(f"{crashed} scenario(s) hit an internal error of bpdsl; set BPDSL_DEBUG=1 to see the "
                       "traceback", err=True)
            raise typer.Exit(3)
        if failed:
            raise typer.Exit(1)


class _Interrupted(Exception):
    """Ctrl-C during a run of scenarios, with how many ran and failed before it."""

    def __init__(self, run: int, failed: int) -> None:
        super().__init__(f"{run} run, {failed} failed")
        self.run, self.failed = run, failed


def _run_all(paths: list[Path], verbose: bool) -> tuple[int, int, int]:
    """Run and print every scenario of ``paths``; returns (failed, crashed, options chosen by an earlier
    release's label)."""
    failed = 0
    crashed = 0
    old = 0
    for done, p in enumerate(paths):
        try:
            bad, broke, aged = _run_one(p, verbose)
        except KeyboardInterrupt:
            raise _Interrupted(done, failed) from None
        failed += bad
        crashed += broke
        old += aged
    return failed, crashed, old


def _run_one(p: Path, verbose: bool) -> tuple[int, int, int]:
    """Run and print the scenario ``p``; returns (1 if it failed, 1 if bpdsl broke running it, how many of its
    options it chose by an earlier release's label)."""
    import json

    from bpdsl.scenarios.runner import ScenarioError, run_scenario

    try:
        r = run_scenario(p, definitions_for(p))
    except DefinitionsUnusable as exc:
        typer.echo(f"ERROR {p}: {exc}")
        return 1, 0, 0
    except ScenarioError as exc:  # the file is wrong (shape, YAML, cards ...): the user's to fix
        message = str(exc)
        typer.echo(f"ERROR {message if message.startswith(str(p)) else f'{p}: {message}'}")
        return 1, 0, 0
    except Exception as exc:  # the file was fine, bpdsl broke running it: never disguised as the file's
        if os.environ.get("BPDSL_DEBUG"):
            raise
        typer.echo(f"INTERNAL ERROR {p}: scenario {_scenario_name(p)!r}: {type(exc).__name__}: {exc}")
        return 1, 1, 0
    for w in r.warnings:  # an earlier release's label: still chosen, rewritten by bpdsl migrate
        typer.echo(w, err=True)
    old = len(r.warnings)
    if r.xfail is not None:
        typer.echo(f"{'XPASS' if r.ok else 'XFAIL'} {p}: {r.name} (expected to fail: {r.xfail})")
        for f in r.failures:
            typer.echo(f"      - {f}")
        return 0, 0, old
    if r.ok:
        typer.echo(f"PASS  {p}: {r.name}")
        return 0, 0, old
    typer.echo(f"FAIL  {p}: {r.name}")
    for f in r.failures:
        typer.echo(f"      - {f}")
    if r.position:  # the position the engine reached, to read the failures against
        typer.echo("      position reached:")
        for line in r.position:
            typer.echo(f"        {line}")
    if verbose:
        for e in r.events:
            typer.echo("        " + json.dumps(e, ensure_ascii=False))
    return 1, 0, old


class DefinitionsUnusable(Exception):
    """The definitions a scenario names are invalid or cannot be found."""


_LOADED: dict[tuple[str, ...], Any] = {}


def definitions_for(path: Path) -> Any:
    """The definitions scenario ``path`` names (its ``definitions:`` or its project), or None for the
    command's own selection."""
    from bpdsl.datafile import DataFileError, read_yaml_file
    from bpdsl.dsl.loader import load
    from bpdsl.dsl.project import ProjectError, select_for_file

    try:
        data = read_yaml_file(path)
        if not isinstance(data, dict):
            return None  # the runner reports the shape
        selection = select_for_file(path, data.get("definitions"), data.get("bundled"))
    except (DataFileError, ProjectError):
        return None  # the runner reports the file
    if selection is None:
        return None
    key = selection.key()
    if key not in _LOADED:
        result = load(selection.roots())
        if not result.ok:
            raise DefinitionsUnusable(f"its definitions ({selection.describe()}) are invalid: "
                                      + "; ".join(d.format() for d in result.errors[:3]))
        _LOADED[key] = result.definitions
    return _LOADED[key]


def _scenario_name(path: Path) -> str:
    """The scenario's ``name`` (as its PASS/FAIL line would show it), or the file's stem."""
    from bpdsl.scenarios.runner import ScenarioError, load_scenario

    try:
        return str(load_scenario(path).get("name") or path.stem)
    except ScenarioError:
        return path.stem

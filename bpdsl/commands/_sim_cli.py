"""Shared pieces of the balance-lab commands (simulate, balance): building a job or exiting with a clear
message, the progress bar, and printing statistics with their intervals."""
from __future__ import annotations

from typing import Any, Optional

import typer

from bpdsl.commands._say import say_error
from bpdsl.commands._paths import user_message

from bpdsl.sim.backends import RunResult
from bpdsl.sim.job import SimJob


def job_or_exit(cmd: str, edition: str, fmt: str, agents: str = "random", *, seed: int = 1, check: bool = False,
                coverage: bool = False, definitions: Optional[list[str]] = None, check_every: int = 1) -> SimJob:
    """A job whose rules compile here; invalid definitions exit 1, unknown ids and bad agents exit 2."""
    from bpdsl.commands._engine_cli import rules_or_exit
    from bpdsl.diagnostics import DefinitionError
    from bpdsl.engine.compiled import CompileError
    from bpdsl.sim.agents import AgentSpecError, parse_agents
    from bpdsl.sim.job import _prepared

    try:
        specs = parse_agents(agents)
    except AgentSpecError as exc:
        typer.echo(f"bpdsl {cmd}: --agents: {exc}", err=True)
        raise typer.Exit(2)
    if not definitions:
        rules_or_exit(edition, fmt)
    job = SimJob(edition, fmt, tuple(definitions) if definitions else None, tuple(str(s) for s in specs), check,
                 coverage, seed, check_every=check_every)
    try:
        _prepared(job)  # compiled once here: forked workers inherit it
    except DefinitionError as exc:
        say_error(str(exc))
        raise typer.Exit(1)
    except CompileError as exc:
        typer.echo(f"bpdsl {cmd}: cannot play {edition} {fmt}: {user_message(exc)}", err=True)
        raise typer.Exit(1)
    except KeyError as exc:
        typer.echo(f"bpdsl {cmd}: the definitions have no edition {edition!r} with format {fmt!r} ({exc})", err=True)
        raise typer.Exit(2)
    return job


def data_table(*headers: str, title: str | None = None, names: int = 1) -> Any:
    """A rich table of figures and printed sentences that is never cut short with an ellipsis (a piped
    output is 80 columns wide): the first ``names`` columns (ids, agents) are kept whole, and a longer cell
    of the others folds onto more lines (Japanese sentences have no spaces to wrap at)."""
    from rich.table import Column, Table

    return Table(*(Column(h, no_wrap=True) if i < names else Column(h, overflow="fold")
                   for i, h in enumerate(headers)), title=title)


def backend_or_exit(cmd: str, backend: str, address: Optional[str]) -> None:
    """--backend and --address make sense together; otherwise a usage error (exit 2)."""
    if backend not in ("local", "ray"):
        typer.echo(f"bpdsl {cmd}: --backend must be local or ray, not {backend!r}", err=True)
        raise typer.Exit(2)
    if address is not None and backend != "ray":
        typer.echo(f"bpdsl {cmd}: --address needs --backend ray", err=True)
        raise typer.Exit(2)


def run_or_exit(cmd: str, job: SimJob, games: int, jobs: Optional[int], backend: str,
                address: Optional[str]) -> RunResult:
    """Play the run with a progress bar; a backend that cannot run here is a usage error (exit 2)."""
    from bpdsl.sim.backends import BackendError, run

    try:
        with progress_bar(f"{job.edition} {job.fmt}", games) as update:
            return run(job, games, jobs=jobs, backend=backend, address=address, progress=update)
    except BackendError as exc:
        typer.echo(f"bpdsl {cmd}: {exc}", err=True)
        raise typer.Exit(2)


def progress_bar(label: str, total: int, unit: str = "games") -> Any:
    """The progress of a run on stderr: the bar at a terminal, status lines elsewhere, nothing with --quiet
    (bpdsl.commands._progress)."""
    from bpdsl.commands._progress import progress

    return progress(label, total, unit)


def pct(iv: dict[str, Any]) -> str:
    """A rate with its 95 % interval, e.g. ``51.2 % [50.5, 51.9]``."""
    return f"{iv['rate'] * 100:.1f} % [{iv['low'] * 100:.1f}, {iv['high'] * 100:.1f}]"


def separation_line(sep: dict[str, Any]) -> str:
    """The agents' separation of a run in one line (bpdsl.sim.separation), with its warning."""
    if not sep.get("measured"):
        return f"agent separation: not measured ({sep.get('why', '')})"
    parts = [f"{v['agent']}'s {v['decisions']} decisions: {v['asked_of']} would differ on {pct(v['differ'])}"
             for v in sep["seats"].values()]
    line = f"agent separation (choices differing on the same decisions): {pct(sep['differ'])} of {sep['decisions']}; " \
           + "; ".join(parts)
    return line + (" — WARNING: the agents are indistinguishable" if sep.get("indistinguishable") else "")

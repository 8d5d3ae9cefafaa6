"""``bpdsl balance``: compare two editions or definition sets on the same seeds, and write a report."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

import typer

from bpdsl.commands._limits import MAX_GAMES, MAX_JOBS

from bpdsl.commands._definitions import default_id, with_definitions
from bpdsl.commands._progress import with_quiet
from bpdsl.commands._sim_cli import backend_or_exit, data_table
from bpdsl.sim.job import SimJob

RUN_HELP = ('EDITION[/FORMAT][@DIR] — an edition of the definitions the command reads (the bundled ones, the '
            'project\'s, -d), or of those plus the definitions folder DIR (a designer\'s draft), e.g. act8.0, '
            'act6.1/lite, my8.3/std@drafts/')

ARG_HELP = RUN_HELP.replace("[", "\\[")  # help texts are rich markup: the brackets printed as written

balance_app = typer.Typer(help="Balance lab: compare editions on the same seeds; reports with plots.",
                          no_args_is_help=True)


def register(app: typer.Typer) -> None:
    app.add_typer(balance_app, name="balance")


def _job(cmd: str, spec: str, fmt: str, agents: str, seed: int, coverage: bool = False) -> SimJob:
    """The job of one run ``EDITION[/FORMAT][@DIR]``, compiled here: a bad run is reported before any game
    is played (also the second run of a comparison, before the first is played)."""
    from bpdsl.commands._sim_cli import job_or_exit

    edition, efmt, folder = parse_run(spec, fmt)
    definitions = None
    if folder is not None:
        if not Path(folder).exists():
            typer.echo(f"bpdsl balance {cmd}: {spec}: no such definitions folder {folder!r}", err=True)
            raise typer.Exit(2)
        definitions = [folder]
    return job_or_exit(f"balance {cmd}", edition, efmt, agents, seed=seed, coverage=coverage, definitions=definitions)


def _run(cmd: str, spec: str, job: SimJob, games: int, jobs: Optional[int], backend: str,
         address: Optional[str]) -> dict[str, Any]:
    """Play the run ``spec`` and return its statistics; Ctrl-C exits 130."""
    from bpdsl.commands._sim_cli import run_or_exit
    from bpdsl.sim.run import statistics

    result = run_or_exit(f"balance {cmd}", job, games, jobs, backend, address)
    stats = statistics(job, result)
    if result.interrupted:
        typer.echo(f"interrupted after {stats['games']} games of {spec}", err=True)
        raise typer.Exit(130)
    return stats


def parse_run(spec: str, fmt: str) -> tuple[str, str, Optional[str]]:
    """``EDITION[/FORMAT][@DIR]`` -> (edition, format, folder or None); the format defaults to ``fmt``."""
    head, _, folder = spec.partition("@")
    edition, _, f = head.partition("/")
    if not edition:
        typer.echo(f"bpdsl balance: {spec!r} names no edition ({RUN_HELP})", err=True)
        raise typer.Exit(2)
    return edition, f or fmt, folder or None


@balance_app.command("compare")
@with_definitions
@with_quiet
def compare_cmd(
    a: str = typer.Argument(..., help="the first run: " + ARG_HELP),
    b: str = typer.Argument(..., help="the second run, played on the same seeds"),
    fmt: str = typer.Option("std", "--format", "-f", help="format of a run that names none"),
    games: int = typer.Option(2000, "--games", "-n", min=1, max=MAX_GAMES, help="games per run"),
    seed: int = typer.Option(1, "--seed", "-s", help="seed of both runs (same deals in both)"),
    agents: str = typer.Option("random", "--agents", "-a", help='agent per seat, e.g. "random" or "first,random"'),
    alpha: float = typer.Option(0.05, "--alpha", min=0.0, max=1.0, help="significance level after correction"),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, max=MAX_JOBS, help="worker processes (default: all cores)"),
    backend: str = typer.Option("local", "--backend", help="local or ray"),
    address: Optional[str] = typer.Option(None, "--address", help="with --backend ray: the cluster to join"),
    show_all: bool = typer.Option(False, "--all", help="list every metric, not only the significant ones"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """Play A and B on the same seeds and report which differences are significant.

    Rates are tested with the two-proportion z-test, means with Welch's z-test, and all p-values of the
    comparison are adjusted together (Holm–Bonferroni)."""
    from bpdsl.sim.compare import compare

    backend_or_exit("balance compare", backend, address)
    ja, jb = (_job("compare", spec, fmt, agents, seed) for spec in (a, b))
    sa = _run("compare", a, ja, games, jobs, backend, address)
    sb = _run("compare", b, jb, games, jobs, backend, address)
    result = compare(sa, sb, alpha)
    if as_json:
        typer.echo(json.dumps(result, ensure_ascii=False, sort_keys=True))
        return
    print_compare(result, show_all)


def print_compare(result: dict[str, Any], show_all: bool) -> None:
    """The comparison as tables: the game's, the actions' and the characters' rows, then (エクストラ) one
    table of the trumps' rows; only the significant rows unless ``show_all``."""
    from bpdsl.commands._console import CommandConsole
    from rich.markup import escape

    out = CommandConsole(emoji=False)
    out.print(f"[bold]{escape(result['a'])}[/bold] vs [bold]{escape(result['b'])}[/bold]: {result['games'][0]} games each, "
              f"seed {result['seed'][0]} (the same deals)", soft_wrap=True)  # definitions paths unbroken
    out.print(f"tests: rates — {result['tests']['rate']}; means — {result['tests']['mean']}; "
              f"correction: {result['correction']} over all {len(result['rows'])} metrics; alpha {result['alpha']}")
    shown = result["rows"] if show_all else [r for r in result["rows"] if r["significant"]]
    which = "all metrics" if show_all else "significant differences"
    rows = [r for r in shown if r.get("group") != "trump"]
    if rows:
        t = data_table("metric", "A", "B", "B − A", "p", "p (Holm)", "significant", title=which)
        for r in rows:
            t.add_row(escape(r["metric"]), *_cells(r))
        out.print(t)
    else:
        out.print(f"{which}: none among the game's, the actions' and the characters' metrics")
    if "trumps" in result:
        rows = [r for r in shown if r.get("group") == "trump"]
        if rows:
            t = data_table("trump", "metric", "A", "B", "B − A", "p", "p (Holm)", "significant",
                           title=f"per trump: {which}")
            for r in rows:
                trump = result["trumps"].get(r["subject"], {})
                t.add_row(escape(f"{r['subject']} {trump.get('card', '')}"),
                          escape(r["metric"].removeprefix(f"trump {r['subject']}: ")), *_cells(r))
            out.print(t)
        else:
            out.print(f"per trump: {which}: none")
        hit = [tid for tid, v in result["trumps"].items() if v["significant"]]
        out.print(f"trumps with a significant difference: {', '.join(hit) if hit else 'none'}")
    n_sig = sum(1 for r in result["rows"] if r["significant"])
    out.print(f"{n_sig} of {len(result['rows'])} metrics differ significantly")
    for side, key in (("A", "actions_only_in_a"), ("B", "actions_only_in_b"), ("A", "trumps_only_in_a"),
                      ("B", "trumps_only_in_b")):
        if result.get(key):
            out.print(f"{key.split('_')[0]} only in {side}: {escape(', '.join(result[key]))}")
    for w in result.get("warnings", []):
        out.print(f"[bold yellow]warning:[/bold yellow] {escape(w)}")


def _cells(r: dict[str, Any]) -> tuple[str, ...]:
    """A row's values, difference and p-values as printed."""
    if r["kind"] == "rate":
        a, b, delta = f"{r['a'] * 100:.1f} %", f"{r['b'] * 100:.1f} %", f"{r['delta'] * 100:+.1f} pt"
    else:
        a, b, delta = f"{r['a']:.2f}", f"{r['b']:.2f}", f"{r['delta']:+.2f}"
    return a, b, delta, f"{r['p']:.3g}", f"{r['p_adjusted']:.3g}", "yes" if r["significant"] else "no"


@balance_app.command("report")
@with_definitions
@with_quiet
def report_cmd(
    a: str = typer.Argument("act8.0", help="the run to report: " + ARG_HELP),
    b: Optional[str] = typer.Argument(None, help="a second run, compared with the first on the same seeds"),
    out: Path = typer.Option(..., "--out", "-o", help="folder to write index.html, report.json and the CSV files"),
    fmt: str = typer.Option("std", "--format", "-f", help="format of a run that names none"),
    games: int = typer.Option(2000, "--games", "-n", min=1, max=MAX_GAMES, help="games per run"),
    seed: int = typer.Option(1, "--seed", "-s", help="seed of the runs"),
    agents: str = typer.Option("random", "--agents", "-a", help='agent per seat, e.g. "random" or "first,random"'),
    alpha: float = typer.Option(0.05, "--alpha", min=0.0, max=1.0, help="significance level after correction"),
    coverage: bool = typer.Option(True, "--coverage/--no-coverage", help="include the rule coverage section"),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, max=MAX_JOBS, help="worker processes (default: all cores)"),
    backend: str = typer.Option("local", "--backend", help="local or ray"),
    address: Optional[str] = typer.Option(None, "--address", help="with --backend ray: the cluster to join"),
    combos: Optional[Path] = typer.Option(None, "--combos", help="a section with the combo search's results: the "
                                          "file written by `balance combos --json`"),
) -> None:
    """Write a self-contained HTML report (plots embedded), with the same data as JSON and CSV.

    Win rates with intervals, game-length histograms, action and character usage, rule coverage and,
    with a second run, the comparison and its significant differences.  Open DIR/index.html in any browser."""
    from bpdsl.commands._paths import output_dir_or_exit
    from bpdsl.sim.compare import compare
    from bpdsl.sim.report import write_report

    backend_or_exit("balance report", backend, address)
    found = _combos_or_exit(combos)
    output_dir_or_exit(out, "balance report", create=False)  # made when the report is written, after the games
    specs = [a] if b is None else [a, b]
    planned = [(spec, _job("report", spec, fmt, agents, seed, coverage)) for spec in specs]
    runs = [_run("report", spec, job, games, jobs, backend, address) for spec, job in planned]
    comparison = compare(runs[0], runs[1], alpha) if len(runs) == 2 else None
    files = write_report(out, runs, comparison, found)
    typer.echo(f"wrote {len(files)} files to {out}: open {out / 'index.html'}")


def _combos_or_exit(path: Optional[Path]) -> Optional[dict[str, Any]]:
    """The combo search's results read (safely) from ``path``; a missing or wrong file exits 2."""
    if path is None:
        return None
    from bpdsl.datafile import DataFileError, read_yaml_file

    if not path.is_file():
        typer.echo(f"bpdsl balance report: --combos: no such file: {path}", err=True)
        raise typer.Exit(2)
    try:
        data = read_yaml_file(path)  # JSON is YAML: the one safe reader with its limits
    except DataFileError as exc:
        typer.echo(f"bpdsl balance report: --combos: {exc}", err=True)
        raise typer.Exit(2)
    if not isinstance(data, dict) or not isinstance(data.get("results"), list) or "bound" not in data:
        typer.echo(f"bpdsl balance report: --combos: {path} is not the output of `bpdsl balance combos --json`",
                   err=True)
        raise typer.Exit(2)
    return data


@balance_app.command("tournament")
@with_definitions
@with_quiet
def tournament_cmd(
    agents: str = typer.Argument("random,heuristic", help='agents, comma-separated, e.g. "random,heuristic,mcts:50"'),
    edition: Optional[str] = typer.Option(None, "--edition", "-e",
                                          help="edition id (default: the project's [defaults] edition, else act8.0)"),
    fmt: Optional[str] = typer.Option(None, "--format", "-f",
                                      help="format id (default: the project's [defaults] format, else std)"),
    games: int = typer.Option(200, "--games", "-n", min=2, max=MAX_GAMES, help="games per pair (half in each seat order)"),
    seed: int = typer.Option(1, "--seed", "-s", help="seed of every pairing"),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, max=MAX_JOBS, help="worker processes (default: all cores)"),
    backend: str = typer.Option("local", "--backend", help="local or ray"),
    address: Optional[str] = typer.Option(None, "--address", help="with --backend ray: the cluster to join"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """A round-robin between agents: win rates with 95 % intervals, each pair in both seat orders."""
    from bpdsl.commands._sim_cli import job_or_exit, progress_bar
    from bpdsl.sim.agents import AgentSpecError, parse_agent
    from bpdsl.sim.backends import BackendError
    from bpdsl.sim.tournament import round_robin

    backend_or_exit("balance tournament", backend, address)
    edition = default_id(edition, "edition", "act8.0")
    fmt = default_id(fmt, "format", "std")
    try:
        names = [str(parse_agent(a)) for a in agents.split(",") if a.strip()]
    except AgentSpecError as exc:
        typer.echo(f"bpdsl balance tournament: {exc}", err=True)
        raise typer.Exit(2)
    if len(set(names)) < 2 or len(set(names)) != len(names):
        typer.echo("bpdsl balance tournament: name at least two different agents, each once", err=True)
        raise typer.Exit(2)
    job_or_exit("balance tournament", edition, fmt, names[0])
    total = games * len(names) * (len(names) - 1) // 2
    try:
        with progress_bar(f"{edition} {fmt} round-robin", total) as update:
            table = round_robin(edition, fmt, names, games, seed, jobs=jobs, backend=backend, address=address,
                                progress=update)
    except BackendError as exc:
        typer.echo(f"bpdsl balance tournament: {exc}", err=True)
        raise typer.Exit(2)
    if as_json:
        typer.echo(json.dumps(table, ensure_ascii=False, sort_keys=True))
    else:
        _print_round_robin(table)
    if table["interrupted"]:
        played = sum(p["games"] for p in table["pairs"])
        typer.echo(f"interrupted after {played} of {total} games: the table holds the games finished", err=True)
        raise typer.Exit(130)


def _print_round_robin(table: dict[str, Any]) -> None:
    from bpdsl.commands._console import CommandConsole
    from bpdsl.commands._sim_cli import pct
    from rich.markup import escape

    title = f"round-robin, {table['edition']} {table['format']}, seed {table['seed']}"
    t = data_table("A", "B", "games", "A wins", "B wins", "draws", "aborted", "A's win rate (95 % CI)", "p (Holm)",
                   "sig.", "separation", title=title, names=2)
    for p in table["pairs"]:
        sep = p["separation"]
        t.add_row(p["a"], p["b"], str(p["games"]), str(p["wins_a"]), str(p["wins_b"]), str(p["draws"]),
                  str(p["aborted"]),
                  pct(p["win_rate_a"]), f"{p['p_adjusted']:.3g}", "yes" if p["significant"] else "no",
                  f"{pct(sep['differ'])} of {sep['decisions']}" if sep.get("measured") else "-")
    out = CommandConsole()
    out.print(t)
    out.print(f"test: {table['test']}; aborted games (no result within the step limit) count as neither win nor draw")
    out.print("separation: the share of decisions on which the other agent would have chosen differently "
              "(asked the same decision; searching agents are not asked)")
    for w in table["warnings"]:
        out.print(f"[bold yellow]warning:[/bold yellow] {escape(w)}")


from bpdsl.commands._combos_cli import register_combos  # noqa: E402  (its own module: the combo search)

register_combos(balance_app)

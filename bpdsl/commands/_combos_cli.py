"""``bpdsl balance combos``: the combo search over the trumps of a format (bpdsl.sim.combos, combo_pairs)."""
from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any, Optional

import typer

from bpdsl.commands._definitions import default_id, with_definitions
from bpdsl.commands._progress import with_quiet


DEFAULT_NODES = 2000  # per combination: every pair of act9.0 エクストラ (435) in minutes on two cores
DEFAULT_NODES_TRIPLES = 300  # its 4,060 triples: about 550 s of CPU (0.135 s a triple), minutes on two cores


def register_combos(balance_app: typer.Typer) -> None:
    balance_app.command("combos")(combos_cmd)


def _position_or_exit(path: Optional[Path]) -> dict[str, Any]:
    from bpdsl.datafile import DataFileError, read_yaml_file
    from bpdsl.sim.combo_pairs import DEFAULT_POSITION

    if path is None:
        return DEFAULT_POSITION
    if not path.is_file():
        typer.echo(f"bpdsl balance combos: no such position file: {path}", err=True)
        raise typer.Exit(2)
    try:
        data = read_yaml_file(path)
    except DataFileError as exc:
        typer.echo(f"bpdsl balance combos: {exc}", err=True)
        raise typer.Exit(2)
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        typer.echo(f"bpdsl balance combos: {path}: a position is a mapping with 'players' (a scenario's "
                   "position: players, turn, turn_no)", err=True)
        raise typer.Exit(2)
    return {k: v for k, v in data.items() if k in ("players", "turn", "turn_no", "chance", "raised", "start")}


@with_definitions
@with_quiet
def combos_cmd(
    edition: Optional[str] = typer.Option(None, "--edition", "-e",
                                          help="edition id (default: the project's [defaults] edition, else act8.2)"),
    fmt: str = typer.Option("extra", "--format", "-f", help="format id (one with trumps)"),
    size: int = typer.Option(2, "--size", min=1, max=3, help="trumps face up together: 2 pairs, 3 triples"),
    base: bool = typer.Option(False, "--base", help="also search the base list alone (no trump)"),
    only: Optional[str] = typer.Option(None, "--trumps", help="search only these trump ids (comma-separated)"),
    position: Optional[Path] = typer.Option(None, "--position", help="the goldfish position (a scenario file's "
                                            "players/turn/turn_no); default: a built-in mid-game position"),
    depth: int = typer.Option(40, "--depth", min=1, max=60, help="the searcher's decisions on one line"),
    turns: int = typer.Option(1, "--turns", min=1, max=6, help="the searcher's turns a line may span"),
    nodes: Optional[int] = typer.Option(None, "--nodes", min=1, help="positions searched per combination (each "
                                        "one clone and one move of the engine); default: 2000, triples 300"),
    seconds: float = typer.Option(60.0, "--seconds", min=0.1, help="time limit per combination (a safety net)"),
    strategy: Optional[str] = typer.Option(None, "--strategy", help="best-first (default: the most promising line "
                                           "first, free moves first) or deepening (every line one decision deeper "
                                           "per round; the default of --hands: the fastest kill)"),
    explain: Optional[str] = typer.Option(None, "--explain", help="search this pair (or triple), e.g. "
                                          "drain,add_bulwark, and print the line of its finding in the sheet's words"),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, help="worker processes (default: all cores; "
                                       "same results for any number)"),
    backend: str = typer.Option("local", "--backend", help="local or ray (same results)"),
    address: Optional[str] = typer.Option(None, "--address", help="with --backend ray: the cluster to join"),
    hands: int = typer.Option(0, "--hands", min=0, max=10_000,
                              help="search the first turn of this many real game starts (deals 0..N-1) instead "
                                   "of one position: the fastest kill per combination with the hand it needs"),
    improve: int = typer.Option(0, "--improve", min=0, max=1000,
                                help="with --hands: climb from each combination's best deal, swapping one card of "
                                     "the hand for one of the life at a time (or bringing in the cards a trump's key "
                                     "lacks), for at most this many moves (a local search)"),
    neighbours: int = typer.Option(20, "--neighbours", min=1, max=10_000,
                                   help="with --improve: neighbouring hands tried per step at most (key moves first, "
                                        "then single swaps in a seeded order)"),
    climb_nodes: int = typer.Option(0, "--climb-nodes", min=0,
                                    help="with --improve: nodes of one combination's whole climb at most (0: only "
                                         "improve x neighbours x --nodes)"),
    logs: Optional[Path] = typer.Option(None, "--logs", help="folder for the replayable log of each finding"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """Goldfish every pair of trumps: self-sustaining loops (with their cycle) and kills against a passive
    opponent, searched over the engine's own legal moves; the bound searched is reported."""
    from bpdsl.commands._engine_cli import rules_or_exit
    from bpdsl.commands._paths import output_dir_or_exit
    from bpdsl.commands._sim_cli import progress_bar
    from bpdsl.dsl import project
    from bpdsl.scenarios.runner import ScenarioError
    from bpdsl.sim.combo_pairs import Task, combos, playable_trumps, run_tasks, summary, write_finding_logs
    from bpdsl.sim.combo_pool import SearchWorkerDied
    from bpdsl.sim.combo_climb import ClimbSpec
    from bpdsl.sim.combos import Bound

    from bpdsl.commands._sim_cli import backend_or_exit
    from bpdsl.sim.backends import BackendError, default_jobs

    backend_or_exit("balance combos", backend, address)
    edition = default_id(edition, "edition", "act8.2")
    rules = rules_or_exit(edition, fmt)
    played, printed = playable_trumps(rules)
    if explain is not None:
        if only is not None:
            typer.echo("bpdsl balance combos: --explain names the combination itself; it takes no --trumps", err=True)
            raise typer.Exit(2)
        only = explain
        size = len([t for t in explain.split(",") if t.strip()])
        if not 1 <= size <= 3:
            typer.echo("bpdsl balance combos: --explain names one to three trump ids, e.g. drain,add_bulwark",
                       err=True)
            raise typer.Exit(2)
    strategy = strategy or ("deepening" if hands else "best-first")
    if strategy not in ("best-first", "deepening"):
        typer.echo(f"bpdsl balance combos: unknown --strategy {strategy!r}; strategies: best-first, deepening",
                   err=True)
        raise typer.Exit(2)
    jobs = jobs or default_jobs()
    wanted = [t.strip() for t in only.split(",") if t.strip()] if only else []
    unknown = sorted(set(wanted) - {t for t, _ in played})
    if unknown:
        typer.echo(f"bpdsl balance combos: no playable trump {', '.join(unknown)} in {edition} {fmt}; trumps: "
                   + (", ".join(t for t, _ in played) or "(none)"), err=True)
        raise typer.Exit(2)
    todo = combos(rules, size, base, wanted)
    if explain is not None:
        todo = [c for c in todo if sorted(c.trumps) == sorted(wanted)] or todo
    if not todo:
        typer.echo(f"bpdsl balance combos: {edition} {fmt} has fewer than {size} playable trumps"
                   + ("" if base else " (add --base to search the base list alone)"), err=True)
        raise typer.Exit(2)
    if logs is not None:
        output_dir_or_exit(logs, "balance combos")
    nodes = nodes or (DEFAULT_NODES_TRIPLES if size >= 3 else DEFAULT_NODES)
    bound = Bound(depth=depth, turns=turns, nodes=nodes, seconds=seconds, strategy=strategy)
    if hands and position is not None:
        typer.echo("bpdsl balance combos: --hands searches the first turns of real game starts; it takes no "
                   "--position", err=True)
        raise typer.Exit(2)
    if improve and not hands:
        typer.echo("bpdsl balance combos: --improve climbs from the deals of --hands; give --hands N too", err=True)
        raise typer.Exit(2)
    if hands:
        from bpdsl.sim.combo_hands import deal_position, for_combination

        deals = [deal_position(rules, k) for k in range(hands)]
        tasks = [Task(edition, fmt, c, for_combination(deals[k], c.cards), bound, seed=k, deal=k)
                 for c in todo for k in range(hands)]
    else:
        tasks = [Task(edition, fmt, c, _position_or_exit(position), bound) for c in todo]
    results: list[dict[str, Any]] = []
    interrupted = False
    died: Optional[SearchWorkerDied] = None
    climbing = False
    try:
        with progress_bar(_Tally(f"{edition} {fmt} combos", results), len(tasks), "combinations") as update:
            for r in run_tasks(tasks, jobs, update, rules if jobs <= 1 else None, backend, address):
                results.append(r)
        climbing = bool(improve)
        climbs = (_climb(tasks, results, ClimbSpec(improve, neighbours, {}, climb_nodes), jobs, rules, backend,
                         address) if improve else [])
    except KeyboardInterrupt:  # the combinations searched so far are reported
        interrupted, climbs = True, []
    except SearchWorkerDied as exc:  # the run cannot be completed: what came back is reported, the run fails
        died, interrupted, climbs = exc, True, []
        if not climbing:  # the searches that came back out of their turn (a climb's are not reported)
            results.extend(r for _, r in exc.finished)
    except ScenarioError as exc:
        typer.echo(f"bpdsl balance combos: the position: {exc}", err=True)
        raise typer.Exit(2)
    except BackendError as exc:
        typer.echo(f"bpdsl balance combos: {exc}", err=True)
        raise typer.Exit(2)
    selection = project.current()
    for r in results:
        tag = f"deal{r['deal']}" if r.get("deal") is not None else ""
        r["logs"] = (write_finding_logs(rules, r, logs, lambda p: _head(selection, p), r.get("deal") or 0, tag)
                     if logs is not None else {})
    for r in climbs:
        r["logs"] = (write_finding_logs(rules, r, logs, lambda p: _head(selection, p), r["seed"], "climb")
                     if logs is not None else {})
    report = {"edition": edition, "format": fmt, "size": size, "bound": asdict(bound),
              "combinations": len(todo), "interrupted": interrupted,
              "opponent": "passive: ends its own turn, passes every chance, takes the first option otherwise",
              "printed_only": printed, "results": results, "summary": summary(results)}
    if hands:
        from bpdsl.sim.combo_hands import fastest_by_combination, hand_space

        from bpdsl.sim.combo_climb import merge

        fastest = fastest_by_combination(results)
        merge(fastest, climbs)
        report["hands"] = {"deals": hands, **hand_space(deals[0]), "fastest": fastest,
                           "improve": improve, "neighbours": neighbours, "climb_nodes": climb_nodes, "climbs": climbs,
                           "hands_searched": sum(row["hands_searched"] for row in fastest)}
    if interrupted:
        report["interrupted"] = {"searched": len(results), "of": len(tasks)}
        if died is not None:
            report["interrupted"]["worker_died"] = str(died)
    if as_json:
        for r in [*report["results"], *climbs]:
            for what in ("loop", "kill"):
                if r[what]:
                    r[what].pop("choices", None)
        typer.echo(json.dumps(report, ensure_ascii=False, sort_keys=True))
    else:
        _print(report)
        if explain is not None and results:
            _print_explain(rules, next((r for r in results if r.get("loop") or r.get("kill")), results[0]))
    if died is not None:
        typer.echo(f"bpdsl balance combos: {died}; the report holds the {len(results)} of {len(tasks)} searches "
                   "finished before", err=True)
        raise typer.Exit(1)
    if interrupted:
        typer.echo(f"interrupted after {len(results)} of {len(tasks)} searches: the report holds those finished",
                   err=True)
        raise typer.Exit(130)


class _Tally(str):
    """The progress bar's label with what was found so far: the bar formats its label anew at each refresh
    (``str.format`` with the task), so the loops and kills of the results read so far show as they come."""

    results: list[dict[str, Any]]

    def __new__(cls, label: str, results: list[dict[str, Any]]) -> "_Tally":
        self = super().__new__(cls, label)
        self.results = results
        return self

    def format(self, *args: Any, **kwargs: Any) -> str:
        loops = sum(1 for r in self.results if r.get("loop"))
        kills = sum(1 for r in self.results if r.get("kill"))
        return f"{str(self)}: {loops} loop{'' if loops == 1 else 's'}, {kills} kill{'' if kills == 1 else 's'}"


def _climb(tasks: list[Any], results: list[dict[str, Any]], spec: Any, jobs: int, rules: Any, backend: str,
           address: Optional[str]) -> list[dict[str, Any]]:
    """The hand climb of every combination from its best deal (one task per combination, in their order)."""
    import dataclasses

    from bpdsl.commands._sim_cli import progress_bar
    from bpdsl.sim.combo_climb import best_start
    from bpdsl.sim.combo_pairs import run_tasks

    by_combo: dict[Any, list[tuple[Any, dict[str, Any]]]] = {}
    for t, r in zip(tasks, results):
        by_combo.setdefault(t.combo, []).append((t, r))
    climb_tasks = []
    for pairs in by_combo.values():
        start = best_start([r for _, r in pairs])
        task = next(t for t, r in pairs if r is start)
        climb_tasks.append(dataclasses.replace(task, climb=dataclasses.replace(spec, start=start)))
    with progress_bar(f"{tasks[0].edition} {tasks[0].format} hand climbs", len(climb_tasks), "climbs") as update:
        return list(run_tasks(climb_tasks, jobs, update, rules if jobs <= 1 else None, backend, address))


def _head(selection: Any, path: Path) -> list[dict[str, Any]]:
    from bpdsl.engine.logdefs import definitions_event

    line = definitions_event(selection, path)
    return [line] if line is not None else []


def _print(report: dict[str, Any]) -> None:
    """One row per combination: what was found first, then what was proven absent within the bound, then what
    a limit cut (bpdsl.sim.combo_pairs.by_verdict); the bound, and how many of each, below."""
    from rich.markup import escape

    from bpdsl.commands._console import CommandConsole
    from bpdsl.commands._sim_cli import data_table
    from bpdsl.sim.combo_pairs import by_verdict, verdict

    out = CommandConsole(emoji=False)  # a piped output gets Markdown tables with every cell whole
    b = report["bound"]
    t = data_table("trumps", "found", "loop (one cycle)", "per cycle: opp. / own life / hand", "cycles to end",
                   "counterable", "kill", "nodes", "searched", title=f"combos of {report['edition']} {report['format']}")
    for r in by_verdict(report["results"]):
        loop, kill, st = r["loop"], r["kill"], r["stats"]
        name = " + ".join(f"{t} {c}" for t, c in zip(r["trumps"], r["cards"])) or "(base list)"
        if r.get("deal") is not None:
            name += f" (deal {r['deal']})"
        t.add_row(escape(name), _VERDICT[verdict(r)],
                  escape(" → ".join(loop["cycle"])) if loop else "none",
                  (f"-{loop['opponent_life_per_cycle']} / {-loop['own_life_per_cycle']:+d} / "
                   f"{-loop['own_hand_per_cycle']:+d}") if loop else "",
                  _cycles_cell(loop),
                  (", ".join(loop["counterable"]) or "no") if loop else "",
                  _kill_cell(kill, r.get("position") or {}), str(st["nodes"]), _searched(st, b))
    out.print(t)
    out.print(f"bound per combination: {b['depth']} decisions of the searcher, {b['turns']} turn(s), "
              f"{b['nodes']} nodes, {b['seconds']} s, {b.get('strategy', 'deepening')}; opponent {report['opponent']}")
    if report["printed_only"]:
        out.print(f"not searched (printed only, not played by the engine): {escape(', '.join(report['printed_only']))}")
    for r in report["results"]:
        for what, path in (r.get("logs") or {}).items():
            out.print(f"{what} of {escape(' + '.join(r['trumps']) or 'the base list')}: bpdsl replay {escape(path)}")
    if report.get("hands"):
        _print_hands(out, report)
    s = report["summary"]
    cut = s["combinations"] - len(s["loops"]) - len([k for k in s["kills"] if k not in s["loops"]]) \
        - len(s["proven_absent"])
    done = s["combinations"] if not report.get("interrupted") else f"{s['combinations']} of {report['combinations']}"
    out.print(f"{done} combinations, {s['nodes']} nodes: {len(s['loops'])} with a loop, "
              f"{len(s['kills'])} with a kill, {len(s['proven_absent'])} proven to have neither within the bound, "
              f"{cut} cut by a limit with nothing found ({len(s['stopped_early'])} stopped by a limit in all)")


def _cycles_cell(loop: Optional[dict[str, Any]]) -> str:
    if not loop:
        return ""
    if loop["cycles_to_end"] is not None:
        return str(loop["cycles_to_end"])
    if loop.get("runs_out"):
        return f"none: stops after {loop['cycles_played']} ({loop['runs_out']})"
    return f"> {loop['cycles_played']} played"


def _kill_cell(kill: Optional[dict[str, Any]], position: dict[str, Any]) -> str:
    if not kill:
        return "none"
    first = kill["turns"] == 1 and position.get("turn_no") == 1  # the position is the game's first turn
    return f"turn {kill['turns']}{' (a first-turn win)' if first else ''}, {kill['decisions']} decisions"


_VERDICT = {"loop": "LOOP", "kill": "kill", "absent": "none (proven)", "cut": "none (cut)"}


def _searched(st: dict[str, Any], bound: dict[str, Any]) -> str:
    """What one search covered, in the words of the bound."""
    if st.get("exhaustive"):
        return "every line to its end"
    if st.get("complete"):
        return f"every line of ≤ {bound['depth']} decisions"
    if st.get("strategy") != "best-first":
        return f"depth {st['depth_reached']}" + (f", stopped: {st['stopped']}" if st["stopped"] else "")
    text = f"best-first, lines to {st['depth_reached']} decisions"
    if st.get("proven_depth"):
        text += f", every line of ≤ {st['proven_depth']}"
    return text + (f"; stopped: {st['stopped']}" if st["stopped"] else "")


def _print_explain(rules: Any, result: dict[str, Any]) -> None:
    """``--explain``: the line of the finding, each of the searcher's decisions with the lives after it, and
    each action raised as the action list prints it."""
    from rich.markup import escape

    from bpdsl.commands._console import CommandConsole
    from bpdsl.sim.combo_explain import explain_finding

    out = CommandConsole(emoji=False)
    name = " + ".join(f"{t} {c}" for t, c in zip(result["trumps"], result["cards"]))
    told = explain_finding(rules, result)
    if told is None:
        st = result["stats"]
        out.print(f"{escape(name)}: nothing to explain — no loop and no kill in the {st['nodes']} positions searched"
                  + (" (every line up to the bound)" if st.get("complete") else ""))
        return
    out.print(f"\nthe {told['what']} of {escape(name)}, as played against the passive opponent:")
    for step in told["steps"]:
        out.print(f"  {step['n']:>3}. ({step['part']}) {escape(step['label'])}  — opponent's life {step['opponent_life']}, "
                  f"own life {step['own_life']}, hand {step['own_hand']}")
    for c in told["cycles"]:
        out.print(f"       cycle {c['cycle']}: opponent's life {c['opponent_life']}, own life {c['own_life']}, "
                  f"hand {c['own_hand']}")
    if told["over"]:
        out.print("  the game is over: " + ("the searcher wins" if told["winner"] == 0 else "the searcher does not win"))
    out.print("\nthe actions raised, as the action list prints them:")
    for lines in told["actions"].values():
        for i, line in enumerate(lines):
            out.print(("  " if i == 0 else "      ") + escape(line))


def _swaps(n: int) -> str:
    return f"{n} swap" if n == 1 else f"{n} swaps"


def _print_hands(out: Any, report: dict[str, Any]) -> None:
    """The hand search: per combination, the fastest kill over the deals (and the climb from the best of them)
    and the hand (シナリオ手札) it needs."""
    from rich.markup import escape

    from bpdsl.commands._sim_cli import data_table

    h = report["hands"]
    climbed = bool(h.get("improve"))
    title = f"fastest kills over {h['deals']} opening hands" + (f" and a climb of up to {h['improve']} swaps"
                                                                 if climbed else "")
    t = data_table("trumps", "fastest kill", "from", "hand it needs (シナリオ手札)", "first-turn win",
                   *(["climb"] if climbed else []), "hands searched", "nodes", "stopped by a limit", title=title)
    for row in h["fastest"]:
        name = " + ".join(f"{t_} {c}" for t_, c in zip(row["trumps"], row["cards"])) or "(base list)"
        kill, climb = row["kill"], row.get("climb")
        fastest = f"turn {kill['turns']}, {kill['decisions']} decisions" if kill else "none"
        source = (f"deal {row['deal']}" + (f" + {_swaps(row['swaps'])}" if row.get("source") == "climb" else "")
                  if kill else "")
        how = ""
        if climb:
            how = (f"{_swaps(climb['swaps'])}, ended: {climb['stopped']}"
                   + ("" if kill else f"; opponent life down to {climb['least_opponent_life']}"))
        searched = row.get("hands_searched", len(row["deals"]))
        t.add_row(escape(name), fastest, source, escape(" ".join(row["hand"])) if kill else "",
                  "yes" if row["first_turn_win"] else "no", *([how] if climbed else []), str(searched),
                  str(row["nodes"]), f"{row['stopped']} of {searched} searches" if row["stopped"] else "no")
    out.print(t)
    searched = h.get("hands_searched", h["deals"] * len(h["fastest"]))
    out.print(f"hands searched: the first player's first turn of deals 0..{h['deals'] - 1} (the engine's own deal of "
              f"each seed, no trump placed)"
              + (f" and the neighbours the climbs tried: {searched:,} hands searched in all over "
                 f"{len(h['fastest'])} combination(s)" if h.get("improve") else "")
              + f", of the C({h['deck']}, {h['hand_size']}) = {h['possible_hands']:,} hands of {h['hand_size']} "
              "cards per combination; 'none' means none in these hands within the bound")
    if h.get("improve"):
        out.print(f"the climb is a local search, not a proof: from each combination's best deal, per step the cards "
                  f"a trump's key lacks brought in, or one card of the hand swapped for one of the life; the first "
                  f"of at most {h['neighbours']} neighbours "
                  f"(seeded order) that does better (a kill, then fewer turns and decisions; else less opponent "
                  f"life left), at most {h['improve']} steps"
                  + (f" and {h['climb_nodes']:,} nodes" if h.get("climb_nodes") else "")
                  + "; a hand it did not reach may kill faster")

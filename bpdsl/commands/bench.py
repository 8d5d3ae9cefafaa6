"""``bpdsl bench``: games/s and decisions/s of random-vs-random play per edition and format (and which
modules played compiled), memory growth, validate time and render time."""
from __future__ import annotations

import json
from typing import Optional

import typer

from bpdsl.commands._limits import MAX_GAMES, MAX_JOBS
from bpdsl.commands._say import say_error

from bpdsl.commands._definitions import default_id, with_definitions
from bpdsl.commands._progress import with_quiet


def register(app: typer.Typer) -> None:
    @app.command("bench")
    @with_definitions
    @with_quiet
    def bench_cmd(
        games: int = typer.Option(1000, "--games", "-n", min=1, max=MAX_GAMES, help="games per edition and format for speed"),
        memory_games: int = typer.Option(10_000, "--memory-games", min=0, max=MAX_GAMES,
                                         help="games of act8.0 std (or of --edition's first format) played in one "
                                         "process to measure memory growth"),
        seed: int = typer.Option(1, "--seed", "-s", help="seed of the games (same seed, same games)"),
        step_games: int = typer.Option(200, "--step-games", min=0, max=MAX_GAMES,
                                       help="act8.0 std games driven through the step API (games/s, clone time)"),
        render: bool = typer.Option(True, "--render/--no-render",
                                    help="also time rendering every sheet (HTML, and HTML+PDF+2-up: seconds each)"),
        jobs_games: int = typer.Option(2000, "--jobs-games", min=0, max=MAX_GAMES, help="games of act8.0 std played with one worker "
                                       "and with --jobs workers, wall clock (0: skip)"),
        jobs: int = typer.Option(2, "--jobs", min=2, max=MAX_JOBS, help="workers of the --jobs-games comparison"),
        playout_games: int = typer.Option(1, "--playout-games", min=0, max=MAX_GAMES, help="games of the search agent (mcts:10 "
                                          "against the heuristic) timed for its playout rate (0: skip)"),
        combo_pairs: int = typer.Option(0, "--combo-pairs", min=0, max=10_000,
                                        help="pairs of act9.0 extra (or --edition's extra) searched by balance combos "
                                        "at its default bound, spread over the list, for its CPU time a pair and "
                                        "nodes/s (0: skip)"),
        keystrokes: int = typer.Option(5, "--keystrokes", min=0, max=1000, help="keystrokes timed in each bundled "
                                       "edition's actions file: the check the studio and bpdsl lsp run (0: skip)"),
        per_decision: Optional[str] = typer.Option(None, "--per-decision", metavar="FORMAT:AGAINST",
                                                   help="also time a decision of FORMAT against one of AGAINST (formats "
                                                   "of --edition, e.g. extra:mast), in one process: --games "
                                                   "games of each in slices of ten, the formats alternating, the "
                                                   "fastest of three runs of each slice"),
        as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
        edition: Optional[str] = typer.Option(None, "--edition", "-e", help="only this edition (default: the "
                                              "project's [defaults] edition, else every edition)"),
    ) -> None:
        """Measure play speed per edition and format, memory growth over many games in one process, the
        time to validate the definitions and to render each sheet (CPU time of one core)."""
        from bpdsl.bench_misc import bench_render, bench_validate, play_pairs
        from bpdsl.commands._engine_cli import rules_or_exit
        from bpdsl.engine import load_definitions
        from bpdsl.engine.bench import bench_memory, bench_speed, bench_step

        from bpdsl.diagnostics import DefinitionError

        try:
            defs = load_definitions()
        except DefinitionError as exc:
            say_error(str(exc))
            raise typer.Exit(1)
        edition = default_id(edition, "edition", "")
        if edition and edition not in defs.editions:
            typer.echo(f"bpdsl bench: unknown edition {edition!r}; editions: {', '.join(defs.editions)}", err=True)
            raise typer.Exit(2)
        pairs = [(ed, fmt) for ed, fmt in play_pairs(defs) if not edition or ed == edition]
        compared = _per_decision_formats(per_decision, edition, pairs)
        for ed, fmt in pairs:
            rules_or_exit(ed, fmt)
        from bpdsl import speedups
        from bpdsl.commands._progress import progress

        # the measurements one after the other, each counted as it ends (the progress of a long bench)
        parts = len(pairs) + sum(1 for n in (compared, step_games, memory_games, jobs_games, playout_games,
                                            combo_pairs, keystrokes, render) if n) + 1
        report: dict = {"speed": []}
        with progress("bench", parts, "measurements") as update:
            for ed, fmt in pairs:
                report["speed"].append(bench_speed(ed, fmt, games, seed))
                update(len(report["speed"]))
            done = len(pairs)

            def measured(key: str, value: object) -> None:
                nonlocal done
                report[key] = value
                done += 1
                update(done)

            if compared:
                from bpdsl.engine.bench import bench_per_decision

                measured("per_decision", bench_per_decision(edition, *compared, games, seed))
            report["compiled"] = speedups.status()  # which modules played compiled (bpdsl.speedups)
            if step_games:
                measured("step", bench_step("act8.0", "std", step_games, seed))
            if memory_games:
                memory_pair = pairs[0] if edition else ("act8.0", "std")
                measured("memory", bench_memory(*memory_pair, memory_games, seed))
            if jobs_games:
                from bpdsl.sim.bench import bench_jobs

                measured("jobs", bench_jobs("act8.0", "std", jobs_games, jobs, seed))
            if playout_games:
                from bpdsl.sim.bench import bench_playouts

                measured("search", bench_playouts("act8.0", "std", playout_games, 10, seed))
            if combo_pairs:
                from bpdsl.commands._combos_cli import DEFAULT_NODES
                from bpdsl.sim.bench import bench_combos

                combo_edition = edition if (edition, "extra") in pairs else "act9.0"
                measured("combos", bench_combos(combo_edition, "extra", combo_pairs, DEFAULT_NODES))
            measured("validate", bench_validate())
            if keystrokes:
                from bpdsl.lsp.bench import bench_editor_check

                measured("editor", bench_editor_check(keystrokes))
            if render:
                from bpdsl.render.sheet import sheet_formats

                measured("render", bench_render(defs, sheet_formats(defs)))
        if as_json:
            typer.echo(json.dumps(report, ensure_ascii=False, sort_keys=True))
            return
        from bpdsl.commands._console import CommandConsole
        from rich.table import Table

        t = Table("edition", "format", "games", "games/s", "best slice games/s", "decisions/s", "mean decisions")
        for r in report["speed"]:
            t.add_row(r["edition"], r["format"], str(r["games"]), f"{r['games_per_s']:.1f}",
                      f"{r['best_slice_games_per_s']:.1f}", f"{r['decisions_per_s']:.0f}", f"{r['mean_decisions']:.1f}")
        c = CommandConsole()
        c.print(t)
        c.print(f"modules: {speedups.describe()}", soft_wrap=True)
        if "per_decision" in report:
            d = report["per_decision"]
            c.print(f"per decision, {d['edition']} {d['format']} against {d['against']}: {d['ratio']:.3f}× the time "
                    f"({d['decisions_per_s']:.0f} against {d['against_decisions_per_s']:.0f} decisions/s; "
                    f"{d['mean_decisions']:.1f} and {d['against_mean_decisions']:.1f} decisions a game; {d['games']} "
                    f"games of each in {d['slices']} slice{'s' if d['slices'] != 1 else ''} of ten at most, the same seeds, the formats alternating, the fastest "
                    f"of {d['repeat']} runs of each slice)")
        if "step" in report:
            st = report["step"]
            c.print(f"step API, {st['games']} games of {st['edition']} {st['format']}: {st['step_games_per_s']:.1f} games/s; "
                    f"clone() at decision {st['clone_at_decision']} ({st['clone_positions']} positions): "
                    f"{st['clone_us']:.1f} µs, first apply(i) of a clone {st['apply_after_clone_us']:.1f} µs; "
                    f"state copy {st['state_copy_us']:.1f} µs (copy.deepcopy of state and RNG "
                    f"{st['deepcopy_us']:.0f} µs)")
        if "memory" in report:
            m = report["memory"]
            c.print(f"memory over {m['games']} games of {m['edition']} {m['format']} in one process: RSS "
                    f"{m['rss_after_warmup_kib'] / 1024:.1f} MiB after {m['warmup']} games, "
                    f"{m['rss_end_kib'] / 1024:.1f} MiB at the end (growth {m['rss_growth_kib']:.0f} KiB); "
                    f"tracemalloc over the last {m['traced_games']} games: {m['traced_growth_kib']:.1f} KiB still alive")
        if "jobs" in report:
            j = report["jobs"]
            many = j["jobs_%d_games_per_s" % j["jobs"]]
            c.print(f"--jobs: {j['games']} games of {j['edition']} {j['format']}: {j['jobs_1_games_per_s']:.0f} games/s "
                    f"with 1 worker, {many:.0f} with {j['jobs']} (x{j['speedup']:.2f}, wall clock)")
        if "search" in report:
            p = report["search"]
            c.print(f"search agent {p['agent']}: {p['playouts_per_s']:.0f} playouts/s (CPU), "
                    f"{p['seconds_per_game']:.1f} s per game against the heuristic")
        if "combos" in report:
            b = report["combos"]
            c.print(f"balance combos, {b['pairs']} of the {b['all_pairs']} pairs of {b['edition']} {b['format']} at "
                    f"{b['node_bound']} nodes: {b['seconds_per_pair']:.3f} s a pair, {b['nodes_per_s']:.0f} nodes/s "
                    f"(CPU); every pair about {b['all_pairs_cpu_seconds']} s of CPU")
        v = report["validate"]
        c.print(f"validate: {v['files']} file(s) loaded and checked in {v['best_seconds'] * 1000:.0f} ms "
                f"(best of {v['runs']}; first run {v['first_seconds'] * 1000:.0f} ms)")
        if "editor" in report:
            e = report["editor"]
            et = Table("edition", "file", "check ms (median)", "best ms", "no cache ms", "keystroke to diagnostics ms",
                       title=f"editor check after a keystroke (CPU time; pause {e['pause_ms']:.0f} ms, "
                             f"first check {e['first_check_ms']:.0f} ms)")
            for r in e["editions"]:
                et.add_row(r["edition"], r["file"], f"{r['median_ms']:.0f}", f"{r['best_ms']:.0f}",
                           f"{r['uncached_ms']:.0f}", f"{r['latency_ms']:.0f}")
            c.print(et)
        if "render" in report:
            rt = Table("edition", "format", "HTML ms", "HTML+PDF+2-up s", "pages", title="render (CPU time)")
            for r in report["render"]:
                rt.add_row(r["edition"], r["format"], f"{r['html_seconds'] * 1000:.0f}", f"{r['pdf_seconds']:.2f}",
                           str(r["pages"]))
            c.print(rt)


def _per_decision_formats(text: Optional[str], edition: str, pairs: list[tuple[str, str]]) -> tuple[str, str] | None:
    """The two formats of ``--per-decision FORMAT:AGAINST`` (a usage error, exit 2, unless both are formats of
    the chosen edition)."""
    if text is None:
        return None
    fmt, sep, against = text.partition(":")
    formats = [f for ed, f in pairs if ed == edition]
    if not edition:
        raise typer.BadParameter("give the edition of the two formats with --edition", param_hint="--per-decision")
    if not sep or fmt not in formats or against not in formats or fmt == against:
        raise typer.BadParameter(f"{text!r}: two different formats of {edition} as FORMAT:AGAINST "
                                 f"(formats: {', '.join(formats)})", param_hint="--per-decision")
    return fmt, against

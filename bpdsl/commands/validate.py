"""``bpdsl validate [PATH...]``: check definitions and report every mistake with its position and a hint.

Exit status: 0 valid, 1 invalid definitions, 2 usage error (e.g. a path that does not exist).
"""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Optional

import typer

from bpdsl.commands._definitions import add_definitions, with_definitions
from bpdsl.commands._console import CommandConsole
from rich.table import Column, Table

from bpdsl.diagnostics import CODES


def register(app: typer.Typer) -> None:
    app.command("validate")(with_definitions(validate))


def validate(
    paths: Optional[list[Path]] = typer.Argument(
        None, exists=True, help="definitions files or directories to add to the bundled ones (as -d does)"),
    stats: bool = typer.Option(False, "--stats", help="entries per edition and format, op usage, text overrides"),
    codes: bool = typer.Option(False, "--codes", help="list every diagnostic code and exit"),
    as_json: bool = typer.Option(False, "--json", help="print the diagnostics as JSON"),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="print only the diagnostics"),
    guidelines: bool = typer.Option(False, "--guidelines", help="also check the design guidelines (kind: guidelines): "
                                    "a 必須 breach is an error, a 推奨 one a warning"),
    play: bool = typer.Option(True, "--play/--no-play", help="with --guidelines: run the checks that need play "
                              "(first-turn win search, random games)"),
    baseline: bool = typer.Option(True, "--baseline/--no-baseline", help="with --guidelines: leave out the breaches "
                                  "a baseline records (the official lists' own, and a project's "
                                  "kind: guidelines_baseline); --no-baseline shows and counts them"),
    write_baseline: Optional[Path] = typer.Option(None, "--write-baseline", help="with --guidelines: write the "
                                                  "breaches no baseline records yet to FILE as a baseline "
                                                  "(kind: guidelines_baseline) and count them as known"),
    trace: bool = typer.Option(False, "--trace", help="also trace every sentence the bundled editions print to "
                               "an official list, the official change history or a reviewed exception"),
    sources: Optional[Path] = typer.Option(None, "--sources", help="with --trace: the folder of the official data "
                                           "(act.yaml, extra.yaml, act-frame.yaml, v6-act.yaml, revision-9.*.rst); "
                                           "default: shared/upstream beside the checkout"),
) -> None:
    """Validate definitions: YAML, schemas and semantic checks. Lists every problem as file:line:col."""
    from bpdsl.dsl.loader import load_kinds, load_selected

    console = CommandConsole(highlight=False, soft_wrap=True, markup=False, emoji=False)  # definitions text as written
    if codes:
        load_kinds()
        _import_code_modules()
        table = Table("code", "meaning", title="diagnostic codes")
        for name in sorted(CODES):
            table.add_row(name, CODES[name])
        console.print(table)
        raise typer.Exit(0)
    for flag, given, needs, wanted in (("--write-baseline", write_baseline is not None, "--guidelines", guidelines),
                                       ("--no-baseline", not baseline, "--guidelines", guidelines),
                                       ("--sources", sources is not None, "--trace", trace)):
        if given and not wanted:
            typer.echo(f"bpdsl validate: {flag} goes with {needs}", err=True)
            raise typer.Exit(2)
    if paths:
        add_definitions(paths)
    # the checks below add their findings: to a copy, not to the load the process keeps for other commands
    result = dataclasses.replace(load_selected())
    result.diagnostics = list(result.diagnostics)
    notes: list[str] = []
    traced: list[str] = []
    if guidelines and result.ok:
        notes = _guidelines(result, play, baseline, write_baseline, quiet)
    if trace and result.ok:
        traced = _trace(result, sources)
    errors = result.errors
    if as_json:
        print(json.dumps({
            "ok": result.ok, "seconds": round(result.seconds, 4), "files": result.definitions.files,
            "diagnostics": [{"file": d.pos.file, "line": d.pos.line, "col": d.pos.col, "code": d.code,
                             "message": d.message, "hint": d.hint, "severity": d.severity} for d in result.diagnostics],
            **({"guidelines": notes} if guidelines else {}),
            **({"trace": traced} if trace else {}),
        }, ensure_ascii=False, indent=2))
        raise typer.Exit(0 if result.ok else 1)
    for d in result.diagnostics:
        label = "" if d.severity == "error" else "warning: "
        console.print(f"{d.pos}: {d.code} {label}{d.message}", markup=False)
        if d.hint:
            console.print(f"    hint: {d.hint}", markup=False)
    for note in notes + traced:
        console.print(note, markup=False)
    if not quiet:
        _summary(console, result)
        if stats:
            _stats(console, result.definitions)
    if errors:
        console.print(f"{len(errors)} error(s) in {len({d.pos.file for d in errors})} file(s)", markup=False)
        raise typer.Exit(1)
    if not quiet:
        console.print(f"ok: {len(result.definitions.files)} file(s) valid in {result.seconds:.2f}s", markup=False)


def _guidelines(result, play: bool, baseline: bool, write_to: Optional[Path],  # type: ignore[no-untyped-def]
                quiet: bool = False) -> list[str]:
    """Check the design guidelines (the checks that play with progress on stderr); the breaches a baseline
    records are left out (counted, and said how to see)."""
    from bpdsl.commands._progress import progress, set_quiet
    from bpdsl.dsl.guidelines import PLAY, split_known
    from bpdsl.sim.guidelines import GuidelineReport, check_guidelines, play_checks

    defs = result.definitions
    set_quiet(quiet)  # --quiet: only the diagnostics, no progress either
    try:
        with progress("validate --guidelines: checks that play", play_checks(defs) if play else 0,
                      "checks") as update:
            checked = check_guidelines(defs, play=play, progress=update)
    finally:
        set_quiet(False)
    records = [k for ks in (defs.extra.get("guidelines_baseline") or {}).values() for k in ks] if baseline else []
    new, known, stale = split_known(checked.breaches, records, defs.editions)
    files = sorted({k.pos.file for k in records if k not in stale})  # the baselines that hid something
    # a record is stale only if its guideline was checked in full (a play check left out finds nothing)
    ran = {g.id for gs in (defs.extra.get("guidelines") or {}).values() for g in gs if play or g.check not in PLAY}
    stale = [k for k in stale if k.guideline in ran]
    wrote: list[str] = []
    if write_to is not None:  # the file's own records that still hold are kept, the new breaches added
        kept = [k for k in records if k not in stale and Path(k.pos.file).resolve() == write_to.resolve()]
        _write_baseline(write_to, [(k.guideline, k.edition, k.entry) for k in kept], new, defs)
        wrote = [f"wrote {len(new)} breach(es) to {write_to} (kind: guidelines_baseline); it counts where the "
                 "definitions are read from: the project's definitions folder or a -d path"]
        known, new = known + new, []
    result.diagnostics.extend(GuidelineReport(new).diagnostics())
    total = sum(len(v) for v in (defs.extra.get("guidelines") or {}).values())
    notes = checked.notes + [f"guidelines: {len(new)} breach(es) of {total} guideline(s)"
                             + (f"; {len(known)} known breach(es) hidden, recorded by {', '.join(files)}; "
                                "see them with --no-baseline" if known and write_to is None else "")]
    notes += wrote
    notes += [f"{k.pos}: baseline record {k.guideline} {k.edition} {k.entry}: no such breach any more; remove it"
              for k in stale]
    return notes


def _write_baseline(path: Path, kept: list[tuple[str, str, str]], breaches, defs) -> None:  # type: ignore[no-untyped-def]
    """The records ``kept`` and the breaches as a ``kind: guidelines_baseline`` document, written atomically."""
    import json as _json

    from bpdsl.dsl.guidelines import origin
    from bpdsl.fsutil import write_atomic

    games = sorted({defs.editions[e].game for b in breaches for e in b.editions if e in defs.editions}) or ["blackpoker"]
    lines = ["# design-guideline breaches known and accepted (bpdsl validate --guidelines --write-baseline):",
             "# they are not counted; remove a record to count its breach again", "kind: guidelines_baseline",
             f"game: {games[0]}", "breaches:"]
    seen: set[tuple[str, str, str]] = set()
    for k in [*kept, *((b.guideline.id, origin(defs.editions, b), b.entry) for b in breaches)]:
        if k not in seen:
            seen.add(k)
            lines.append("  - {guideline: %s, edition: %s, entry: %s}" % tuple(_json.dumps(x, ensure_ascii=False)
                                                                                for x in k))
    if len(lines) == 5:
        lines[-1] = "breaches: []"
    try:
        write_atomic(path, "\n".join(lines) + "\n")
    except OSError as exc:
        typer.echo(f"bpdsl validate: cannot write {path}: {exc.strerror or exc}", err=True)
        raise typer.Exit(1) from None


def _trace(result, sources: Optional[Path]) -> list[str]:  # type: ignore[no-untyped-def]
    """Trace the printed sentences (bpdsl.games.blackpoker.official.trace); its findings join the diagnostics."""
    from bpdsl.games.blackpoker.official.trace import TraceFileError, default_sources, trace
    from bpdsl.resources import definitions_dir

    folder = sources or default_sources(definitions_dir().parent)
    if folder is None or not folder.is_dir():
        typer.echo("bpdsl validate --trace: no official data found" + (f" at {folder}" if folder else " beside the "
                   "checkout (shared/upstream)") + "; name its folder with --sources DIR", err=True)
        raise typer.Exit(2)
    try:
        report = trace(result.definitions, folder)
    except TraceFileError as exc:
        typer.echo(f"bpdsl validate --trace: {exc}", err=True)
        raise typer.Exit(2) from None
    result.diagnostics.extend(report.diagnostics())
    notes = [f"trace: {report.sentences} printed sentence(s) of {', '.join(report.editions)} against {folder}: "
             f"{report.by_source} as an official list says, {report.by_history} as the change history names, "
             f"{report.by_exception} reviewed exception(s); {len(report.untraced)} untraced, "
             f"{len(report.stale)} stale record(s)"]
    notes += [f"trace: {eid} not traced: {why}" for eid, why in report.untraced_editions.items()]
    return notes


def _import_code_modules() -> None:
    """Import the modules that declare diagnostic codes but are not loaded by the kinds."""
    import importlib

    for name in ("bpdsl.dsl.yamlload", "bpdsl.dsl.schema", "bpdsl.dsl.checks", "bpdsl.dsl.guidelines"):
        importlib.import_module(name)


def _summary(console: CommandConsole, result) -> None:  # type: ignore[no-untyped-def]
    from bpdsl.dsl.project import current

    console.print("read: " + current().describe(), markup=False)
    defs = result.definitions
    if not defs.editions:
        return
    table = Table("edition", Column("name", overflow="fold"), "flow", Column("format", overflow="fold"), "actions",
                  "characters", "fogs", title="definitions")
    for e in defs.editions.values():
        first = True
        for f in sorted(e.formats, key=lambda f: f.order):
            table.add_row(e.id if first else "", e.name if first else "", e.flow if first else "",
                          f"{f.id} ({f.name})", str(len(e.actions_in(f.id))), str(len(e.characters_in(f.id))),
                          str(len(e.fogs_in(f.id))))
            first = False
        if first:
            table.add_row(e.id, e.name, e.flow, "-", str(len(e.actions)), str(len(e.characters)), str(len(e.fogs)))
    console.print(table)
    others = []
    if defs.games:
        others.append("games: " + ", ".join(defs.games))
    if defs.flows:
        others.append("flows: " + ", ".join(defs.flows))
    if defs.regulations:
        others.append("regulations: " + ", ".join(str(k) for k in defs.regulations))
    if others:
        console.print("; ".join(others), markup=False)


def _stats(console: CommandConsole, defs) -> None:  # type: ignore[no-untyped-def]
    """Per edition and format: entries (in the summary above), effect steps, text overrides, op usage."""
    from bpdsl.dsl.single_use import REASONS
    from bpdsl.dsl.stats import single_entry_reasons, stats, unused_ops

    # one row per edition and format, the figures across: as narrow as a terminal whatever the count of
    # editions (a column per format made it 25 columns wide)
    rows = [f for s in stats(defs) for f in s.formats]
    table = Table(Column("edition", no_wrap=True), Column("format", no_wrap=True), "actions", "characters", "fogs",
                  "effect steps", Column("effect steps with a text override", overflow="fold"),
                  Column("op calls with a text override", overflow="fold"), title="per edition and format")
    last = None
    for f in rows:
        table.add_row(f.edition if f.edition != last else "", f.format, str(f.actions), str(f.characters),
                      str(f.fogs), str(f.effect_steps), str(f.effect_text_overrides), str(f.text_overrides))
        last = f.edition
    console.print(table)
    editions = stats(defs)
    usage = Table(Column("op", no_wrap=True), *[e.edition for e in editions],
                  title="op usage per edition (calls, nested ones included)")
    for op in sorted({op for e in editions for op in e.op_usage}):
        usage.add_row(op, *[str(e.op_usage.get(op, 0) or "") for e in editions])
    console.print(usage)
    events = Table(Column("event", no_wrap=True), *[e.edition for e in editions],
                   title="events the abilities wait for per edition (triggers, replacements, static rules)")
    for event in sorted({k for e in editions for k in e.event_usage}):
        events.add_row(event, *[str(e.event_usage.get(event, 0) or "") for e in editions])
    console.print(events)
    for e in editions:
        if e.effect_steps:
            console.print(f"{e.edition}: {e.effect_text_overrides} of {e.effect_steps} effect steps print a text "
                          f"override ({100 * e.effect_text_overrides / e.effect_steps:.1f} %)", markup=False)
    single = single_entry_reasons(defs)
    if single:
        console.print(f"ops used by a single entry ({len(single)}), by why each stays an op:", markup=False)
        for key, title in [*REASONS.items(), ("", "no reason written down (bpdsl/dsl/single_use.py)")]:
            ops_here = [f"{op} ({who})" for op, (who, k, _why) in single.items() if k == key]
            if ops_here:
                console.print(f"  {title} [{len(ops_here)}]: " + ", ".join(ops_here), markup=False)
    unused = unused_ops(defs)
    if unused:
        console.print("registered but unused ops: " + ", ".join(unused), markup=False)

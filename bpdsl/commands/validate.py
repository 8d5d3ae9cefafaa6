"""``bpdsl validate [PATH...]``: check definitions and report every mistake with its position and a hint.

Exit status: 0 valid, 1 invalid definitions, 2 usage error (e.g. a path that does not exist).
"""
from __future__ import annotations

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
    if paths:
        add_definitions(paths)
    result = load_selected()
    notes: list[str] = []
    if guidelines and result.ok:
        from bpdsl.sim.guidelines import check_guidelines

        checked = check_guidelines(result.definitions, play=play)
        result.diagnostics.extend(checked.diagnostics())
        notes = checked.notes + [f"guidelines: {len(checked.breaches)} breach(es) of "
                                 f"{sum(len(v) for v in (result.definitions.extra.get('guidelines') or {}).values())} "
                                 "guideline(s)"]
    errors = result.errors
    if as_json:
        print(json.dumps({
            "ok": result.ok, "seconds": round(result.seconds, 4), "files": result.definitions.files,
            "diagnostics": [{"file": d.pos.file, "line": d.pos.line, "col": d.pos.col, "code": d.code,
                             "message": d.message, "hint": d.hint, "severity": d.severity} for d in result.diagnostics],
            **({"guidelines": notes} if guidelines else {}),
        }, ensure_ascii=False, indent=2))
        raise typer.Exit(0 if result.ok else 1)
    for d in result.diagnostics:
        label = "" if d.severity == "error" else "warning: "
        console.print(f"{d.pos}: {d.code} {label}{d.message}", markup=False)
        if d.hint:
            console.print(f"    hint: {d.hint}", markup=False)
    for note in notes:
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

    columns = [f for s in stats(defs) for f in s.formats]
    heads = [f"{f.edition}\n{f.format}" for f in columns]  # two short lines fit a narrow terminal
    table = Table(Column("", no_wrap=True), *heads, title="per edition and format")  # row labels stay whole
    table.add_row("actions", *[str(f.actions) for f in columns])
    table.add_row("characters", *[str(f.characters) for f in columns])
    table.add_row("fogs", *[str(f.fogs) for f in columns])
    table.add_row("effect steps", *[str(f.effect_steps) for f in columns])
    table.add_row("effect steps with a text override", *[str(f.effect_text_overrides) for f in columns])
    table.add_row("op calls with a text override", *[str(f.text_overrides) for f in columns])
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

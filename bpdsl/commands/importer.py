"""``bpdsl import official FILE.yaml --edition ID``: a list in the official data format as an edition folder."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from bpdsl.commands._definitions import with_definitions

import_app = typer.Typer(help="Bring rules written elsewhere into bpdsl: the official action-list format.",
                         no_args_is_help=True)


def register(app: typer.Typer) -> None:
    app.add_typer(import_app, name="import")


@import_app.command("official")
@with_definitions
def official(
    file: Path = typer.Argument(..., metavar="FILE.yaml", exists=True, dir_okay=False,
                                help="a list in the official format (actList/charList/fogList), e.g. act.yaml"),
    edition: str = typer.Option(..., "--edition", "-e", help="id of the edition to write, e.g. my8.3"),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="folder to create (default: ./ID)"),
    extends: Optional[str] = typer.Option(None, "--extends", help="edition it extends for its flow, notation, "
                                          "wording and trumps (default: the loaded edition of the file's own number, data.ver)"),
    as_json: bool = typer.Option(False, "--json", help="print the report as one JSON object"),
) -> None:
    """Convert an official list into an edition folder: every fact as its DSL field, every sentence as the op
    composition whose phrases print it, or as a marked text override where no phrase fits.  The folder
    (bpdsl.toml, definitions/, schemas/, IMPORT-REPORT.md) validates and prints the official texts; the
    report lists what is still to be written as ops.  Nothing is written unless all of it could be."""
    from bpdsl.commands._paths import definitions_or_exit
    from bpdsl.dsl import project
    from bpdsl.dsl.loader import load_selected
    from bpdsl.dsl.scaffold import ScaffoldError, write
    from bpdsl.games.blackpoker.official.convert import ImportProblem, convert
    from bpdsl.games.blackpoker.official.report import as_json as report_json, markdown

    defs = definitions_or_exit(None, "import official", "nothing written")
    target = out or Path(edition)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        typer.echo(f"bpdsl import official: {target} exists and is not an empty directory; choose another "
                   "place (--out)", err=True)
        raise typer.Exit(2)
    try:
        result = convert(file, edition, extends, defs, load_selected().documents, project.current().roots())
    except ImportProblem as exc:
        for d in exc.diagnostics:
            typer.echo(("warning: " if d.severity == "warning" else "") + d.format(), err=True)
        errors = sum(1 for d in exc.diagnostics if d.severity == "error")
        typer.echo(f"bpdsl import official: {exc}" + (f" ({errors} error(s) above)" if errors > 1 else "")
                   + "; nothing written", err=True)
        raise typer.Exit(2 if exc.usage else 1)
    for d in result.warnings:
        typer.echo(f"warning: {d.format()}", err=True)
    files = dict(result.files)
    files["IMPORT-REPORT.md"] = markdown(result, file)
    try:
        write(target, files)
    except (ScaffoldError, OSError) as exc:
        typer.echo(f"bpdsl import official: {exc}", err=True)
        raise typer.Exit(2)
    if as_json:
        typer.echo(json.dumps(report_json(result, file, target), ensure_ascii=False, sort_keys=True))
        return
    full, partly, none = result.entry_counts()
    typer.echo(f"wrote edition {result.edition} (extends {result.extends}) into {target}/: "
               f"{result.entries['action']} actions, {result.entries['character']} characters, "
               f"{result.entries['fog']} fogs" + (f", {result.trumps} trumps" if result.trumps else ""))
    typer.echo(f"texts as op compositions: {len(result.composed)} of {len(result.fields)} fields; "
               f"entries all ops {full}, partly {partly}, no op {none}")
    if result.overridden:
        typer.echo(f"still to write as ops ({sum(len(f.overrides) for f in result.overridden)} text overrides):")
        for f in result.overridden:
            typer.echo(f"  {f.kind} {f.entry} {f.field}: {len(f.overrides)} override(s)")
    typer.echo(f"report: {target}/IMPORT-REPORT.md; next: cd {target} && bpdsl validate --stats && bpdsl render "
               "actionlist --out out/")

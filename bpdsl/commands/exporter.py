"""``bpdsl export official --edition E --out FILE``: an edition in the official data format."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer

from bpdsl.commands._definitions import with_definitions

export_app = typer.Typer(help="Hand rules written in bpdsl to other tools: the official action-list format.",
                         no_args_is_help=True)


def register(app: typer.Typer) -> None:
    app.add_typer(export_app, name="export")


@export_app.command("official")
@with_definitions
def official(
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="edition to write (default: the project's)"),
    out: Path = typer.Option(..., "--out", "-o", help="the file to write, e.g. act.yaml"),
    compare: Optional[Path] = typer.Option(None, "--compare", "-c", exists=True, dir_okay=False,
                                           help="an official list to compare the written file with, field by "
                                                "field (e.g. the list the edition was written from)"),
) -> None:
    """Write an edition -- bundled or a designer's -- as a list in the official format (data, actList,
    charList, fogList, trumpList), valid against the official act.schema.json, every text exactly as bpdsl
    prints it.  `bpdsl import official` reads it back.  With --compare, say how many fields of that list
    the file gives back identically, and why each other one differs."""
    from bpdsl.commands._paths import definitions_or_exit
    from bpdsl.dsl import project
    from bpdsl.fsutil import write_atomic
    from bpdsl.games.blackpoker.official.export import dump, official_document

    defs = definitions_or_exit(None, "export official", "nothing written")
    chosen = project.current().project
    eid = edition or (chosen.edition if chosen is not None else None)
    if not eid:
        typer.echo("bpdsl export official: which edition? (--edition, e.g. act8.2)", err=True)
        raise typer.Exit(2)
    if eid not in defs.editions:
        from bpdsl.diagnostics import did_you_mean

        typer.echo(f"bpdsl export official: unknown edition {eid!r}; "
                   + (did_you_mean(eid, defs.editions) or "editions: " + ", ".join(defs.editions)), err=True)
        raise typer.Exit(2)
    if out.exists() and out.is_dir():
        typer.echo(f"bpdsl export official: {out} is a directory; give a file name (--out act.yaml)", err=True)
        raise typer.Exit(2)
    official = _official_list(compare) if compare is not None else None
    doc = official_document(defs.editions[eid])
    try:
        write_atomic(out, dump(doc))
    except OSError as exc:
        typer.echo(f"bpdsl export official: cannot write {out}: {exc.strerror or exc}", err=True)
        raise typer.Exit(2)
    typer.echo(f"wrote edition {eid} in the official format to {out}")
    if official is not None and compare is not None:
        from bpdsl.games.blackpoker.official.compare import compare as compare_lists, report_lines
        from bpdsl.games.blackpoker.official.forms import names_of

        result = compare_lists(doc, official, names_of(defs.editions[eid].formats))
        typer.echo("\n".join(report_lines(result, compare.name)))


def _official_list(path: Path) -> Any:
    """The official list to compare with, read as `bpdsl import official` reads it; one that is not a list
    in the official format is an error (exit 1), before anything is written."""
    from bpdsl.games.blackpoker.official.source import OfficialFormatError, read

    try:
        return read(path)
    except OfficialFormatError as exc:
        for d in exc.diagnostics:
            typer.echo(("warning: " if d.severity == "warning" else "") + d.format(), err=True)
        typer.echo(f"bpdsl export official: {path} is not a list in the official format to compare with; "
                   "nothing written", err=True)
        raise typer.Exit(1)

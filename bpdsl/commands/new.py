"""``bpdsl new edition ID --extends PARENT``: a ready project folder for a designer's own edition."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from bpdsl.commands._definitions import with_definitions

new_app = typer.Typer(help="Start something new from the definitions: an edition of your own.",
                      no_args_is_help=True)


def register(app: typer.Typer) -> None:
    app.add_typer(new_app, name="new")


@new_app.command("edition")
@with_definitions
def edition(
    edition_id: str = typer.Argument(..., metavar="ID", help="id of the new edition, e.g. my1.0"),
    extends: Optional[str] = typer.Option(None, "--extends", help="edition it extends (default: the newest "
                                          "bundled BlackPoker edition)"),
    name: Optional[str] = typer.Option(None, "--name", help="printed name of the edition (default: the id)"),
    folder: Optional[Path] = typer.Option(None, "--dir", help="folder to create (default: ./ID)"),
    game: str = typer.Option("blackpoker", "--game", help="game whose newest edition is extended when --extends "
                             "is not given"),
) -> None:
    """Write a project folder: bpdsl.toml, definitions/edition.yaml, definitions/actions.yaml with one example
    action, a scenario, JSON Schemas for editor completion and a README of the next steps.  It validates,
    prints, simulates and its scenario passes as written; run the commands inside the folder."""
    from bpdsl.commands._paths import definitions_or_exit
    from bpdsl.dsl.loader import load_selected
    from bpdsl.dsl.scaffold import ScaffoldError, new_edition, plan, write

    defs = definitions_or_exit(None, "new edition", "nothing written")
    target = folder or Path(edition_id)
    try:
        new = new_edition(defs, edition_id, extends, name, game)
        files = plan(defs, load_selected().documents, new)
        written = write(target, files)
    except ScaffoldError as exc:
        typer.echo(f"bpdsl new edition: {exc}", err=True)
        raise typer.Exit(2)
    typer.echo(f"wrote edition {new.id} (extends {new.extends}) into {target}/:")
    for path in written:
        typer.echo(f"  {path.relative_to(target)}")
    typer.echo(f"next: cd {target} && bpdsl validate && bpdsl scenario   (see {target}/README.md)")

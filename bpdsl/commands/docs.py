"""``bpdsl docs``: build the Sphinx rulebook from ``docs/`` (warnings are errors)."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Optional

import typer

from bpdsl.commands._definitions import with_definitions
from bpdsl.commands._progress import progress, with_quiet
from bpdsl.resources import docs_dir

DOCS_DIR = docs_dir()


def register(app: typer.Typer) -> None:
    app.command("docs")(with_definitions(with_quiet(docs)))


def docs(
    out: Path = typer.Option(..., "--out", "-o", help="Output directory of the built rulebook."),
    builder: str = typer.Option("html", "--builder", "-b", help="Sphinx builder (html, singlehtml, text ...)."),
    source: Path = typer.Option(DOCS_DIR, "--source", show_default=False, help="The Sphinx project (default: the bundled docs/)."),
    fresh: bool = typer.Option(False, "--fresh", "-E", help="Ignore the saved environment; read every page."),
) -> None:
    """Build the Sphinx rulebook (rules, action lists, flow diagrams, DSL reference); warnings are errors."""
    from bpdsl.commands._paths import definitions_or_exit, output_dir_or_exit
    from bpdsl.dsl.project import current
    from bpdsl.render.docsbuild import build_docs, known_builders

    builders = known_builders()
    if builder not in builders:
        typer.echo(f"bpdsl docs: no Sphinx builder {builder!r}; builders: {', '.join(sorted(builders))}", err=True)
        raise typer.Exit(2)
    if not (source / "conf.py").is_file():
        typer.echo(f"bpdsl docs: no Sphinx project at {source} (conf.py missing)", err=True)
        raise typer.Exit(2)
    definitions = current().roots()
    definitions_or_exit(None, "docs", "nothing built")  # listed like everywhere else, before Sphinx
    output_dir_or_exit(out, "docs")
    started = time.perf_counter()
    with progress(f"docs: building the {builder} rulebook", None, "pages"):
        status, messages = build_docs(source, out, builder=builder, definitions=definitions, fresh=fresh)
    for line in messages:
        typer.echo(line, err=True)
    if status != 0:
        typer.echo(f"bpdsl docs: the build failed (warnings count as errors): status {status}", err=True)
        raise typer.Exit(1)
    typer.echo(f"built the rulebook into {out} ({builder}) in {time.perf_counter() - started:.1f}s")

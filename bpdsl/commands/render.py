"""``bpdsl render actionlist``: print the action lists of the bundled (or given) definitions."""
from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, Optional

import typer

from bpdsl.commands._definitions import default_id, with_definitions
from bpdsl.interrupts import remembered_interrupt

if TYPE_CHECKING:
    from bpdsl.render.styles import Style

render_app = typer.Typer(help="Render printable documents from the definitions.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    app.add_typer(render_app, name="render")


@render_app.command("actionlist")
@with_definitions
def actionlist(
    out: Path = typer.Option(
        ..., "--out", "-o",
        help="Directory for <edition>-<format>-<style>.html/.pdf/-2up.pdf (and -booklet.pdf).",
    ),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="Edition id, e.g. act8.0 (default: the project's [defaults] edition)."),
    format: Optional[str] = typer.Option(None, "--format", "-f", help="Format id, e.g. std (default: every format of the edition)."),
    all_: bool = typer.Option(False, "--all", help="Every edition x format the definitions declare."),
    html_only: bool = typer.Option(False, "--html-only", help="Write only the HTML (no PDF, no 2-up)."),
    style: Optional[str] = typer.Option(
        None, "--style", "-s",
        help="Layout: official (A5, two columns, as the official sheets; the default), a4 (A4, one column) "
        "or a5 (A5, one column).",
    ),
    booklet: bool = typer.Option(False, "--booklet", help="Also write -booklet.pdf: the pages two to a "
                                 "landscape sheet in folding order, for double-sided printing and one fold."),
    sheet: str = typer.Option(
        "A4", "--sheet",
        help="Landscape sheet of the 2-up PDF and the booklet: A4 or A3 (A4 pages: scaled on A4, full size on A3; "
        "A5 pages: full size on A4).",
    ),
    paper: Optional[str] = typer.Option(None, "--paper", help="A4 or A5: the one-column style of that paper "
                                        "(the same as --style a4 / --style a5)."),
    story: bool = typer.Option(False, "--story", help="Print each entry's story and flavor text (with its "
                               "speaker) under it, where the definitions carry them (第8.2版)."),
    redline: Optional[str] = typer.Option(None, "--redline", help="An older edition id: mark what changed "
                                          "against its sheet of the same format (changed text in red, old text "
                                          "struck through, new entries flagged); files *-redline-<old>.*"),
    watch: bool = typer.Option(False, "--watch", help="Keep running: render again whenever a definitions file "
                               "changes (a file with mistakes prints its diagnostics and keeps the last sheets)."),
) -> None:
    """Write the action list of an edition and format as HTML, PDF, 2-up PDF (and booklet) in one style."""
    from bpdsl.commands._paths import definitions_or_exit, output_dir_or_exit

    if sheet.upper() not in ("A4", "A3"):
        _usage(f"--sheet must be A4 or A3, not {sheet!r}")
    chosen = _style(style, paper)
    if chosen.paper == "A5" and sheet.upper() == "A3":
        _usage("--sheet A3 holds A4 pages at full size; two A5 pages go on an A4 sheet (--sheet A4)")
    if booklet and html_only:
        _usage("--booklet imposes the PDF's pages; it cannot go with --html-only")
    if all_ and (edition or format):
        _usage("--all renders every edition and format; do not combine it with --edition/--format")
    if not all_:
        edition = default_id(edition, "edition", "")
    if not all_ and not edition:
        _usage("give --edition (and --format), or --all")
    if redline is not None and all_:
        _usage("--redline marks one edition against another; give --edition, not --all")
    defs = definitions_or_exit(None, "render", "nothing rendered")
    if redline is not None and redline not in defs.editions:
        _usage(f"--redline: unknown edition {redline!r}; known: {', '.join(defs.editions)}")
    output_dir_or_exit(out, "render")
    options = dict(html_only=html_only, sheet_size=sheet.upper(), style=chosen, booklet=booklet, story=story,
                   redline=redline)
    _render_pairs(defs, _pairs(defs, all_, edition, format), out, options)
    if watch:
        _watch(out, all_, edition, format, options)


def _pairs(defs, all_: bool, edition: Optional[str], format: Optional[str]) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    from bpdsl.render.sheet import sheet_formats

    if all_:
        pairs = sheet_formats(defs)
    elif format:
        pairs = [(edition or "", format)]
    else:  # every format of the edition
        pairs = [(e, f) for e, f in sheet_formats(defs) if e == edition] or [(edition or "", "")]
    return pairs


def _render_pairs(defs, pairs: list[tuple[str, str]], out: Path, options: dict) -> None:  # type: ignore[no-untyped-def]
    from bpdsl.render.actionlist import render_actionlist
    from bpdsl.render.sheet import SheetError

    started = time.perf_counter()
    # a PDF library may swallow Ctrl-C inside one of its callbacks: the run still stops after that sheet
    with remembered_interrupt() as interrupt:
        for ed, fm in pairs:
            t0 = time.perf_counter()
            try:
                result = render_actionlist(defs, ed, fm, out, **options)
            except SheetError as exc:
                _usage(str(exc))
            interrupt.check()
            names = ", ".join(p.name for p in result.files)
            pages = f", {result.pages} page(s)" if result.pages else ""
            typer.echo(f"{ed} {fm}: {names}{pages} ({time.perf_counter() - t0:.2f}s)")
    typer.echo(f"rendered {len(pairs)} action list(s) into {out} in {time.perf_counter() - started:.2f}s")


def _watch(out: Path, all_: bool, edition: Optional[str], format: Optional[str], options: dict) -> None:
    """Render again on every change of a definitions file until Ctrl-C; mistakes are printed, not fatal."""
    from bpdsl.dsl.loader import default_paths, display_name, load
    from bpdsl.dsl.watch import definition_changes
    from bpdsl.render.sheet import SheetError

    roots = default_paths()
    def ready() -> None:
        typer.echo("watching " + ", ".join(str(r) for r in roots) + " (Ctrl-C stops)", err=True)

    try:
        for changed in definition_changes(roots, ready=ready):
            typer.echo("changed: " + ", ".join(sorted(display_name(p) for p in changed)))
            result = load(roots)
            if not result.ok:
                for d in result.errors:
                    typer.echo(d.format())
                typer.echo(f"{len(result.errors)} error(s): the sheets in {out} are left as they were")
                continue
            try:
                _render_pairs(result.definitions, _pairs(result.definitions, all_, edition, format), out, options)
            except typer.Exit:  # an edition or format that no longer exists: say so and keep watching
                continue
            except SheetError as exc:
                typer.echo(f"bpdsl render: {exc}", err=True)
    except KeyboardInterrupt:
        typer.echo("stopped watching", err=True)


def _style(style: Optional[str], paper: Optional[str]) -> "Style":
    """The chosen style: ``--style``, else the one-column style of ``--paper``, else ``official``."""
    from bpdsl.render import styles

    try:
        return styles.resolve(style, paper)
    except styles.StyleError as exc:
        message = str(exc).replace("style must", "--style must").replace("paper must", "--paper must")
        _usage(message.replace("style ", "--style ", 1) if "paper, not" in message else message)


def _usage(message: str) -> NoReturn:
    typer.echo(f"bpdsl render: {message}", err=True)
    raise typer.Exit(2)

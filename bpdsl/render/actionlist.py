"""Render the action list of an edition and format to files: HTML, PDF, 2-up PDF and booklet, per style.

Every file is written with :func:`bpdsl.fsutil.write_atomic`, so a crash never leaves a half-written sheet.
"""
from __future__ import annotations

import io
import os
from dataclasses import dataclass, field
from pathlib import Path

from bpdsl.fsutil import write_atomic
from bpdsl.model import Definitions
from bpdsl.render.html import TEMPLATES_DIR, render_sheet_html
from bpdsl.render import styles
from bpdsl.render.pdf import booklet as make_booklet
from bpdsl.render.pdf import html_to_pdf, two_up
from bpdsl.render.sheet import build_sheet
from bpdsl.render.styles import DEFAULT_STYLE, Style


@dataclass
class Rendered:
    edition: str
    format: str
    style: str = DEFAULT_STYLE
    files: list[Path] = field(default_factory=list)
    pages: int = 0  # pages of the PDF (0 with html only)


def file_stem(edition_id: str, format_id: str, style: Style) -> str:
    """``act8.2-mast-official``: every style has its own files, so no rendering overwrites another."""
    return f"{edition_id}-{format_id}-{style.name}"


def render_actionlist(
    defs: Definitions,
    edition_id: str,
    format_id: str,
    out_dir: Path,
    *,
    html_only: bool = False,
    sheet_size: str | None = None,
    paper: str | None = None,
    style: str | Style | None = None,
    booklet: bool = False,
    story: bool = False,
    redline: str | None = None,
) -> Rendered:
    """Write ``<edition>-<format>-<style>.html``, ``.pdf`` and ``-2up.pdf`` (and ``-booklet.pdf`` with
    ``booklet``) into ``out_dir`` (with ``redline``, an older edition's id:
    ``<edition>-<format>-<style>-redline-<old>.*``, the changes against it marked).

    ``style`` is a :class:`Style` or its name (default ``official``); ``paper`` A4/A5 without a style names
    the one-column style of that paper.  The 2-up and the booklet put two pages on a landscape
    ``sheet_size`` (default: the style's, where the pages keep their own size).
    """
    chosen = styles.resolve(style, paper)
    sheet = build_sheet(defs, edition_id, format_id, story=story)
    stem = file_stem(edition_id, format_id, chosen)
    if redline:  # the sheet with its changes against the edition `redline` marked (bpdsl.render.redline)
        from bpdsl.render.redline import mark_redline

        mark_redline(sheet, defs, redline)
        stem += f"-redline-{redline}"
    html = render_sheet_html(sheet, style=chosen)
    result = Rendered(edition_id, format_id, chosen.name)
    result.files.append(_publish(out_dir / f"{stem}.html", html))
    if html_only:
        return result
    pdf = html_to_pdf(html, base_url=TEMPLATES_DIR)
    sheet_size = (sheet_size or chosen.sheet).upper()
    result.files.append(_publish(out_dir / f"{stem}.pdf", pdf))
    result.files.append(_publish(out_dir / f"{stem}-2up.pdf", two_up(pdf, sheet_size)))
    if booklet:
        result.files.append(_publish(out_dir / f"{stem}-booklet.pdf", make_booklet(pdf, sheet_size)))
    from pypdf import PdfReader

    result.pages = len(PdfReader(io.BytesIO(pdf)).pages)
    return result


def _publish(path: Path, data: bytes | str) -> Path:
    """Write atomically, then give the sheet the usual permissions of a new file (the temporary file
    behind the atomic write is private to its owner, a sheet is meant to be shared)."""
    written = write_atomic(path, data)
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(written, 0o666 & ~umask)
    return written

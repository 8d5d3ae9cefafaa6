"""Render the action list of an edition and format to files: HTML, PDF and 2-up PDF.

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
from bpdsl.render.pdf import html_to_pdf, two_up
from bpdsl.render.sheet import build_sheet


@dataclass
class Rendered:
    edition: str
    format: str
    files: list[Path] = field(default_factory=list)
    pages: int = 0  # pages of the PDF (0 with html only)


def render_actionlist(
    defs: Definitions,
    edition_id: str,
    format_id: str,
    out_dir: Path,
    *,
    html_only: bool = False,
    sheet_size: str = "A4",
    paper: str = "A4",
    story: bool = False,
    redline: str | None = None,
) -> Rendered:
    """Write ``<edition>-<format>.html``, ``.pdf`` and ``-2up.pdf`` into ``out_dir`` (with ``redline``, an
    older edition's id: ``<edition>-<format>-redline-<old>.*``, the changes against it marked).

    ``paper`` is the page size of the PDF (A4 or A5); the file names are the same for both, the 2-up
    sheet is ``sheet_size`` landscape either way.
    """
    sheet = build_sheet(defs, edition_id, format_id, story=story)
    stem = f"{edition_id}-{format_id}"
    if redline:  # the sheet with its changes against the edition `redline` marked (bpdsl.render.redline)
        from bpdsl.render.redline import mark_redline

        mark_redline(sheet, defs, redline)
        stem += f"-redline-{redline}"
    html = render_sheet_html(sheet, paper=paper)
    result = Rendered(edition_id, format_id)
    result.files.append(_publish(out_dir / f"{stem}.html", html))
    if html_only:
        return result
    pdf = html_to_pdf(html, base_url=TEMPLATES_DIR)
    result.files.append(_publish(out_dir / f"{stem}.pdf", pdf))
    result.files.append(_publish(out_dir / f"{stem}-2up.pdf", two_up(pdf, sheet_size)))
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

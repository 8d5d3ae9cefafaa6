"""``--paper A5``: A5 pages with their own print CSS, and the 2-up of two A5 pages on an A4 landscape sheet."""
from __future__ import annotations

import math
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.render.sheet import sheet_formats

from .conftest import render_sheets, sheets_to_lay_out
from .pdfcheck import assert_font_and_names, embedded_fonts, page_count, pdf_text, squash

MM = 72 / 25.4  # points per millimetre


def _size_mm(path: Path) -> set[tuple[float, float]]:
    """The distinct page sizes of a PDF, in millimetres."""
    sizes = set()
    for page in PdfReader(str(path)).pages:
        box = page.mediabox
        sizes.add((float(box.width) / MM, float(box.height) / MM))
    return sizes


def _is(size: tuple[float, float], width_mm: float, height_mm: float) -> bool:
    """Within a point of the named size."""
    return abs(size[0] - width_mm) * MM <= 1.0 and abs(size[1] - height_mm) * MM <= 1.0


@pytest.fixture(scope="module")
def a5_dir(defs, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return render_sheets(tmp_path_factory, "a5", a5_sheets(defs), "--paper", "A5")


def a5_sheets(defs) -> list[tuple[str, str]]:
    return sheets_to_lay_out(sheet_formats(defs), "a5")


@pytest.mark.slow
def test_a5_pages_are_a5_embed_the_font_and_hold_every_name(defs, a5_dir: Path) -> None:
    for eid, fid in a5_sheets(defs):
        edition = defs.editions[eid]
        pdf = a5_dir / f"{eid}-{fid}-a5.pdf"
        sizes = _size_mm(pdf)
        assert len(sizes) == 1 and _is(next(iter(sizes)), 148, 210), (pdf.name, sizes)
        assert_font_and_names(pdf, edition, fid)


@pytest.mark.slow
def test_two_a5_pages_share_an_a4_landscape_sheet(defs, a5_dir: Path) -> None:
    for eid, fid in a5_sheets(defs):
        n = page_count(a5_dir / f"{eid}-{fid}-a5.pdf")
        up = a5_dir / f"{eid}-{fid}-a5-2up.pdf"
        sizes = _size_mm(up)
        assert len(sizes) == 1 and _is(next(iter(sizes)), 297, 210), (up.name, sizes)
        assert page_count(up) == math.ceil(n / 2), (eid, fid, n)
        assert any("IPAex" in name and emb for name, emb in embedded_fonts(up).items())
        # The 2-up keeps the A5 pages at their own size: the text is the same text, not re-set.
        assert squash(pdf_text(up)) == squash(pdf_text(a5_dir / f"{eid}-{fid}-a5.pdf"))


@pytest.mark.slow
def test_a5_has_more_pages_than_a4_and_no_entry_is_split(defs, tmp_path: Path) -> None:
    """Laid out for A5, every entry block sits on exactly one page (``break-inside: avoid``)."""
    from weasyprint import HTML

    from bpdsl.render.html import TEMPLATES_DIR, render_sheet_html
    from bpdsl.render.sheet import build_sheet

    sheet = build_sheet(defs, "act8.0", "std")
    pages_of: dict[str, set[int]] = {}
    counts = {}
    for paper in ("A4", "A5"):
        document = HTML(string=render_sheet_html(sheet, paper=paper), base_url=str(TEMPLATES_DIR)).render()
        counts[paper] = len(document.pages)
        if paper != "A5":
            continue
        for number, page in enumerate(document.pages):
            for box in page._page_box.descendants():
                element = getattr(box, "element", None)
                if element is not None and "entry" in (element.get("class") or "").split():
                    pages_of.setdefault(element.get("id"), set()).add(number)
    assert counts["A5"] > counts["A4"]
    expected = {f"{part.id}-{e.id}" for part in sheet.parts for g in part.groups for e in g.entries}
    assert set(pages_of) == expected
    split = {eid: pages for eid, pages in pages_of.items() if len(pages) > 1}
    assert not split, split


def test_html_carries_the_print_css_of_its_paper(tmp_path: Path) -> None:
    runner = CliRunner()
    for paper, expect in (("A4", "size: A4 portrait"), ("a5", "size: A5 portrait")):
        out = tmp_path / paper
        args = ["render", "actionlist", "-e", "act8.0", "-f", "lite", "--html-only", "--paper", paper, "--out", str(out)]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        html = (out / f"act8.0-lite-{paper.lower()}.html").read_text(encoding="utf-8")
        assert expect in html
        assert ("size: A5 portrait" in html) == (paper.upper() == "A5")


def test_invalid_paper_and_a5_on_a3_are_usage_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    base = ["render", "actionlist", "-e", "act8.0", "-f", "std", "--out", str(tmp_path)]
    for extra in (["--paper", "B5"], ["--paper", ""], ["--paper", "A5", "--sheet", "A3"]):
        result = runner.invoke(app, base + extra)
        assert result.exit_code == 2, (extra, result.output)
        assert "--paper" in result.output or "--sheet" in result.output
    assert list(tmp_path.iterdir()) == []


def test_help_documents_the_paper_option() -> None:
    result = CliRunner().invoke(app, ["render", "actionlist", "--help"], terminal_width=200)
    assert result.exit_code == 0 and "--paper" in result.output and "A5" in result.output

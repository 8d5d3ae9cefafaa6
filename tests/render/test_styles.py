"""``--style``: the official layout (A5, two columns, 2-up on A4 landscape, booklet) and the one-column
styles, each written under its own file names."""
from __future__ import annotations

import math
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.render.actionlist import render_actionlist
from bpdsl.render.html import TEMPLATES_DIR, render_sheet_html
from bpdsl.render.pdf import booklet_order
from bpdsl.render.sheet import build_sheet

from .handmade import action, handmade_definitions
from .layoutcheck import entry_fragments, split_entries
from .pdfcheck import embedded_fonts, page_count, pdf_text, squash

MM = 72 / 25.4


def _sizes_mm(path: Path) -> set[tuple[int, int]]:
    return {(round(float(p.mediabox.width) / MM), round(float(p.mediabox.height) / MM))
            for p in PdfReader(str(path)).pages}


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 5, 8, 13])
def test_booklet_order_folds_into_page_order(n: int) -> None:
    sides = booklet_order(n)
    total = math.ceil(n / 4) * 4
    assert len(sides) == total // 2  # two sides a sheet, two pages a side
    printed = [p for side in sides for p in side if p is not None]
    assert sorted(printed) == list(range(n))  # every page once
    for k, (left, right) in enumerate(sides):
        # facing halves of one side add up to the last page: the stack folds in the middle
        real_left = left if left is not None else total - 1 - (right if right is not None else 0)
        real_right = right if right is not None else total - 1 - real_left
        assert real_left + real_right == total - 1, (n, k, sides)
    if n:
        assert sides[0][1] == 0  # the cover: page 1 on the right half of the first side


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory):
    """The hand-made edition, long enough for several pages, in the official and the a4 style."""
    defs = handmade_definitions()
    edition = defs.editions["act9.9"]
    for i in range(16):
        a = action(f"extra{i}", f"追加アクション{i}", ["std"], steps=3, category="magic")
        edition.actions[a.id] = a
    out = tmp_path_factory.mktemp("styles")
    official = render_actionlist(defs, "act9.9", "std", out, booklet=True)
    plain = render_actionlist(defs, "act9.9", "std", out, style="a4")
    return defs, out, official, plain


def test_each_style_writes_its_own_files(rendered) -> None:
    _, out, official, plain = rendered
    assert official.style == "official" and plain.style == "a4"
    assert sorted(p.name for p in out.iterdir()) == sorted([
        "act9.9-std-official.html", "act9.9-std-official.pdf", "act9.9-std-official-2up.pdf",
        "act9.9-std-official-booklet.pdf", "act9.9-std-a4.html", "act9.9-std-a4.pdf", "act9.9-std-a4-2up.pdf"])
    assert 'class="style-official"' in (out / "act9.9-std-official.html").read_text(encoding="utf-8")
    assert 'class="style-a4"' in (out / "act9.9-std-a4.html").read_text(encoding="utf-8")


def test_official_pages_are_a5_and_two_go_on_an_a4_landscape_sheet(rendered) -> None:
    _, out, official, _ = rendered
    pdf, up = out / "act9.9-std-official.pdf", out / "act9.9-std-official-2up.pdf"
    assert _sizes_mm(pdf) == {(148, 210)} and _sizes_mm(out / "act9.9-std-a4.pdf") == {(210, 297)}
    n = page_count(pdf)
    assert n == official.pages >= 2
    assert _sizes_mm(up) == {(297, 210)} and page_count(up) == math.ceil(n / 2)
    assert squash(pdf_text(up)) == squash(pdf_text(pdf))  # the pages themselves, not set again


def test_the_booklet_holds_every_page_in_folding_order(rendered) -> None:
    defs, out, _, _ = rendered
    pdf, book = out / "act9.9-std-official.pdf", out / "act9.9-std-official-booklet.pdf"
    n = page_count(pdf)
    assert _sizes_mm(book) == {(297, 210)} and page_count(book) == 2 * math.ceil(n / 4)
    assert any("IPAex" in name and emb for name, emb in embedded_fonts(book).items())
    pages = [squash(p.extract_text() or "") for p in PdfReader(str(pdf)).pages]
    sides = [squash(p.extract_text() or "") for p in PdfReader(str(book)).pages]
    for side, (left, right) in zip(sides, booklet_order(n)):
        assert side == "".join(pages[i] for i in (left, right) if i is not None)


def test_official_layout_sets_two_columns_and_keeps_entries_whole(rendered) -> None:
    defs, _, _, _ = rendered
    html = render_sheet_html(build_sheet(defs, "act9.9", "std"), style="official")
    found, _ = entry_fragments(html, TEMPLATES_DIR)
    assert {(part.page, part.column) for parts in found.values() for part in parts} >= {(0, 0), (0, 1)}
    assert split_entries(html, TEMPLATES_DIR) == []
    # the colophon closes the last page
    last = PdfReader(str(rendered[1] / "act9.9-std-official.pdf")).pages[-1].extract_text()
    assert squash("©2013 BlackPoker") in squash(last)


def test_style_usage_errors_exit_2(tmp_path: Path) -> None:
    runner = CliRunner()
    base = ["render", "actionlist", "-e", "act8.0", "-f", "std", "--html-only", "--out", str(tmp_path)]
    bad = runner.invoke(app, [*base, "--style", "poster"])
    assert bad.exit_code == 2 and "--style must be one of official, a4, a5" in bad.output
    bad = runner.invoke(app, [*base, "--style", "official", "--paper", "A4"])
    assert bad.exit_code == 2 and "A5 paper" in bad.output
    bad = runner.invoke(app, [*base, "--style", "official", "--sheet", "A3"])
    assert bad.exit_code == 2
    bad = runner.invoke(app, [*base, "--booklet"])
    assert bad.exit_code == 2 and "--booklet" in bad.output
    assert list(tmp_path.iterdir()) == []


def test_paper_names_the_one_column_style(tmp_path: Path) -> None:
    runner = CliRunner()
    for paper, name in (("A5", "a5"), ("A4", "a4")):
        r = runner.invoke(app, ["render", "actionlist", "-e", "act8.0", "-f", "lite", "--html-only", "--paper",
                                paper, "--out", str(tmp_path)])
        assert r.exit_code == 0, r.output
        assert (tmp_path / f"act8.0-lite-{name}.html").is_file()
    r = runner.invoke(app, ["render", "actionlist", "-e", "act8.0", "-f", "lite", "--html-only", "--out", str(tmp_path)])
    assert r.exit_code == 0 and (tmp_path / "act8.0-lite-official.html").is_file()
    assert len(list(tmp_path.iterdir())) == 3  # nothing overwritten

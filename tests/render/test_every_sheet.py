"""Every bundled sheet in the official and the a4 style: laid out with no entry split across columns or
pages (unless it is longer than a column), written as a PDF on the style's paper with the font embedded and
every entry name selectable as text.  Slow (about ten seconds a sheet): ``pytest -m slow``.

``BPDSL_SHEETS=all`` lays out every sheet in both styles (about six minutes of one core); by default, and in
CI, a fixed sample in which every bundled edition, every format and both styles appear at least once."""
from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from bpdsl.render.html import TEMPLATES_DIR, render_sheet_html
from bpdsl.render.sheet import build_sheet, sheet_formats
from bpdsl.render.styles import STYLES

from .conftest import SAMPLE, sheets_to_lay_out
from .layoutcheck import fragments_of, split_of
from .pdfcheck import assert_font_and_names

MM = 72 / 25.4
PAPER_MM = {"A4": (210, 297), "A5": (148, 210)}


def test_the_sample_covers_every_edition_format_and_style(defs) -> None:
    pairs = sheet_formats(defs)
    sampled = [pair for style in SAMPLE for pair in sheets_to_lay_out(pairs, style)]
    assert {eid for eid, _ in sampled} == {eid for eid, _ in pairs}
    assert {fid for _, fid in sampled} == {fid for _, fid in pairs}
    assert all(sheets_to_lay_out(pairs, style) for style in SAMPLE)
    assert all(pair in pairs for style in SAMPLE for pair in SAMPLE[style]), "a sampled sheet is not bundled"


@pytest.mark.slow
@pytest.mark.long  # the sample's PDFs written and laid out: minutes of CPU (scripts/test.sh --long and CI run it)
@pytest.mark.parametrize("style", ["official", "a4"])
def test_every_sheet_keeps_its_entries_whole_and_embeds_the_font(defs, style: str, tmp_path: Path) -> None:
    from weasyprint import HTML

    pairs = sheet_formats(defs)
    assert {("act6.1", "lite"), ("act8.0", "std"), ("act8.2", "mast"), ("act8.2", "extra")} <= set(pairs)
    for eid, fid in sheets_to_lay_out(pairs, style):
        html = render_sheet_html(build_sheet(defs, eid, fid), style=style)
        document = HTML(string=html, base_url=str(TEMPLATES_DIR)).render()
        found, column_height = fragments_of(document)
        edition = defs.editions[eid]
        printed = [*edition.actions_in(fid), *edition.characters_in(fid), *edition.fogs_in(fid)]
        assert len(found) >= len([e for e in printed if getattr(e, "trump", None) is None]), (style, eid, fid)
        assert split_of(found, column_height) == [], (style, eid, fid)
        if STYLES[style].columns == 2:  # the first page is set in both columns
            assert {(p.page, p.column) for parts in found.values() for p in parts} >= {(0, 0), (0, 1)}
        pdf = tmp_path / f"{eid}-{fid}-{style}.pdf"
        pdf.write_bytes(document.write_pdf())
        sizes = {(round(float(p.mediabox.width) / MM), round(float(p.mediabox.height) / MM))
                 for p in PdfReader(str(pdf)).pages}
        assert sizes == {PAPER_MM[STYLES[style].paper]}, (style, eid, fid, sizes)
        assert_font_and_names(pdf, edition, fid)

"""PDF and 2-up of a hand-built edition long enough to need several pages."""
from __future__ import annotations

import math

import pytest

from bpdsl.render.actionlist import render_actionlist

from .handmade import action, handmade_definitions
from .pdfcheck import embedded_fonts, page_count, pdf_text, squash

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory):
    defs = handmade_definitions()
    edition = defs.editions["act9.9"]
    for i in range(45):  # enough entries for three pages or more
        a = action(f"extra{i}", f"追加アクション{i}", ["std"], steps=3, category="magic")
        edition.actions[a.id] = a
    out = tmp_path_factory.mktemp("pdf")
    result = render_actionlist(defs, "act9.9", "std", out)
    return defs, out, result


def test_files_are_written(rendered) -> None:
    _, out, result = rendered
    assert sorted(p.name for p in out.iterdir()) == ["act9.9-std-official-2up.pdf", "act9.9-std-official.html", "act9.9-std-official.pdf"]
    assert result.pages == page_count(out / "act9.9-std-official.pdf") >= 3


def test_font_is_embedded(rendered) -> None:
    _, out, _ = rendered
    for name in ("act9.9-std-official.pdf", "act9.9-std-official-2up.pdf"):
        fonts = embedded_fonts(out / name)
        ipa = {k: v for k, v in fonts.items() if "IPAex" in k}
        assert ipa, f"{name}: no IPAex font among {sorted(fonts)}"
        assert all(ipa.values()), f"{name}: IPAex font not embedded: {ipa}"


def test_every_entry_name_is_extractable_text(rendered) -> None:
    defs, out, _ = rendered
    text = squash(pdf_text(out / "act9.9-std-official.pdf"))
    edition = defs.editions["act9.9"]
    for a in edition.actions_in("std"):
        assert squash(a.name) in text, a.name
    assert squash("第九版act9.9スタンダード") in text


def test_two_up_has_half_the_pages_in_landscape(rendered) -> None:
    _, out, _ = rendered
    n = page_count(out / "act9.9-std-official.pdf")
    assert page_count(out / "act9.9-std-official-2up.pdf") == math.ceil(n / 2)
    from pypdf import PdfReader

    first = PdfReader(str(out / "act9.9-std-official-2up.pdf")).pages[0]
    assert float(first.mediabox.width) > float(first.mediabox.height)
    text = squash(pdf_text(out / "act9.9-std-official-2up.pdf"))
    assert squash("追加アクション44") in text

"""The action lists of the bundled definitions, opened as produced files (HTML, PDF, 2-up PDF)."""
from __future__ import annotations

import html as htmllib
import math
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.render.sheet import sheet_formats

from .conftest import render_all, render_sheets, sheets_to_lay_out
from .pdfcheck import assert_font_and_names, embedded_fonts, page_count, squash

NAME_RE = re.compile(r'<span class="name">(?:<ruby>)?(.*?)(?:<rp>|</span>)', re.S)
ENTRY_RE = re.compile(r'<article class="entry entry-(\w+)" id="\w+-([\w.-]+)">')


@pytest.fixture(scope="module")
def html_dir(defs, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return render_all(tmp_path_factory, "html", "--html-only")


def _entries(html: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {"action": set(), "character": set(), "fog": set(), "trump": set()}
    for part, eid in ENTRY_RE.findall(html):
        found[part].add(eid)
    return found


def test_every_declared_sheet_is_rendered(defs, html_dir: Path) -> None:
    pairs = sheet_formats(defs)
    assert {("act6.1", "lite"), ("act8.0", "lite"), ("act8.0", "std")} <= set(pairs)
    assert sorted(p.name for p in html_dir.glob("*.html")) == sorted(f"{e}-{f}-official.html" for e, f in pairs)


def test_html_has_exactly_the_entries_of_its_format(defs, html_dir: Path) -> None:
    for eid, fid in sheet_formats(defs):
        edition = defs.editions[eid]
        html = (html_dir / f"{eid}-{fid}-official.html").read_text(encoding="utf-8")
        found = _entries(html)
        assert found["action"] == {a.id for a in edition.actions_in(fid)}, (eid, fid)
        assert found["character"] == {c.id for c in edition.characters_in(fid)}, (eid, fid)
        assert found["fog"] == {f.id for f in edition.fogs_in(fid)}, (eid, fid)
        face_down = edition.face_down_trump  # 裏切札: the entry of any face-down trump, after the cards
        extra = {"face_down_trump"} if face_down is not None and fid in face_down.formats else set()
        assert found["trump"] == {t.id for t in edition.trumps_in(fid)} | extra, (eid, fid)  # the エクストラリスト
        names = {htmllib.unescape(n).strip() for n in NAME_RE.findall(html)}
        for a in edition.actions.values():
            assert (a.name in names) == (fid in a.formats) or any(
                a.name == other.name for other in edition.actions_in(fid)), (eid, fid, a.name)
        fmt = edition.format(fid)
        assert edition.name in html and fmt.name in html and edition.date in html


def test_lite_sheet_has_no_standard_only_action(defs, html_dir: Path) -> None:
    edition = defs.editions["act8.0"]
    std_only = [a for a in edition.actions.values() if "std" in a.formats and "lite" not in a.formats]
    assert std_only, "act8.0 declares standard-only actions (○ in seed 003)"
    lite = (html_dir / "act8.0-lite-official.html").read_text(encoding="utf-8")
    std = (html_dir / "act8.0-std-official.html").read_text(encoding="utf-8")
    lite_names = {htmllib.unescape(n).strip() for n in NAME_RE.findall(lite)}
    for a in std_only:
        assert a.name not in lite_names and f'id="action-{a.id}"' not in lite
        assert f'id="action-{a.id}"' in std
    assert '<span class="mark">○</span>' not in lite and '<span class="mark">○</span>' in std


def test_supplement_boxes_and_colophon_come_from_the_edition(defs, html_dir: Path) -> None:
    for eid in ("act6.1", "act8.0"):
        edition = defs.editions[eid]
        html = (html_dir / f"{eid}-lite-official.html").read_text(encoding="utf-8")
        assert html.count('class="box"') == len(edition.supplements)
        for value in edition.colophon.values():
            assert htmllib.escape(str(value), quote=False) in html
    six = (html_dir / "act6.1-lite-official.html").read_text(encoding="utf-8")
    assert "（即時効果）" in six and "（通常効果）" in six and "@メイン" in six
    eight = (html_dir / "act8.0-std-official.html").read_text(encoding="utf-8")
    for label in ("(起動条件)", "(誘発条件)", "(対象)", "(効果)", "(ラベル)", "(能力)", "サイズ："):
        assert label in eight, label


def test_cli_usage_errors_exit_2(tmp_path: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(app, ["render", "actionlist", "--out", str(tmp_path)]).exit_code == 2
    bad = runner.invoke(app, ["render", "actionlist", "--edition", "act9", "--format", "std", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "unknown edition" in bad.output
    bad = runner.invoke(app, ["render", "actionlist", "--edition", "act6.1", "--format", "std", "--out", str(tmp_path)])
    assert bad.exit_code == 2
    assert list(tmp_path.iterdir()) == []


@pytest.fixture(scope="module")
def pdf_dir(defs, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return render_sheets(tmp_path_factory, "pdf", pdf_sheets(defs))


def pdf_sheets(defs) -> list[tuple[str, str]]:
    return sheets_to_lay_out(sheet_formats(defs), "official")


@pytest.mark.slow
def test_pdfs_embed_the_font_and_hold_every_name_as_text(defs, pdf_dir: Path) -> None:
    for eid, fid in pdf_sheets(defs):
        edition = defs.editions[eid]
        text = assert_font_and_names(pdf_dir / f"{eid}-{fid}-official.pdf", edition, fid)
        assert squash(f"{edition.name} {eid} {edition.format(fid).name}") in text


@pytest.mark.slow
def test_two_up_has_half_the_pages(defs, pdf_dir: Path) -> None:
    for eid, fid in pdf_sheets(defs):
        n = page_count(pdf_dir / f"{eid}-{fid}-official.pdf")
        up = pdf_dir / f"{eid}-{fid}-official-2up.pdf"
        assert page_count(up) == math.ceil(n / 2), (eid, fid, n)
        fonts = embedded_fonts(up)
        assert any("IPAex" in name and emb for name, emb in fonts.items())

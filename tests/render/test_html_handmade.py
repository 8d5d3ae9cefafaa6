"""The action-list HTML of a small hand-built edition: grouping, marks, sections, escaping."""
from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from bpdsl.render.actionlist import render_actionlist
from bpdsl.render.html import render_sheet_html
from bpdsl.render.sheet import SheetError, build_sheet, sheet_formats

from .handmade import handmade_definitions, step

EVIL = "<script>alert(1)</script>"


class _Text(HTMLParser):
    """Collects the visible text and the tags of a document."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.tags: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.tags.append(tag)
        self._in_style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        self._in_style = False

    def handle_data(self, data: str) -> None:
        if not self._in_style:
            self.text.append(data)


def parse(html: str) -> _Text:
    p = _Text()
    p.feed(html)
    return p


@pytest.fixture(scope="module")
def defs():
    return handmade_definitions(EVIL)


def test_std_sheet_has_every_std_entry_and_lite_sheet_only_lite(defs) -> None:
    edition = defs.editions["act9.9"]
    for fmt in ("lite", "std"):
        html = render_sheet_html(build_sheet(defs, "act9.9", fmt))
        text = "".join(parse(html).text)
        for a in edition.actions.values():
            assert (a.name in text) == (fmt in a.formats), (fmt, a.name)
        for c in edition.characters.values():
            assert (c.name in text) == (fmt in c.formats), (fmt, c.name)


def test_marks_and_header(defs) -> None:
    sheet = build_sheet(defs, "act9.9", "std")
    marks = {e.id: e.mark for e in sheet.entries}
    assert marks["end"] == "■" and marks["return"] == "○" and marks["magician"] == "○"
    assert sheet.title == "第九版 act9.9 スタンダード"
    html = render_sheet_html(sheet)
    text = "".join(parse(html).text)
    assert "第九版" in text and "スタンダード" in text and "2030/1/1" in text


def test_autoescape_keeps_markup_out(defs) -> None:
    html = render_sheet_html(build_sheet(defs, "act9.9", "std"))
    assert EVIL not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "script" not in parse(html).tags
    assert "誘発の説明 &amp; &lt;b&gt;" in html  # supplement boxes are escaped too


def test_supplements_costs_and_colophon(defs) -> None:
    sheet = build_sheet(defs, "act9.9", "lite")
    titles = [b.title for b in sheet.boxes]
    assert titles == ["記号の意味", "コストの意味", "防壁の置き方", "誘発する場合"]
    costs = sheet.boxes[1].lines
    game = defs.games["bp"]
    assert costs == [f"{c.id}: {c.text}" for c in game.costs]
    assert [label for label, _ in sheet.colophon] == ["誌名", "発行", ""]
    assert sheet.colophon[-1][1] == "©2013 BlackPoker"
    assert sheet.boxes[2].bullets is False and sheet.boxes[0].lines == [defs.editions["act9.9"].supplements["symbols"]]


def test_effect_steps_are_numbered_and_grouped(defs) -> None:
    sheet = build_sheet(defs, "act9.9", "std")
    end = next(e for e in sheet.entries if e.id == "end")
    effect = next(s for s in end.sections if s.kind == "effect")
    assert effect.label == "(効果)"
    assert [i.text for i in effect.blocks[0].items] == [f"エンドの効果{i}。" for i in (1, 2, 3)]
    assert effect.blocks[0].style == "decimal"
    heads = [g.heading for g in sheet.part("action").groups]
    assert heads == ["基本", "速攻魔法"]
    html = render_sheet_html(sheet)
    assert '<ol class="steps steps-decimal">' in html
    assert "<ruby>エンド<rp>(</rp><rt>endのよみ</rt>" in html


def test_indented_phrase_lines_become_nested_lists() -> None:
    defs = handmade_definitions()
    end = defs.editions["act9.9"].actions["end"]
    end.effect[1] = step("比較する。\n  兵士の場合。\n    条件その一\n  防壁の場合。")
    sheet = build_sheet(defs, "act9.9", "std")
    view = next(e for e in sheet.entries if e.id == "end")
    (steps,) = next(s for s in view.sections if s.kind == "effect").blocks
    assert steps.style == "decimal"
    (sub,) = steps.items[1].children
    assert [i.text for i in sub.items] == ["兵士の場合。", "防壁の場合。"]
    assert sub.style != steps.style and sub.items[0].children
    html = render_sheet_html(sheet)
    assert html.count("<ol") >= 3 and "条件その一" in html


def test_unknown_edition_or_format_is_a_sheet_error(defs) -> None:
    with pytest.raises(SheetError):
        build_sheet(defs, "act0", "std")
    with pytest.raises(SheetError):
        build_sheet(defs, "act9.9", "pro")
    assert sheet_formats(defs) == [("act9.9", "lite"), ("act9.9", "std")]


def test_html_only_writes_the_html_atomically(defs, tmp_path: Path) -> None:
    result = render_actionlist(defs, "act9.9", "lite", tmp_path, html_only=True)
    assert [p.name for p in result.files] == ["act9.9-lite-official.html"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["act9.9-lite-official.html"]  # no temporary left over

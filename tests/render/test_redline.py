"""The redline action list (``bpdsl render actionlist --edition act9.0 --redline act8.2``): the new sheet with
what changed against the old one marked -- changed text in red with the old text struck through, new entries
flagged, removed entries listed -- in HTML and PDF."""
from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.render.redline import mark_redline
from bpdsl.render.sheet import build_sheet


def test_marks_changed_new_and_removed(defs) -> None:
    sheet = mark_redline(build_sheet(defs, "act9.0", "extra"), defs, "act8.2")
    by_id = {(e.section, e.id): e for e in sheet.entries}
    draw = by_id[("action", "draw")]
    assert draw.change == "changed" and set(draw.was) == {"effect"} and "必要であれば" in draw.was["effect"]
    up = by_id[("action", "up")]
    assert up.change == "changed" and up.was == {"type": "速攻魔法"}
    assert by_id[("action", "quick_soldier_summon_spade")].change == "new"
    assert by_id[("action", "attack")].change == "" and by_id[("action", "attack")].was == {}
    assert by_id[("trump", "encouragement")].was["name"] == "激励"
    assert sheet.removed == ["切札再生", "前触れ", "切札リセット"]  # each J has its …再生; ♣8 has no 前触れ
    assert sheet.redline_of == "第8.2版 act8.2"


def test_an_unchanged_format_marks_only_what_changed(defs) -> None:
    sheet = mark_redline(build_sheet(defs, "act9.0", "lite"), defs, "act8.2")
    changed = sorted(e.id for e in sheet.entries if e.change)
    assert changed == ["break_bulwark", "counter", "down", "draw", "search", "throwing", "twist", "up"]
    assert not sheet.removed


def test_cli_writes_html_and_pdf(tmp_path: Path) -> None:
    r = CliRunner().invoke(app, ["render", "actionlist", "--edition", "act9.0", "--format", "std",
                                 "--redline", "act8.2", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    html = (tmp_path / "act9.0-std-official-redline-act8.2.html").read_text(encoding="utf-8")
    article = re.search(r'<article class="[^"]*redline-entry-changed[^"]*" id="action-draw">.*?</article>', html, re.S)
    assert article and '<del class="redline-was">' in article[0] and "必要であれば" in article[0]
    assert 'id="action-attack"' in html and 'redline-entry-changed" id="action-attack"' not in html
    from pypdf import PdfReader

    pages = PdfReader(str(tmp_path / "act9.0-std-official-redline-act8.2.pdf")).pages
    text = "".join(p.extract_text() for p in pages).replace("\n", "")  # lines wrap inside the narrow columns
    assert "2枚引き" in text and "必要であれば" in text  # the new text and the struck old one


def test_cli_usage_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    r = runner.invoke(app, ["render", "actionlist", "--edition", "act9.0", "--redline", "act8.9", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "unknown edition 'act8.9'" in r.output
    r = runner.invoke(app, ["render", "actionlist", "--all", "--redline", "act8.2", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "--redline" in r.output

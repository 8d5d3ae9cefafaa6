"""The format marks of every 第8.2版 sheet against the official data (../shared/upstream/act.yaml).

Each entry on a sheet is marked with the mark of the first format (ライト < スタンダード < プロ < マスター)
that the official list gives it — ■ lite, ○ std, ● pro, ◎ mast, as the official generator prints them —
and titled ``mark name (type) [format]``.  The legend of a sheet has one line per format up to its own.
The sheets are read as rendered HTML, as a player would read them.
"""
from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bpdsl.cli import app
from upstream import ACT, FORMATS, load

OFFICIAL_MARKS = {"lite": "■", "std": "○", "pro": "●", "mast": "◎"}
KIND = {"action": "action", "character": "character", "fog": "fog"}

ENTRY_RE = re.compile(
    r'<article class="entry entry-(action|character|fog)" id="[^"]+">\s*<header class="entry-head">\s*'
    r'<span class="mark">(.*?)</span>\s*<span class="name">(?:<ruby>)?(.*?)(?:<rp>|</span>).*?'
    r'<span class="type">\((.*?)\)</span>\s*<span class="tags">(.*?)</span>', re.S)
LEGEND_RE = re.compile(r'<p class="legend-line">(.*?)</p>')

pytestmark = pytest.mark.skipif(not ACT.is_file(), reason="../shared/upstream/act.yaml is not there")


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("act82")
    result = CliRunner().invoke(app, ["render", "actionlist", "--edition", "act8.2", "--html-only", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def _printed(path: Path) -> list[tuple[str, str, str, str, str]]:
    text = path.read_text(encoding="utf-8")
    return [(kind, htmllib.unescape(mark), htmllib.unescape(name).strip(), htmllib.unescape(typ),
             htmllib.unescape(tags)) for kind, mark, name, typ, tags in ENTRY_RE.findall(text)]


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_entry_is_marked_with_its_lowest_official_format(sheets: Path, fmt: str) -> None:
    official = {(e.kind, e.name): e for e in load()}
    printed = _printed(sheets / f"act8.2-{fmt}-official.html")
    on_sheet = {(e.kind, e.name) for e in official.values() if fmt in e.formats}
    assert {(k, n) for k, _, n, _, _ in printed} == on_sheet
    for kind, mark, name, typ, tags in printed:
        lowest = next(f for f in FORMATS if f in official[(kind, name)].formats)
        assert (mark, tags) == (OFFICIAL_MARKS[lowest], f"[{lowest}]"), (fmt, name, official[(kind, name)].formats)
        assert typ == official[(kind, name)].fields["type"]


def test_the_pro_action_kill_is_marked_pro_on_the_master_sheet(sheets: Path) -> None:
    printed = {n: (m, t) for _, m, n, _, t in _printed(sheets / "act8.2-mast-official.html")}
    assert printed["キル"] == ("●", "[pro]")
    assert len({m for m, _ in printed.values()}) == 4  # the four marks all occur on the マスター sheet


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_legend_explains_the_marks_up_to_the_sheets_format(sheets: Path, fmt: str) -> None:
    text = (sheets / f"act8.2-{fmt}-official.html").read_text(encoding="utf-8")
    lines = [htmllib.unescape(x) for x in LEGEND_RE.findall(text)]
    upto = FORMATS[: FORMATS.index(fmt) + 1]
    if fmt == "lite":
        assert lines == [] and 'class="legend"' not in text  # a ライト sheet needs none
        return
    names = {"lite": "ライト", "std": "スタンダード", "pro": "プロ", "mast": "マスター"}
    assert lines == [f"{OFFICIAL_MARKS[f]} {f} : {'、'.join(names[g] for g in upto[i:])}で使えます。"
                     for i, f in enumerate(upto)]

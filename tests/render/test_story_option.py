"""The story and flavor text of 第8.2版 entries: carried as data, printed only with --story."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bpdsl.engine import load_definitions
from bpdsl.render.html import render_sheet_html
from bpdsl.render.sheet import build_sheet

STORY = "どの国もいきなり攻撃はしません。"  # 防壁設置's story (act8.2 definitions, from the official list)
FLAVOR = "「まずは、防壁を出す。話はそれからだ。」"
SPEAKER = "再現の師より"


def test_the_sheet_prints_no_story_unless_asked() -> None:
    html = render_sheet_html(build_sheet(load_definitions(), "act8.2", "mast"))
    assert STORY not in html and FLAVOR not in html and 'class="lore"' not in html


def test_story_flavor_and_speaker_under_their_entry() -> None:
    defs = load_definitions()
    sheet = build_sheet(defs, "act8.2", "mast", story=True)
    entry = next(e for e in sheet.entries if e.id == "place_bulwark")
    assert entry.story.startswith(STORY) and entry.flavor == FLAVOR and entry.flavor_speaker == SPEAKER
    html = render_sheet_html(sheet)
    article = html.split('id="action-place_bulwark"', 1)[1].split("</article>", 1)[0]
    assert STORY in article and FLAVOR in article and f"― {SPEAKER}" in article
    # every entry carrying a story or a flavor prints it, and only those
    ed = defs.editions["act8.2"]
    entries = [*ed.actions_in("mast"), *ed.characters_in("mast"), *ed.fogs_in("mast")]
    carried = [e for e in entries if getattr(e, "story", None) or getattr(e, "flavor", None)]
    assert html.count('class="lore"') == len(carried) > 10
    # a flavor of several lines keeps its lines (徴募)
    recruit = html.split('id="action-recruit"', 1)[1].split("</article>", 1)[0]
    assert recruit.count("「君はどう？兵士になる？...あっそう。」") == 2 and "<br>" in recruit


def test_story_text_is_escaped(tmp_path: Path) -> None:
    defs = load_definitions()
    sheet = build_sheet(defs, "act8.2", "mast", story=True)
    entry = next(e for e in sheet.entries if e.id == "place_bulwark")
    entry.story = "<script>alert(1)</script>"
    html = render_sheet_html(sheet)
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html


def test_cli_story_option(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "bpdsl", "render", "actionlist", "-e", "act8.2", "-f", "std",
                        "--html-only", "--story", "--out", str(tmp_path)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    html = (tmp_path / "act8.2-std-official.html").read_text(encoding="utf-8")
    assert STORY in html and SPEAKER in html

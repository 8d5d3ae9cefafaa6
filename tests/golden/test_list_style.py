"""Golden test: every list of the printed text uses the marker style of the seed sheet, item by item.

The seeds mark list items with ``・``/``-`` (bullets), ``1.`` (numbered), ``(a)`` and ``i.``.  Each marked
line of the action and character lists of seed 002 (act6.1 ライト) and seed 003 (act8.0 スタンダード) is read
with its marker, and every rendered list item (nested ones included) must be found among them with the
same style; every marked line of the seed must be a rendered list item of that style.  The expected styles
are read from the seed files, never written here.
"""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from bpdsl.render.text import EntryText, TextBlock, edition_texts
from seedtext import PART_HEADINGS, find_seed, normalize

SHEETS = [("act6.1", "lite", "002"), ("act8.0", "std", "003")]
IDS = [f"{e}-{f}" for e, f, _ in SHEETS]

_TAG = re.compile(r"<[^>]*>")
_MARKER = re.compile(r"^(?:(?P<bullet>[-*・])|(?P<decimal>\d+\.(?!\d))|(?P<alpha>\([a-z]\))"
                     r"|(?P<roman>(?:i|ii|iii|iv|v|vi)\.))\s*")
MIN_MATCH = 8  # characters of normalised text two lines must share to be the same item


def seed_marked_lines(raw: str) -> list[tuple[str, str]]:
    """(style, normalised text) of every marked line after the action list heading of a seed."""
    start = unicodedata.normalize("NFKC", raw).find("アクションリスト")
    raw = unicodedata.normalize("NFKC", raw)[max(start, 0):]
    out: list[tuple[str, str]] = []
    for line in _TAG.sub("\n", raw).replace("|", "\n").split("\n"):
        line, style = line.strip(), ""
        while (m := _MARKER.match(line)) is not None:
            style = m.lastgroup or style
            line = line[m.end():].strip()
        text = normalize(line)
        if style and len(text) >= MIN_MATCH:
            out.append((style, text))
    return out


def rendered_items(entry: EntryText) -> list[tuple[str, str]]:
    """(style, normalised first line) of every list item of an entry, nested ones included."""
    out: list[tuple[str, str]] = []

    def walk(blocks: list[TextBlock]) -> None:
        for block in blocks:
            for item in block.items:
                out.append((block.style, normalize(item.text)))
                walk(item.children)
            walk(block.children)

    for section in entry.sections:
        walk(section.blocks)
    return out


def _same(a: str, b: str) -> bool:
    n = min(len(a), len(b))
    return n >= MIN_MATCH and a[:n] == b[:n]


@pytest.mark.parametrize("edition_id,format_id,seed_prefix", SHEETS, ids=IDS)
def test_list_style_follows_the_seed(definitions, seeds_dir: Path, edition_id: str, format_id: str,
                                     seed_prefix: str) -> None:
    seed = find_seed(seeds_dir, seed_prefix)
    marked = seed_marked_lines(seed.raw)
    texts = [t for t in edition_texts(definitions.editions[edition_id], format_id)
             if t.entry in PART_HEADINGS]
    items = [(t.name, style, text) for t in texts for style, text in rendered_items(t)]
    problems: list[str] = []
    for name, style, text in items:
        styles = {s for s, line in marked if _same(line, text)}
        if not styles:
            problems.append(f"{name}: item {text[:30]!r} is not a marked line of seed {seed_prefix}")
        elif style not in styles:
            problems.append(f"{name}: item {text[:30]!r} printed as {style}, seed marks it {sorted(styles)}")
    for style, line in marked:
        ours = {s for _, s, text in items if _same(line, text)}
        if not ours:
            problems.append(f"seed line {line[:30]!r} ({style}) is not a rendered list item")
        elif style not in ours:
            problems.append(f"seed line {line[:30]!r} ({style}) is rendered as {sorted(ours)}")
    assert items and marked, "both the seed and the rendered text have lists"
    assert not problems, "\n".join(problems)


BUNDLED = Path(__file__).resolve().parents[2] / "definitions"
FIXTURE = Path(__file__).resolve().parents[1] / "dsl" / "fixtures" / "base"


def _mini(tmp_path: Path, edition_list: str | None, action_list: str | None) -> Path:
    """The minimal fixture edition with ``list:`` written on the edition and/or on its action ``end``."""
    for f in FIXTURE.iterdir():
        text = f.read_text(encoding="utf-8")
        if f.name == "edition.yaml" and edition_list is not None:
            text = text.replace("notation: trigger-speed-timing\n",
                                f"notation: trigger-speed-timing\nlist: {edition_list}\n")
        if f.name == "actions.yaml" and action_list is not None:
            text = text.replace("  - id: end\n", f"  - id: end\n    list: {action_list}\n", 1)
        (tmp_path / f.name).write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("edition_list,action_list,expected", [
    (None, None, "numbered"), ("bullets", None, "bullets"), ("bullets", "numbered", "numbered"),
    ("numbered", "bullets", "bullets")])
def test_list_is_declared_per_edition_and_per_action(tmp_path: Path, edition_list: str | None,
                                                     action_list: str | None, expected: str) -> None:
    from bpdsl.dsl import loader
    from bpdsl.render.text import LIST_STYLES, step_style

    result = loader.load([_mini(tmp_path, edition_list, action_list), BUNDLED / "blackpoker" / "flows"])
    assert result.ok, [d.format() for d in result.diagnostics]
    edition = result.definitions.editions["mini"]
    assert edition.list_style == edition_list and edition.actions["end"].list_style == action_list
    assert step_style(edition, edition.actions["end"]) == LIST_STYLES[expected]


@pytest.mark.parametrize("edition_list,action_list", [("roman", None), (None, "letters")])
def test_unknown_list_style_is_a_diagnostic(tmp_path: Path, edition_list: str | None,
                                            action_list: str | None) -> None:
    from bpdsl.dsl import loader

    result = loader.load([_mini(tmp_path, edition_list, action_list), BUNDLED / "blackpoker" / "flows"])
    assert not result.ok
    assert any("list" in d.format() for d in result.diagnostics)

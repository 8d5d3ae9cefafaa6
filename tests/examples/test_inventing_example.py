"""The manual's chapter "inventing abilities" (docs/designer/abilities.rst) and its example project
docs/designer/examples/inventing: ten trump abilities no official list has, written in YAML only on top of
第9.0版 -- validated and played through the real commands, and every sentence the chapter says bpdsl prints
compared with what bpdsl prints, so that the chapter cannot go stale."""
from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ROOT / "docs" / "designer" / "examples" / "inventing"
CHAPTER = ROOT / "docs" / "designer" / "abilities.rst"
SCENARIOS = sorted((PROJECT / "scenarios").glob("*.yaml"))
TRUMPS = ["persistence", "martyr", "blessing", "levy", "siege", "rally", "resonance", "vigilance", "rampart",
          "devotion"]


def _bpdsl(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "bpdsl", *args], cwd=PROJECT, env=env, capture_output=True,
                          text=True, timeout=300)


@pytest.fixture(scope="module")
def chapter() -> str:
    return CHAPTER.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def edition():  # type: ignore[no-untyped-def]
    from bpdsl.dsl.loader import load
    from bpdsl.dsl.project import select

    result = load(select(cwd=PROJECT).roots())
    assert result.diagnostics == [], [str(d) for d in result.diagnostics]
    return result.definitions.editions["invented"]


def _printed_blocks(text: str) -> dict[str, list[str]]:
    """The chapter's 「printed」 blocks: ``.. code-block:: text`` with ``:caption: printed: <trump id>``."""
    blocks: dict[str, list[str]] = {}
    for m in re.finditer(r"^\.\. code-block:: text\n   :caption: printed: (\w+)\n\n((?:   .*\n)+)", text, re.M):
        assert m.group(1) not in blocks, f"two printed blocks for {m.group(1)}"
        blocks[m.group(1)] = [line[3:] for line in m.group(2).splitlines()]
    return blocks


def _sheet_lines(edition: Any, trump_id: str) -> list[str]:
    """What the エクストラ sheet prints below the trump's name: its (能力), then each action it brings, section
    by section (label, then lines)."""
    from bpdsl.render.text import entry_text, trump_text

    trump = edition.trumps[trump_id]
    entries = [trump_text(edition, trump)] + [entry_text(edition, edition.actions[a], "extra") for a in trump.actions]
    out: list[str] = []
    for e in entries:
        for s in e.sections:
            if s.lines():
                out += [s.label, *s.lines()]
    return out


def test_the_example_validates_and_every_scenario_passes(chapter: str) -> None:
    v = _bpdsl("validate")
    assert v.returncode == 0, v.stdout + v.stderr
    s = _bpdsl("scenario")
    assert s.returncode == 0, s.stdout + s.stderr
    assert f"{len(SCENARIOS)} passed, 0 failed" in s.stdout, s.stdout
    said = re.search(r"# (\d+) scenarios, each ability played", chapter)
    assert said and int(said.group(1)) == len(SCENARIOS)


def test_each_trump_has_its_printed_block_and_it_is_what_bpdsl_prints(edition: Any, chapter: str) -> None:
    blocks = _printed_blocks(chapter)
    assert sorted(blocks) == sorted(TRUMPS)
    new = [t for t in edition.trumps.values() if t.pos.file.endswith("inventing/definitions/trumps.yaml")]
    assert sorted(t.id for t in new) == sorted(TRUMPS)
    for trump_id, written in blocks.items():
        assert written == _sheet_lines(edition, trump_id), trump_id


def test_the_rendered_sheet_holds_the_chapter_sentences(tmp_path: Path, chapter: str) -> None:
    r = _bpdsl("render", "actionlist", "-f", "extra", "--html-only", "--out", str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr
    page = (tmp_path / "invented-extra-official.html").read_text(encoding="utf-8")
    text = html.unescape(re.sub(r"<[^>]+>", "", re.sub(r"<rt>.*?</rt>", "", page)))
    text = re.sub(r"\s+", "", text)
    for trump_id, lines in _printed_blocks(chapter).items():
        for line in lines:
            assert line in text, (trump_id, line)


def test_each_yaml_part_and_scenario_the_chapter_shows_is_in_the_project(chapter: str) -> None:
    source = (PROJECT / "definitions" / "trumps.yaml").read_text(encoding="utf-8")
    includes = re.findall(r"^\.\. literalinclude:: (\S+)\n((?:   :.*\n)*)", chapter, re.M)
    parts = {}
    for path, options in includes:
        assert (CHAPTER.parent / path).is_file(), path
        after = re.search(r":start-after: (.*)", options)
        before = re.search(r":end-before: (.*)", options)
        if after and before:
            start, end = source.index(after.group(1)), source.index(before.group(1))
            assert source.count(after.group(1)) == 1 and start < end, after.group(1)
            parts[after.group(1).removeprefix("# --- ")] = source[start:end]
    assert sorted(parts) == sorted(TRUMPS)
    for trump_id, part in parts.items():
        assert f"- id: {trump_id}\n" in part, trump_id
    for path in SCENARIOS:  # every scenario of the project is named in the chapter
        assert path.name in chapter, path.name


def test_the_names_table_gives_the_declared_words(chapter: str) -> None:
    from bpdsl.games.blackpoker.expr_names import NAMES

    section = chapter.split("\nNames\n~~~~~\n", 1)[1].split("\nTen invented abilities\n", 1)[0]
    rows = re.findall(r"^   \* - ``([\w.]+)``\n     - (.+)$", section, re.M)
    assert len(rows) >= 10
    for name, words in rows:
        assert NAMES[name].phrase_ja == words, name


# the args of ``on`` that print the example of each row of the chapter's table of events
EVENT_EXAMPLES = {
    "card_moved": {"event": "card_moved", "whose": "self", "kind": "bulwark", "from": ["field"], "to": ["grave"],
                   "cause": "blocker"},
    "character_entered": {"event": "character_entered", "whose": "self"},
    "damage": {"event": "damage", "whose": "self", "min_amount": 2},
    "action_raised": {"event": "action_raised", "whose": "opponent", "actions": {"ids": ["throwing"]}},
    "action_resolved": {"event": "action_resolved", "whose": "self"},
    "action_negated": {"event": "action_negated", "whose": "self"},
    "trump_turned": {"event": "trump_turned", "whose": "self", "face": "up"},
}


def test_the_events_table_lists_every_event_with_its_filters_and_words(edition: Any, chapter: str) -> None:
    from bpdsl.games.blackpoker.ops.events import EVENTS, ON
    from bpdsl.render.text import phrase_context

    table = chapter.split(".. list-table:: The events of ``on``", 1)[1].split("\nEvery event also takes", 1)[0]
    rows = [[" ".join(cell.split()) for cell in row.split("\n     - ")] for row in table.split("\n   * - ")[2:]]
    assert [row[0] for row in rows] == [f"``{e}``" for e in EVENTS]
    ctx = phrase_context(edition)
    for first, _what, filters, printed in rows:
        event, words = first.strip("`"), printed.strip().removeprefix("「").removesuffix("」")
        own = {arg for arg, rule in ON.args.items()
               if event in (rule.get("dependencies") or {}).get("event", [])}
        named = set(re.findall(r"``(\w+)", filters)) & set(ON.args)
        assert named == own, (event, named, own)
        assert ON.render(ctx, EVENT_EXAMPLES[event]) == f"{words}時に誘発する。", event


# the sentences the section on the blocks says each block prints, with the call that prints it
BLOCK_EXAMPLES = [
    ("replacement", {"on": {"event": "damage", "whose": "self"}, "prevent": True},
     "自分がダメージを受ける場合、代わりにそのダメージを受けない。"),
    ("cost_change", {"whose": "opponent", "actions": {"speed": "instant"}, "add": "D"},
     "対戦相手が直接起こす即時アクションは、コストに$Dが加わる。"),
    ("forbid", {"whose": "opponent", "actions": {"ids": ["attack"]}}, "対戦相手はアタックアクションを直接起こせない。"),
    ("forbid", {"what": "open", "whose": "opponent"}, "対戦相手は切札を表向きにできない。"),
    ("counter_add", {"on": "this", "amount": 1}, "この切札にカウンターを1個置く。"),
    ("counter_set", {"on": "this", "to": 0}, "この切札のカウンターを0個にする。"),
    ("forbid", {"whose": "opponent", "actions": {"ids": ["attack"]}, "while": "me.life <= 3"},
     "自分のライフの枚数が3以下の場合、対戦相手はアタックアクションを直接起こせない。"),
]


@pytest.mark.parametrize("op, args, words", BLOCK_EXAMPLES, ids=[f"{o}-{i}" for i, (o, _, _) in
                                                                  enumerate(BLOCK_EXAMPLES)])
def test_the_blocks_print_what_the_chapter_says(edition: Any, chapter: str, op: str, args: dict[str, Any],
                                                words: str) -> None:
    from bpdsl.dsl.expr import parse
    from bpdsl.ops.registry import REGISTRY
    from bpdsl.render.text import phrase_context

    if "while" in args:
        args = {**args, "while": parse(args["while"])}
    printed = REGISTRY[op].render(phrase_context(edition), args)
    assert printed == words
    assert words in re.sub(r"\s+", "", chapter), words


def test_the_limits_print_as_the_chapter_says(chapter: str) -> None:
    from bpdsl.games.blackpoker.ops._filters import LIMIT_WORDS

    flat = " ".join(chapter.split())
    for limit, words in LIMIT_WORDS.items():
        assert f"``{limit}`` 「{words}」" in flat, limit

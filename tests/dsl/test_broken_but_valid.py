"""Definitions that used to validate although they were broken (found by fuzzing the bundled definitions)
now fail with a positioned diagnostic (``file:line:col: CODE message`` + hint) at the broken spot.

Each case copies the bundled definitions, makes one edit a careless designer could make, loads the copy
alone and checks the code and the exact line and column of the diagnostic (computed from the edited text,
so the test follows the definitions as they change).
"""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from bpdsl.diagnostics import Diagnostic
from bpdsl.dsl.loader import load

ROOT = Path(__file__).resolve().parents[2]
DEFINITIONS = ROOT / "definitions"


@dataclass(frozen=True)
class Edit:
    """Replace ``old`` by ``new`` (once) in ``file``; the diagnostic ``code`` is expected in the file
    ``at`` (default: the edited one) at the first occurrence of ``mark`` (default: ``new``)."""

    file: str
    old: str
    new: str
    code: str
    words: str
    at: str = ""
    mark: str = ""


SPADE = '  - {id: spade, mark: "♠", name: スペード}\n'
CASES: dict[str, Edit] = {
    # a suit removed from game.yaml while key patterns and a fixed deck of a frame still use it
    "suit removed: key pattern": Edit("blackpoker/game.yaml", SPADE, "", "K002", "suit ♠ (spade)",
                                      at="blackpoker/editions/act8.0/actions.yaml", mark='♠A〜10"'),
    "suit removed: frame deck": Edit("blackpoker/game.yaml", SPADE, "", "R104", "declares no suit ♠",
                                     at="blackpoker/regulations/bp2024.yaml", mark='"♠A"'),
    "the field zone removed": Edit(
        "blackpoker/game.yaml",
        "  - {id: field, name: 場, ordered: true, visibility: face_up, owner_visibility: contents, role: characters}\n",
        "", "G001", "no zone 'field'", mark="zones:\n  |- {id: life,"),
    "rank without a value a game can have": Edit("blackpoker/game.yaml", "{id: A, value: 1}",
                                                 "{id: A, value: -99999999999}", "S005", "out of range",
                                                 mark="-99999999999"),
    "rank of 401 digits": Edit("blackpoker/game.yaml", "{id: A, value: 1}", "{id: A, value: 1" + "0" * 400 + "}",
                               "S005", "401 digits", mark="1" + "0" * 400),
    "a size beyond any game": Edit("blackpoker/editions/act8.0/characters.yaml", "{size_fixed: {value: 1}}",
                                   "{size_fixed: {value: 10000000}}", "S005", "out of range", mark="10000000"),
    "a count below any game": Edit("blackpoker/editions/act8.0/actions.yaml", "draw: {count: 1}",
                                   "draw: {count: -99999999999}", "S005", "out of range", mark="-99999999999"),
    "a map where the colophon prints text": Edit("blackpoker/editions/act8.0/edition.yaml", "issued: 2025/3/x",
                                                 "issued: {x: {y: 1}}", "S003", "'issued' must be a text",
                                                 mark="{x: {y: 1}}"),
    "a list where a legend box prints text": Edit(
        "blackpoker/editions/act8.0/edition.yaml", '    text: "@:トリガー-スピード-タイミング, $:コスト, ★:キーカード"',
        "    text: [a, {b: 1}]", "S003", "'text' must be a text", mark="[a, {b: 1}]"),
    "a map among the lines of a legend box": Edit("blackpoker/editions/act8.0/edition.yaml",
                                                  "      - 防壁の左右の入れ替えは行わない。", "      - {x: 1}", "S003",
                                                  "must be a text", mark="{x: 1}"),
    "an empty trigger step id": Edit("blackpoker/flows/bp2024.yaml", '{id: "6-2",', '{id: "",', "S005",
                                     "not empty", mark='""'),
    "an empty action id": Edit("blackpoker/editions/act8.0/actions.yaml", "  - id: attack\n", '  - id: ""\n',
                               "S005", "cannot be empty", mark='""\n    name: アタック'),
    "a trigger step id twice": Edit("blackpoker/flows/bp2024.yaml", '{id: "6-2",', '{id: "6-1",', "F003",
                                    "defined twice", mark='"6-1", label: "[6-2]'),
    "a scoring table row twice": Edit("blackdoubt/editions/bd1/actions.yaml", "{row: 2, a: bust, b: doubt,",
                                      "{row: 1, a: bust, b: doubt,", "O005", "repeats item 1 (row: 1)",
                                      mark="{row: 1, a: bust, b: doubt,"),
    "a scoring table outcome twice": Edit("blackdoubt/editions/bd1/actions.yaml", "{row: 2, a: bust, b: doubt,",
                                          "{row: 2, a: bust, b: bust,", "O005", "(a: bust, b: bust)",
                                          mark="{row: 2, a: bust, b: bust,"),
    # texts that fit the schema but cannot be meant (bpdsl.dsl.textchecks)
    "an emptied name": Edit("blackpoker/editions/act8.0/actions.yaml", "    name: エンド\n", '    name: ""\n', "S005",
                            "'name' cannot be empty", mark='""\n    ruby: えんど'),
    "an emptied ruby": Edit("blackpoker/editions/act8.0/actions.yaml", "    ruby: えんど\n", '    ruby: ""\n', "S005",
                            "'ruby' cannot be empty", mark='""\n    category: basic'),
    "an emptied type": Edit("blackpoker/editions/act8.0/characters.yaml", "    type: 兵士\n", '    type: ""\n',
                            "S005", "'type' cannot be empty", mark='""\n    key: "2〜10"'),
    "an emptied description": Edit("blackdoubt/game.yaml", "description: match points; the player who reaches "
                                   "the limit loses}", 'description: " "}', "S005", "'description' cannot be empty",
                                   mark='" "}'),
    "a rulebook date of day 0": Edit("blackpoker/flows/bp2024.yaml", "rulebook: 2024/4/1", "rulebook: 2024/4/0",
                                     "S005", "no day 0", mark="2024/4/0"),
    "an edition date of month 13": Edit("blackpoker/editions/act8.0/edition.yaml", "date: 2025/3/x",
                                        "date: 2025/13/x", "S005", "month 13", mark="2025/13/x"),
    "a right-to-left override in a format name": Edit(
        "blackpoker/editions/act8.0/edition.yaml", "{id: std, name: スタンダード", "{id: std, name: スタン\u202eダード",
        "S005", "U+202E", mark="スタン\u202eダード"),
    "a left-to-right mark in a character name": Edit(
        "blackpoker/editions/act8.0/characters.yaml", "    name: 英雄\n", "    name: 英\u200e雄\n", "S005", "U+200E",
        mark="英\u200e雄"),
    "an unknown term": Edit("blackpoker/editions/act8.0/edition.yaml", "  size_label: サイズ", "  size_labl: サイズ",
                            "S001", "did you mean 'size_label'", mark="size_labl"),
    # lists that must not repeat, and nulls where a value is needed
    "an ability listed twice": Edit(
        "blackpoker/editions/act8.0/characters.yaml", "      - waive_cost: {name: 魔力増加, type: 速攻魔法, cost: D}\n",
        "      - waive_cost: {name: 魔力増加, type: 速攻魔法, cost: D}\n      - waive_cost: {name: 魔力増加, type: 速攻魔法, "
        "cost: D}\n", "O005", "repeats item 1", mark="waive_cost: {name: 魔力増加, type: 速攻魔法, cost: D}\n      - |waive"),
    "a label listed twice": Edit("blackpoker/editions/act8.0/characters.yaml",
                                 "    labels: [label_attacker, label_blocker, label_haste]",
                                 "    labels: [label_attacker, label_blocker, label_attacker]", "O005",
                                 "repeats item 1", mark="label_blocker, |label_attacker]"),
    "an action's key set to null": Edit("blackpoker/editions/act8.0/actions.yaml", '    key: "2〜10"\n',
                                        "    key: null\n", "S002", "plays or reads its key cards", mark="null\n"),
    "a trump format's extra list set to null": Edit("blackpoker/regulations/bp2021.yaml", "    extra_list: extra",
                                                    "    extra_list: null", "R102", "names no extra list",
                                                    mark="null"),
    "Black Doubt's points counter deleted": Edit(
        "blackdoubt/game.yaml",
        "  - {id: points, name: 得点, description: match points; the player who reaches the limit loses}\n", "",
        "D006", "declares no counter 'points'", at="blackdoubt/editions/bd1/actions.yaml",
        mark="lose_at: {counter: |points"),
    # checked before this file existed; kept here so that they stay errors
    "an effect op paying a cost letter": Edit("blackpoker/game.yaml", "op: pay_life}", "op: damage}", "O003",
                                              "a effect op", mark="damage}"),
    "an effect op where a condition stands": Edit("blackpoker/editions/act8.0/actions.yaml",
                                                  "    conditions:\n      - once_per_turn\n",
                                                  "    conditions:\n      - draw\n", "O003", "condition",
                                                  mark="draw\n    formats"),
    "an effect op where a trigger condition stands": Edit("blackpoker/editions/act8.0/actions.yaml",
                                                          "      on_resolved: {action: end, by: turn_player}",
                                                          "      draw: {count: 1}", "O003", "trigger",
                                                          mark="draw: {count: 1}\n    formats"),
    "an effect op where a target stands": Edit(
        "blackpoker/editions/act8.0/actions.yaml",
        "      target_character: {what: soldier, controller: self, same_suit_as_key: true, exclude_joker: true}",
        "      draw: {count: 1}", "O003", "target", mark="target:\n      |draw: {count: 1}"),
    "an effect op where an ability stands": Edit("blackpoker/editions/act8.0/characters.yaml",
                                                 "      - waive_cost: {name: 魔力増加, type: 速攻魔法, cost: D}",
                                                 "      - draw: {count: 1}", "O003", "draw",
                                                 mark="draw: {count: 1}"),
    "a regulation of an unknown edition": Edit("blackpoker/regulations/bp2024.yaml", "edition: act8.2",
                                               "edition: act9.9", "R106", "'act9.9'", mark="act9.9"),
    # texts that print as nothing or break the sheet, and words no phrase can print
    "a NUL in a name": Edit("blackpoker/editions/act8.0/actions.yaml", "name: チャージ", 'name: "チャ\\0ージ"',
                            "N001", "U+0000 (NUL)", mark='"チャ'),
    "an escape character in a text": Edit("blackpoker/editions/act8.0/actions.yaml", "name: ドロー",
                                          'name: "ドロー\\e[31m"', "N001", "U+001B", mark='"ドロー'),
    "a name made only of zero-width spaces": Edit("blackpoker/editions/act8.0/actions.yaml", "name: エンド",
                                                  'name: "\\u200b\\u200b"', "N001", "U+200B",
                                                  mark='"\\u200b'),
    "a name of zero-width characters and spaces": Edit("blackpoker/editions/act8.0/actions.yaml", "name: エンド",
                                                       'name: " \\u2060\\ufeff "', "N001", "invisible",
                                                       mark='" \\u2060'),
    "the unit of a counter the game does not declare": Edit("blackdoubt/editions/bd1/edition.yaml",
                                                            '"unit:points": 点', '"unit:nosuch": 点', "N002",
                                                            "give: unit:points, unit:drawn", mark='点\n  "counter:drawn"'),
    "the name of a counter the game does not declare": Edit("blackdoubt/editions/bd1/edition.yaml",
                                                            '"counter:drawn":', '"counter:drwn":', "N002",
                                                            "no counter 'drwn'",
                                                            mark="この番に引いたカードの枚数"),
    "a form of a wording term that does not exist": Edit("blackpoker/editions/act8.0/edition.yaml",
                                                         "wording: modern", "wording: modrn", "N002",
                                                         "did you mean 'modern'", mark="modrn"),
}


def _position(text: str, mark: str) -> tuple[int, int]:
    """(line, column) of the first character of ``mark`` that is not blank (1-based); a ``|`` in ``mark``
    stands for the place itself (what comes before it only makes the mark unique)."""
    before, bar, after = mark.partition("|")
    at = text.index(before + after) + len(before) if bar else text.index(mark)
    if not bar:
        at += len(mark) - len(mark.lstrip(" \n"))
    line = text.count("\n", 0, at) + 1
    return line, at - (text.rfind("\n", 0, at) + 1) + 1


def _edit_and_load(tmp_path: Path, edit: Edit) -> tuple[list[Diagnostic], Path]:
    copy = tmp_path / "definitions"
    shutil.copytree(DEFINITIONS, copy)
    target = copy / edit.file
    text = target.read_text(encoding="utf-8")
    assert edit.old in text, f"the bundled {edit.file} no longer holds {edit.old!r}: update this case"
    target.write_text(text.replace(edit.old, edit.new, 1), encoding="utf-8")
    return load([copy]).diagnostics, copy


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_broken_definition_is_an_error_at_its_place(tmp_path: Path, name: str) -> None:
    edit = CASES[name]
    diagnostics, copy = _edit_and_load(tmp_path, edit)
    errors = [d for d in diagnostics if d.severity == "error"]
    assert errors, f"{name}: the broken definitions still validate"
    at = copy / (edit.at or edit.file)
    line, col = _position(at.read_text(encoding="utf-8"), edit.mark or edit.new)
    found = [d for d in errors if d.code == edit.code and Path(d.pos.file) == at]
    assert found, [d.format() for d in errors]
    first = min(found, key=lambda d: (d.pos.line, d.pos.col))
    assert (first.pos.line, first.pos.col) == (line, col), first.format()
    assert edit.words in first.message + " " + first.hint, first.format()
    for d in errors:  # every diagnostic of the run is positioned, none is an internal error
        assert d.pos.line > 0 and d.pos.col > 0 and d.code != "L002", d.format()

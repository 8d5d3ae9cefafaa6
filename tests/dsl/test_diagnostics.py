"""One broken fixture per diagnostic code: each mistake is reported once, with its code, line and column.

A case is the valid tree ``fixtures/base`` with the files of ``fixtures/<CODE>/`` laid over it (loaded
together with the bundled 2024 core flow that the fixture edition plays on).
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bpdsl.diagnostics import CODES
from bpdsl.dsl import loader
from bpdsl.dsl.loader import load

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures"
FLOW = HERE.parent.parent / "definitions" / "blackpoker" / "flows" / "bp2024.yaml"

# code -> (file, line, column, words the message or hint must contain)
CASES: dict[str, tuple[str, int, int, str]] = {
    "Y001": ("actions.yaml", 5, 14, "mapping values"),
    "Y002": ("edition.yaml", 9, 14, "tab"),
    "Y003": ("edition.yaml", 7, 1, "'date'"),
    "Y004": ("extra.yaml", 2, 7, "UTF-8"),
    "Y005": ("characters.yaml", 12, 1, "one YAML document"),
    "Y006": ("game.yaml", 6, 3, "key"),
    "Y007": ("extra.yaml", 1, 1, "empty"),
    "Y008": ("edition.yaml", 6, 7, "!custom"),
    "Y009": ("extra.yaml", 3, 103, "nested more than 100 levels"),
    "Y010": ("extra.yaml", 8, 12, "anchors"),
    "S001": ("actions.yaml", 6, 5, "did you mean 'ruby'"),
    "S002": ("actions.yaml", 4, 5, "type"),
    "S003": ("actions.yaml", 6, 11, "quote it"),
    "S004": ("actions.yaml", 8, 39, "did you mean 'normal'"),
    "S005": ("game.yaml", 5, 9, "at most 8"),
    "S006": ("extra.yaml", 1, 7, "did you mean 'actions'"),
    "D001": ("actions.yaml", 12, 5, "defined twice"),
    "D002": ("edition.yaml", 5, 7, "did you mean 'minigame'"),
    "D003": ("actions.yaml", 31, 42, "did you mean 'general_soldier'"),
    "D004": ("actions.yaml", 9, 21, "'std'"),
    "D005": ("actions.yaml", 6, 15, "did you mean 'basic'"),
    "D006": ("game.yaml", 17, 54, "did you mean 'count'"),
    "G001": ("game.yaml", 18, 95, "already the role of zone 'life'"),
    "C001": ("actions.yaml", 27, 12, "'X'"),
    "K001": ("actions.yaml", 28, 13, "no rank 11"),
    "K002": ("actions.yaml", 28, 11, "suits of the game: ♠ ♡"),
    "K003": ("actions.yaml", 28, 11, "no zone of the game"),
    "X001": ("actions.yaml", 18, 56, "did you mean 'attackers.count'"),
    "X002": ("actions.yaml", 30, 23, "cond:me.hand>=1oropponent.life<3"),
    "O001": ("actions.yaml", 21, 9, "did you mean 'charge_all'"),
    "O002": ("actions.yaml", 21, 27, "did you mean 'turn_player'"),
    "O003": ("actions.yaml", 28, 18, "condition"),
    "O004": ("actions.yaml", 21, 9, "exactly one op"),
    "O005": ("actions.yaml", 16, 15, "repeats item 2 (a: bust, b: doubt)"),
    "T001": ("actions.yaml", 12, 5, "no trigger condition"),
    "T002": ("actions.yaml", 9, 11, "has a trigger condition"),
    "T003": ("edition.yaml", 2, 1, "passes the turn"),
    "T004": ("actions.yaml", 32, 9, "declares no target"),
    "T005": ("trumps.yaml", 5, 5, "may_raise: {action: drain}"),
    "T006": ("trumps.yaml", 21, 9, "an action of trump ドレイン (drain)"),
    "T007": ("trumps.yaml", 10, 17, "trigger itself without end"),
    "T008": ("trumps.yaml", 5, 5, "both on the card ♡2"),
    "I001": ("edition.yaml", 9, 10, "'mini0'"),
    "I002": ("edition2.yaml", 7, 21, "'recharge'"),
    "W001": ("characters.yaml", 4, 5, "no format"),
    "W002": ("edition.yaml", 12, 10, "add e.g. mark: ○"),
    "M001": ("edition.yaml", 11, 11, "did you mean 'formats'"),
    # trump definitions (document kind ``trumps``): a card the game does not have, an ability granted to an
    # unknown class of characters, a replacement of a step the replaced action does not have
    "E001": ("trumps.yaml", 6, 11, "suit mark (♠ ♡)"),
    "E002": ("trumps.yaml", 10, 15, "did you mean 'soldier'"),
    "E003": ("trumps.yaml", 11, 17, "did you mean 'charge_all'"),
}


def load_case(tmp_path: Path, case: str | None) -> loader.LoadResult:
    for f in (FIXTURES / "base").iterdir():
        shutil.copy(f, tmp_path / f.name)
    if case:
        for f in (FIXTURES / case).iterdir():
            shutil.copy(f, tmp_path / f.name)
    return load([tmp_path, FLOW])


def test_base_fixture_is_valid(tmp_path: Path) -> None:
    result = load_case(tmp_path, None)
    assert result.diagnostics == []
    edition = result.definitions.editions["mini"]
    assert list(edition.actions) == ["end", "charge", "summon_soldier"]


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_code_has_a_positioned_diagnostic(tmp_path: Path, code: str) -> None:
    file, line, col, words = CASES[code]
    result = load_case(tmp_path, code)
    got = [(d.code, Path(d.pos.file).name, d.pos.line, d.pos.col) for d in result.diagnostics]
    assert got == [(code, file, line, col)], [d.format() for d in result.diagnostics]
    d = result.diagnostics[0]
    assert words in d.message + " " + d.hint
    assert result.ok is code.startswith("W")  # warnings do not make definitions invalid


def test_every_dsl_code_has_a_fixture() -> None:
    loader.load_kinds()
    import bpdsl.dsl.checks  # noqa: F401
    import bpdsl.dsl.schema  # noqa: F401
    import bpdsl.dsl.yamlload  # noqa: F401

    ours = {c for c in CODES if c[0] in "YSDCKXOTIWEGM"}
    # Y011: test_a_file_over_the_size_limit_is_y011; W003 (no op is deprecated today): tests/dsl/test_deprecation.py
    # declares one; W101 (a scenario's old label, not a definitions file): tests/compat
    tested = set(CASES) | {"L001", "L002", "Y011", "W003", "W101"}
    assert ours - tested == set()
    assert all((FIXTURES / c).is_dir() for c in CASES)


def test_all_mistakes_of_a_run_are_reported(tmp_path: Path) -> None:
    """Several broken files at once: every mistake is listed, sorted by file and line."""
    for f in (FIXTURES / "base").iterdir():
        shutil.copy(f, tmp_path / f.name)
    cases = ("D005", "Y003", "S006", "S005")  # actions.yaml, edition.yaml, extra.yaml, game.yaml
    for case in cases:
        for f in (FIXTURES / case).iterdir():
            shutil.copy(f, tmp_path / f.name)
    result = load([tmp_path, FLOW])
    got = [(d.code, Path(d.pos.file).name, d.pos.line, d.pos.col) for d in result.diagnostics]
    assert got == [(c, *CASES[c][:3]) for c in cases]


def test_a_file_over_the_size_limit_is_y011(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import bpdsl.datafile

    monkeypatch.setattr(bpdsl.datafile.read_text, "__kwdefaults__", {"max_bytes": 100})
    big = tmp_path / "big.yaml"
    big.write_text("kind: game\n# " + "x" * 200 + "\n", encoding="utf-8")
    result = load([big])
    assert [(d.code, d.pos.line, d.pos.col) for d in result.diagnostics] == [("Y011", 1, 1)]
    assert "larger than 100 bytes" in result.diagnostics[0].message


def test_deep_nesting_is_not_blamed_on_aliases(tmp_path: Path) -> None:
    """30,000 levels (the C composer would crash the process) are refused at the 101st, with a hint about
    brackets, not about anchors and aliases."""
    deep = tmp_path / "deep.yaml"
    deep.write_text("kind: game\nx: " + "[" * 30_000 + "]" * 30_000 + "\n", encoding="utf-8")
    block = tmp_path / "block.yaml"
    block.write_text("kind: game\nx:\n" + "".join(" " * i + "- \n" for i in range(1, 3000)), encoding="utf-8")
    for f in (deep, block):
        diags = load([f]).diagnostics
        assert [d.code for d in diags] == ["Y009"], [d.format() for d in diags]
        assert diags[0].pos.line >= 2 and "anchor" not in diags[0].hint and "alias" not in diags[0].hint


def test_missing_path_is_l001(tmp_path: Path) -> None:
    result = load([tmp_path / "nothing-here"])
    assert [d.code for d in result.diagnostics] == ["L001"]
    empty = tmp_path / "empty"
    empty.mkdir()
    assert [d.code for d in load([empty]).diagnostics] == ["L001"]


def test_a_crashing_kind_is_l002_not_a_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kinds = loader.load_kinds()
    game = kinds["game"]

    def broken(ctx: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(game, "build", broken)
    result = load_case(tmp_path, None)
    assert "L002" in [d.code for d in result.diagnostics]
    assert any("boom" in d.message for d in result.diagnostics)

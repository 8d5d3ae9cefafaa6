"""Diagnostics of trump definitions (document kind ``trumps``): each mistake once, with code, line, column
and a hint -- a card the game does not have, an ability granted to an unknown class of characters, a
replacement of a step the replaced action does not have."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.dsl.test_diagnostics import FLOW, load_case

CASES: dict[str, tuple[str, int, int, str]] = {
    "E001": ("trumps.yaml", 6, 11, "suit mark (♠ ♡)"),
    "E002": ("trumps.yaml", 10, 15, "did you mean 'soldier'"),
    "E003": ("trumps.yaml", 11, 17, "did you mean 'charge_all'"),
}


@pytest.mark.parametrize("code", sorted(CASES))
def test_trump_mistake_is_one_positioned_diagnostic(tmp_path: Path, code: str) -> None:
    file, line, col, words = CASES[code]
    result = load_case(tmp_path, code)
    got = [(d.code, Path(d.pos.file).name, d.pos.line, d.pos.col) for d in result.diagnostics]
    assert got == [(code, file, line, col)], [d.format() for d in result.diagnostics]
    d = result.diagnostics[0]
    assert words in d.message + " " + d.hint
    assert not result.ok


def test_a_valid_trump_becomes_part_of_its_edition(tmp_path: Path) -> None:
    load_case(tmp_path, None)
    (tmp_path / "trumps.yaml").write_text(
        "kind: trumps\nedition: mini\nformat: lite\ntrumps:\n"
        "  - id: drain\n    card: ♡2\n    name: ドレイン\n    abilities:\n      - may_raise: {action: drain}\n"
        "    actions:\n      - id: drain\n        name: ドレイン\n        category: basic\n        type: 通常魔法\n"
        "        effect:\n          - draw_top: {count: 1}\n", encoding="utf-8")
    from bpdsl.dsl.loader import load

    result = load([tmp_path, FLOW])
    assert result.diagnostics == []
    edition = result.definitions.editions["mini"]
    trump = edition.trumps["drain"]
    assert (trump.suit, trump.number, trump.actions, trump.formats) == ("heart", "2", ["drain"], ["lite"])
    assert edition.actions["drain"].trump == "drain" and edition.actions["drain"].formats == ["lite"]

"""A trump definition (document kind ``trumps``) becomes part of its edition; its mistakes (E001-E003) have
their fixtures with the other codes' in test_diagnostics."""
from __future__ import annotations

from pathlib import Path

from tests.dsl.test_diagnostics import FLOW, load_case


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

"""Mistakes in regulation files are reported with their code and the line they are on (through the loader)."""
from __future__ import annotations

from pathlib import Path

import pytest

from bpdsl.dsl.loader import load
from bpdsl.games.blackpoker.regulation.load import REGULATIONS_DIR

ORIGINAL = (REGULATIONS_DIR / "bp2024.yaml").read_text(encoding="utf-8")


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


@pytest.mark.parametrize("old,new,code,at", [
    # a missing cell of Table 5.2
    ("      random40:         {lite: ○, std: ○, pro: ○, mast: ○, extra: x}",
     "      random40:         {lite: ○, std: ○, pro: ○, mast: ○}", "R103", "      random40:         {lite"),
    # a frame with a match type that does not exist
    ("    build: random\n    match: one_deck", "    build: random\n    match: one_dek", "R102", "    match: one_dek"),
    # a fixed deck with a card that is not a card
    ('"♠A", "♠2", "♠3", "♠4", "♠5",', '"♠A", "♠2", "♠3", "♠4", "♠15",', "R104", '"♠A", "♠2", "♠3", "♠4", "♠15"'),
    # the fixed deck's size does not match its cards
    ("      size: {exact: 21}", "      size: {exact: 22}", "R104", "      cards: [\"♠A\""),
    # an option action with an unknown op
    ("          - reveal_pack", "          - reveal_pak", "R108", "          - reveal_pak"),
    # a table naming an unknown option
    ("      lite:  {preset2: x, preset4: x, pack: ○,", "      lite:  {preset2: x, preset4: x, pak: ○,", "R102",
     "pak: ○,"),
])
def test_mistake_is_reported_at_its_line(tmp_path: Path, old: str, new: str, code: str, at: str) -> None:
    assert old in ORIGINAL
    text = ORIGINAL.replace(old, new, 1)
    f = tmp_path / "bp2024.yaml"
    f.write_text(text, encoding="utf-8")
    result = load([f])
    mine = [d for d in result.diagnostics if d.code == code]
    assert mine, [d.format() for d in result.diagnostics]
    assert _line_of(text, at) in {d.pos.line for d in mine}, [d.format() for d in mine]

"""proceed_if: a guard printed from its condition (死の槍's 「…0以外かつ、…で割切れる場合、次を行う。」)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bpdsl.dsl.expr import parse
from bpdsl.dsl.loader import load
from bpdsl.ops.registry import PhraseContext, load_all

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("condition,words", [
    ("target.size != 0 and target.size % key.diamond.rank == 0",
     "対象の兵士の数字が0以外かつ、キーカードの◇カードの数字で割切れる場合、次を行う。"),
    ("key.rank >= 5", "キーカードの数字が5以上の場合、次を行う。"),
    ("target.size <= key.rank and key.count == 2",
     "対象の兵士の数字がキーカードの数字以下かつキーカードが2枚の場合、次を行う。"),
    ("turn.is_mine", "ターンを持っている場合、次を行う。"),
])
def test_the_printed_words_come_from_the_condition(condition: str, words: str) -> None:
    op = load_all()["proceed_if"]
    assert op.phrase(PhraseContext({}, {}), {"if": parse(condition)}) == words


def test_the_guard_holds_exactly_when_its_condition_does() -> None:
    """The executor returns the condition (False stops the rest of the effect: bpdsl.engine.core.resolve)."""
    from bpdsl.engine.core import Ctx
    from tests.blackdoubt.conftest import fresh_game

    op = load_all()["proceed_if"]
    ctx = Ctx(fresh_game(seed=1), None, 0)  # 50 cards left in the deck after the deal
    assert op.execute(ctx, {"if": parse("deck.count != 0 and deck.count % 10 == 0")}) is True
    assert op.execute(ctx, {"if": parse("deck.count != 0 and deck.count % 7 == 0")}) is False


def test_the_retired_guard_names_proceed_if(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "definitions" / "blackpoker", tmp_path / "bp")
    actions = tmp_path / "bp" / "editions" / "act8.0" / "actions.yaml"
    text = actions.read_text(encoding="utf-8")
    new = "      - proceed_if_divisible: {value: target.size, divisor: key.diamond.rank}"
    actions.write_text(text.replace(
        "      - proceed_if: {if: target.size != 0 and target.size % key.diamond.rank == 0}", new), encoding="utf-8")
    errors = [str(d) for d in load([tmp_path / "bp"]).errors]
    assert any("O001" in e and "'proceed_if_divisible' was retired" in e and "proceed_if" in e for e in errors), errors


def test_the_retired_hand_destruction_step_names_its_composition(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "definitions" / "blackpoker", tmp_path / "bp")
    actions = tmp_path / "bp" / "editions" / "act8.0" / "actions.yaml"
    text = actions.read_text(encoding="utf-8")
    old = "      - choose_cards: {from: hand, whose: target, count: 1, look: true}\n      - discard: {cards: chosen, whose: target}"
    assert old in text
    actions.write_text(text.replace(old, "      - discard_chosen: {count: 1}"), encoding="utf-8")
    errors = [str(d) for d in load([tmp_path / "bp"]).errors]
    assert any("'discard_chosen' was retired" in e and "choose_cards" in e and "discard:" in e for e in errors), errors


def test_hand_destruction_prints_one_paragraph_as_the_official_text() -> None:
    from bpdsl.engine import load_definitions
    from bpdsl.render.sheet import build_sheet

    entry = next(e for e in build_sheet(load_definitions(), "act8.0", "std").entries if e.id == "hand_destruction")
    effect = next(s for s in entry.sections if s.kind == "effect")
    assert [b.text for b in effect.blocks] == ["対戦相手の手札を見て1枚カードを指定する。対戦相手は指定されたカードを手札から捨てる。"]

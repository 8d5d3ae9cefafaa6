"""Seed-cut words replaced by compositions of general ops: what they print, and what a designer's file that
still names the old op is told (O001 with the composition to write instead, never a silent change)."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from bpdsl.dsl.expr import parse
from bpdsl.dsl.loader import load
from bpdsl.ops.registry import RETIRED, PhraseContext, load_all

ROOT = Path(__file__).resolve().parents[2]
COUNTER = "negate: {if: target.key_count == 1 and self.key_rank >= target.key_rank or target.key_count == 2, wording: full}"


def _retired_errors(tmp_path: Path, edition: str, new: str, old: str) -> list[str]:
    shutil.copytree(ROOT / "definitions" / "blackpoker", tmp_path / "bp")
    actions = tmp_path / "bp" / "editions" / edition / "actions.yaml"
    text = actions.read_text(encoding="utf-8")
    assert new in text
    actions.write_text(text.replace(new, old), encoding="utf-8")
    return [str(d) for d in load([tmp_path / "bp"]).errors]


@pytest.mark.parametrize("edition,new,old,name,hint", [
    ("act8.0", "move_cards: {cards: target, to: life, position: top, face: down, order: owner, say_owner: true}",
     "move_to_life_top: {cards: target, what: soldier, face: down}", "move_to_life_top", "move_cards:"),
    ("act8.0", COUNTER, "counter: {always_at: 2}", "counter", "negate: {if: target.key_count == 1"),
    ("act6.1", COUNTER, "counter", "counter", "wording: full"),
])
def test_a_file_naming_a_retired_word_is_told_the_composition(tmp_path: Path, edition: str, new: str, old: str,
                                                               name: str, hint: str) -> None:
    errors = _retired_errors(tmp_path, edition, new, old)
    hits = [e for e in errors if f"'{name}' was retired" in e]
    assert len(hits) == 1, errors
    assert re.match(r"^.*actions\.yaml:\d+:\d+: O001 ", hits[0]), hits[0]
    assert hint in hits[0] and name in RETIRED


def _ctx(**terms: str) -> PhraseContext:
    return PhraseContext({"life": "ライフ", **terms}, {})


@pytest.mark.parametrize("args,words", [
    ({"cards": "target", "to": "life", "face": "down", "order": "owner", "say_owner": True},
     "対象のキャラクターをオーナーのライフの一番上に裏向きで移す。キャラクターが複数のカードから成る場合、任意の順でライフの一番上に裏向きで移す。"),
    ({"cards": "chosen", "to": "grave", "back": True}, "選んだカードを墓地に戻す。"),
    ({"cards": "key", "to": "life", "position": "bottom"}, "キーカードをライフの一番下に移す。"),
    ({"cards": "target", "to": "hand"}, "対象のキャラクターを手札に移す。"),
])
def test_move_cards_prints_its_arguments(args: dict, words: str) -> None:
    assert load_all()["move_cards"].phrase(_ctx(), args) == words


def test_negate_prints_an_or_condition_as_the_cases_of_counter() -> None:
    op = load_all()["negate"]
    cond = parse("target.key_count == 1 and self.key_rank >= target.key_rank or target.key_count == 2")
    assert op.phrase(_ctx(request="リクエスト"), {"if": cond, "wording": "full"}).split("\n") == [
        "次のいずれかの場合、対象のリクエストを無効にする。その場合、対象リクエストをステージから取り除き、"
        "対象リクエストのキーカードを墓地に移す。",
        "  対象リクエストのキーカードが1枚かつこのリクエストのキーカードの数字が対象リクエストのキーカードの数字以上",
        "  対象リクエストのキーカードが2枚",
    ]
    # one condition: no list; and 停戦's brief sentence is unchanged
    assert op.phrase(_ctx(), {"if": parse("target.key_count == 2"), "wording": "full"}).startswith(
        "対象アクションのキーカードが2枚場合、対象のアクションを無効にする。")
    assert op.phrase(_ctx(request="リクエスト"), {"if": None}) == "対象のリクエストを無効し、対象のリクエストをステージから取り除く。"

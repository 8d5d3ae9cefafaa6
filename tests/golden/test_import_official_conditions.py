"""Conditions an official sentence states in words are read as the expressions they check: the frame list's
「プレイヤーのライフが9以下の場合にしかこのアクションを起こすことができない。」 (レアドロー, レア召喚) is imported as
``only_if: {if: me.life <= 9}`` worded by a ``cond:`` term, and so is any comparison of a number of the
game's state (a player's life, hand or field, the turn) with a number, in the words the game declares for it."""
from __future__ import annotations

import pytest

from bpdsl.diagnostics import DiagnosticSink
from bpdsl.dsl.document import Document
from bpdsl.dsl.loader import load_or_raise
from bpdsl.dsl.opcalls import OpBuilder
from bpdsl.games.blackpoker.official import phrases as P
from bpdsl.games.blackpoker.official.conditions import read_condition
from bpdsl.ops import registry
from bpdsl.ops.registry import PhraseContext
from bpdsl.resources import definitions_dir

ONLY = "しかこのアクションを起こすことができない。"


@pytest.mark.parametrize("words, expected", [
    ("プレイヤーのライフが9以下の場合に", "me.life <= 9"),  # the frame list's レアドロー
    ("自分のライフの枚数が2未満の時", "me.life < 2"),  # the name's own words
    ("対戦相手の手札が3枚以上", "opponent.hand >= 3"),  # a count said without 「の枚数」, with its counter
    ("自分の場にいる兵士の数が1より大きい場合", "me.soldiers > 1"),
    ("ターン数が3と等しい", "turn.number == 3"),
])
def test_a_comparison_in_the_games_words_reads_as_its_condition(words: str, expected: str) -> None:
    assert read_condition(words) == expected


@pytest.mark.parametrize("words", [
    "パックが開封済みでない場合",  # no number compared
    "レアカードの枚数が1以上",  # a number the game does not have
    "プレイヤーのライフが多い場合に",  # no number
    "対戦相手のプレイヤーのライフが9以下",  # not a name's words (the raiser's word is for 自分's names only)
    "キーカードの数字が5以上",  # a number only the action being resolved has (not the game's state)
    "サイズが5以下",  # a number only a step looking at a character has
])
def test_other_words_are_not_read(words: str) -> None:
    assert read_condition(words) is None


@pytest.fixture(scope="module")
def index() -> P.PhraseIndex:
    edition = load_or_raise([definitions_dir()]).editions["act9.0-draft"]
    return P.PhraseIndex(P.collect([]), PhraseContext(edition.terms, {}))


def _printed(raw: dict) -> str:
    call = OpBuilder(Document("<t>", None), DiagnosticSink()).build((), raw, ("condition",))
    return registry.get(call.op).render(PhraseContext(dict(call.terms or {}), {}), call.args)


@pytest.mark.parametrize("sentence, condition", [
    ("プレイヤーのライフが9以下の場合に" + ONLY, "me.life <= 9"),
    ("対戦相手のライフが3以下の場合に" + ONLY, "opponent.life <= 3"),
    ("自分の手札が2枚以上の場合に" + ONLY, "me.hand >= 2"),
])
def test_the_import_writes_the_sentences_condition_worded_as_it_says_it(index: P.PhraseIndex, sentence: str,
                                                                       condition: str) -> None:
    raw = index.one("condition", sentence)
    assert raw is not None and raw["only_if"] == {"if": condition}
    words = sentence.removesuffix(ONLY)
    assert raw["terms"] == {"cond:" + "".join(condition.split()): words}
    assert _printed(raw) == sentence  # the call prints the official sentence back


def test_a_sentence_whose_condition_cannot_be_read_stays_unfound(index: P.PhraseIndex) -> None:
    assert index.one("condition", "パックが開封済みでない場合のみこのアクションを起こすことができる。") is None
    assert index.one("condition", "プレイヤーのマナが1枚以上の場合に" + ONLY) is None  # no such name

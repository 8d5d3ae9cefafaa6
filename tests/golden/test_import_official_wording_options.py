"""Wording options for sentences the official lists word their own way.  ``waive_cost``: 第八版 and later name
the waived letters (「…のコストDが無しになる」), 第七版 act7.0 does not (「…のコストが無しになる」); both play
the same, and the import finds either sentence by varying the argument.  ``only_if``: its condition in the
words of a ``cond:`` term (the frame list's 「プレイヤーのライフが9以下の場合にしか…」)."""
from __future__ import annotations

from pathlib import Path

import pytest

from bpdsl.diagnostics import DiagnosticSink
from bpdsl.dsl.document import Document
from bpdsl.dsl.loader import load_or_raise
from bpdsl.dsl.opcalls import OpBuilder
from bpdsl.games.blackpoker.official import phrases as P
from bpdsl.ops import registry
from bpdsl.ops.registry import PhraseContext
from bpdsl.resources import definitions_dir

WAIVE = {"waive_cost": {"name": "魔力増加", "type": "速攻魔法", "cost": "D"}}
LETTERS = "魔力増加（このキャラクターが場にいる間、タイプ：速攻魔法のコストDが無しになる。）"
PLAIN = "魔力増加（このキャラクターが場にいる間、タイプ：速攻魔法のコストが無しになる。）"


def printed(raw: dict) -> str:
    registry.load_all()
    call = OpBuilder(Document("<t>", None), DiagnosticSink()).build((), raw, ("ability",))
    return registry.get("waive_cost").render(PhraseContext({}, {}), call.args)


def test_each_wording_of_waive_cost_prints_its_sentence() -> None:
    assert printed(WAIVE) == LETTERS
    assert printed({"waive_cost": {**WAIVE["waive_cost"], "wording": "letters"}}) == LETTERS
    assert printed({"waive_cost": {**WAIVE["waive_cost"], "wording": "plain"}}) == PLAIN
    assert registry.get("waive_cost").execute is not None  # one executor for every wording


@pytest.fixture(scope="module")
def index() -> P.PhraseIndex:
    edition = load_or_raise([definitions_dir()]).editions["act8.0"]
    doc = Document("<calls>", {"kind": "characters", "characters": [{"id": "c", "abilities": [WAIVE]}]})
    return P.PhraseIndex(P.collect([doc]), PhraseContext(edition.terms, {}))


def test_the_import_finds_the_act7_wording_by_varying_the_argument(index: P.PhraseIndex) -> None:
    assert index.one("ability", LETTERS) == WAIVE
    assert index.one("ability", PLAIN) == {"waive_cost": {**WAIVE["waive_cost"], "wording": "plain"}}



EDITION = """kind: edition
id: w9
extends: act9.0-draft
name: 語
date: 2026/1/1
"""
ACTIONS = """kind: actions
edition: w9
actions:
  - id: rare_draw
    name: レアドロー
    category: quick_magic
    type: 速攻魔法
    request: {trigger: direct, speed: normal, timing: quick}
    formats: [extra]
    conditions:
      - only_if: {if: me.life <= 9}
        terms: {"cond:me.life<=9": プレイヤーのライフが9以下の場合に}
    effect:
      - draw_top: {count: 1}
"""


def test_only_if_says_its_condition_in_the_words_a_cond_term_gives(tmp_path: Path) -> None:
    """「プレイヤーのライフが9以下の場合にしかこのアクションを起こすことができない。」 (the frame list's レアドロー)
    written as the condition it checks, worded beside the call (``cond:<condition>``), and played."""
    from bpdsl.dsl.loader import load
    from bpdsl.engine.compiled import compile_rules
    from bpdsl.render.text import edition_texts

    (tmp_path / "edition.yaml").write_text(EDITION, encoding="utf-8")
    (tmp_path / "actions.yaml").write_text(ACTIONS, encoding="utf-8")
    result = load([definitions_dir(), tmp_path])
    assert result.ok, [d.format() for d in result.errors]
    edition = result.definitions.editions["w9"]
    t = next(t for t in edition_texts(edition, "extra") if t.name == "レアドロー")
    assert "".join(s.text for s in t.sections if s.kind == "condition") == \
        "プレイヤーのライフが9以下の場合にしかこのアクションを起こすことができない。"
    assert "rare_draw" in compile_rules(result.definitions, "w9", "extra").actions
    # without the term the condition prints as before (a predicate the game words: ターンを持っていない時)
    plain = OpBuilder(Document("<t>", None), DiagnosticSink()).build((), {"only_if": {"if": "not turn.is_mine"}},
                                                                     ("condition",))
    assert registry.get("only_if").render(PhraseContext({}, {}), plain.args) == \
        "ターンを持っていない時しかこのアクションを起こすことができない。"

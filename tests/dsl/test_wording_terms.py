"""Wording choices a designer writes instead of a text override: ``terms:`` beside an op call (one
sentence) or in the edition (every sentence), a condition written among the ※ notes (printed as a note,
run as a condition), and ``unplayed:`` (printed, left out of play with its reason)."""
from __future__ import annotations

from pathlib import Path

from bpdsl.dsl.loader import load
from bpdsl.ops.playable import unplayed
from bpdsl.render.text import edition_texts
from bpdsl.resources import definitions_dir

EDITION = """kind: edition
id: w1
extends: act8.2
name: 語
date: 2026/1/1
{terms}
"""
ACTIONS = """kind: actions
edition: w1
actions:
  - id: snipe
    name: 狙撃
    category: quick_magic
    type: 速攻魔法
    request: {{trigger: direct, speed: normal, timing: quick}}
    key: "♠A〜10 を 2枚"
    target:
      target_character: {{what: soldier}}
    formats: [mast]
    notes:
      - once_per_turn
    effect:
      - send_to_grave: {{cards: target, what: soldier, from_field: false}}
{call_terms}
  - id: sketch
    name: 下書き
    category: quick_magic
    type: 速攻魔法
    request: {{trigger: direct, speed: normal, timing: quick}}
    formats: [mast]
    unplayed: まだ遊べない
    effect:
      - draw_top: {{count: 1}}
"""


def _load(tmp_path: Path, terms: str = "", call_terms: str = ""):
    (tmp_path / "edition.yaml").write_text(EDITION.format(terms=terms), encoding="utf-8")
    (tmp_path / "actions.yaml").write_text(ACTIONS.format(call_terms=call_terms), encoding="utf-8")
    return load([definitions_dir(), tmp_path])


def _printed(result, name: str) -> dict[str, str]:
    t = next(t for t in edition_texts(result.definitions.editions["w1"], "mast") if t.name == name)
    return {s.kind: s.label + s.text for s in t.sections}


def test_terms_beside_a_call_word_that_sentence_only(tmp_path: Path) -> None:
    plain = _load(tmp_path)
    assert plain.ok, [d.format() for d in plain.errors]
    assert _printed(plain, "狙撃")["effect"] == "(効果)対象の兵士を墓地に移す。"
    worded = _load(tmp_path, call_terms="        terms: {target_ref: 対象とした}")
    assert worded.ok, [d.format() for d in worded.errors]
    assert _printed(worded, "狙撃")["effect"] == "(効果)対象とした兵士を墓地に移す。"
    # the other sentences of the edition keep their words: only this entry prints differently
    before = {t.name: [s.text for s in t.sections] for t in edition_texts(plain.definitions.editions["w1"], "mast")}
    after = {t.name: [s.text for s in t.sections] for t in edition_texts(worded.definitions.editions["w1"], "mast")}
    assert [name for name in after if after[name] != before[name]] == ["狙撃"]


def test_an_edition_term_words_every_sentence(tmp_path: Path) -> None:
    result = _load(tmp_path, terms="terms: {target_ref: 対象とした}")
    assert result.ok, [d.format() for d in result.errors]
    assert _printed(result, "狙撃")["effect"] == "(効果)対象とした兵士を墓地に移す。"


def test_an_unknown_term_is_refused_with_the_known_ones(tmp_path: Path) -> None:
    result = _load(tmp_path, call_terms="        terms: {target_rf: 対象とした}")
    assert not result.ok
    d = next(d for d in result.errors if "target_rf" in d.message)
    assert d.code == "O004" and "target_ref" in d.hint and d.pos.line == 17


def test_a_condition_among_the_notes_prints_as_a_note_and_runs_as_a_condition(tmp_path: Path) -> None:
    result = _load(tmp_path)
    printed = _printed(result, "狙撃")
    assert "condition" not in printed and printed["note"].startswith("※")
    action = result.definitions.editions["w1"].actions["snipe"]
    assert [c.op for c in action.conditions] == ["once_per_turn"]


def test_unplayed_entries_are_printed_and_left_out_with_their_reason(tmp_path: Path) -> None:
    result = _load(tmp_path)
    edition = result.definitions.editions["w1"]
    assert "下書き" in [t.name for t in edition_texts(edition, "mast")]
    assert unplayed(edition, "mast") == {("action", "sketch"): "まだ遊べない"}
    from bpdsl.engine.compiled import compile_rules

    rules = compile_rules(result.definitions, "w1", "mast")
    assert "sketch" not in rules.actions and "snipe" in rules.actions


def test_a_condition_that_always_holds_is_refused_with_a_hint(tmp_path: Path) -> None:
    """``only_if: {if: true}`` with ``text:`` used to be the one way to print a note and still play: it is
    refused, and the hint names the printed-only note."""
    (tmp_path / "edition.yaml").write_text(EDITION.format(terms=""), encoding="utf-8")
    text = ACTIONS.format(call_terms="").replace("    notes:\n      - once_per_turn\n",
                                                   "    conditions:\n      - only_if: {if: true}\n        text: 飾り\n")
    (tmp_path / "actions.yaml").write_text(text, encoding="utf-8")
    result = load([definitions_dir(), tmp_path])
    d = next(d for d in result.errors if "always true" in d.message)
    assert d.code == "O002" and "not_executed_note" in d.hint and d.pos.line == 14

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


def test_a_printed_only_note_leaves_its_action_playable(tmp_path: Path) -> None:
    """A ※ note written as a text override (``not_executed_note``) is printed as written and checks nothing:
    the action is still played, where an override of a place the engine runs leaves it out."""
    from bpdsl.engine.compiled import compile_rules

    (tmp_path / "edition.yaml").write_text(EDITION.format(terms=""), encoding="utf-8")
    text = ACTIONS.format(call_terms="").replace(
        "    notes:\n      - once_per_turn\n",
        "    notes:\n      - not_executed_note: {}\n        text: この効果は重ねて使える。\n")
    (tmp_path / "actions.yaml").write_text(text, encoding="utf-8")
    result = load([definitions_dir(), tmp_path])
    assert result.ok, [d.format() for d in result.errors]
    assert _printed(result, "狙撃")["note"] == "※この効果は重ねて使える。"
    edition = result.definitions.editions["w1"]
    assert ("action", "snipe") not in unplayed(edition, "mast")
    assert "snipe" in compile_rules(result.definitions, "w1", "mast").actions


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


def test_target_form_words_the_target_as_a_sentence_or_a_noun(tmp_path: Path) -> None:
    """act8.2 prints (対象) as a noun; ``target_form: sentence`` (第七版 extra) prints the sentence."""
    plain = _load(tmp_path)
    assert _printed(plain, "狙撃")["target"] == "(対象)兵士1体"
    worded = _load(tmp_path, terms="terms: {target_form: sentence}")
    assert worded.ok, [d.format() for d in worded.errors]
    assert _printed(worded, "狙撃")["target"] == "(対象)兵士1体を対象とする。"


def test_wording_classic_words_the_once_per_turn_note(tmp_path: Path) -> None:
    """``wording: classic`` (act6.1, 第七版 extra): 「1回しか…できない」 instead of 「1回まで…できる」."""
    plain = _load(tmp_path)
    assert "1ターンに1回までこのアクションを起こすことができる" in _printed(plain, "狙撃")["note"]
    worded = _load(tmp_path, terms="terms: {wording: classic}")
    assert worded.ok, [d.format() for d in worded.errors]
    assert "1ターンに1回しかこのアクションを起こすことができない" in _printed(worded, "狙撃")["note"]


def test_every_edition_term_is_in_the_manual_with_an_example() -> None:
    """Each term a phrase asks for (the declared wording terms, the known ones, the prefixed ones) has a row
    of the manual's table of edition terms, with an example written as an edition writes it."""
    from bpdsl.dsl.textchecks import KNOWN_TERMS, TERM_PREFIXES
    from bpdsl.ops import registry

    registry.load_all()
    manual = (Path(__file__).resolve().parents[2] / "docs" / "designer" / "wording.rst").read_text(encoding="utf-8")
    table = manual.split("Every edition term", 1)[1]
    for key in sorted(KNOWN_TERMS | set(registry.WORDING)):
        assert f"``{key}``" in table, key
        assert f"``{key}: " in table or f"``\"{key}" in table, f"no example of {key}"
    for prefix in TERM_PREFIXES:
        assert f"``{prefix}<" in table and f'``"{prefix}' in table, prefix


def test_each_wording_of_negate_prints_its_sentence() -> None:
    """negate's ``wording`` chooses the sentence, never what happens: the official lists word negating a
    request four ways."""
    from bpdsl.diagnostics import DiagnosticSink
    from bpdsl.dsl.document import Document
    from bpdsl.dsl.opcalls import OpBuilder
    from bpdsl.ops import registry
    from bpdsl.ops.registry import PhraseContext

    registry.load_all()
    ctx = PhraseContext({"request": "リクエスト"}, {})
    printed = {}
    for wording in ("brief", "plain", "remove", "full"):
        call = OpBuilder(Document("<t>", None), DiagnosticSink()).build((), {"negate": {"wording": wording}}, ("effect",))
        printed[wording] = registry.get("negate").render(ctx, call.args)
    assert printed == {
        "brief": "対象のリクエストを無効し、対象のリクエストをステージから取り除く。",
        "plain": "対象のリクエストを無効にしステージから取り除く。",
        "remove": "対象リクエストをステージから取り除き、対象リクエストのキーカードを墓地に移す。",
        "full": "対象のリクエストを無効にする。その場合、対象リクエストをステージから取り除き、対象リクエストのキーカードを墓地に移す。",
    }
    assert registry.get("negate").execute is not None  # one executor for every wording


def test_the_diamond_glyph_is_an_edition_term(tmp_path: Path) -> None:
    """``diamond: ♢`` prints the ◇ suit as the 第9.0版 フレーム編 does, in keys and sentences alike."""
    plain = _load(tmp_path)
    texts = {t.name: t for t in edition_texts(plain.definitions.editions["w1"])}
    assert any("◇" in t.key or "◇" in "".join(s.text for s in t.sections) for t in texts.values())
    worded = _load(tmp_path, terms="terms: {diamond: ♢}")
    assert worded.ok, [d.format() for d in worded.errors]
    printed = edition_texts(worded.definitions.editions["w1"])
    assert not any("◇" in t.key or "◇" in t.name or "◇" in "".join(s.text for s in t.sections) for t in printed)
    assert any("♢" in t.key for t in printed)


def test_choose_one_prints_a_shared_trailing_sentence_once() -> None:
    """``shared_tail: true``: the reference both alternatives end with is printed once, after them (防壁追加);
    without it each alternative prints its own."""
    from bpdsl.diagnostics import DiagnosticSink
    from bpdsl.dsl.document import Document
    from bpdsl.dsl.opcalls import OpBuilder
    from bpdsl.ops import registry
    from bpdsl.ops.registry import PhraseContext

    registry.load_all()
    options = [[{"put_onto_field": {"cards": "life_top", "as": "bulwark", "face": "down", "see_abilities": True}}],
               [{"put_onto_field": {"cards": "life_top", "count": 2, "as": "bulwark", "face": "down",
                                    "state": "drive", "see_abilities": True}}]]
    ctx = PhraseContext({"life": "ライフ"}, {"bulwark": "防壁"})
    printed = {}
    for shared in (False, True):
        call = OpBuilder(Document("<t>", None), DiagnosticSink()).build(
            (), {"choose_one": {"options": options, "shared_tail": shared}}, ("effect",))
        assert call is not None
        printed[shared] = registry.get("choose_one").render(ctx, call.args)
    tail = "防壁の能力はキャラクターリスト参照。"
    assert printed[False].count(tail) == 2
    assert printed[True].count(tail) == 1 and printed[True].endswith(tail)
    assert printed[True] == printed[False].replace(tail, "", 1)


def test_each_wording_of_for_each_prints_its_sentence() -> None:
    """for_each's ``wording``: 「全ての兵士を」 (剣の雨) or 「兵士を全て」 (威圧 of the frame list); same play."""
    from bpdsl.diagnostics import DiagnosticSink
    from bpdsl.dsl.document import Document
    from bpdsl.dsl.opcalls import OpBuilder
    from bpdsl.ops import registry
    from bpdsl.ops.registry import PhraseContext

    registry.load_all()
    ctx = PhraseContext({"size": "サイズ"}, {})
    printed = {}
    for wording in ("every", "all"):
        raw = {"for_each": {"what": "soldier", "where": "each.size <= 10", "wording": wording,
                            "do": [{"send_to_grave": {"cards": "each", "what": "soldier"}}]}}
        call = OpBuilder(Document("<t>", None), DiagnosticSink()).build((), raw, ("effect",))
        assert call is not None
        printed[wording] = registry.get("for_each").render(ctx, call.args)
    assert printed["every"].endswith("全ての兵士を墓地に移す。")
    assert printed["all"].endswith("兵士を全て墓地に移す。")
    assert printed["every"].removesuffix("全ての兵士を墓地に移す。") == printed["all"].removesuffix("兵士を全て墓地に移す。")
    assert "10以下の" in printed["all"]


def test_a_form_beside_a_call_must_be_one_of_the_terms_forms(tmp_path: Path) -> None:
    result = _load(tmp_path, call_terms="        terms: {target_form: nonu}")
    found = [d for d in result.diagnostics if d.code == "N002"]
    assert found and "unknown form 'nonu'" in found[0].message and "did you mean 'noun'" in found[0].hint
    assert found[0].pos.line > 0


def test_a_printed_word_term_takes_any_word(tmp_path: Path) -> None:
    result = _load(tmp_path, terms="terms: {raise_verb: 発動する, label_sep: ' '}")
    assert not [d for d in result.diagnostics if d.severity == "error"], [d.format() for d in result.diagnostics]


def test_invisible_only_and_control_characters() -> None:
    from bpdsl.dsl.textchecks import CONTROLS, invisible_only

    assert invisible_only("\u200b") and invisible_only(" \u2060 \ufeff") and invisible_only("\u3164")
    assert not invisible_only("") and not invisible_only(" ") and not invisible_only("\n")
    assert not invisible_only("ソル\u200bジャー")  # something prints: not invisible only
    assert CONTROLS.search("a\x00b") and CONTROLS.search("\x1b[31m") and CONTROLS.search("\x85")
    assert not CONTROLS.search("一行目\n二行目\tタブ\r")

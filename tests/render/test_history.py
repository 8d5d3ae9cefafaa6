"""The change history printed from the data (``bpdsl diff act8.2 act9.0 --format rst|md|html|pdf``).

The expectation is the official history ``../shared/upstream/revision-9.0.rst`` itself (read here, never
copied): every name and printed value it quotes (its ````…```` literals) in the sections 共通ルールの変更,
アクションリスト・用語の変更 and エクストラの変更 must occur in the generated history, after the spacing of
the official text is taken off (``♠ 2 スラッシュ`` is the group 「♠2 スラッシュ」, ``♢`` is ◇, ``～`` is 〜).

A literal the edition cannot show yet is listed in ``NOT_YET`` with the reason; it is a strict expected
failure, so writing the entry turns it into an error until it is taken off the list.  ``NOT_DATA`` are the
rulebook's own text (chapter 5 and 9), not a field of the action list: the history generated from the
action-list data has nothing to say about them.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.render.history import between, build_history
from bpdsl.render.historyout import to_html, to_md, to_rst

REVISION = Path(__file__).resolve().parents[2].parent / "shared" / "upstream" / "revision-9.0.rst"

# names the 9.0 frame draft gave these actions; 第8.2版 printed no such action: the 8.2 → 9.0 history names
# them as renames through the draft between the two (「粉砕（旧 チャリオット防壁破壊）」)
DRAFT_RENAMES = {"リアニメーターリアニメイト": "転生召喚", "クイックチャリオット召喚": "クイック防壁破壊士召喚",
                 "チャリオット防壁破壊": "粉砕", "チャリオット再生": "防壁破壊士再生"}
NOT_YET = {
    "自分の場にいる◇2〜10を含んだ兵士1体": "修繕's target: the history quotes a wording no sheet prints",
    "対象兵士と同じスートのカード1枚": "修繕's choice prints 対象とした兵士と同じスートのカード",
}
# the rulebook's own text (chapters 5 and 9) is in the history as the edition states it (history.rules):
# checked by test_the_rules_text_changes_are_stated, not as a literal (「対象」 is in every other line)
NOT_DATA = {"対象": "chapter 5's FAQ (an action with 対象 needs a legal target): test_the_rules_text_changes_are_stated"}
# restated by the official history beside a change, unchanged since 第8.2版: checked as unchanged below
RESTATED = {"L": "リセット's cost L (「新: 即時 クイック、コスト: L」): 第8.2版's リセット costs L too"}
# the history paraphrases the old text; the sheet printed it in full
PARAPHRASES = {"対戦相手の防壁の数が自分以上": "対戦相手の場にいる防壁の数が自分の場にいる防壁の数以上",
               # the history says あなた where the sheets say 自分 (the frame list: 「自分の切札にある♡5」)
               "対戦相手は手札を2枚捨ててもよい。捨てた場合、あなたの裏切札にある♣8を墓地に移す。":
                   "対戦相手は手札を2枚捨ててもよい。捨てた場合、自分の裏切札にある♣8を墓地に移す。"}


def norm(text: str) -> str:
    text = re.sub(r"\s+", "", text).replace("♢", "◇").replace("♦", "◇").replace("～", "〜")
    return text.removeprefix("コスト:").removeprefix("キーカード条件:")


def _literals() -> list[str]:
    if not REVISION.is_file():
        return []
    text = REVISION.read_text(encoding="utf-8")
    body = text[text.index("共通ルールの変更"):text.index("プレイヤー向け確認チェックリスト")]
    out: list[str] = []
    for lit in re.findall(r"``([^`]+)``", body):
        # a trump's heading keeps one space between its card and name: 「♠J リアニメーター」
        m = re.fullmatch(r"([♠♡♢♣])\s*([0-9AJQK]+)\s+(\S+)", lit.strip())
        key = f"{m[1]}{m[2]} {m[3]}".replace("♢", "◇") if m and m[3] == "リアニメーター" else norm(lit)
        if key not in out:
            out.append(key)
    return out


@pytest.fixture(scope="module")
def history(defs):
    old, new = defs.editions["act8.2"], defs.editions["act9.0"]
    return build_history(old, new, between(defs.editions, old, new))


def test_the_official_history_is_there() -> None:
    assert REVISION.is_file(), f"the official change history is not at {REVISION}"
    assert len(_literals()) > 80


def _params() -> list[object]:
    out = []
    for lit in _literals():
        if lit in NOT_DATA or lit in RESTATED:
            continue
        marks = [pytest.mark.xfail(strict=True, reason=NOT_YET[lit])] if lit in NOT_YET else []
        out.append(pytest.param(lit, id=lit[:30], marks=marks))
    return out


@pytest.mark.parametrize("literal", _params())
def test_every_change_the_official_history_names_is_generated(history, literal: str) -> None:
    want = norm(PARAPHRASES.get(literal, literal))
    lines = [norm(line) for line in history.text().splitlines()]
    assert any(want in line for line in lines), f"{literal!r} is not in the generated history"


def test_groups_follow_the_official_history(history) -> None:
    assert [p.title for p in history.parts] == ["共通ルール", "アクションリスト・用語", "エクストラ"]
    rules, basic = history.parts[0].groups
    assert rules.title == "ルール本文" and basic.title == "基本アクション"
    common = basic.items
    assert [i.name for i in common] == ["ドロー"]
    (effect,) = common[0].changes
    assert "1枚引き" in effect.old and "2枚引き" in effect.new and "2以下" in effect.new
    extra = [g.title for g in history.parts[2].groups]
    suits = [t.split(" / ")[0] for t in extra if t != "切札操作"]  # the trump operations come first
    assert suits == sorted(suits, key=["スペード系 ♠", "ハート系 ♡", "ダイヤ系 ◇", "クラブ系 ♣"].index)
    moves = {i.name: i.summary for g in history.parts[1].groups for i in g.items if i.summary}
    assert moves["アップ、ダウン、ツイスト、カウンター"] == "速攻魔法 → 基礎魔法"
    assert moves["キル、再会、停戦、対象変更、サーチ、リバース、帰還"] == "速攻魔法 → 中級魔法"
    assert moves["B・J、R・S・F"] == "速攻魔法 → 上級魔法"


def test_the_draft_names_renamed_by_9_0(defs) -> None:
    """The actions the draft named and the publication renamed: old → new in the draft → 9.0 history."""
    h = build_history(defs.editions["act9.0-draft"], defs.editions["act9.0"])
    renames = {(c.old, c.new) for i in h.items for c in i.changes if c.field == "名称"}
    assert set(DRAFT_RENAMES.items()) <= renames


def test_a_rename_is_old_to_new(history) -> None:
    items = [i for i in history.items if i.kind == "trump" and i.id == "encouragement"]
    assert items and any(c.field == "名称" and (c.old, c.new) == ("激励", "誘惑") for c in items[0].changes)


def test_text_forms(history) -> None:
    rst, md = to_rst(history), to_md(history)
    assert rst.startswith("第9.0版 変更履歴\n====") and "\n共通ルール\n----" in rst and "* 旧: " in rst
    assert md.startswith("# 第9.0版 変更履歴") and "\n## エクストラ\n" in md and "### ハート系 ♡ / ♡3 誘惑" in md


def test_html_is_escaped(defs) -> None:
    import dataclasses

    old, new = defs.editions["act8.2"], defs.editions["act9.0"]
    h = build_history(old, dataclasses.replace(new, name="<script>x</script>"))
    html = to_html(h)
    assert "<script>x" not in html and "&lt;script&gt;x" in html
    assert "<del>" in html and "<ins>" in html


def test_cli_formats(tmp_path: Path) -> None:
    runner = CliRunner()
    r = runner.invoke(app, ["diff", "act8.2", "act9.0", "--format", "md"])
    assert r.exit_code == 0, r.output
    assert "# 第9.0版 変更履歴" in r.output and "クイック兵士召喚♠" in r.output
    r = runner.invoke(app, ["diff", "act8.2", "act9.0", "--format", "pdf"])
    assert r.exit_code == 2 and "--out" in r.output
    r = runner.invoke(app, ["diff", "act8.2", "act9.0", "--format", "docx"])
    assert r.exit_code == 2 and "rst, md, html, pdf" in r.output
    out = tmp_path / "h.pdf"
    r = runner.invoke(app, ["diff", "act8.2", "act9.0", "--format", "pdf", "--out", str(out)])
    assert r.exit_code == 0, r.output
    from pypdf import PdfReader

    text = "".join(p.extract_text() for p in PdfReader(str(out)).pages)
    assert "変更履歴" in text and "ドロー" in text and "誘惑" in text


def test_what_the_official_history_restates_is_unchanged(defs) -> None:
    assert "L" in _literals()
    assert defs.editions["act8.2"].actions["reset"].cost == defs.editions["act9.0"].actions["reset"].cost == "L"


REVISION_91 = REVISION.with_name("revision-9.1.rst")


def test_the_history_a_player_reads_names_no_internal_key(history) -> None:
    md = to_md(history)
    assert "用語 " not in md and not re.search(r"\b[a-z]+_[a-z_]+\b", md), "an internal key in the history"


def test_a_rename_through_the_draft_is_a_rename(history) -> None:
    md = to_md(history)
    for old, new in DRAFT_RENAMES.items():
        assert f"`{new}（旧 {old}）`（名称変更）" in md, (old, new)
    assert "`防壁破壊士召喚（旧 チャリオット召喚）`（変更）" in md  # the same id renamed: old → new, changed


def test_the_editions_own_readings_are_marked_as_such(defs, history) -> None:
    inferred = defs.editions["act9.0"].history["inferred"]
    assert {"break_bulwark", "throwing"} <= set(inferred)
    moves = {i.name: i for g in history.parts[1].groups for i in g.items if i.summary}
    assert moves["防壁破壊、投擲"].note and not moves["アップ、ダウン、ツイスト、カウンター"].note
    names = {a.name for eid, a in defs.editions["act9.0"].actions.items() if eid in inferred}
    for item in history.items:
        if set(item.name.split("、")) & names:
            assert item.note, item.label
        else:
            assert not item.note, item.label
    assert "※ この版の判断（公式の変更履歴にない）: 公式の変更履歴は分類先を挙げていない" in to_md(history)


def test_the_rules_text_changes_are_stated(history) -> None:
    """The official history's changes of the rules text (chapter 5's FAQ, chapter 9's パス) are in the
    history, as the edition states them."""
    text = norm(history.text())
    for words in ("「パス」", "リクエストしないことをパス", "全員が連続してパスした場合", "適法な対象を指定できなければ起こせない",
                  "自分自身を対象にできない"):
        assert norm(words) in text, words


def test_every_entry_beyond_the_official_history_is_a_real_change_of_the_data(defs, history) -> None:
    """An entry the official history does not name is there because the data changed: an entry only one of
    the two editions has, or a printed field that differs, or a rules line or reading the edition states."""
    official = norm(REVISION.read_text(encoding="utf-8"))
    old, new = defs.editions["act8.2"], defs.editions["act9.0"]
    extra = 0
    for item in history.items:
        if any(norm(n) in official for n in (item.name, item.old_name) if n):
            continue
        extra += 1
        if item.kind == "edition":
            assert item.changes or item.name in new.history["rules"], item.label
            assert all(c.old != c.new for c in item.changes), item.label
            continue
        table = {"action": "actions", "character": "characters", "fog": "fogs", "trump": "trumps"}[item.kind]
        before, after = getattr(old, table).get(item.id), getattr(new, table).get(item.id)
        if item.status == "added":
            assert before is None and after is not None, item.label
        elif item.status == "removed":
            assert before is not None and after is None, item.label
        else:
            assert before is not None and after is not None and item.changes, item.label
            assert all(c.old != c.new for c in item.changes), item.label
    assert extra > 0  # the lists' own changes the official history leaves out are there too


def test_every_game_content_item_of_the_9_1_history_is_generated(defs) -> None:
    """revision-9.1.rst changes no list: its items of game content (the concepts it defines and renames, in
    「」) are the rules lines of act9.1's history; the 付録 item is about the document, not the game."""
    text = REVISION_91.read_text(encoding="utf-8")
    body = text[text.index("新規概念・構築要素の整理"):]
    items = [b for b in re.split(r"\n\* ", body)[1:] if "付録" not in b.split("\n")[0]]
    assert len(items) == 2, items
    old, new = defs.editions["act9.0"], defs.editions["act9.1"]
    generated = norm(build_history(old, new, between(defs.editions, old, new)).text())
    for item in items:
        terms = re.findall(r"「([^」]+)」", item)
        assert terms, item
        for term in terms:
            assert norm(term) in generated, term
    for words in ("エントリー16", "マスター＋エクストラ", "手札制限", "ハンデス"):
        assert norm(words) in generated, words

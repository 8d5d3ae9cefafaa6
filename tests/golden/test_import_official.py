"""``bpdsl import official``: the official 第8.2版 list (../shared/upstream/act.yaml) imported as an edition
folder validates and renders the official texts (the same normalisation and comparison as
test_upstream_act82); broken files are positioned diagnostics, usage errors exit 2, nothing is written
half-way.  Every command runs as a process."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import upstream
from bpdsl.dsl.loader import load_or_raise
from bpdsl.render.text import edition_texts
from bpdsl.resources import definitions_dir

pytestmark = pytest.mark.skipif(not upstream.ACT.is_file(), reason="../shared/upstream/act.yaml not beside the checkout")


def bpdsl(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bpdsl", *args], capture_output=True, text=True, cwd=cwd, timeout=300)


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    where = tmp_path_factory.mktemp("import")
    r = bpdsl("import", "official", str(upstream.ACT), "--edition", "off8.2", "--out", "off", "--json", cwd=where)
    assert r.returncode == 0, r.stderr
    return where / "off", json.loads(r.stdout)


def test_the_imported_edition_renders_the_official_texts(imported: tuple[Path, dict]) -> None:
    folder, _ = imported
    defs = load_or_raise([definitions_dir(), folder / "definitions"])
    edition = defs.editions["off8.2"]
    official = upstream.load()
    for fmt in upstream.FORMATS:
        texts = edition_texts(edition, fmt)
        for kind in ("action", "character", "fog"):
            assert [t.name for t in texts if t.entry == kind] == \
                [e.name for e in official if e.kind == kind and fmt in e.formats], (fmt, kind)
        problems, checked = upstream.differences(texts, official, fmt)
        assert checked > 100
        assert not problems, "\n".join(problems)


def test_the_report_counts_compositions_and_overrides(imported: tuple[Path, dict]) -> None:
    folder, report = imported
    assert report["entries"] == {"action": 37, "character": 6, "fog": 3}
    fields = report["fields"]
    assert fields["composed"] + fields["overridden"] == fields["total"] > 80
    overrides = [t for o in report["overrides"] for t in o["texts"]]
    actions = (folder / "definitions" / "actions.yaml").read_text(encoding="utf-8")
    for text in overrides:  # each reported override is written as a marked step of the edition
        assert text.split("\n")[0] in actions
    assert actions.count("not_executed") == len(overrides)
    md = (folder / "IMPORT-REPORT.md").read_text(encoding="utf-8")
    assert f"{fields['composed']} of {fields['total']} fields" in md
    assert "data.pdfurl_std" in md  # facts with no place in the DSL are named


def test_the_folder_validates_and_prints_without_flags(imported: tuple[Path, dict]) -> None:
    folder, report = imported
    r = bpdsl("validate", cwd=folder)
    assert r.returncode == 0, r.stdout + r.stderr
    r = bpdsl("render", "actionlist", "--format", "mast", "--html-only", "--out", "out", cwd=folder)
    assert r.returncode == 0, r.stderr
    assert "ダメージ判定" in (folder / "out" / "off8.2-mast-official.html").read_text(encoding="utf-8")
    # an entry printed from a text override where the engine runs it is left out of play, the rest plays
    left_out = {x["entry"] for x in report["left_out_of_play"]}
    assert left_out == {o["entry"] for o in report["overrides"] if o["field"] != "notes"}
    r = bpdsl("simulate", "--format", "mast", "-n", "3", "--jobs", "1", cwd=folder)
    assert r.returncode == 0 and "aborted 0" in r.stdout, r.stdout + r.stderr
    assert all(f"{name} " not in r.stdout for name in left_out)


def test_wrong_shape_is_a_positioned_diagnostic_and_nothing_is_written(tmp_path: Path) -> None:
    """An unknown key is a warning with its position (the value is left out); a list that is not a list
    makes the data meaningless: an error, nothing written."""
    broken = tmp_path / "broken.yaml"
    broken.write_text("data: {ver: x}\nactList:\n  - type: 基本\n    acts:\n      - format: std\n        actName: エンド\n"
                      "        actId: end\n        actType: 基本\n        actTriger: 直接\n        actSpeed: 通常\n"
                      "        actTime: メイン\n        actEffect: x\ncharList: 3\n", encoding="utf-8")
    r = bpdsl("import", "official", str(broken), "--edition", "b1", cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    assert f"{broken}:9:9: S001 unknown key 'actTriger'" in r.stderr and "left out" in r.stderr
    assert "actTrigger" in r.stderr  # did you mean
    assert f"{broken}:13:11: S003" in r.stderr
    assert "Traceback" not in r.stderr
    assert not (tmp_path / "b1").exists()


def test_a_key_the_grammar_cannot_read_is_a_warning_at_the_official_line_and_left_out_of_play(tmp_path: Path) -> None:
    """A key naming cards the game does not know (a frame list's レアカード) does not make the list
    meaningless: a positioned warning, the entry printed and listed as left out of play."""
    text = upstream.ACT.read_text(encoding="utf-8").replace("actKey: ♠A〜K と ♣A〜K", "actKey: ♠A〜Z と ♣A〜K", 1)
    assert "♠A〜Z" in text
    changed = tmp_path / "act.yaml"
    changed.write_text(text, encoding="utf-8")
    r = bpdsl("import", "official", str(changed), "--edition", "k1", "--json", cwd=tmp_path)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "♠A〜Z" in row)
    assert r.returncode == 0 and f"warning: {changed}:{line}:" in r.stderr and "K001" in r.stderr, r.stderr
    report = json.loads(r.stdout)
    assert any("♠A〜Z" in x["why"] for x in report["left_out_of_play"])
    assert "unplayed:" in (tmp_path / "k1" / "definitions" / "actions.yaml").read_text(encoding="utf-8")


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    act = str(upstream.ACT)
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("x", encoding="utf-8")
    for args in (["import", "official", act], ["import", "official", str(tmp_path / "nope.yaml"), "--edition", "a"],
                 ["import", "official", act, "--edition", "act8.0"], ["import", "official", act, "--edition", "9x"],
                 ["import", "official", act, "--edition", "a1", "--extends", "act9"],
                 ["import", "official", act, "--edition", "a1", "--out", "full"]):
        r = bpdsl(*args, cwd=tmp_path)
        assert r.returncode == 2, (args, r.stderr)
        assert "Traceback" not in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["full"]


def test_a_changed_sentence_becomes_a_marked_override(tmp_path: Path) -> None:
    """A designer's wording no phrase prints is kept as text and reported; the rest stays ops."""
    text = upstream.ACT.read_text(encoding="utf-8")
    old = "ターンを持っているプレイヤーの場にいるキャラクターを全てチャージ状態にする。"
    assert old in text
    changed = tmp_path / "act.yaml"
    changed.write_text(text.replace(old, "全てのキャラクターをチャージ状態にする。"), encoding="utf-8")
    r = bpdsl("import", "official", str(changed), "--edition", "c1", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    charge = [o for o in report["overrides"] if o["entry"] == "チャージ"]
    assert charge and charge[0]["texts"] == ["全てのキャラクターをチャージ状態にする。"]
    defs = load_or_raise([definitions_dir(), tmp_path / "c1" / "definitions"])
    printed = {t.name: t for t in edition_texts(defs.editions["c1"], "std")}
    assert upstream.norm(printed["チャージ"].section("effect")[0].text) == upstream.norm("全てのキャラクターをチャージ状態にする。")


def test_an_entry_the_dsl_refuses_is_told_at_its_official_line(tmp_path: Path) -> None:
    """A triggered action without its 誘発条件 does not validate: the loader's diagnostic points at the
    official entry, not at the folder that was never written."""
    cond = "      actTriggerCond: ターンプレイヤーかつ、エンドアクションが解決した時に誘発する。\n"
    text = upstream.ACT.read_text(encoding="utf-8")
    assert cond in text
    changed = tmp_path / "act.yaml"
    changed.write_text(text.replace(cond, "", 1), encoding="utf-8")
    entry_line = text[:text.index(cond)].rfind("    - format:")
    line = text[:entry_line].count("\n") + 1
    r = bpdsl("import", "official", str(changed), "--edition", "t1", cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    assert f"{changed}:{line}:7: T001 チャージ:" in r.stderr, r.stderr
    assert "bpdsl-import" not in r.stderr and not (tmp_path / "t1").exists()

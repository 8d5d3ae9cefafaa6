"""The designer's example project docs/designer/examples/ninth: the new and changed エクストラ actions of 第9.0版
written in YAML only on top of act8.2 -- validated, printed and played through the real commands, with the
printed sentences of the new general blocks checked against the official change history
(``../shared/upstream/revision-9.0.rst``, read here, never copied)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ROOT / "docs" / "designer" / "examples" / "ninth"
REVISION = ROOT.parent / "shared" / "upstream" / "revision-9.0.rst"
NEW_ACTIONS = ["quick_intimidate", "resurrect", "encourage", "add_bulwark", "quick_bulwark", "exhaustion", "repair",
               "replenish_hand", "reset", "counterattack"]


def _bpdsl(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "bpdsl", *args], cwd=PROJECT, env=env, capture_output=True,
                          text=True, timeout=300)


def test_the_example_validates_and_every_scenario_passes() -> None:
    v = _bpdsl("validate")
    assert v.returncode == 0, v.stdout + v.stderr
    s = _bpdsl("scenario")
    assert s.returncode == 0, s.stdout + s.stderr
    assert "8 passed, 0 failed" in s.stdout


def test_the_example_prints_its_new_actions(tmp_path: Path) -> None:
    r = _bpdsl("render", "actionlist", "--html-only", "--out", str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr
    html = "\n".join(p.read_text(encoding="utf-8") for p in tmp_path.rglob("*.html"))
    for words in ("クイック威圧", "クイック防壁設置", "虚脱", "反撃", "誘惑", "ドライブ状態のキャラクター1体",
                  "アタッカーのオーナーに2点のダメージを与える。", "対戦相手は手札を2枚捨ててもよい。捨てた場合、",
                  "手札からカード1枚を防壁として裏向きかつチャージ状態で場に出す。"):
        assert words in html, words


@pytest.fixture(scope="module")
def ex9():  # type: ignore[no-untyped-def]
    from bpdsl.dsl.loader import load
    from bpdsl.dsl.project import select

    result = load(select(cwd=PROJECT).roots())
    assert result.diagnostics == []
    return result.definitions.editions["ex9"]


def test_inherited_trump_actions_stay_and_new_ones_join_their_trump(ex9) -> None:  # type: ignore[no-untyped-def]
    assert ex9.trumps["intimidation"].actions == ["intimidate", "quick_intimidate"]
    assert ex9.trumps["add_bulwark"].actions == ["add_bulwark", "quick_bulwark"]
    assert ex9.trumps["reset"].actions == ["omen", "reset"]  # 切札リセット removed by the edition
    assert ex9.actions["quick_bulwark"].trump == "add_bulwark"
    for aid in NEW_ACTIONS:
        assert aid in ex9.actions


def test_the_printed_sentences_are_the_official_ones(ex9) -> None:  # type: ignore[no-untyped-def]
    from bpdsl.render.text import entry_text

    official = REVISION.read_text(encoding="utf-8")

    def text(aid: str) -> str:
        e = entry_text(ex9, ex9.actions[aid], "extra")
        return "".join(b.text + "".join(i.text for i in b.items) for s in e.sections for b in s.blocks)

    assert "アタッカーのオーナーに2点ダメージ" in official and "アタッカーのオーナーに2点のダメージを与える。" in text("counterattack")
    clause = "対戦相手は手札を2枚捨ててもよい。捨てた場合、"
    assert clause in official and clause in text("reset")
    assert "ドライブ状態のキャラクター1体" in official and "ドライブ状態のキャラクター1体" in text("exhaustion")
    assert "対象の兵士をオーナーの手札に戻す。" in text("encourage")

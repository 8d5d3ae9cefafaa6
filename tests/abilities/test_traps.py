"""Abilities that validated and printed but played otherwise, each now played as printed (each of these
tests fails on the engine before the event spine):

* ``card_moved`` from a zone other than the field printed 「…ライフのカードが墓地に移った時」 and never fired;
* ``only_if`` on a triggered action printed 「…しかこのアクションを起こすことができない」 and was not asked;
* an action triggered by two abilities printed only the first trigger;
* a condition without words printed its expression (「me.hand >= 1しか…」): now words, or a definitions error;
* a replacement applies before the game ends, a prohibition keeps an action from being offered at all.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bpdsl.dsl.loader import load
from bpdsl.scenarios.runner import run_scenario
from bpdsl.render.text import entry_text
from bpdsl.resources import definitions_dir

HERE = Path(__file__).resolve().parent
TRAPS = HERE / "traps"


@pytest.fixture(scope="module")
def definitions():
    loaded = load([definitions_dir(), TRAPS / "definitions"])
    assert not loaded.errors, [str(d) for d in loaded.errors]
    return loaded.definitions


@pytest.mark.parametrize("name", ["life_watch", "life_watch_empty_hand"])
def test_moves_between_other_zones_fire_and_only_if_is_asked(definitions, name: str) -> None:
    result = run_scenario(TRAPS / "scenarios" / f"{name}.yaml", definitions)
    assert result.ok, "\n".join(result.failures)


def _section(edition, action_id: str, kind: str) -> list[str]:
    return [line for s in entry_text(edition, edition.actions[action_id], "extra").sections if s.kind == kind
            for b in s.blocks for line in b.lines()]


def test_every_trigger_of_an_action_is_printed(definitions) -> None:
    edition = definitions.editions["traps"]
    assert _section(edition, "twin_draw", "when") == [
        "自分の表切札に「双子」があるかつ、自分の投擲アクションが解決した時に誘発する。",
        "自分の表切札に「双子」があるかつ、対戦相手の切札が表向きになった時に誘発する。"]


def test_a_condition_prints_in_words(definitions) -> None:
    edition = definitions.editions["traps"]
    assert _section(edition, "watch_counter", "condition") == [
        "自分の手札の枚数が1以上しかこのアクションを起こすことができない。"]
    assert _section(edition, "watch_counter", "when") == [
        "自分の表切札に「監視」があるかつ、自分のライフのカードが墓地に移った時に誘発する。"]


def test_a_condition_without_words_is_a_definitions_error(tmp_path: Path) -> None:
    shutil.copytree(TRAPS / "definitions", tmp_path / "definitions")
    trumps = tmp_path / "definitions" / "trumps.yaml"
    trumps.write_text(trumps.read_text(encoding="utf-8").replace(
        "only_if: {if: me.hand >= 1}", "only_if: {if: me.hand >= 1 or opponent.life < 3}"), encoding="utf-8")
    errors = [str(d) for d in load([definitions_dir(), tmp_path / "definitions"]).errors]
    assert len(errors) == 1 and " X002 " in errors[0], errors
    assert "cond:me.hand>=1oropponent.life<3" in errors[0]


def test_the_bundled_counterattack_prints_its_trigger_once() -> None:
    loaded = load([definitions_dir()])
    edition = loaded.definitions.editions["act9.0"]
    assert _section(edition, "counterattack", "when") == [
        "自分の表切札に「要塞」があるかつ、自分の防壁がダメージ判定にてブロッカーとして墓地に移った時に誘発する。"]

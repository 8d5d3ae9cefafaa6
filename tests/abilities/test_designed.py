"""Ten trump abilities a designer invents, written in YAML only from the general blocks, printed and played.

The project ``tests/abilities/designed`` extends 第9.0版 with ten abilities no official list has (a trigger on
an opponent's soldier destroyed in combat, a copy of the opponent's free action once a turn, a cost raised
for targeting, a prohibition in the end step, a counter of damage taken, a swap, a trigger on summoning a
second character of a rank, a seal on the opponent's trumps, a reduction of the first big damage each turn,
a loss replaced once a game), and three more: a card's move to the grave replaced by the bottom of the life,
a cost made smaller for a target, characters an opponent's actions cannot target.  Each prints the sentence
pinned here and plays as its scenarios say.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from bpdsl.dsl.loader import load
from bpdsl.scenarios.runner import run_scenario
from bpdsl.render.text import entry_text, trump_text
from bpdsl.resources import definitions_dir

PROJECT = Path(__file__).resolve().parent / "designed"
SCENARIOS = sorted((PROJECT / "scenarios").glob("*.yaml"))


@pytest.fixture(scope="module")
def definitions():
    loaded = load([definitions_dir(), PROJECT / "definitions"])
    assert not [d for d in loaded.errors], [str(d) for d in loaded.errors]
    return loaded.definitions


def _lines(text) -> list[str]:
    return [line for s in text.sections for b in s.blocks for line in b.lines()]


PRINTED = {
    "spoils": ["自分の表切札に「戦利」があるかつ、対戦相手の兵士がダメージ判定にて場から墓地に移った時に1体につき1回"
               "誘発する。",
               "ライフの一番上からカードを1枚引き手札に加える。"],
    "mimicry": ["自分の表切札に「模倣者」があるかつ、1ターンに1回、対戦相手がコストが無い、ターンを渡さないアクションを"
                "直接起こした時に誘発する。", "このアクションを誘発したアクションと同じアクションをコストを支払わずに起こす。"
                "キーカードは仮想的にそのアクションのキーカードと同じとする。"],
    "tariff": ["対戦相手が直接起こす自分のキャラクターを対象とするアクションは、コストに$Lが加わる。"],
    "curfew": ["ターンを持っているかつエンドアクションが起こされている場合、対戦相手は即時アクションを直接起こせない。"],
    "grudge": ["自分の表切札に「恨み」があるかつ、自分がダメージを受けた時に誘発する。", "この切札にカウンターを1個置く。",
               "この切札のカウンターの数が3以上の場合、次を行う。", "対戦相手に3点のダメージを与える。",
               "この切札のカウンターを0個にする。"],
    "kinship": ["自分の表切札に「同族」があるかつ、自分の場にキャラクターが出た時に同じ数字の他の自分のキャラクターの数が"
                "1以上の場合、誘発する。", "ライフの一番上からカードを1枚引き手札に加える。"],
    "seal": ["対戦相手は切札を表向きにできない。"],
    "buffer": ["各ターン最初に自分が2点以上のダメージを受ける場合、代わりにそのダメージより1点少ないダメージを受ける。"],
    "last_stand": ["1ゲームに1回、自分のライフが0枚になりゲームに負ける場合、代わりに自分のライフが1枚になるまで、"
                   "自分の墓地の一番上のカードをライフの一番上に置く。自分の切札にある◇Kを裏向きにする。"],
    "reroute": ["自分の兵士のカードが場から墓地に置かれる場合、代わりにライフの一番下に置く。"],
    "discount": ["自分が直接起こす対戦相手の兵士を対象とするダウンアクションは、コストから$Dが取り除かれる。"],
    "shroud": ["自分のキャラクターは、対戦相手が起こすアクションの対象にならない。"],
}


@pytest.mark.parametrize("trump_id", sorted(PRINTED))
def test_each_ability_prints_its_sentence(definitions, trump_id: str) -> None:
    edition = definitions.editions["designed"]
    trump = edition.trumps[trump_id]
    printed = _lines(trump_text(edition, trump))
    for aid in trump.actions:
        printed += [line for s in entry_text(edition, edition.actions[aid], "extra").sections
                    if s.kind in ("when", "effect") for b in s.blocks for line in b.lines()]
    for sentence in PRINTED[trump_id]:
        assert sentence in printed, printed
    assert not any("." in line and any(c.isascii() and c.isalpha() for c in line) for line in printed), printed


def test_every_ability_has_a_scenario() -> None:
    names = {p.stem.split("_before")[0].split("_own")[0] for p in SCENARIOS}
    assert set(PRINTED) | {"exchange"} <= names


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(definitions, path: Path) -> None:
    result = run_scenario(path, definitions)
    assert result.ok, "\n".join(result.failures)


def test_a_cost_depends_on_the_target_only_for_the_actions_a_change_names(definitions) -> None:
    """The cost of an action is known only once its target is chosen where a change that depends on the
    target can name that action: 関税 names every action targeting a character, 値引 only ダウン; an action
    targeting a player, or none, is costed as it is listed."""
    from bpdsl.engine import build_rules

    rules = build_rules("designed", "extra", definitions)
    by_target = {a.id: rules.abilities.costed_by_target(a) for a in rules.direct_actions}
    assert by_target["down"] and by_target["kill"]
    assert not by_target["drain"] and not by_target["throwing"] and not by_target["attack"]

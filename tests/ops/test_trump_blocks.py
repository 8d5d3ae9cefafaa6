"""The general blocks that new trump abilities are composed of (docs/designer/trumps.rst): what each prints,
and what it does in a game of the example project's edition (docs/designer/examples/ninth), including the
branches its scenarios do not take."""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest

from bpdsl.dsl.cards import parse_pattern
from bpdsl.ops.optional import te_and_past
from bpdsl.ops.registry import PhraseContext, load_all

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "designer" / "examples" / "ninth" / "definitions"
OPS = load_all()


def _say(op: str, args: dict[str, Any], **terms: str) -> str:
    return OPS[op].render(PhraseContext({"life": "ライフ", **terms}, {}), args)


@pytest.mark.parametrize("op,args,terms,text", [
    ("target_character", {"what": "character", "state": "drive"}, {"target_form": "noun"}, "ドライブ状態のキャラクター1体"),
    ("target_character", {"what": "soldier", "face": "up", "state": "charge"}, {},
     "表向きかつチャージ状態の兵士1体を対象とする。"),
    ("card_moved", {"from": "field", "to": "grave", "kind": "bulwark", "cause": "blocker"},
     {"self": "自分", "moves": "移る"}, "自分の防壁がダメージ判定にてブロッカーとして墓地に移った時に誘発する。"),
    ("card_moved", {"ranks": ["Joker", "A"], "from": "field", "to": "grave"}, {"self": "自分", "moves": "移る"},
     "Joker,Aのカードが自分の場から墓地に移るたびに1枚につき1回誘発する。"),
    ("damage", {"to": "attacker_owner", "amount": 2}, {}, "アタッカーのオーナーに2点のダメージを与える。"),
    ("discard_cards", {"who": "target", "count": 2}, {}, "対象の対戦相手は手札を2枚捨てる。"),
    ("lose_trump", {"card": "♣8", "face": "down"}, {"self": "自分"}, "自分の裏切札にある♣8を墓地に移す。"),
    ("lose_trump", {"card": "♠K"}, {}, "切札の♠Kを墓地に移す。"),
    ("may", {"who": "opponent", "do": {"discard_cards": {"who": "opponent", "count": 2}},
             "then": [{"lose_trump": {"card": "♣8", "face": "down"}}]}, {"self": "自分"},
     "対戦相手は手札を2枚捨ててもよい。捨てた場合、自分の裏切札にある♣8を墓地に移す。"),
    ("may", {"do": {"draw_top": {"count": 1}}}, {}, "ライフの一番上からカードを1枚引き手札に加えてもよい。"),
    ("choose_card", {"from": "grave", "same_suit_as_target": True}, {}, "自分の墓地から対象の兵士と同じスートのカードを1枚選ぶ。"),
    ("choose_card", {"from": "grave", "cards": parse_pattern("◇J〜K")}, {}, "自分の墓地から◇J〜Kを1枚選ぶ。"),
])
def test_each_block_prints_its_sentence(op: str, args: dict[str, Any], terms: dict[str, str], text: str) -> None:
    assert _say(op, args, **terms) == text


@pytest.mark.parametrize("sentence,te,past", [
    ("対戦相手は手札を2枚捨てる。", "対戦相手は手札を2枚捨てて", "捨てた"),
    ("対象のキャラクターを墓地に移す。", "対象のキャラクターを墓地に移して", "移した"),
    ("カードを1枚引く。", "カードを1枚引いて", "引いた"),
    ("兵士が手札に戻る。", "兵士が手札に戻って", "戻った"),
])
def test_the_optional_step_words_its_verb(sentence: str, te: str, past: str) -> None:
    assert te_and_past(sentence) == (te, past)


@functools.lru_cache(maxsize=1)
def _example() -> Any:
    from bpdsl.dsl.loader import load_definitions

    return load_definitions([EXAMPLE])


def _play(players: list[dict[str, Any]], decisions: list[Any], **more: Any) -> Any:
    from bpdsl.scenarios.runner import run_scenario

    data = {"name": "block", "edition": "ex9", "format": "extra", "turn": 0, "turn_no": 3, "players": players,
            "decisions": decisions, **more}
    return run_scenario(data, _example())


def test_the_opponent_may_decline_and_the_trump_stays() -> None:
    r = _play([{"life": 20, "trump_up": ["♣8"]}, {"life": 10, "hand": ["♡2", "♡3"]}],
              [{"p": 0, "choose": "リセット (reset)"}, {"p": 1, "choose": "しない"}],
              expect={"state": {"players": [{"trump": ["♣8"], "trump_up": []}, {"hand": ["♡2", "♡3"]}]}})
    assert r.ok, r.failures


def test_a_short_hand_discards_what_it_has_and_the_consequence_does_not_follow() -> None:
    r = _play([{"life": 20, "trump_up": ["♣8"]}, {"life": 10, "hand": ["♡2"]}],
              [{"p": 0, "choose": "リセット (reset)"}, {"p": 1, "choose": "する"}],
              expect={"state": {"players": [{"trump": ["♣8"]}, {"hand": 0, "grave": ["♡2"]}]}})
    assert r.ok, r.failures


def test_a_soldier_judged_as_a_blocker_does_not_trigger_a_bulwark_trigger() -> None:
    r = _play([{"life": 10, "field": [{"as": "general_soldier", "cards": ["♣9"]}]},
               {"life": 10, "trump_up": ["♣9"], "field": [{"as": "general_soldier", "cards": ["♡5"]}]}],
              ["アタック (attack)", {"p": 0, "choose": "アタッカーに指定する"}, {"p": 1, "choose": 1}],
              expect={"events": [{"t": "leave", "p": 1, "to": "grave", "cards": ["♡5"]}],
                      "absent": [{"t": "raise", "action": "counterattack"}],
                      "state": {"players": [{"life": 10}, {}]}})
    assert r.ok, r.failures


def test_a_charged_character_is_no_target_of_a_driven_filter() -> None:
    r = _play([{"life": 10, "trump_up": ["◇5"]},
               {"life": 10, "field": [{"as": "general_soldier", "cards": ["♡9"]}]}], [],
              expect={"absent": [{"t": "raise", "action": "exhaustion"}]})
    assert r.ok, r.failures
    from bpdsl.engine import build_rules

    rules = build_rules("ex9", "extra", _example())
    assert "exhaustion" in rules.actions


def test_repair_offers_only_cards_of_the_target_soldiers_suit() -> None:
    r = _play([{"life": 10, "grave": ["♣Q", "◇Q"], "trump_up": ["◇8"],
                "field": [{"as": "general_soldier", "cards": ["♣5"]}]}, {"life": 10}],
              [{"p": 0, "choose": "修繕 (repair)"}],
              expect={"events": [{"t": "raise", "p": 0, "action": "equip", "direct": False, "keys": ["♣Q"]}]})
    assert r.ok, r.failures


GRANTS = """kind: trumps
edition: ex9
format: extra
trumps:
  - id: last_words
    card: ♠9
    name: 遺言
    abilities:
      - grant:
          to: soldier
          abilities:
            - raises_on_leave: {action: last_words, to: [grave]}
      - grant:
          to: bulwark
          abilities:
            - raises_when: {when: {card_moved: {from: field, to: grave, cause: blocker}}, action: bulwark_words}
    actions:
      - id: last_words
        name: 遺言
        category: trump_ability
        type: 誘発魔法
        request: {trigger: triggered, speed: instant, timing: quick}
        conditions: [not_direct]
        effect:
          - draw_top: {count: 1}
      - id: bulwark_words
        name: 防壁の遺言
        category: trump_ability
        type: 誘発魔法
        request: {trigger: triggered, speed: instant, timing: quick}
        conditions: [not_direct]
        effect:
          - damage: {to: attacker_owner, amount: 3}
"""


def _with_grants(tmp_path: Path, text: str = GRANTS) -> Any:
    from bpdsl.dsl.loader import default_paths, load

    (tmp_path / "grants").mkdir()
    (tmp_path / "grants" / "trumps.yaml").write_text(text, encoding="utf-8")
    return load([*default_paths(), EXAMPLE, tmp_path / "grants"])


def test_granted_leave_and_move_triggers_fire(tmp_path: Path) -> None:
    from bpdsl.scenarios.runner import run_scenario

    result = _with_grants(tmp_path)
    assert result.diagnostics == []
    leave = {"name": "granted raises_on_leave", "edition": "ex9", "format": "extra", "turn": 0, "turn_no": 3,
             "players": [{"life": ["♡2", "♡3", "♡4"], "trump_up": ["♠9", "♠4"],
                          "field": [{"as": "general_soldier", "cards": ["♡5"]}]}, {"life": 10}],
             "decisions": [{"p": 0, "choose": "威圧 (intimidate)"}, {"p": 0, "choose": "パス"}],
             "expect": {"events": [{"t": "leave", "p": 0, "to": "grave", "cards": ["♡5"]},
                                   {"t": "raise", "p": 0, "action": "last_words", "direct": False},
                                   {"t": "draw", "p": 0, "n": 1}]}}
    r = run_scenario(leave, result.definitions)
    assert r.ok, r.failures
    moved = {"name": "granted raises_when on card_moved", "edition": "ex9", "format": "extra", "turn": 0,
             "turn_no": 3,
             "players": [{"life": 10, "field": [{"as": "general_soldier", "cards": ["♣9"]}]},
                         {"life": 10, "trump_up": ["♠9"], "field": [{"as": "bulwark", "cards": ["◇4"], "face_up": False}]}],
             "decisions": ["アタック (attack)", {"p": 0, "choose": "アタッカーに指定する"}, {"p": 1, "choose": 1}],
             "expect": {"events": [{"t": "raise", "p": 1, "action": "bulwark_words", "direct": False},
                                   {"t": "damage", "p": 0, "n": 3}]}}
    r = run_scenario(moved, result.definitions)
    assert r.ok, r.failures


def test_an_ability_a_grant_cannot_give_is_refused(tmp_path: Path) -> None:
    text = GRANTS.replace("            - raises_on_leave: {action: last_words, to: [grave]}",
                          "            - untargetable: {}")
    errors = [d.format() for d in _with_grants(tmp_path, text).diagnostics]
    refused = [e for e in errors if "O003" in e]
    assert len(refused) == 1 and "'untargetable' cannot be used here" in refused[0], errors
    assert "raises_on_leave" in refused[0] and refused[0].startswith(str(tmp_path / "grants" / "trumps.yaml"))


def test_a_scenarios_chance_is_where_the_game_goes_on() -> None:
    # turn 0, chance 1: player 1 raises クイック威圧 before player 0 did anything
    r = _play([{"life": 10, "field": [{"as": "general_soldier", "cards": ["♡9"]}]},
               {"life": 10, "trump_up": ["♠4"]}],
              [{"p": 1, "choose": "クイック威圧 (quick_intimidate)"}, {"p": 1, "choose": "パス"}, {"p": 0, "choose": "パス"}],
              chance=1, expect={"events": [{"t": "raise", "p": 1, "action": "quick_intimidate"},
                                           {"t": "resolve", "action": "quick_intimidate"}],
                                "state": {"players": [{"field": 0}, {}]}})
    assert r.ok, r.failures

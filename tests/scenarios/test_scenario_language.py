"""The constructs a ruling needs (docs/designer/scenarios.rst): one test each, a passing and a failing use.

offered contains/excludes, expect_decision for forced decisions, a combat in progress, inline
definitions:, the stage and every card observed, labels naming what they refer to, and failure messages
that compare like with like.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bpdsl.scenarios.runner import ScenarioError, run_scenario

THROW: dict[str, Any] = {"edition": "act8.0", "format": "std", "turn": 0,
                         "players": [{"life": 10, "hand": ["♠5", "♣7"]}, {"life": 8}]}


def _run(**changes: Any) -> Any:
    return run_scenario({**THROW, **changes})


def test_offered_contains_and_excludes() -> None:
    ok = _run(decisions=[{"p": 0, "choose": "投擲 (throwing)",
                          "offered": {"contains": ["投擲 (throwing)", "パス"], "excludes": ["カウンター (counter)"]}}])
    assert ok.ok, ok.failures
    bad = _run(decisions=[{"p": 0, "choose": "投擲 (throwing)",
                           "offered": {"contains": ["防壁破壊 (break_bulwark)"], "excludes": ["パス"]}}])
    assert len(bad.failures) == 2
    assert "expected an option '防壁破壊 (break_bulwark)'" in bad.failures[0]
    assert "expected no option 'パス', but it is offered" in bad.failures[1]


def test_offered_exact_list_names_what_is_missing() -> None:
    bad = _run(decisions=[{"choose": "パス", "offered": ["パス", "カウンター (counter)"]}])
    assert any("missing ['カウンター (counter)']" in f for f in bad.failures), bad.failures


def test_expect_decision_observes_forced_decisions() -> None:
    """The keys ♠5+♣7 and the target プレイヤー1 are the only options: the engine takes them without asking;
    the script observes both and they are still taken the same way (5 damage)."""
    ok = _run(decisions=["投擲 (throwing)",
                         {"expect_decision": {"p": 0, "kind": "key", "offered": ["♠5+♣7"]}},
                         {"expect_decision": {"p": 0, "kind": "target", "choose": "プレイヤー1",
                                              "state": {"stage": []}}}],
              expect={"events": [{"t": "damage", "p": 1, "n": 5}]})
    assert ok.ok, ok.failures
    wrong = _run(decisions=["投擲 (throwing)", {"expect_decision": {"p": 0, "kind": "key", "offered": ["♠5"]}}])
    assert any("forced, player 0, key" in f and "['♠5+♣7']" in f for f in wrong.failures), wrong.failures


def test_expect_decision_that_is_asked_is_a_failure() -> None:
    bad = _run(decisions=[{"expect_decision": {"p": 0, "kind": "action"}}])
    assert any("expected a forced action decision of player 0" in f and "5 options" in f for f in bad.failures), \
        bad.failures


def test_expect_decision_never_coming_is_reported() -> None:
    bad = _run(players=[{"life": 10}, {"life": 8}], decisions=[{"expect_decision": {"kind": "cost_S"}}])
    assert not bad.ok


def test_choose_or_expect_decision_not_both() -> None:
    with pytest.raises(ScenarioError, match="either choose"):
        _run(decisions=[{"choose": "パス", "expect_decision": {"p": 0}}])


COMBAT: dict[str, Any] = {
    "edition": "act8.0", "format": "std", "turn": 0, "turn_no": 3,
    "players": [{"life": 10, "field": [{"as": "general_soldier", "cards": ["♠9"], "driven": True}]},
                {"life": 10, "field": [{"as": "general_soldier", "cards": ["♡5"]},
                                       {"as": "general_soldier", "cards": ["♡2"]}]}],
    "raised": [{"p": 0, "action": "attack"}],
}


def test_combat_in_progress_with_pending_judgement() -> None:
    """ダメージ判定 on the stage, ♠9 attacking, ♡5 blocking: the blocker goes to the grave, no damage."""
    r = run_scenario({**COMBAT, "stage": [{"action": "damage_judgement", "p": 0}],
                      "combat": {"attackers": [[0, 0]], "blocks": [{"attacker": [0, 0], "by": [[1, 0]]}]},
                      "decisions": [{"expect_decision": {"p": 0, "kind": "action",
                                     "state": {"combat": {"attackers": [[0, 0]],
                                                          "blocks": [{"attacker": [0, 0], "by": [[1, 0]]}]}}}}],
                      "expect": {"events": [{"t": "resolve", "action": "damage_judgement"}],
                                 "state": {"players": [{"life": 10, "field": 1}, {"life": 10, "grave": ["♡5"]}]}}})
    assert r.ok, r.failures + r.position


def test_combat_role_left_from_an_earlier_attack_is_observed() -> None:
    r = run_scenario({**COMBAT, "combat": {"attackers": [[0, 0]], "judged": [[0, 0]]},
                      "expect": {"state": {"combat": {"attackers": [[0, 0]], "judged": [[0, 0]]}}}})
    assert r.ok, r.failures


@pytest.mark.parametrize("combat, message", [
    ({"attackers": [[1, 0]]}, "only the turn player"),
    ({"attackers": [[0, 0]], "blocks": [{"attacker": [0, 0], "by": [[0, 0]]}]}, "belongs to the attacking"),
    ({"attackers": [[0, 3]]}, "names no character"),
    ({"attackers": [[0, 0]], "judged": [[1, 0]]}, "judged: name attackers only"),
])
def test_impossible_combat_is_a_scenario_error(combat: dict[str, Any], message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        run_scenario({**COMBAT, "combat": combat})


def test_stage_observed_with_key_cards_controller_and_target() -> None:
    """Player 0's first chance, a forced pass (no card in hand): the throwing on the stage, keys and target."""
    stage = [{"action": "throwing", "p": 0, "keys": ["♠5", "♣7"], "target": {"player": 1}}]

    def run(state: dict[str, Any]) -> Any:
        return run_scenario({**THROW, "players": [{"life": 10}, {"life": 8}], "stage": stage,
                             "decisions": [{"expect_decision": {"p": 0, "kind": "action", "state": state}}]})

    ok = run({"stage": [{"action": "throwing", "p": 0, "keys": ["♣7", "♠5"], "target": "プレイヤー1"}],
              "players": [{"where": {"♠5": "stage", "♠A": "life", "♡3": "out"}}]})
    assert ok.ok, ok.failures
    bad = run({"stage": [{"action": "throwing", "keys": ["♠5"]}], "players": [{"where": {"♠5": "grave"}}]})
    assert any("state.stage[0].keys: expected (♠5), got (♠5, ♣7)" in f for f in bad.failures), bad.failures
    assert any("where[♠5]: expected the card in 'grave', got it in 'stage'" in f for f in bad.failures)


def test_failures_compare_like_with_like_and_show_the_position() -> None:
    r = _run(players=[{"life": ["♠2", "♠3"]}, {"life": 8}], expect={"state": {"players": [{"life": 10}]}})
    assert r.failures == ["players[0].life: expected 10 card(s), got 2"]
    assert any(line.startswith("player 0: life 2: ♠2 ♠3") for line in r.position), r.position
    r = _run(players=[{"life": ["♠2", "♠3"]}, {"life": 8}], expect={"state": {"players": [{"life": ["♠3", "♠2"]}]}})
    assert r.failures == ["players[0].life: expected the order (♠3, ♠2) (top first), got (♠2, ♠3)"]
    r = _run(expect={"state": {"players": [{"field": [{"as": "hero", "cards": ["♠K"]}]}]}})
    assert r.failures == ["players[0].field: expected 1 character(s), got 0 (none)"]


def test_blocker_labels_name_the_attacker() -> None:
    data = {"edition": "act8.0", "format": "std", "turn": 0, "turn_no": 3,
            "players": [{"life": 10, "field": [{"as": "general_soldier", "cards": ["♠9"]},
                                               {"as": "general_soldier", "cards": ["♠8"]}]},
                        {"life": 10, "field": [{"as": "general_soldier", "cards": ["♡5"]}]}],
            "decisions": ["アタック (attack)", "アタッカーに指定する", "アタッカーに指定する",
                          {"p": 1, "kind": "blockers", "choose": "相手の一般兵[♠9](ドライブ)のブロッカー指定を終える",
                           "offered": {"contains": ["自分の一般兵[♡5](チャージ)で相手の一般兵[♠9](ドライブ)をブロック"]}},
                          {"p": 1, "kind": "blockers",
                           "choose": "自分の一般兵[♡5](チャージ)で相手の一般兵[♠8](ドライブ)をブロック"}]}
    r = run_scenario(data)
    assert r.ok, r.failures + r.position


def test_order_labels_name_the_card_that_triggered() -> None:
    """An armed soldier ♠A+♠K+♠2 goes to the grave: two 世代交代, one for ♠A and one for ♠K."""
    path = Path(__file__).resolve().parents[2] / "scenarios" / "act8.0" / "armed_soldier_two_triggers.yaml"
    from bpdsl.scenarios.runner import load_scenario

    data = load_scenario(path)
    data["decisions"][-1] = {"p": 1, "kind": "order", "choose": "世代交代 (♠K)",
                             "offered": ["世代交代 (♠A)", "世代交代 (♠K)"]}
    r = run_scenario(data)
    assert r.ok, r.failures


def test_inline_definitions_extend_the_edition(tmp_path: Path) -> None:
    """An action that costs S, declared in the scenario itself: the soldier is sacrificed, then 5 damage."""
    text = """\
name: inline action with cost S
edition: act8.0
format: std
turn: 0
definitions:
  actions:
    - id: sacrifice_shot
      name: 生贄の一撃
      ruby: いけにえのいちげき
      category: normal_magic
      type: 通常魔法
      request: {trigger: direct, speed: normal, timing: main}
      cost: S
      target:
        target_player: {who: opponent}
      formats: [std]
      effect:
        - damage: {to: target, amount: 5}
players:
  - life: 10
    field:
      - {as: general_soldier, cards: ["♣4"]}
  - life: 8
decisions:
  - "生贄の一撃 (sacrifice_shot)"
  - {expect_decision: {p: 0, kind: cost_S, offered: ["自分の一般兵[♣4](チャージ)"]}}
  - {p: 0, choose: "パス"}
expect:
  state:
    players:
      - {field: 0, grave: ["♣4"]}
      - {life: 3}
"""
    f = tmp_path / "inline.yaml"
    f.write_text(text, encoding="utf-8")
    r = run_scenario(f)
    assert r.ok, r.failures + r.position
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("cost: S", "cost: Q"), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"bad\.yaml:\d+:\d+: "):
        run_scenario(bad)

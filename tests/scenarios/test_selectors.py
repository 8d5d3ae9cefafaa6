"""Options chosen by what they are (bpdsl.scenarios.selectors), and a label that matches nothing explained."""
from __future__ import annotations

from pathlib import Path

from bpdsl.scenarios.runner import load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[2]


def _combat() -> dict:
    return load_scenario(ROOT / "scenarios" / "act8.0" / "combat_soldiers.yaml")


def test_selectors_choose_the_same_options_as_the_labels() -> None:
    data = _combat()
    data["decisions"] = [{"action": "attack"}, {"attack": True}, {"attack": True},
                         {"p": 1, "block": {"by": "◇3", "attacker": "♠8"},
                          "offered": [{"end_blockers": True}, {"block": {"by": "◇3"}}, {"block": {"by": "♣4"}}]},
                         {"p": 1, "choose": {"block": {"by": "♣4"}}}]
    r = run_scenario(data)
    assert r.ok and not r.warnings, r.failures


def test_a_selector_for_another_attacker_fails_with_the_nearest_option() -> None:
    data = _combat()
    data["decisions"] = [{"action": "attack"}, {"attack": True}, {"attack": True},
                         {"p": 1, "block": {"by": "◇3", "attacker": "♡6"}}]
    r = run_scenario(data)
    assert not r.ok
    assert "illegal scripted choice" in r.failures[0] and "legal options:" in r.failures[0]


def test_a_misspelt_label_says_which_option_it_meant() -> None:
    data = _combat()
    data["decisions"] = ["アタック (atack)"]
    r = run_scenario(data)
    assert "did you mean 'アタック (attack)'?" in r.failures[0], r.failures


def test_a_lessons_partner_plays_the_moves_its_selectors_name() -> None:
    from bpdsl.scenarios.lesson import LessonPlay, read_lesson

    lesson = read_lesson(ROOT / "bpdsl" / "games" / "blackpoker" / "lessons" / "04_block.yaml")
    lesson.data["decisions"] = [{"p": 0, "action": "attack"}, {"p": 0, "attack": True},
                                *[d for d in lesson.data["decisions"] if d.get("p") == 1]]
    play = LessonPlay(lesson)
    req = play.request()
    assert req is not None and req.kind == "blockers", req  # the partner attacked by the selectors
    block = next(label for label in play.labels() if label.endswith("をブロック"))
    assert play.choose(block).ok and play.reached


def _triggers() -> dict:
    return load_scenario(ROOT / "scenarios" / "rulings" / "act8.2-pro" / "combat" /
                         "armed_soldier_triggers_named_by_card.yaml")


def test_an_order_selector_names_the_trigger_by_its_card() -> None:
    data = _triggers()
    data["decisions"][3] = {"p": 1, "kind": "order", "order": {"action": "世代交代", "card": "♠K"},
                            "offered": [{"order": {"card": "♠A"}}, {"order": {"card": "♠K"}}]}
    data["decisions"][2] = {"p": 0, "block": {"by": "Joker1", "attacker": "♠A"}}
    r = run_scenario(data)
    assert r.ok and not r.warnings, r.failures


def test_identical_triggers_are_ordered_by_name_and_an_ambiguous_selector_is_refused() -> None:
    data = _triggers()
    data["decisions"][3] = {"p": 1, "order": ["世代交代", "世代交代"]}
    assert run_scenario(data).ok
    data["decisions"][3] = {"p": 1, "order": "世代交代"}
    r = run_scenario(data)
    assert not r.ok and "fits 2 options" in r.failures[0], r.failures


def test_an_old_order_label_is_accepted_with_w101() -> None:
    data = _triggers()
    data["decisions"][3] = {"p": 1, "kind": "order", "choose": "世代交代", "offered": ["世代交代", "世代交代"]}
    r = run_scenario(data)
    assert r.ok, r.failures
    assert len(r.old_labels) == 3 and r.old_labels[0].path == ("decisions", 3, "offered", 0)
    assert r.old_labels[-1].path == ("decisions", 3, "choose")
    assert r.old_labels[-1].new == {"order": {"action": "世代交代", "card": "♠A"}}


def test_two_equal_old_labels_of_an_offered_list_name_the_two_options() -> None:
    data = _triggers()
    data["decisions"][3] = {"p": 1, "kind": "order", "choose": "世代交代", "offered": ["世代交代", "世代交代"]}
    r = run_scenario(data)
    news = [x.new for x in r.old_labels]
    assert news[:2] == [{"order": {"action": "世代交代", "card": "♠A"}}, {"order": {"action": "世代交代", "card": "♠K"}}]
    data["decisions"][3] = {"p": 1, "kind": "order", "choose": news[2], "offered": news[:2]}
    assert run_scenario(data).ok  # what migrate writes passes too


def test_the_manual_lists_every_alias_with_its_release() -> None:
    from bpdsl.scenarios.selectors import ALIASES

    text = (ROOT / "docs" / "designer" / "scenarios.rst").read_text(encoding="utf-8")
    for alias in ALIASES:
        assert f"``{alias.old}``" in text and f"``{alias.current}``" in text, alias
        assert alias.release in text, alias.release


def test_a_trump_target_is_named_by_its_card_even_when_forced() -> None:
    data = load_scenario(ROOT / "scenarios" / "rulings" / "act9.0-draft" / "trump_destroy.yaml")
    data["decisions"].insert(1, {"expect_decision": {"p": 1, "kind": "target", "choose": {"target": {"card": "♠4"}}}})
    r = run_scenario(data)
    assert r.ok, r.failures
    data["decisions"][1]["expect_decision"]["choose"] = {"target": {"card": "♠5"}}
    r = run_scenario(data)
    assert not r.ok and "expected the option {'target': {'card': '♠5'}} to be taken" in r.failures[0], r.failures

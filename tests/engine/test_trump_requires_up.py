"""A trump's actions and trigger sources are skipped while the trump lies face down (``requires_up``): the
legal-action listing offers them only once it lies face up, and the trigger sources of the trump characters'
abilities that the trumps module compiles itself are never asked."""
from __future__ import annotations

import copy

from bpdsl.dsl.cards import parse_card
from bpdsl.engine import build_rules, dispatch, new_game
from bpdsl.scenarios.runner import start_position
from bpdsl.sim.combo_pairs import DEFAULT_POSITION


def _offered(rules, zone: str, card: str) -> list[str]:
    pos = copy.deepcopy(DEFAULT_POSITION)
    pos["players"][0][zone] = [card]
    game = new_game(rules, None, 0)
    start_position(game, pos)
    return [a.id for a in game.legal_actions(0) if a.requires_up == parse_card(card).index]


def test_a_trumps_action_is_offered_only_while_the_trump_lies_face_up() -> None:
    rules = build_rules("act8.2", "extra")
    assert rules.actions["drain"].requires_up == parse_card("♠3").index and rules.actions["drain"].gate is None
    for card, action in (("♠3", "drain"), ("♠7", "instant_kill")):
        assert _offered(rules, "trump_up", card) == [action]
        assert _offered(rules, "trump", card) == []  # face down: not even a candidate


def test_the_no_op_sources_of_trump_character_abilities_are_never_asked_and_others_wait_for_their_trump() -> None:
    rules = build_rules("act8.2", "extra")
    silent = [s for s in rules.triggers if s.requires_up == frozenset()]
    assert {s.character for s in silent} >= {"reanimator", "demon_king"}
    assert all(s.step[2] in ("raises_on_leave", "raises_when") and s.event is None for s in silent)
    game = new_game(rules, None, 0)
    assert not any(s in silent for key in (("left_field", None), ("raised", None))
                   for s in dispatch.sources_of(game, key))
    gated = [s for s in rules.triggers if s.requires_up]
    assert {s.action.id for s in gated} >= {"illusion", "riot", "revolution_draw"}
    assert all(len(s.requires_up) == 2 for s in gated)  # either player's copy of the trump
    assert all(s.requires_up is None for s in build_rules("act8.2", "mast").triggers)


def _driving(rules, field: list[dict], stage: bool = False) -> list[str]:
    """The actions raised by driving a trump character (requires_char) that seat 0 is offered with ``field``."""
    pos = copy.deepcopy(DEFAULT_POSITION)
    pos["players"][0]["field"] = field
    pos["players"][1]["field"] = [{"as": "general_soldier", "cards": ["♡9"]}]  # a target for 薙払
    game = new_game(rules, None, 0)
    start_position(game, pos)
    return sorted(a.id for a in game.legal_actions(0) if a.requires_char is not None)


def test_an_action_raised_by_driving_a_character_is_offered_only_while_the_seat_has_one_charged() -> None:
    rules = build_rules("act8.2", "extra")
    sweep = rules.actions["sweep"]
    assert sweep.requires_char == "knight" and sweep.gate is None  # no gate asked at every listing
    free = [a for a in rules.direct_actions if a.requires_char == "reanimator"]
    assert free and all(a.gate is not None for a in free)  # its gate still asks for a face-up one and the stage
    knight = {"as": "knight", "cards": ["♣J", "♠5"]}
    assert _driving(rules, [knight]) == ["sweep"]
    assert _driving(rules, [dict(knight, driven=True)]) == []  # driven: it cannot drive itself again
    assert _driving(rules, [{"as": "general_soldier", "cards": ["♠5"]}]) == []
    game = new_game(rules, None, 0)
    assert game._char_gated >= {"knight", "reanimator"}
    assert not new_game(build_rules("act8.2", "mast"), None, 0)._char_gated

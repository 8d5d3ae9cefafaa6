"""The collector agent: builds towards the key of a valued action, pays from other cards, raises the action,
and decides from its own observation only."""
from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from bpdsl.dsl.cards import full_deck, parse_card, parse_pattern
from bpdsl.engine import build_rules, new_game
from bpdsl.engine.decisions import DecisionRequest, RandomAgent
from bpdsl.scenarios.runner import start_position
from bpdsl.sim.agents import AgentSpecError, make_agent, parse_agents
from bpdsl.sim.collector import CollectorAgent, action_value, chance
from bpdsl.sim.heuristic import HeuristicAgent
from bpdsl.sim.search import redeal

ROYAL_NEAR = ["♠A", "♠10", "♠J", "♠Q", "♣9", "♡3"]


@pytest.fixture(scope="module")
def mast() -> Any:
    return build_rules("act8.2", "mast")


def _cards(*texts: str) -> list[Any]:
    return [parse_card(t) for t in texts]


def _obs(hand: list[str], life: int = 30, field: list[dict[str, Any]] | None = None, turn: int = 0) -> dict[str, Any]:
    """An observation of seat 0 shaped as the game's ``observe`` gives it."""
    me = {"seat": 0, "life": life, "hand_count": len(hand), "hand": sorted(hand), "grave": [], "grave_top": None,
          "grave_count": 0, "fog": [], "field": field or [], "trump_count": 0, "trump": []}
    opp = {"seat": 1, "life": "10以上", "hand_count": 5, "grave_top": None, "grave_count": 0, "fog": [],
           "field": [], "trump_count": 0}
    return {"you": 0, "turn": turn, "turn_no": 5, "chance": 0, "passed": [], "players": [me, opp], "stage": []}


def test_partial_keys_tell_what_is_held_and_what_is_missing() -> None:
    royal = parse_pattern("同じスートのA,10〜K を 5枚")
    hand = _cards("♠A", "♠K", "♡10", "♡J", "♡Q", "♣3")
    pool = [c for c in full_deck() if c not in hand]
    best = royal.partials(hand, pool)[0]
    assert sorted(c.id for c in best.held) == sorted(c.id for c in _cards("♡10", "♡J", "♡Q"))
    assert best.missing == 2 and best.wanted == {c.index for c in _cards("♡A", "♡K")}
    # a wanted card that can no longer come (♡K spent): the hearts cannot be completed, the spades are next
    gone = [c for c in pool if c.id != parse_card("♡K").id]
    best = royal.partials(hand, gone)[0]
    assert best.missing == 3 and {c.id for c in best.held} == {c.id for c in _cards("♠A", "♠K")}
    # slots: "A と J" held at once is a complete key; one of them held lacks the other
    aj = parse_pattern("A と J")
    assert aj.partials(_cards("♠A", "♡J"), pool)[0].missing == 0
    one = aj.partials(_cards("♠A", "♣3"), full_deck())[0]
    assert one.missing == 1 and [c.id for c in one.held] == [parse_card("♠A").id]
    assert len(one.wanted) == 4  # the four Js


def test_chance_is_the_hypergeometric_tail() -> None:
    assert chance(10, 1, 10, 1) == 1.0
    assert chance(10, 1, 1, 1) == pytest.approx(0.1)
    assert chance(50, 2, 12, 2) == pytest.approx((12 * 11) / (50 * 49))
    assert chance(50, 1, 12, 2) == 0.0 and chance(50, 3, 12, 0) == 1.0
    assert chance(40, 3, 12, 3) < chance(40, 3, 12, 2) < chance(40, 3, 12, 1)


def test_values_come_from_the_compiled_effect(mast: Any) -> None:
    assert action_value(mast.actions["royal_straight_flush"]) == 40
    assert action_value(mast.actions["throwing"]) == 0  # its damage is the key's rank: not collected for
    agent = CollectorAgent(1, mast.actions.values())
    assert [a.id for a, _v in agent.goals] == ["royal_straight_flush"]


def test_collector_pays_and_discards_with_cards_off_its_plan(mast: Any) -> None:
    obs = _obs(ROYAL_NEAR)
    labels = sorted(ROYAL_NEAR)
    for kind in ("cost_D", "discard"):
        req = DecisionRequest(0, kind, list(range(len(labels))), {"action": "アップ"}, labels)
        heuristic = labels[HeuristicAgent(1).decide(req, lambda: obs)]
        collector = labels[CollectorAgent(1, mast.actions.values()).decide(req, lambda: obs)]
        assert heuristic == "♠A"  # the lowest card: what a player who plans nothing gives away
        assert collector == "♡3"  # the lowest card off the royal flush
    plan = CollectorAgent(1, mast.actions.values()).plan(obs)
    assert plan is not None and plan.action.id == "royal_straight_flush" and plan.held == {"♠A", "♠10", "♠J", "♠Q"}
    # keys of other actions come from the other cards too: an エース召喚 with ♡A rather than the plan's ♠A
    obs = _obs(ROYAL_NEAR + ["♡A"])
    req = DecisionRequest(0, "key", [(0,), (1,)], {"action": "エース召喚"}, ["♠A", "♡A"])
    assert CollectorAgent(1, mast.actions.values()).decide(req, lambda: obs) == 1


def test_collector_does_not_hold_what_is_out_of_reach(mast: Any) -> None:
    obs = _obs(ROYAL_NEAR)
    obs["players"][0]["grave"] = ["♠K"]  # the missing card is spent: no royal flush of spades any more
    plan = CollectorAgent(1, mast.actions.values()).plan(obs)
    assert plan is None or "♠A" not in plan.held


def _play_from(rules: Any, position: dict[str, Any], agents: list[Any], seed: int = 3) -> Any:
    game = new_game(rules, agents, seed)
    start_position(game, {"edition": "act8.2", "format": "mast", **position})
    return game


class Watch:
    def __init__(self, inner: Any):
        self.inner, self.name = inner, inner.name
        self.seen: list[tuple[DecisionRequest, dict[str, Any], int]] = []

    def decide(self, request: DecisionRequest, observation: Any) -> int:
        obs = observation()
        i = self.inner.decide(request, lambda: obs)
        self.seen.append((request, obs, i))
        return i


def test_collector_raises_the_royal_flush_when_it_holds_it(mast: Any) -> None:
    bulwarks = [{"as": "bulwark", "cards": ["♡2"], "face_up": False}, {"as": "bulwark", "cards": ["♡3"], "face_up": False}]
    position = {"turn": 0, "turn_no": 3, "players": [
        {"life": 20, "hand": ["♠A", "♠10", "♠J", "♠Q", "♠K", "♣4"], "field": bulwarks}, {"life": 20}]}
    me = Watch(make_agent(parse_agents("collector")[0], 5, mast))
    game = _play_from(mast, position, [me, RandomAgent(6)])
    r = game.play()
    first = next((req, i) for req, _obs, i in me.seen if req.kind == "action")
    assert first[0].options[first[1]].id == "royal_straight_flush"
    assert r.winner == 0 and r.raised == {"royal_straight_flush": 1}


def test_collector_keeps_a_near_royal_flush_through_a_game(mast: Any) -> None:
    """From a hand one card short of a royal flush the collector spends other cards, and raises it once the
    last card comes (its life is stacked so that its next draw brings ♠K)."""
    position = {"turn": 1, "turn_no": 4, "shuffle": False, "players": [
        {"life": ["♠K", "♣2", "♣3", "◇2", "◇3", "◇4", "◇5", "◇6"], "hand": ROYAL_NEAR,
         "field": [{"as": "bulwark", "cards": ["♡4"], "face_up": False},
                   {"as": "bulwark", "cards": ["♡5"], "face_up": False}]},
        {"life": 25}]}
    me = Watch(CollectorAgent(7, mast.actions.values()))
    game = _play_from(mast, position, [me, RandomAgent(8)])
    game.play()
    plan_cards = {"♠A", "♠10", "♠J", "♠Q"}
    spent = [req.label(i) for req, _o, i in me.seen if req.kind in ("cost_D", "discard")]
    assert not plan_cards & set(spent), spent
    raised = [req.options[i].id for req, _o, i in me.seen if req.kind == "action" and req.options[i] != "pass"]
    assert "royal_straight_flush" in raised, raised


def test_collector_choices_depend_only_on_its_observation(mast: Any) -> None:
    """At every decision of the collector's seat, the same agent state asked in a copy of the game whose hidden
    cards (both lives' order, the opponent's hand and face-down cards) were re-dealt decides the same."""
    checked = planned = 0
    for seed in range(2):
        game = new_game(mast, None, seed)
        agents = [CollectorAgent(seed, mast.actions.values()), RandomAgent(seed + 50)]
        while (req := game.pending()) is not None:
            seat = req.player
            if seat == 0:
                twin = game.clone()
                redeal(twin, 0, random.Random(seed * 1000 + checked))
                assert twin.observe(0) == game.observe(0)
                shadow = copy.deepcopy(agents[0])
                i = agents[0].decide(req, lambda: game.observe(0))
                assert shadow.decide(twin.pending(), lambda: twin.observe(0)) == i
                checked += 1
                planned += agents[0]._plan is not None
            else:
                i = agents[1].decide(req, lambda: game.observe(1))
            game.apply(i)
    assert checked > 50 and planned > 0, (checked, planned)


def test_collector_spec_needs_the_rules() -> None:
    spec = parse_agents("collector,random")[0]
    with pytest.raises(AgentSpecError):
        make_agent(spec, 1)


def test_collector_plays_whole_games_against_random_and_itself(mast: Any) -> None:
    """No game stalls: a plan never makes the agent pass forever in its own turn (it still ends its turn)."""
    for seed in range(24):
        agents = [CollectorAgent(seed, mast.actions.values()),
                  CollectorAgent(seed + 1, mast.actions.values()) if seed % 2 else RandomAgent(seed + 1)]
        r = new_game(mast, agents, seed).play()
        assert not r.aborted, (seed, r.reason)


def test_collector_fetches_a_wanted_card_and_spends_others_when_choosing(mast: Any) -> None:
    """A tutor (サーチ) shows the life: the plan's missing card is taken.  A card chosen out of the own hand
    (a bulwark placed from the hand) is one off the plan."""
    obs = _obs(ROYAL_NEAR)
    life = ["♣2", "♠K", "◇9", "♡K"]
    req = DecisionRequest(0, "choose", list(range(len(life))), {"what": "手札に加えるカード"}, life)
    assert CollectorAgent(1, mast.actions.values()).decide(req, lambda: obs) == 1
    hand = sorted(ROYAL_NEAR)
    req = DecisionRequest(0, "choose", list(range(len(hand))), {"what": "場に出すカード"}, hand)
    assert hand[CollectorAgent(1, mast.actions.values()).decide(req, lambda: obs)] == "♡3"

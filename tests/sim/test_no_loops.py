"""The lab's bots never loop: an action that changed nothing the seat can see is not raised again from the
same position in the same turn, so no game of heuristic bots runs into the step limit.

In the エクストラ frame ドレイン (♠3) costs nothing and can be raised with no character to move: the attempt
fails and nothing changes.  A bot that rated it by its damage raised it until the game was aborted after
200,000 core-flow steps (9 of the first 100 games of seed 1), and a search agent's game never ended."""
from __future__ import annotations

from typing import Any, Callable

from bpdsl.engine import build_rules, new_game
from bpdsl.engine.decisions import DecisionRequest
from bpdsl.sim.heuristic import REPEATED, HeuristicAgent, position
from bpdsl.sim.job import SimJob, play_range


def test_heuristic_games_that_looped_on_a_failing_action_now_end() -> None:
    job = SimJob("act8.2", "extra", agents=("heuristic", "heuristic"), seed=1)
    tally = play_range(job, 26, 31)  # games 26, 29 and 30 of seed 1 were aborted at the step limit
    assert tally.games == 5 and tally.aborted == 0, tally.problems


class Recording:
    """The heuristic agent, with every action decision it made: (observation, option chosen)."""

    def __init__(self, seed: int):
        self.agent = HeuristicAgent(seed)
        self.name = "heuristic"
        self.actions: list[tuple[dict[str, Any], Any]] = []

    def decide(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]]) -> int:
        obs = observation()
        i = self.agent.decide(request, lambda: obs)
        if request.kind == "action":
            self.actions.append((obs, request.options[i]))
        return i


def test_collector_games_that_swapped_two_club_soldiers_forever_now_end() -> None:
    """スイッチ (♣4) costs nothing and swaps a club soldier with a hand card; with two club cards the
    position came back after every two raises but for the new characters' ids, so games 624 and 954 of
    act9.0 エクストラ, collector against random, seed 9, were aborted at the step limit."""
    job = SimJob("act9.0", "extra", agents=("collector", "random"), seed=9)
    for i in (624, 954):
        tally = play_range(job, i, i + 1)
        assert tally.games == 1 and tally.aborted == 0, tally.problems


def _switch_position(uid: int, here: str, held: str) -> dict[str, Any]:
    """Seat 0 in the loop of game 624: a club soldier (character ``uid``) on the field, a club card in hand."""
    bulwark = {"id": 46, "kind": "bulwark", "as": "bulwark", "name": "防壁", "cards": ["♣5"], "face_up": False,
               "driven": False, "size": None}
    soldier = {"id": uid, "kind": "soldier", "as": "general_soldier", "name": "一般兵", "cards": [here],
               "face_up": True, "driven": False, "size": int(here[1:])}
    return {"you": 0, "turn": 0, "turn_no": 12, "chance": 0, "passed": [], "stage": [],
            "players": [{"seat": 0, "life": 18, "hand_count": 1, "hand": [held], "field": [bulwark, soldier]},
                        {"seat": 1, "life": "10以上", "hand_count": 1, "field": []}]}


def test_a_character_s_new_id_does_not_make_a_new_position() -> None:
    rules = build_rules("act9.0", "extra")
    switch = rules.actions["switch"]
    request = DecisionRequest(0, "action", ["pass", switch])
    bot = HeuristicAgent(1)
    assert bot.decide(request, lambda: _switch_position(497, "♣8", "♣10")) == 1
    assert bot.decide(request, lambda: _switch_position(499, "♣10", "♣8")) == 1  # swapped: another position
    # swapped back: the same cards in the same places, only the soldier's id is new
    assert bot.scores(request, _switch_position(501, "♣8", "♣10")) == [0.0, REPEATED]
    assert bot.decide(request, lambda: _switch_position(501, "♣8", "♣10")) == 0
    moved = _switch_position(503, "♣8", "♣10")
    moved["players"][0]["field"].reverse()  # the field in another order: still the same position
    assert bot.scores(request, moved)[1] == REPEATED
    other = _switch_position(505, "♣8", "♣9")
    assert bot.scores(request, other)[1] != REPEATED  # another hand card: another position


def test_no_action_is_raised_twice_from_a_position_that_looks_the_same() -> None:
    rules = build_rules("act8.2", "extra")
    seen = 0
    for seed in range(26, 31):
        bots = [Recording(seed), Recording(seed + 1000)]
        r = new_game(rules, bots, seed).play()
        assert not r.aborted, r.reason
        for bot in bots:
            raised: list[tuple[dict[str, Any], str]] = []
            for obs, option in bot.actions:
                if option == "pass":
                    continue
                here = position(obs)
                assert (here, option.id) not in raised, f"{option.id} raised again from the same position"
                raised.append((here, option.id))
                seen += 1
    assert seen > 100, "too few actions raised: the check above tested little"


def test_the_repeated_action_scores_below_passing() -> None:
    rules = build_rules("act8.2", "extra")
    drain = rules.actions["drain"]
    obs = {"you": 0, "turn": 0, "turn_no": 12, "players": [], "stage": []}
    request = DecisionRequest(0, "action", ["pass", drain])
    bot = HeuristicAgent(1)
    bot._action = lambda req, o: [0.0, 7.0]  # type: ignore[method-assign]  # as it rates ドレイン at low life
    assert bot.decide(request, lambda: dict(obs)) == 1
    assert bot.scores(request, dict(obs)) == [0.0, REPEATED]  # the same position: not again
    assert bot.decide(request, lambda: dict(obs)) == 0
    assert bot.scores(request, {**obs, "chance": 1}) == [0.0, 7.0]  # another position
    assert bot.scores(request, {**obs, "turn_no": 13}) == [0.0, 7.0]  # another turn forgets


def test_an_advice_is_not_remembered_as_a_move() -> None:
    rules = build_rules("act8.2", "extra")
    request = DecisionRequest(0, "action", ["pass", rules.actions["drain"]])
    obs = {"you": 0, "turn": 0, "turn_no": 12, "players": [], "stage": []}
    bot = HeuristicAgent(1)
    bot._action = lambda req, o: [0.0, 7.0]  # type: ignore[method-assign]
    assert bot.values(request, lambda: dict(obs))[2] == 1  # `play --explain`: it would raise ドレイン
    assert bot.scores(request, dict(obs)) == [0.0, 7.0]  # the advised seat may not have: nothing held back


def test_a_shadow_remembers_the_move_played_not_its_own_choice() -> None:
    from collections import Counter

    from bpdsl.sim.separation import Shadowed

    rules = build_rules("act8.2", "extra")
    drain, slash = rules.actions["drain"], rules.actions["slash"]
    request = DecisionRequest(0, "action", ["pass", drain, slash])
    obs = {"you": 0, "turn": 0, "turn_no": 12, "players": [], "stage": []}

    class Plays:  # the seat's agent: raises スラッシュ
        name = "plays"

        def decide(self, req: DecisionRequest, observation: Callable[[], dict[str, Any]]) -> int:
            return 2

    shadow = HeuristicAgent(1)
    shadow._action = lambda req, o: [0.0, 7.0, 1.0]  # type: ignore[method-assign]  # it would raise ドレイン
    counts: Counter = Counter()
    seat = Shadowed(Plays(), shadow, 0, counts)
    assert seat.decide(request, lambda: dict(obs)) == 2
    assert counts[(0, "action", "differ")] == 1
    assert shadow.scores(request, dict(obs)) == [0.0, 7.0, REPEATED]  # スラッシュ was played, not ドレイン

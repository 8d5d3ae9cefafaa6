"""The search agent's copies agree with its observation and with nothing else it cannot see."""
from __future__ import annotations

import random
from collections import Counter

from bpdsl.engine import build_rules, hooks_for, new_game
from bpdsl.engine.invariants import check
from bpdsl.sim.backends import run
from bpdsl.sim.job import SimJob
from bpdsl.sim.search import redeal


class StopAt:
    """Random play that stops the game (by exception) at its ``n``-th decision, keeping the game."""

    name = "stop"

    def __init__(self, n: int, seed: int):
        self.n = n
        self.rng = random.Random(seed)

    def decide(self, request, observation):  # type: ignore[no-untyped-def]
        self.n -= 1
        if self.n < 0:
            raise KeyboardInterrupt  # not caught by the engine: the game stays as it is now
        return self.rng.randrange(len(request.options))


def _midgame(seed: int, decisions: int):  # type: ignore[no-untyped-def]
    rules = build_rules("act8.0", "std")
    agent = StopAt(decisions, seed)
    game = new_game(rules, [agent, agent], seed)
    try:
        game.play()
    except KeyboardInterrupt:
        pass
    return game


def test_redeal_keeps_the_observation_and_moves_hidden_cards() -> None:
    moved = eligible = 0
    for seed in range(8):
        game = _midgame(seed, 60)
        hooks = hooks_for(game.rules)
        before_me, before_opp = hooks.observe(game, 0), hooks.observe(game, 1)
        opp_hand = Counter(game.state.players[1].hand)
        my_hand = list(game.state.players[0].hand)
        redeal(game, 0, random.Random(seed))
        check(game)  # every card still in exactly one place
        assert hooks.observe(game, 0) == before_me, "seat 0 must see exactly what it saw"
        assert game.state.players[0].hand == my_hand
        assert len(game.state.players[1].hand) == sum(opp_hand.values())
        eligible += bool(opp_hand) and len(game.state.players[1].life) > 0
        moved += Counter(game.state.players[1].hand) != opp_hand
        assert hooks.observe(game, 1)["players"][1]["hand_count"] == before_opp["players"][1]["hand_count"]
    assert eligible >= 4 and moved == eligible, (moved, eligible)


def test_search_agent_plays_whole_games_and_counts_its_playouts() -> None:
    job = SimJob("act8.0", "std", agents=("mcts:4", "random"), check=True, seed=2)
    t = run(job, 3, jobs=1).tally
    assert t.games == 3 and t.aborted == 0 and t.violations == 0

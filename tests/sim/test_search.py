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


def _searched_decision(seed: int):  # type: ignore[no-untyped-def]
    """A step game of act8.0 std at an action decision of seat 0 with several options, mid-game."""
    from bpdsl.engine import RandomAgent

    game = new_game(build_rules("act8.0", "std"), None, seed)
    agent = RandomAgent(seed)
    n = 0
    while (req := game.pending()) is not None:
        if n >= 40 and req.player == 0 and req.kind == "action" and len(req.options) > 2 \
                and game.state.players[1].hand and game.state.players[1].life:
            return game
        game.apply(agent.decide(req, lambda: {}))
        n += 1
    return None


def test_playouts_copy_the_live_game_and_never_peek() -> None:
    """Playouts run on clones (the live game does not move), and their scores depend only on what the
    searching seat sees: the same game with the opponent's hand and life arranged otherwise scores the same."""
    from bpdsl.engine.log import state_hash
    from bpdsl.sim.search import playout

    tried = 0
    for seed in range(30):
        game = _searched_decision(seed)
        if game is None:
            continue
        req = game.pending()
        before = state_hash(game)
        scores = [playout(game, 0, opt, random.Random(k)) for k, opt in enumerate(req.options[:3])]
        assert state_hash(game) == before and game.pending() is req
        assert all(0.0 <= x <= 1.0 for x in scores)
        # the same position with one card of the opponent's hand swapped with one of its life
        other = game.clone()
        s = other.state = _copy_state(game)  # its own state, changed in place below
        p1 = s.players[1]
        h, l_ = p1.hand[0], p1.life[0]
        p1.hand[0], p1.life[0] = l_, h
        s.loc[h], s.loc[l_] = s.loc[l_], s.loc[h]
        hooks = hooks_for(game.rules)
        assert hooks.observe(other, 0) == hooks.observe(game, 0)
        other_scores = [playout(other, 0, opt, random.Random(k)) for k, opt in enumerate(req.options[:3])]
        assert other_scores == scores, seed
        tried += 1
        if tried == 4:
            break
    assert tried == 4


def _copy_state(game):  # type: ignore[no-untyped-def]
    from bpdsl.engine.snapshot import copy_state

    return copy_state(game.state, {})

"""Callback play walks runs of bookkeeping steps in one call; it must walk the same game, step for step."""
from __future__ import annotations

from bpdsl.engine import RandomAgent, build_rules, new_game


def _no_check(game: object) -> None:
    """An invariant check that checks nothing: it makes play() walk the flow one step at a time."""


def test_fused_walk_plays_the_games_and_counts_the_steps_of_the_plain_walk() -> None:
    rules = build_rules("act8.0", "std")
    for seed in (1, 2, 3):
        fused = new_game(rules, [RandomAgent(seed), RandomAgent(seed + 50)], seed)
        plain = new_game(rules, [RandomAgent(seed), RandomAgent(seed + 50)], seed, check=_no_check)
        a, b = fused.play(), plain.play()
        assert (a.state_hash, a.decisions, a.turns) == (b.state_hash, b.decisions, b.turns)
        assert fused.steps == plain.steps


def test_a_game_is_aborted_after_exactly_max_steps_by_either_walk() -> None:
    rules = build_rules("act8.0", "std")
    for limit in range(40, 60):
        fused = new_game(rules, [RandomAgent(4), RandomAgent(5)], 9, max_steps=limit)
        plain = new_game(rules, [RandomAgent(4), RandomAgent(5)], 9, max_steps=limit, check=_no_check)
        a, b = fused.play(), plain.play()
        assert a.aborted and b.aborted
        assert (a.state_hash, a.decisions, fused.steps, fused.node) == (b.state_hash, b.decisions, plain.steps,
                                                                          plain.node)

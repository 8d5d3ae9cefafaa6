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


class _FailsAt:
    """Answers at random, and out of range at its ``bad``-th decision (the game is then aborted)."""

    name = "fails"

    def __init__(self, seed: int, bad: int) -> None:
        import random

        self.rng = random.Random(seed)
        self.bad = bad
        self.asked = 0

    def decide(self, request: object, observation: object) -> int:
        self.asked += 1
        return 999 if self.asked == self.bad else self.rng.randrange(len(request.options))  # type: ignore[attr-defined]


def test_a_game_aborted_inside_a_run_counts_the_steps_and_stands_at_the_node_of_the_plain_walk() -> None:
    rules = build_rules("act8.0", "std")
    kinds = set()
    for bad in range(1, 60, 3):
        fused = new_game(rules, [_FailsAt(1, bad), _FailsAt(2, bad)], 7)
        plain = new_game(rules, [_FailsAt(1, bad), _FailsAt(2, bad)], 7, check=_no_check)
        a, b = fused.play(), plain.play()
        assert a.aborted and b.aborted and a.reason == b.reason
        assert (fused.steps, fused.node, a.decisions) == (plain.steps, plain.node, b.decisions)
        kinds.add(rules.flow_nodes[fused.node][0])
    # aborted at the end of a run (…, ask) and inside one (pop the stage, resolve, win check, …)
    assert {"ask_action", "resolve"} <= kinds

"""Agents that decide from the number of options alone (IndexChooser) are asked through pick(n)."""
from __future__ import annotations

from typing import Any, Callable

from bpdsl.engine import RandomAgent, build_rules, new_game
from bpdsl.engine.decisions import DecisionRequest, index_chooser


class _Counting:
    """Decides like a random agent but only through decide (no pick): the reference for the fast path."""

    name = "counting"

    def __init__(self, seed: int) -> None:
        self.inner = RandomAgent(seed)
        self.asked = 0

    def decide(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]]) -> int:
        self.asked += 1
        return self.inner.decide(request, observation)


def test_random_agent_is_an_index_chooser_but_not_a_subclass_that_overrides_decide() -> None:
    assert index_chooser(RandomAgent(1)) is not None

    class Spy(RandomAgent):
        def decide(self, request, observation):  # type: ignore[no-untyped-def]
            return super().decide(request, observation)

    assert index_chooser(Spy(1)) is None
    agent = RandomAgent(1)
    agent.decide = lambda request, observation: 0  # type: ignore[method-assign]
    assert index_chooser(agent) is None
    assert index_chooser(_Counting(1)) is None


def test_pick_plays_the_same_games_as_decide() -> None:
    rules = build_rules("act8.0", "std")
    for seed in range(1, 6):
        fast = new_game(rules, [RandomAgent(seed), RandomAgent(seed + 100)], seed).play()
        slow_agents = [_Counting(seed), _Counting(seed + 100)]
        slow = new_game(rules, slow_agents, seed).play()  # type: ignore[arg-type]
        assert (fast.state_hash, fast.decisions, fast.winner) == (slow.state_hash, slow.decisions, slow.winner)
        assert sum(a.asked for a in slow_agents) == slow.decisions


def test_pick_draws_what_randrange_draws() -> None:
    a, b = RandomAgent(7), RandomAgent(7)
    for n in list(range(1, 70)) * 40:
        assert a.pick(n) == b.rng.randrange(n)

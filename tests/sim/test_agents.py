"""Agents of the balance lab: the heuristic agent beats random, never counters itself, sees only its seat."""
from __future__ import annotations

import json
import subprocess
import sys
from typing import Any, Callable

from bpdsl.engine import build_rules, new_game
from bpdsl.engine.decisions import DecisionRequest, RandomAgent
from bpdsl.sim.agents import AgentSpecError, parse_agents
from bpdsl.sim.heuristic import HeuristicAgent


class Watch:
    """Wraps an agent and records every decision it is asked, with the observation it got."""

    def __init__(self, inner: Any):
        self.inner = inner
        self.name = inner.name
        self.seen: list[tuple[DecisionRequest, dict[str, Any], int]] = []

    def decide(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]]) -> int:
        obs = observation()
        i = self.inner.decide(request, lambda: obs)
        self.seen.append((request, obs, i))
        return i


def test_heuristic_never_counters_its_own_action_and_plays_legal_games() -> None:
    rules = build_rules("act8.0", "std")
    counters = 0
    for seed in range(30):
        h = Watch(HeuristicAgent(seed))
        r = new_game(rules, [h, RandomAgent(seed + 100)], seed).play()
        assert not r.aborted, r.reason
        for req, obs, i in h.seen:
            opt = req.options[i]
            if req.kind == "action" and opt != "pass" and any(step[2] == "negate" for step in opt.effect):
                counters += 1
                assert obs["stage"] and obs["stage"][-1]["controller"] != obs["you"], "countered its own action"
    assert counters > 0, "the heuristic never used a counter: the check above tested nothing"


def test_heuristic_beats_random_significantly_in_both_seats() -> None:
    r = subprocess.run([sys.executable, "-m", "bpdsl", "balance", "tournament", "random,heuristic", "-n", "60",
                        "--json"], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    pair = json.loads(r.stdout)["pairs"][0]
    assert (pair["a"], pair["b"]) == ("random", "heuristic")
    assert pair["wins_a"] + pair["wins_b"] + pair["draws"] + pair["aborted"] == 60
    assert pair["significant"] and pair["win_rate_a"]["high"] < 0.5


def test_agent_specs() -> None:
    assert [str(s) for s in parse_agents("heuristic")] == ["heuristic", "heuristic"]
    assert [str(s) for s in parse_agents("random,heuristic")] == ["random", "heuristic"]
    for bad in ("nobody", "random:3", "a,b,c", "heuristic,"):
        try:
            parse_agents(bad)
        except AgentSpecError:
            continue
        raise AssertionError(f"{bad!r} was accepted")

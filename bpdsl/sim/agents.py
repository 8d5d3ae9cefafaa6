"""Agents of the balance lab, chosen per seat by a spec such as ``random``, ``heuristic`` or ``mcts:200``.

A spec is ``name`` or ``name:budget``; :func:`parse_agents` checks a comma-separated list of them (one per
seat, or one for both seats) and :func:`make_agent` builds a fresh agent for one game from its seed and the
compiled rules of the format (public knowledge: the printed action list an agent may plan with).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from bpdsl.engine.decisions import FirstLegalAgent, RandomAgent


class AgentSpecError(ValueError):
    """An agent spec that names no agent or has a bad budget."""


@dataclass(frozen=True)
class AgentSpec:
    name: str
    budget: int | None = None

    def __str__(self) -> str:
        return self.name if self.budget is None else f"{self.name}:{self.budget}"


def _random(spec: AgentSpec, seed: int, rules: Any) -> Any:
    return RandomAgent(seed)


def _first(spec: AgentSpec, seed: int, rules: Any) -> Any:
    return FirstLegalAgent()


def _heuristic(spec: AgentSpec, seed: int, rules: Any) -> Any:
    from bpdsl.sim.heuristic import HeuristicAgent

    return HeuristicAgent(seed)


def _search(spec: AgentSpec, seed: int, rules: Any) -> Any:
    from bpdsl.sim.search import SearchAgent

    return SearchAgent(spec.budget or DEFAULT_PLAYOUTS, seed)


def _collector(spec: AgentSpec, seed: int, rules: Any) -> Any:
    from bpdsl.sim.collector import CollectorAgent

    if rules is None:
        raise AgentSpecError("the collector agent plans with the format's actions: give make_agent the rules")
    return CollectorAgent(seed, rules.actions.values())


DEFAULT_PLAYOUTS = 50

# name -> (factory, takes a budget, help)
AGENTS: dict[str, tuple[Callable[[AgentSpec, int, Any], Any], bool, str]] = {
    "random": (_random, False, "uniformly random among the legal options"),
    "heuristic": (_heuristic, False, "rule-aware: develops, removes and attacks by simple evaluation, pays "
                                     "cheap costs, never counters its own actions"),
    "mcts": (_search, True, "determinized Monte Carlo search: mcts:N plays N playouts per action decision "
                            f"(default {DEFAULT_PLAYOUTS}) from re-dealt copies of the game"),
    "collector": (_collector, False, "the heuristic agent that also builds towards the key of a high-value action "
                                     "(R・S・F): keeps the cards of the key it is closest to, pays and discards "
                                     "from the others, looks for the missing cards, raises the action when it can"),
    "first": (_first, False, "always the first legal option (the first action rather than passing)"),
}


def parse_agent(text: str) -> AgentSpec:
    name, _, budget = text.strip().partition(":")
    if name not in AGENTS:
        raise AgentSpecError(f"unknown agent {name!r}; agents: {', '.join(AGENTS)}")
    takes_budget = AGENTS[name][1]
    if budget:
        if not takes_budget:
            raise AgentSpecError(f"agent {name!r} takes no budget (got {text!r})")
        if not budget.isdigit() or int(budget) < 1:
            raise AgentSpecError(f"budget of {name!r} must be a positive whole number (got {budget!r})")
        return AgentSpec(name, int(budget))
    return AgentSpec(name, None)


def parse_agents(specs: tuple[str, ...] | list[str] | str, seats: int = 2) -> list[AgentSpec]:
    """One spec per seat from ``"a,b"`` (or one spec for every seat)."""
    items = [s for s in specs.split(",")] if isinstance(specs, str) else list(specs)
    if any(not s.strip() for s in items):
        raise AgentSpecError(f"an empty agent name in {','.join(items)!r}")
    parsed = [parse_agent(s) for s in items]
    if len(parsed) == 1:
        parsed = parsed * seats
    if len(parsed) != seats:
        raise AgentSpecError(f"give one agent for every seat or one per seat ({seats} seats), got {len(parsed)}")
    return parsed


def make_agent(spec: AgentSpec, seed: int, rules: Any = None) -> Any:
    """A fresh agent for one game; ``rules`` (the compiled format) for agents that plan with its actions."""
    return AGENTS[spec.name][0](spec, seed, rules)

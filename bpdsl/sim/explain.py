"""An agent explains a decision: the options it weighed, the value it gave each, and its choice.

Used by ``bpdsl play --explain AGENT`` (an advisor that reads the person's own observation, so it sees no
more than the person does) and by the sandbox.  The agents of the lab give their values through a
``values(request, observation)`` method (the heuristic and collector agents: their rule-of-thumb scores; the
search agent: the mean score of its playouts per candidate); the engine's random and first-legal agents
have no values and say how they choose.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Callable

from bpdsl.engine.decisions import DecisionRequest


@dataclass(frozen=True)
class Candidate:
    index: int
    label: str
    value: float | None  # None: an option the agent did not value


@dataclass(frozen=True)
class Explanation:
    agent: str
    kind: str  # the kind of decision (action, target, cost_D ...)
    measure: str  # what the values mean
    choice: int
    candidates: tuple[Candidate, ...]

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def ranked(self) -> list[Candidate]:
        """The valued options best first, then the others in their order."""
        return sorted(self.candidates, key=lambda c: (c.value is None, -(c.value or 0.0), c.index))


def explain(agent: Any, request: DecisionRequest, observation: Callable[[], dict[str, Any]]) -> Explanation:
    """``agent``'s values for ``request`` and its choice (the agent is asked as if it decided)."""
    n = len(request.options)
    values_of = getattr(agent, "values", None)
    if values_of is not None:
        measure, values, choice = values_of(request, observation)
    else:
        choice = agent.decide(request, observation)
        values = [None] * n
        measure = {"random": "no values: uniformly random among the options",
                   "first": "no values: always the first action (or the first option)"}.get(
            getattr(agent, "name", ""), "no values: the agent gives only its choice")
    return Explanation(getattr(agent, "name", type(agent).__name__), request.kind, measure, choice,
                       tuple(Candidate(i, request.label(i), None if v is None else round(float(v), 4))
                             for i, v in enumerate(values)))

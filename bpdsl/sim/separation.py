"""Agent separation: how often the two agents of a run would have chosen differently on the same decisions.

Two agents that always choose alike make a comparison between them meaningless: a tournament or a compare
run with them measures nothing but the seeds.  So while a run plays, every decision of a seat's agent is also
put to a *shadow* — a fresh agent of the other seat's spec, asked the same request with the same seat's
observation (it never peeks either) — and the run counts the decisions asked and those where the shadow's
choice differed.  The shadow's choice is never played: the game, the agents and their random streams are
exactly those of a run without it, so the run's results do not change.

A searching agent (one that copies the live game, ``mcts``) is never a shadow: it would cost as much as the
run itself.  Its own decisions are still put to the other agent, so a run of ``mcts`` against ``heuristic``
measures the separation on the search agent's decisions; a run whose both seats search, or whose seats play
the same spec, measures none and says so.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from bpdsl.engine.decisions import DecisionRequest
from bpdsl.sim.stats import wilson

# below this share of decisions chosen differently, two agents are called indistinguishable
INDISTINGUISHABLE = 0.01
MIN_DECISIONS = 100  # fewer decisions asked than this: too few to call two agents indistinguishable


class Shadowed:
    """An agent that plays as ``agent`` and, at each decision, also asks ``shadow`` and counts in ``counts``
    ``(seat, kind, "asked")`` and ``(seat, kind, "differ")``.  Every other attribute is the agent's (a
    search agent's ``bind`` stays visible)."""

    def __init__(self, agent: Any, shadow: Any, seat: int, counts: Counter):
        self.agent = agent
        self.shadow = shadow
        self.seat = seat
        self.counts = counts

    def __getattr__(self, name: str) -> Any:
        return getattr(self.agent, name)

    def decide(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]]) -> int:
        choice = self.agent.decide(request, observation)
        other = self._ask_shadow(request, observation, choice)
        self.counts[(self.seat, request.kind, "asked")] += 1
        if other != choice:
            self.counts[(self.seat, request.kind, "differ")] += 1
        return choice

    def _ask_shadow(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]], played: int) -> int:
        """The shadow's choice, asked as an advice (``values``: the same choice and random stream as
        ``decide``, nothing remembered); then it remembers the move really played, so that an agent that
        remembers its moves (the heuristic's loop rule) knows the game's history, not its unplayed choices."""
        values = getattr(self.shadow, "values", None)
        if values is None:
            return int(self.shadow.decide(request, observation))
        other = int(values(request, observation)[2])
        remember = getattr(self.shadow, "remember", None)
        if remember is not None and request.kind == "action" and request.options[played] != "pass":
            remember(request, observation(), played)
        return other


def searches(agent: Any) -> bool:
    """Whether an agent copies the live game to decide (it is bound to the game)."""
    return hasattr(agent, "bind")


def shadowed(agents: list[Any], shadows: list[Any], counts: Counter) -> list[Any]:
    """The agents of one game, each wrapped with the shadow of the other seat's spec (None: no shadow)."""
    return [a if s is None or searches(s) else Shadowed(a, s, seat, counts)
            for seat, (a, s) in enumerate(zip(agents, shadows))]


def summarize(counts: Counter, specs: list[str]) -> dict[str, Any]:
    """The separation of a run: per seat whose decisions were put to the other seat's agent, the decisions
    asked and the share chosen differently (95 % Wilson interval), per kind of decision too; overall; and
    whether the two agents are indistinguishable."""
    if len(set(specs)) < 2:
        return {"measured": False, "why": "both seats play the same agent"}
    seats: dict[str, Any] = {}
    asked = differ = 0
    for seat in range(len(specs)):
        kinds = sorted({k for (s, k, _w) in counts if s == seat})
        if not kinds:
            continue
        a = sum(counts[(seat, k, "asked")] for k in kinds)
        d = sum(counts[(seat, k, "differ")] for k in kinds)
        asked, differ = asked + a, differ + d
        seats[f"seat{seat}"] = {
            "agent": specs[seat], "asked_of": specs[1 - seat], "decisions": a, "differ": wilson(d, a).as_dict(),
            "by_kind": {k: wilson(counts[(seat, k, "differ")], counts[(seat, k, "asked")]).as_dict() for k in kinds}}
    if not seats:
        return {"measured": False, "why": "both agents search the live game: a searching shadow would cost "
                                          "as much as the run"}
    rate = wilson(differ, asked)
    return {"measured": True, "decisions": asked, "differ": rate.as_dict(), "seats": seats,
            "indistinguishable": indistinguishable(differ, asked),
            "threshold": INDISTINGUISHABLE,
            "how": "each decision of a seat's agent was also put to a fresh agent of the other seat's spec "
                   "(same request, same observation; its choice not played); searching agents are not asked"}


def indistinguishable(differ: int, asked: int) -> bool:
    """Fewer than ``INDISTINGUISHABLE`` of at least ``MIN_DECISIONS`` decisions chosen differently."""
    return asked >= MIN_DECISIONS and differ < INDISTINGUISHABLE * asked


def warning(a: str, b: str, sep: dict[str, Any]) -> str | None:
    """The warning of a run whose two agents are indistinguishable, else None."""
    if not sep.get("measured") or not sep.get("indistinguishable"):
        return None
    d = sep["differ"]
    return (f"{a} and {b} are indistinguishable: they chose differently on {d['successes']} of {d['trials']} "
            f"decisions ({d['rate'] * 100:.2f} % < {INDISTINGUISHABLE * 100:g} %); a difference between them "
            "measures the seeds, not the agents")

"""A scenario build played: the player's decisions before the game answered from a build file.

A scenario build (シナリオ構築, 第9.1版; :mod:`bpdsl.games.blackpoker.regulation.scenario_build`) fixes what a
player decides before the game: the trumps (3.11.4, the decisions ``trump_place``), the シナリオ手札 (the
decisions ``scenario_hand`` the regulation option asks) and the rare card (the choice the option レアパック
asks, :func:`bpdsl.games.blackpoker.regulation.play.set_aside`).  :class:`BuildAgent` wraps the player's agent (a
bot, or the person at the terminal) and answers those decisions with the build's cards, in the order the
file lists them; every other decision, and a part the build leaves empty, is the wrapped agent's.  The
answers are ordinary decisions, so the event log replays without the build file.

:func:`play_problems` is what refuses a build at play time: a rare card or a シナリオ手札 under a regulation
that sets none aside or deals none, and the rules of ``bpdsl deck scenario``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from bpdsl.dsl.cards import Card
from bpdsl.games.blackpoker.components import DECK_SIZE
from bpdsl.games.blackpoker.regulation.decks import Deck
from bpdsl.games.blackpoker.regulation.model import Regulation
from bpdsl.games.blackpoker.regulation.scenario_build import BuildProblem, ScenarioBuild, check_scenario_build
from bpdsl.games.blackpoker.regulation.scenario_hand import KIND as SCENARIO_HAND

TRUMP_PLACE = "trump_place"
RARE_CARD = "rare_card"  # the choice of a rare card to set aside: a "choose" asked with what=レアカード


def _kind(request: Any) -> str:
    """The decision's kind as the build names its parts (the rare card's choice is a plain "choose")."""
    if request.kind == "choose" and (request.context or {}).get("what") == "レアカード":
        return RARE_CARD
    return str(request.kind)


class BuildNotInDeck(Exception):
    """A card the build names is not in the deck the player plays this game with."""


@dataclass
class BuildAgent:
    """``inner`` with the build's trumps and シナリオ手札 as its answers (one agent per game)."""

    inner: Any
    build: ScenarioBuild

    def __post_init__(self) -> None:
        self.name = f"{getattr(self.inner, 'name', 'agent')}+build"
        self._todo: dict[str, list[Card]] = {TRUMP_PLACE: list(self.build.parts.get("trumps", [])),
                                             SCENARIO_HAND: list(self.build.parts.get("scenario_hand", [])),
                                             RARE_CARD: list(self.build.parts.get("rare_cards", []))}
        self._fixed = {kind for kind, cards in self._todo.items() if cards}

    def decide(self, request: Any, observation: Callable[[], dict[str, Any]]) -> int:
        kind = _kind(request)
        if kind not in self._fixed:
            return int(self.inner.decide(request, observation))
        todo = self._todo[kind]
        if not todo:
            if kind != TRUMP_PLACE:  # more asked than the build names: the player's own choice
                return int(self.inner.decide(request, observation))
            return next(i for i, o in enumerate(request.options) if o is None)  # every trump placed: no more
        card = todo.pop(0)
        for i, o in enumerate(request.options):
            if o is not None and o % DECK_SIZE == card.index:
                return i
        raise BuildNotInDeck(f"{card.text} of the scenario build {self.build.name!r} is not in the deck played "
                             "this game")


def play_problems(build: ScenarioBuild, path: str, regulation: Regulation, decks: Sequence[Deck] = ()) -> list[str]:
    """Why ``build`` cannot be played under ``regulation`` ([] when it can), each line ready to print."""
    out: list[str] = []
    # a part of the build that needs an option the regulation lacks (the option's field has the part's name)
    for part, lacks in (("rare_cards", "a rare card but {} sets none aside"),
                        ("scenario_hand", "a シナリオ手札 but {} deals none")):
        if build.parts.get(part) and not any(getattr(o, part) for o in regulation.options):
            offered = [o for o in regulation.system.options.values() if getattr(o, part)]
            hint = f"; add the option {offered[0].name} ({regulation.id}+{offered[0].id})" if offered else ""
            out.append(f"{path}: error: the build names {lacks.format(regulation.name)}{hint}")
    rule = regulation.system.scenario_build
    if rule is not None:
        problems: list[BuildProblem] = check_scenario_build(build, rule, regulation, decks)
        out += [p.format(path) for p in problems]
    return out


def with_builds(make_agents: Callable[[Any], Sequence[Any]], builds: Sequence[ScenarioBuild | None]
                ) -> Callable[[Any], list[Any]]:
    """An agent factory (one call per game) whose seats with a build answer from it."""

    def agents(request: Any) -> list[Any]:
        made = list(make_agents(request))
        return [BuildAgent(a, b) if b is not None else a for a, b in zip(made, builds)]

    return agents


__all__ = ["BuildAgent", "BuildNotInDeck", "play_problems", "with_builds"]

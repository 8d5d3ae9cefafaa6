"""Scenario builds (シナリオ構築, 第9.1版): the strategic elements a player fixes before the game.

第9.1版 separates two things a player prepares: デッキ構築, the cards the game is played with (a deck file,
:mod:`bpdsl.games.blackpoker.regulation.decks`), and シナリオ構築, what is fixed before the game from those
cards -- the trumps, the rare card and the シナリオ手札 (three cards put in the first hand; a normal hand
afterwards, under the hand limit and open to ハンデス).  A scenario build file is YAML::

    name: 速攻
    trumps: ["♠4", "♡2"]           # 切札: at most the regulation's max_trumps, only in a format with trumps
    rare_cards: ["♠A"]             # レアカード: at most max_rare_cards
    scenario_hand: ["♡3", "◇5", "♣7"]  # シナリオ手札: exactly scenario_hand cards, or none

It is checked like a deck: against the regulation's :class:`ScenarioRule` and, when a deck is given, against
that deck (every card of the build is a card of the deck, and no card is used twice).  Each problem names the
``file:line:col`` of the entry it is about.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from bpdsl.datafile import DataFileError, read_yaml_file
from bpdsl.dsl.cards import Card
from bpdsl.dsl.yamlload import load_file
from bpdsl.games.blackpoker.regulation.card_text import CardTextError, parse_cards
from bpdsl.games.blackpoker.regulation.decks import Deck, DeckFileError
from bpdsl.games.blackpoker.regulation.model import Regulation, ScenarioRule

PARTS = {"trumps": "切札", "rare_cards": "レアカード", "scenario_hand": "シナリオ手札"}


@dataclass
class ScenarioBuild:
    name: str
    parts: dict[str, list[Card]] = field(default_factory=dict)  # part -> cards, in written order
    positions: Any = field(default=None, repr=False)  # where its entries lie in its file (_Positions)


@dataclass
class BuildProblem:
    """One broken rule of a scenario build, at ``line``:``col`` of its file."""

    message: str
    rule: str
    line: int = 1
    col: int = 1

    def format(self, path: str) -> str:
        return f"{path}:{self.line}:{self.col}: error: {self.message}" + (f" [{self.rule}]" if self.rule else "")


class _Positions:
    """Line and column of a node of the file, from the positions the project's YAML reader keeps."""

    def __init__(self, path: Path):
        self.doc, _ = load_file(path)

    def at(self, *key: Any) -> tuple[int, int]:
        if self.doc is None:
            return 1, 1
        pos = self.doc.pos(tuple(key))
        return pos.line or 1, pos.col or 1


def read_scenario_build(path: str | Path) -> tuple[ScenarioBuild, list[BuildProblem]]:
    """The build of a file, and the problems of its form (an entry that is not a card, a part that is not a
    list).  A file that cannot be read, or is no mapping, raises DeckFileError (a usage error)."""
    p = Path(path)
    try:
        data = read_yaml_file(p)
    except DataFileError as exc:
        raise DeckFileError(str(exc)) from None
    if not isinstance(data, dict) or not any(k in data for k in PARTS):
        raise DeckFileError(f"{p}: a scenario build is a mapping with {', '.join(PARTS)}")
    where = _Positions(p)
    build = ScenarioBuild(str(data.get("name") or p.stem), positions=where)
    problems: list[BuildProblem] = []
    for key in sorted(set(data) - set(PARTS) - {"name"}):
        problems.append(BuildProblem(f"unknown field {key!r}; a scenario build has name, {', '.join(PARTS)}",
                                     "", *where.at(key)))
    for part, word in PARTS.items():
        items = data.get(part)
        if items is None:
            build.parts[part] = []
            continue
        if not isinstance(items, list):
            problems.append(BuildProblem(f"{part} ({word}) must be a list of cards", "", *where.at(part)))
            build.parts[part] = []
            continue
        try:
            build.parts[part] = parse_cards(items)
        except CardTextError as exc:
            problems.append(BuildProblem(f"{part} ({word}), entry {exc.index + 1}: {exc} (hint: {exc.hint})",
                                         "", *where.at(part, exc.index)))
            build.parts[part] = []
    return build, problems


def check_scenario_build(build: ScenarioBuild, rule: ScenarioRule, regulation: Regulation,
                         decks: Sequence[Deck] = ()) -> list[BuildProblem]:
    """Every way ``build`` breaks the regulation's シナリオ構築 rule (and, given decks, the player's deck)."""
    where = build.positions

    def at(*key: Any) -> tuple[int, int]:
        return where.at(*key) if where is not None else (1, 1)

    out: list[BuildProblem] = []
    trumps = build.parts.get("trumps", [])
    if trumps and not regulation.format.trump:
        out.append(BuildProblem(f"{regulation.format.name} is played without trumps; the build names "
                                f"{len(trumps)}", "Table 4.2 切札有無", *at("trumps")))
    if len(trumps) > rule.max_trumps:
        out.append(BuildProblem(f"{len(trumps)} trumps; at most {rule.max_trumps}", "3.11.4 切札は2枚まで",
                                *at("trumps", rule.max_trumps)))
    rare = build.parts.get("rare_cards", [])
    if len(rare) > rule.max_rare_cards:
        out.append(BuildProblem(f"{len(rare)} rare cards; at most {rule.max_rare_cards}",
                                "フレーム レアパック・ストラテジー: レアカード1枚", *at("rare_cards", rule.max_rare_cards)))
    hand = build.parts.get("scenario_hand", [])
    if hand and len(hand) != rule.scenario_hand:
        out.append(BuildProblem(f"シナリオ手札 of {len(hand)} cards; it is {rule.scenario_hand} cards (or none)",
                                "第9.1版 シナリオ手札", *at("scenario_hand")))
    seen: dict[int, str] = {}
    for part in PARTS:
        for i, card in enumerate(build.parts.get(part, [])):
            if card.index in seen:
                out.append(BuildProblem(f"{card.text} is used twice ({seen[card.index]} and {part}): each card of "
                                        "the deck is fixed once", "第9.1版 シナリオ構築", *at(part, i)))
            seen.setdefault(card.index, part)
    if decks:
        pool = {c.index for d in decks for c in d.cards}
        for part in PARTS:
            for i, card in enumerate(build.parts.get(part, [])):
                if card.index not in pool:
                    out.append(BuildProblem(f"{card.text} ({PARTS[part]}) is not a card of the deck",
                                            "第9.1版 シナリオ構築: デッキのカードから選ぶ", *at(part, i)))
    return out


__all__ = ["BuildProblem", "ScenarioBuild", "check_scenario_build", "read_scenario_build", "PARTS"]

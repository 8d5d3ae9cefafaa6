"""Deck files, deck checks and deck building for every frame.

A deck file is YAML, either a list of cards or a mapping with ``cards`` (one deck) or ``decks`` (two decks,
for 構築ハーフ), e.g.::

    name: 速攻 40
    cards: ["♠A〜K", "♡A〜10", "◇A〜K", "Joker"]

    # two decks
    decks:
      - {name: 攻め, cards: ["♠A〜K", "♡A〜K", "Joker"]}
      - {name: 守り, cards: ["◇A〜K", "♣A〜K", "Joker"]}

Cards are written "♠A", "♡10" (♥ and ♦ work too), ranges of one suit "♣A〜5", "Joker" (twice for both).

Building follows the frame's :class:`~bpdsl.games.blackpoker.regulation.model.DeckRule`: fixed (the listed cards or all 54),
random (from the seed: 40 of 54, or the 54 split in two), constructed (from a deck file; without one a random
deck the rule allows).  The cards of a player's 54 that are in none of the decks are that player's pack (5.3.3).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from bpdsl.dsl.cards import Card
from bpdsl.games.blackpoker.regulation.card_text import CardTextError, all_cards, deck_text, parse_cards
from bpdsl.games.blackpoker.regulation.model import FULL_SIZE, DeckRule, Regulation
from bpdsl.datafile import DataFileError, read_yaml_file
from bpdsl.dsl.yamlload import load_file

MIN_PLAYABLE = 9  # 3.9: seven cards to the hand, one revealed to decide who starts, one drawn


@dataclass
class Deck:
    name: str
    cards: list[Card]

    def __len__(self) -> int:
        return len(self.cards)


@dataclass
class DeckProblem:
    """One broken deck rule; ``severity`` warning does not make the deck illegal."""

    message: str
    rule: str
    severity: str = "error"

    def format(self) -> str:
        return f"{self.severity}: {self.message}" + (f" [{self.rule}]" if self.rule else "")


@dataclass
class PlayerDecks:
    """What one player brings to a match: one or two decks, and the cards left out (the pack)."""

    decks: list[Deck]
    pack: list[Card] = field(default_factory=list)


class DeckFileError(ValueError):
    """A deck file that cannot be read (a usage error, exit 2)."""


# --------------------------------------------------------------------------- reading


def read_deck_file(path: str | Path) -> list[Deck]:

    p = Path(path)
    try:
        data = read_yaml_file(p)
    except DataFileError as exc:
        raise DeckFileError(str(exc)) from None
    try:
        return decks_from_data(data, str(p))
    except _BadCard as exc:
        line, col = _card_position(p, data, exc.deck, exc.card)
        raise DeckFileError(f"{p}:{line}:{col}: {exc.message}") from None


class _BadCard(DeckFileError):
    """A card entry that is not a card, with where it is (deck index, card entry index)."""

    def __init__(self, message: str, deck: int, card: int):
        super().__init__(message)
        self.message = message
        self.deck = deck
        self.card = card


def _card_position(path: Path, data: Any, deck: int, card: int) -> tuple[int, int]:
    """Line and column (1-based) of card entry ``card`` of deck ``deck``, from the positions the
    definitions' YAML reader keeps for every node."""

    doc, _ = load_file(path)
    if doc is None:
        return 1, 1
    if isinstance(data, list):
        key: tuple[Any, ...] = (card,)
    elif isinstance(data, dict) and "decks" in data:
        entry = data["decks"][deck] if isinstance(data["decks"], list) and deck < len(data["decks"]) else None
        key = ("decks", deck, "cards", card) if isinstance(entry, dict) else ("decks", deck, card)
    else:
        key = ("cards", card)
    pos = doc.pos(key)
    return pos.line or 1, pos.col or 1


def decks_from_data(data: Any, where: str = "<deck>") -> list[Deck]:
    if isinstance(data, list):
        entries: list[Any] = [{"name": Path(where).stem, "cards": data}]
    elif isinstance(data, dict) and "decks" in data:
        entries = data["decks"] if isinstance(data["decks"], list) else []
        if not entries:
            raise DeckFileError(f"{where}: 'decks' must be a list of decks, each with 'cards'")
    elif isinstance(data, dict) and "cards" in data:
        entries = [data]
    else:
        raise DeckFileError(f"{where}: a deck file is a list of cards, or a mapping with 'cards' or 'decks'")
    decks: list[Deck] = []
    for i, e in enumerate(entries):
        if isinstance(e, list):
            e = {"cards": e}
        if not isinstance(e, dict) or not isinstance(e.get("cards"), list):
            raise DeckFileError(f"{where}: deck {i + 1} needs a list 'cards'")
        try:
            cards = parse_cards(e["cards"])
        except CardTextError as exc:
            raise _BadCard(f"deck {i + 1}, card {exc.index + 1}: {exc} (hint: {exc.hint})", i, exc.index) from None
        decks.append(Deck(str(e.get("name") or f"deck {i + 1}"), cards))
    return decks


# --------------------------------------------------------------------------- checking


def check_decks(decks: Sequence[Deck], rule: DeckRule, where: str) -> list[DeckProblem]:
    """Every way ``decks`` break ``rule`` (``where`` names the frame or regulation for the messages)."""
    problems: list[DeckProblem] = []
    if len(decks) != rule.count:
        problems.append(DeckProblem(f"{where} uses {rule.count} deck(s) per player; the file has {len(decks)}",
                                    "Table 5.1 デッキ1/デッキ2"))
    for d in decks:
        problems += _check_one(d, rule, where)
    if len(decks) == 2 and rule.count == 2:
        a, b = decks
        shared = _kinds(a.cards) & _kinds(b.cards)
        shared.discard((None, "Joker"))
        if shared:
            problems.append(DeckProblem(
                f"the two decks share {_names(shared)}: both decks are made from one set of 54 cards",
                "5.2 構築ハーフ: 54枚で2つのデッキを作る"))
        jokers = sum(c.is_joker for c in a.cards + b.cards)
        if jokers > 2:
            problems.append(DeckProblem(f"the two decks hold {jokers} Jokers together; there are 2",
                                        "3.3 使用できるトランプ"))
        total = len(a) + len(b)
        if rule.together == "all" and total != FULL_SIZE:
            problems.append(DeckProblem(f"the two decks hold {total} cards; this frame splits all {FULL_SIZE}",
                                        f"Table 5.1 {where}: n 枚 / (54-n) 枚"))
        if rule.together == "subset" and total > FULL_SIZE:
            problems.append(DeckProblem(f"the two decks hold {total} cards, more than {FULL_SIZE}",
                                        f"Table 5.1 {where}: n 枚 / (54-n) 枚以下"))
    return problems


def _check_one(deck: Deck, rule: DeckRule, where: str) -> list[DeckProblem]:
    out: list[DeckProblem] = []
    n = len(deck)
    if not rule.size.allows(n):
        out.append(DeckProblem(f"{deck.name}: {n} cards; {where} allows {rule.size.text()}",
                               f"Table 5.1 {where}"))
    jokers = sum(c.is_joker for c in deck.cards)
    if jokers > rule.max_jokers:
        out.append(DeckProblem(f"{deck.name}: {jokers} Jokers; at most {rule.max_jokers}", "3.3 使用できるトランプ"))
    if rule.unique:
        seen: set[tuple[str | None, str]] = set()
        dup: list[Card] = []
        for c in deck.cards:
            if c.is_joker:
                continue
            k = (c.suit, c.rank)
            if k in seen:
                dup.append(c)
            seen.add(k)
        if dup:
            out.append(DeckProblem(f"{deck.name}: the same suit and rank twice: {', '.join(c.text for c in dup)}",
                                   "3.3 使用できるトランプ (52枚 + Joker 2枚)"))
    if rule.cards is not None:
        want = sorted(c.index for c in parse_cards(list(rule.cards)))
        if sorted(c.index for c in deck.cards) != want:
            out.append(DeckProblem(f"{deck.name}: a fixed deck is exactly {deck_text(parse_cards(list(rule.cards)))}",
                                   f"Table 5.1 {where}"))
    if n < MIN_PLAYABLE:
        out.append(DeckProblem(f"{deck.name}: {n} cards are too few to start a game (7 to the hand, 1 revealed, "
                               "1 drawn)", "3.9 ゲームの始め方", "warning"))
    return out


def _kinds(cards: Sequence[Card]) -> set[tuple[str | None, str]]:
    return {(c.suit, c.rank) for c in cards}


def _names(kinds: set[tuple[str | None, str]]) -> str:
    cards = [c for c in all_cards() if (c.suit, c.rank) in kinds and not c.is_joker]
    return ", ".join(c.text for c in cards[:8]) + (" …" if len(cards) > 8 else "")


# --------------------------------------------------------------------------- building


def build_player_decks(rule: DeckRule, rng: random.Random, given: Sequence[Deck] | None = None) -> PlayerDecks:
    """The decks one player brings under ``rule``: fixed, random from ``rng``, or ``given`` (constructed).

    A constructed rule without ``given`` decks gets a random deck the rule allows (the largest size),
    so that any regulation can be simulated without a deck file.
    """
    pool = all_cards()
    if rule.build == "fixed":
        cards = pool if rule.cards is None else parse_cards(list(rule.cards))
        decks = [Deck("fixed", list(cards))]
    elif rule.build == "constructed" and given:
        decks = [Deck(d.name, list(d.cards)) for d in given]
    else:
        decks = _random_decks(rule, rng)
    used = {c.index for d in decks for c in d.cards}
    pack = [c for c in pool if c.index not in used]
    return PlayerDecks(decks, pack)


def _random_decks(rule: DeckRule, rng: random.Random) -> list[Deck]:
    pool = all_cards()
    rng.shuffle(pool)
    if rule.count == 1:
        n = rule.size.exact if rule.size.exact is not None else (rule.size.max or FULL_SIZE)
        return [Deck("random", pool[:n])]
    if rule.even_split or rule.size.exact is not None:
        n = rule.size.exact if rule.size.exact is not None else FULL_SIZE // 2
        return [Deck("deck 1", pool[:n]), Deck("deck 2", pool[n:2 * n])]
    # 54 cards split at random into two piles (5.2: "27 枚ずつでなくてもよい"): each card falls on either
    # side; a pile too small to start a game is dealt again.
    while True:
        a: list[Card] = []
        b: list[Card] = []
        for c in pool:
            (a if rng.random() < 0.5 else b).append(c)
        if len(a) >= MIN_PLAYABLE and len(b) >= MIN_PLAYABLE:
            return [Deck("deck 1", a), Deck("deck 2", b)]


def build_match_decks(regulation: Regulation, seed: int,
                      given: Sequence[Sequence[Deck] | None] = (None, None)) -> tuple[PlayerDecks, PlayerDecks]:
    """Both players' decks for one match, reproducible from ``seed``."""
    rng = random.Random(f"decks:{seed}")
    g = list(given) + [None] * (2 - len(given))
    return (build_player_decks(regulation.deck, rng, g[0]), build_player_decks(regulation.deck, rng, g[1]))

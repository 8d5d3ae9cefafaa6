"""Cards as people write them in deck files and regulation data: "♠A", "♡10", "Joker", "♣A〜5".

Deck files are written by players, so this accepts the usual variants (♥/♡, ♦/◇, full-width forms,
spaces) and short ranges of one suit ("♠A〜5" = ♠A ♠2 ♠3 ♠4 ♠5).  Parsing never drops or merges cards:
duplicates stay duplicates so that the deck check can report them.  The two Jokers are different cards
(``Joker1``/``Joker2``): the first "Joker" of a list is the first Joker, the second the second.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Sequence

from bpdsl.dsl.cards import JOKER, MARK_TO_SUIT, RANKS, SUITS, Card, card_at, full_deck


class CardTextError(ValueError):
    """A card text that is not a card; ``index`` is its position in the list."""

    def __init__(self, message: str, index: int = 0, hint: str = ""):
        super().__init__(message)
        self.index = index
        self.hint = hint


_RANGE = re.compile(r"^(?P<suit>.)(?P<lo>10|[2-9]|[AJQK])(?:[〜～~\-](?P<hi>10|[2-9]|[AJQK]))?$")
_HINT = 'write a suit mark and a rank ("♠A", "◇10"), a range of one suit ("♣A〜5") or "Joker"'


def _norm(text: str) -> str:
    t = unicodedata.normalize("NFKC", str(text)).strip().replace(" ", "")
    return t.replace("\u2661", "♡").replace("\u2662", "◇")


def expand(text: str, index: int = 0) -> list[tuple[str | None, str]]:
    """The (suit, rank) kinds one entry stands for; a Joker is (None, "Joker")."""
    t = _norm(text)
    low = t.lower()
    if low in ("joker", "joker1", "joker2"):
        return [(None, JOKER)]
    m = re.fullmatch(r"joker[x×*](\d)", low)
    if m:
        return [(None, JOKER)] * int(m.group(1))
    m = _RANGE.match(t.upper() if t[:1] not in MARK_TO_SUIT else t[0] + t[1:].upper())
    if not m or m.group("suit") not in MARK_TO_SUIT:
        raise CardTextError(f"not a card: {text!r}", index, _HINT)
    suit = MARK_TO_SUIT[m.group("suit")]
    lo = RANKS.index(m.group("lo"))
    hi = RANKS.index(m.group("hi")) if m.group("hi") else lo
    if hi < lo:
        raise CardTextError(f"empty range: {text!r}", index, "write the lower rank first, e.g. ♠A〜5")
    return [(suit, RANKS[i]) for i in range(lo, hi + 1)]


def parse_cards(items: Sequence[str]) -> list[Card]:
    """Cards of a list of entries, in order, keeping duplicates (the deck check reports them)."""
    out: list[Card] = []
    jokers = 0
    for i, item in enumerate(items):
        if not isinstance(item, str):
            raise CardTextError(f"not a card: {item!r}", i, _HINT)
        for suit, rank in expand(item, i):
            if suit is None:
                out.append(card_at(52 + min(jokers, 1)))
                jokers += 1
            else:
                out.append(card_at(SUITS.index(suit) * 13 + RANKS.index(rank)))
    return out


def all_cards() -> list[Card]:
    """The 54 cards."""
    return full_deck()


def deck_text(cards: Sequence[Card]) -> str:
    """A compact printed form grouped by suit, like Table 5.1: "♠A2345 ♡A8910J … Joker"."""
    parts: list[str] = []
    for suit in SUITS:
        ranks = [c.rank for c in sorted(cards, key=lambda c: c.index) if c.suit == suit]
        if ranks:
            parts.append(f"{Card(suit, 'A', 1, 0).mark}{''.join(ranks)}")
    jokers = sum(1 for c in cards if c.is_joker)
    if jokers:
        parts.append("Joker" if jokers == 1 else f"Joker x{jokers}")
    return " ".join(parts)

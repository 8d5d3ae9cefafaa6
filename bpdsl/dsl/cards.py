"""Playing cards and the key-card pattern language.

The action lists print key cards (★) in a compact notation, and that notation *is* the DSL: a definition
writes ``key: "♠A〜K と ♣A〜K"`` exactly as the sheet prints it.  This module parses such a pattern into a
:class:`KeyPattern` that

* matches a concrete set of cards (``matches``) -- used by the engine to check a chosen key,
* enumerates every legal key-card choice out of a hand (``choices``) -- used to build decision options,
* prints itself back in canonical form (``text``) -- used by the renderer.

Grammar (whitespace is insignificant, full-width forms are accepted)::

    pattern   := slots | same_slots | same_suit | group | any | zone
    slots     := slot ( "と" slot )*             one card per slot, e.g. "♠A〜K と ♣A〜K"
    slot      := alt ( ("," | "、" | "・") alt )*  one card matching any alternative, e.g. "Joker,A,J,Q,K"
    alt       := "Joker" | [suit] rank [range rank]
    range     := "〜" | "～" | "~"  (also "-", "ー": typed by hand, printed as "〜")
    suit      := "♠" | "♡" | "◇" | "♣"  (also ♤ ♥ ♦ ♢ ♧)
    rank      := "A" | "2" .. "10" | "J" | "Q" | "K"
    same_suit := "同じ" ("スート" | "スーツ") ["を"] N "枚" ["以上"]
    same_slots:= "同じ" ("スート" | "スーツ" | "数字") "の" slot ("と" slot)+
                 one card per slot, all of one suit (or rank): "同じスートの A と J"
    group     := ["同じ" ("スート" | "スーツ" | "数字") "の"] slot "を" N "枚" ["以上"]
                 | "同じ数字を" N "枚" ["以上"]
                 N cards, each accepted by the slot, optionally all of one suit or of one rank:
                 "♠A〜10 を 2枚", "同じスートのA,10〜K を 5枚", "同じ数字を2枚"
    any       := "全て" [ "(" "裏向き" ")" ]            any one card (a bulwark is placed face down)
    zone      := zone-name N "枚"                    N cards of another zone than the hand: "レアカード1枚"
                 (the name is a zone's printed name in the game; the loader checks it and the engine takes
                 the key cards from that zone)

Cards are plain frozen objects with a stable ``index`` 0..53 so the engine can keep them in arrays.
"""
from __future__ import annotations

import itertools
import unicodedata
from dataclasses import dataclass, field
from typing import Iterable, Sequence

# --------------------------------------------------------------------------- cards

SUITS: tuple[str, ...] = ("spade", "heart", "diamond", "club")
SUIT_MARKS: dict[str, str] = {"spade": "♠", "heart": "♡", "diamond": "◇", "club": "♣"}
# Every mark a source may use for a suit (printed sheets use ♡ and ◇; fonts and OCR vary).
MARK_TO_SUIT: dict[str, str] = {
    "♠": "spade", "♤": "spade",
    "♡": "heart", "♥": "heart",
    "◇": "diamond", "♦": "diamond", "♢": "diamond", "◆": "diamond",
    "♣": "club", "♧": "club",
}
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER = "Joker"
# Table 3.1 of the rulebook: A=1, 2..10 as printed, J=11, Q=12, K=13, Joker=0.
RANK_VALUES: dict[str, int] = {r: i + 1 for i, r in enumerate(RANKS)} | {JOKER: 0}
JOKERS = 2


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. ``suit`` is None for a Joker; ``index`` is unique within a deck (0..53)."""

    suit: str | None
    rank: str
    value: int
    index: int

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def mark(self) -> str:
        return SUIT_MARKS[self.suit] if self.suit else ""

    @property
    def text(self) -> str:
        """Printed form: "♠A", "◇10", "Joker"."""
        return f"{self.mark}{self.rank}" if self.suit else JOKER

    @property
    def id(self) -> str:
        """Unique printable id: "♠A", "Joker1", "Joker2" (the two Jokers are different cards)."""
        return self.text if self.suit else f"{JOKER}{self.index - 51}"

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.id})"


def _make_deck() -> tuple[Card, ...]:
    cards = [Card(s, r, RANK_VALUES[r], si * 13 + ri) for si, s in enumerate(SUITS) for ri, r in enumerate(RANKS)]
    cards += [Card(None, JOKER, 0, 52 + j) for j in range(JOKERS)]
    return tuple(cards)


_DECK: tuple[Card, ...] = _make_deck()
_BY_ID: dict[str, Card] = {c.id: c for c in _DECK}


def full_deck() -> list[Card]:
    """The 54 cards of a BlackPoker deck (52 + 2 Jokers), in index order."""
    return list(_DECK)


def card_at(index: int) -> Card:
    """The card with the given stable index."""
    return _DECK[index]


def parse_card(text: str) -> Card:
    """Parse "♠A", "♡10", "◇ Q", "Joker" (first Joker), "Joker2" into the deck's Card."""
    raw = _normalize(text).replace(" ", "")
    if raw.lower() in ("joker", "joker1"):
        return _BY_ID["Joker1"]
    if raw.lower() == "joker2":
        return _BY_ID["Joker2"]
    if raw and raw[0] in MARK_TO_SUIT:
        suit = MARK_TO_SUIT[raw[0]]
        rank = raw[1:].upper()
        if rank in RANK_VALUES and rank != JOKER:
            return _DECK[SUITS.index(suit) * 13 + RANKS.index(rank)]
    raise PatternError(f"not a card: {text!r}", 0, 'write a suit mark and a rank, e.g. "♠A", "◇10", or "Joker"')


# --------------------------------------------------------------------------- errors


class PatternError(ValueError):
    """A key pattern that cannot be parsed; ``offset`` is the 0-based character offset in the text."""

    def __init__(self, message: str, offset: int = 0, hint: str = ""):
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.hint = hint


# --------------------------------------------------------------------------- patterns


@dataclass(frozen=True)
class CardFilter:
    """The cards one key-card slot accepts: a set of (suit, rank) kinds plus its printed text."""

    kinds: frozenset[tuple[str | None, str]]
    text: str

    def __call__(self, card: Card) -> bool:
        return (card.suit, card.rank) in self.kinds


@dataclass(frozen=True)
class KeyPattern:
    """A parsed key-card pattern (see the module docstring for the grammar).

    ``form`` is "slots" (one card per slot), "same_slots" (one card per slot, all sharing ``same``), "same_suit" (N or N+ cards of one suit), "group" (N or N+
    cards each accepted by ``slots[0]``, all of one suit or rank when ``same`` says so) or "any" (any one
    card; ``face_down`` tells that it is played face down) or "zone" (``count`` cards of the zone named
    ``zone`` instead of the hand: 「レアカード1枚」; the loader replaces the printed name by the zone's id).
    """

    form: str
    text: str
    slots: tuple[CardFilter, ...] = ()
    count: int = 0
    at_least: bool = False
    face_down: bool = False
    same: str | None = None  # group form: "suit" | "rank" | None (no rule across the cards)
    zone: str = ""  # zone form: the zone the key cards come from (its printed name as parsed, its id once loaded)
    source: str = field(default="", compare=False)
    # every suit and rank the text names, as (offset in the text, "suit" | "rank", id): what the game must
    # declare (a rank written without a suit stands for every declared suit and names none)
    named: tuple[tuple[int, str, str], ...] = field(default=(), compare=False)

    def undeclared(self, suits: Iterable[str], ranks: Iterable[str]) -> list[tuple[int, str, str]]:
        """The suits and ranks this pattern names that are not among ``suits`` and ``ranks`` (ids)."""
        known = {"suit": set(suits), "rank": set(ranks)}
        return [n for n in self.named if n[2] not in known[n[1]]]

    @property
    def size_range(self) -> tuple[int, int]:
        """(min, max) number of key cards."""
        if self.form in ("slots", "same_slots"):
            return (len(self.slots), len(self.slots))
        if self.form in ("same_suit", "group"):
            return (self.count, len(RANKS) if self.at_least else self.count)
        if self.form == "zone":
            return (self.count, self.count)
        return (1, 1)

    def accepts(self, card: Card) -> bool:
        """Whether ``card`` could be part of some key of this pattern (a cheap pre-filter)."""
        if self.form in ("slots", "same_slots"):
            return any(f(card) for f in self.slots) and not (self.same is not None and card.is_joker)
        if self.form == "same_suit":
            return not card.is_joker
        if self.form == "group":
            return (not self.slots or self.slots[0](card)) and not (self.same is not None and card.is_joker)
        return True

    def matches(self, cards: Sequence[Card]) -> bool:
        """Whether exactly these cards form a legal key."""
        n = len(cards)
        if len({c.index for c in cards}) != n:
            return False
        if self.form in ("slots", "same_slots"):
            return n == len(self.slots) and _assignable(cards, self.slots) and self._shared(cards)
        if self.form == "same_suit":
            lo, hi = self.size_range
            if not lo <= n <= hi:
                return False
            suit = cards[0].suit
            return suit is not None and all(c.suit == suit for c in cards)
        if self.form == "group":
            lo, hi = self.size_range
            if not lo <= n <= hi or not all(self.accepts(c) for c in cards):
                return False
            return self.same is None or len({_group_of(c, self.same) for c in cards}) == 1
        if self.form == "zone":
            return n == self.count
        return n == 1

    def choices(self, cards: Iterable[Card]) -> list[tuple[Card, ...]]:
        """Every legal key out of ``cards`` (e.g. a hand), each a tuple in index order, without duplicates."""
        pool = sorted({c.index: c for c in cards}.values(), key=lambda c: c.index)
        result: list[tuple[Card, ...]] = []
        if self.form in ("slots", "same_slots"):
            k = len(self.slots)
            if k == 1:
                f = self.slots[0]
                return [(c,) for c in pool if f(c)]
            usable = [c for c in pool if self.accepts(c)]
            for combo in itertools.combinations(usable, k):
                if _assignable(combo, self.slots) and self._shared(combo):
                    result.append(combo)
            return result
        if self.form == "same_suit":
            lo, hi = self.size_range
            for suit in SUITS:
                same = [c for c in pool if c.suit == suit]
                for n in range(lo, min(hi, len(same)) + 1):
                    result.extend(itertools.combinations(same, n))
            result.sort(key=lambda t: tuple(c.index for c in t))
            return result
        if self.form == "group":
            lo, hi = self.size_range
            usable = [c for c in pool if self.accepts(c)]
            groups: dict[object, list[Card]] = {}
            for c in usable:
                groups.setdefault(_group_of(c, self.same) if self.same else None, []).append(c)
            for same in groups.values():
                for n in range(lo, min(hi, len(same)) + 1):
                    result.extend(itertools.combinations(same, n))
            result.sort(key=lambda t: tuple(c.index for c in t))
            return result
        if self.form == "zone":  # any `count` cards of the zone (the caller passes that zone's cards)
            return list(itertools.combinations(pool, self.count))
        return [(c,) for c in pool]

    def _shared(self, cards: Sequence[Card]) -> bool:
        """Whether the cards share what ``same`` asks of a slots pattern (always, when it asks nothing)."""
        if self.same is None:
            return True
        return len({_group_of(c, self.same) for c in cards}) == 1 and not any(c.is_joker for c in cards)

    def partials(self, hand: Iterable[Card], pool: Iterable[Card]) -> list["PartialKey"]:
        """How close ``hand`` is to a key: for each way of completing the smallest key with cards still to
        come from ``pool`` (the cards that may yet reach the hand), the hand cards it keeps and what it
        lacks; fewest missing cards first, ways that ``pool`` cannot complete left out.

        A player building towards a rare key (five cards of one suit) needs this rather than
        :meth:`choices`, which only sees complete keys: it tells which cards to keep and which to look for."""
        held_pool = sorted({c.index: c for c in hand}.values(), key=lambda c: c.index)
        have = {c.index for c in held_pool}
        rest = sorted((c for c in {c.index: c for c in pool}.values() if c.index not in have), key=lambda c: c.index)
        out: list[PartialKey] = []
        if self.form == "zone":  # its cards come from a zone of their own, never from the hand
            return out
        if self.form == "any":
            out.append(PartialKey((), 0 if held_pool else 1, frozenset() if held_pool else frozenset(c.index for c in rest)))
        elif self.form in ("slots", "same_slots"):
            out.extend(_slot_partials(self.slots, held_pool, rest))
        else:  # same_suit / group: N cards of one group (one suit, one rank, or any accepted card)
            n = self.count
            same = "suit" if self.form == "same_suit" else self.same
            groups: dict[object, tuple[list[Card], list[Card]]] = {}
            for mine, cards in ((True, held_pool), (False, rest)):
                for c in cards:
                    if self.accepts(c):
                        entry = groups.setdefault(_group_of(c, same) if same else None, ([], []))
                        entry[0 if mine else 1].append(c)
            for kept, extra in groups.values():
                missing = max(n - len(kept), 0)
                if missing <= len(extra):
                    out.append(PartialKey(tuple(kept[:n]), missing, frozenset(c.index for c in extra) if missing else frozenset()))
        out.sort(key=lambda p: (p.missing, -len(p.wanted)))
        return out

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class PartialKey:
    """Part of a key: ``held`` cards of the hand that belong to it, ``missing`` cards still to get, and the
    cards (indices) of the pool that would each fill one of the missing places (``wanted``)."""

    held: tuple[Card, ...]
    missing: int
    wanted: frozenset[int]


def _slot_partials(slots: Sequence[CardFilter], hand: Sequence[Card], pool: Sequence[Card]) -> list[PartialKey]:
    """Partial keys of a slots pattern: the most slots the hand fills, the rest filled from ``pool``."""
    usable = [c for c in hand if any(f(c) for f in slots)]
    k = len(slots)
    for r in range(min(k, len(usable)), -1, -1):
        found: list[PartialKey] = []
        for combo in itertools.combinations(usable, r):
            for taken in itertools.combinations(range(k), r):
                if r and not _assignable(combo, [slots[i] for i in taken]):
                    continue
                open_slots = [slots[i] for i in range(k) if i not in taken]
                if _fill(open_slots, pool, set()):
                    wanted = frozenset(c.index for c in pool if any(f(c) for f in open_slots))
                    found.append(PartialKey(tuple(combo), k - r, wanted))
                    break  # one way per set of hand cards
        if found:
            return found
    return []


def _fill(slots: Sequence[CardFilter], pool: Sequence[Card], used: set[int]) -> bool:
    """Whether distinct cards of ``pool`` fill every slot (depth-first; a key has a handful of slots)."""
    if not slots:
        return True
    for c in pool:
        if c.index not in used and slots[0](c):
            used.add(c.index)
            if _fill(slots[1:], pool, used):
                used.discard(c.index)
                return True
            used.discard(c.index)
    return False


def _group_of(card: Card, same: str) -> object:
    """What the cards of a group must share: the suit, or the rank (the two Jokers share rank Joker)."""
    return card.suit if same == "suit" else card.rank


def _assignable(cards: Sequence[Card], slots: Sequence[CardFilter]) -> bool:
    """Whether the cards can be assigned one to each slot (a tiny bipartite matching; n <= 3)."""
    if len(cards) != len(slots):
        return False
    if len(cards) == 1:
        return slots[0](cards[0])
    return any(all(f(c) for f, c in zip(slots, perm)) for perm in itertools.permutations(cards))


# --------------------------------------------------------------------------- parser

RANGE_MARKS = "〜～~-－ー−"  # the printed wave dash, and the dashes a designer may type instead
ALT_MARKS = ",、・"


def _normalize(text: str) -> str:
    """Full-width to half-width char by char (keeps offsets stable); "～" and "~" are both range marks."""
    out = []
    for ch in text:
        if ch in MARK_TO_SUIT or ch in RANGE_MARKS:
            out.append(ch)
            continue
        n = unicodedata.normalize("NFKC", ch)
        out.append(n if len(n) == 1 else ch)
    return "".join(out).replace("\u3000", " ")


class _Scanner:
    def __init__(self, text: str):
        self.src = text
        self.text = _normalize(text)
        self.i = 0
        self.named: list[tuple[int, str, str]] = []

    def skip(self) -> None:
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1

    def at_end(self) -> bool:
        self.skip()
        return self.i >= len(self.text)

    def peek(self) -> str:
        self.skip()
        return self.text[self.i] if self.i < len(self.text) else ""

    def take(self, word: str) -> bool:
        self.skip()
        if self.text.startswith(word, self.i):
            self.i += len(word)
            return True
        if word.isascii() and self.text[self.i:self.i + len(word)].lower() == word.lower():
            self.i += len(word)
            return True
        return False

    def expect(self, word: str, hint: str) -> None:
        if not self.take(word):
            got = self.peek() or "end of pattern"
            raise PatternError(f"expected {word!r} but found {got!r}", self.i, hint)

    def number(self) -> int | None:
        self.skip()
        j = self.i
        while j < len(self.text) and self.text[j].isdigit():
            j += 1
        if j == self.i:
            return None
        value = int(self.text[self.i:j])
        self.i = j
        return value


EXAMPLES = '"2〜10", "♡A〜10", "J〜K", "Joker", "♠A〜K と ♣A〜K", "同じスートを2枚以上", "全て(裏向き)"'


def parse_pattern(text: str) -> KeyPattern:
    """Parse a printed key-card pattern into a :class:`KeyPattern`; raises :class:`PatternError`."""
    if not isinstance(text, str):
        raise PatternError(f"a key pattern must be a string, not {type(text).__name__}", 0, f"e.g. {EXAMPLES}")
    s = _Scanner(text)
    if s.at_end():
        raise PatternError("empty key pattern", 0, f"write a pattern such as {EXAMPLES}, or omit the key")
    if s.take("同じ"):
        pattern = _same(s)
    elif s.take("全て") or s.take("すべて"):
        face_down = False
        if s.take("("):
            s.expect("裏向き", 'write "全て(裏向き)" for any one card placed face down')
            s.expect(")", 'close the parenthesis: "全て(裏向き)"')
            face_down = True
        pattern = KeyPattern("any", "全て(裏向き)" if face_down else "全て", face_down=face_down)
    elif _starts_zone_name(s):
        pattern = _zone(s)
    else:
        slots = [_slot(s)]
        if s.take("を"):
            pattern = _group(s, slots[0], None)
        else:
            while s.take("と"):
                slots.append(_slot(s))
            pattern = KeyPattern("slots", " と ".join(f.text for f in slots), slots=tuple(slots))
    if not s.at_end():
        raise PatternError(f"unexpected {s.peek()!r} after the pattern", s.i,
                           'join several key cards with "と", alternatives with ","')
    return KeyPattern(pattern.form, pattern.text, pattern.slots, pattern.count, pattern.at_least,
                      pattern.face_down, pattern.same, pattern.zone, source=text, named=tuple(s.named))


def _starts_zone_name(s: _Scanner) -> bool:
    """Whether the pattern starts with a word that is no card notation (a zone's name: 「レアカード」)."""
    ch = s.peek()
    return bool(ch) and not ch.isascii() and ch not in MARK_TO_SUIT and ch not in RANGE_MARKS


def _zone(s: _Scanner) -> KeyPattern:
    """``<zone name>N枚``: N key cards taken from that zone (「レアカード1枚」)."""
    start = s.i
    while s.i < len(s.text) and not s.text[s.i].isdigit() and not s.text[s.i].isspace():
        s.i += 1
    name = s.text[start:s.i]
    n, at_least = _count(s, "レアカード1枚")
    if at_least:
        raise PatternError("a key from a zone has an exact number of cards", s.i - 2, 'write "レアカード1枚"')
    return KeyPattern("zone", f"{name}{n}枚", count=n, zone=name)


def _count(s: _Scanner, example: str) -> tuple[int, bool]:
    """``N枚`` or ``N枚以上`` after "を"."""
    at = s.i
    n = s.number()
    if n is None:
        raise PatternError("expected a number of cards", at, f'write "{example}"')
    if not 1 <= n <= len(RANKS):
        raise PatternError(f"a key has at most {len(RANKS)} cards; {n} cannot be asked for", at, "use 1 to 13 cards")
    s.expect("枚", f'write "{example}"')
    return n, s.take("以上")


def _group(s: _Scanner, slot: CardFilter | None, same: str | None) -> KeyPattern:
    """The rest of a group pattern after its "を": N cards of the slot, sharing ``same`` when given."""
    n, at_least = _count(s, "♠A〜10 を 2枚")
    lead = {"suit": "同じスートの", "rank": "同じ数字の", None: ""}[same]
    if slot is None:
        text = f"同じ数字を{n}枚"
    else:
        text = f"{lead}{slot.text} を {n}枚"
    text += "以上" if at_least else ""
    return KeyPattern("group", text, slots=(slot,) if slot is not None else (), count=n, at_least=at_least,
                      same=same)


def _same(s: _Scanner) -> KeyPattern:
    """After "同じ": 同じスートをN枚 (the classic form), 同じ数字をN枚, 同じスートの<cards> を N枚, and
    同じスートの<card> と <card>: one card per slot, all of one suit (or rank)."""
    if s.take("数字"):
        if s.take("の"):
            slot = _slot(s)
            if s.peek() == "と":
                return _same_slots(s, slot, "rank")
            s.expect("を", 'write "同じ数字の2〜10 を 2枚"')
            return _group(s, slot, "rank")
        s.expect("を", 'write "同じ数字を2枚"')
        return _group(s, None, "rank")
    if not (s.take("スート") or s.take("スーツ")):
        raise PatternError("expected 'スート' or '数字' after '同じ'", s.i,
                           'write "同じスートを2枚", "同じ数字を2枚" or "同じスートのA,10〜K を 5枚"')
    if s.take("の"):
        slot = _slot(s)
        if s.peek() == "と":
            return _same_slots(s, slot, "suit")
        s.expect("を", 'write "同じスートのA,10〜K を 5枚" or "同じスートの A と J"')
        return _group(s, slot, "suit")
    s.take("を")  # the older lists write "同じスート2枚"
    at = s.i
    n = s.number()
    if n is None:
        raise PatternError("expected a number of cards", at, 'write "同じスートを2枚"')
    if not 1 <= n <= len(RANKS):
        raise PatternError(f"a suit has {len(RANKS)} cards; {n} cannot be asked for", at, "use 1 to 13 cards")
    s.expect("枚", 'write "同じスートをN枚"')
    at_least = s.take("以上")
    return KeyPattern("same_suit", f"同じスートを{n}枚" + ("以上" if at_least else ""), count=n, at_least=at_least)


def _same_slots(s: _Scanner, first: CardFilter, same: str) -> KeyPattern:
    """The rest of "同じスートの A と J": more slots joined by "と", the cards sharing ``same``."""
    slots = [first]
    while s.take("と"):
        slots.append(_slot(s))
    lead = {"suit": "同じスートの", "rank": "同じ数字の"}[same]
    return KeyPattern("same_slots", lead + " と ".join(f.text for f in slots), slots=tuple(slots), same=same)


def _slot(s: _Scanner) -> CardFilter:
    kinds: set[tuple[str | None, str]] = set()
    texts: list[str] = []
    while True:
        k, t = _alt(s)
        kinds |= k
        texts.append(t)
        s.skip()
        if s.peek() and s.peek() in ALT_MARKS:
            s.i += 1
            continue
        break
    return CardFilter(frozenset(kinds), ",".join(texts))


def _alt(s: _Scanner) -> tuple[set[tuple[str | None, str]], str]:
    s.skip()
    at = s.i
    if s.take("Joker") or s.take("ジョーカー"):
        s.named.append((at, "rank", JOKER))
        return {(None, JOKER)}, JOKER
    suit: str | None = None
    ch = s.peek()
    if ch in MARK_TO_SUIT:
        suit = MARK_TO_SUIT[ch]
        s.named.append((s.i, "suit", suit))
        s.i += 1
        nxt = s.peek()
        if not nxt or nxt in ALT_MARKS or nxt == "と" or nxt == "を":  # a suit alone: any card of it (蘇生's ♠)
            return {(suit, r) for r in RANKS}, SUIT_MARKS[suit]
    lo = _rank(s)
    hi = lo
    s.skip()
    if s.peek() and s.peek() in RANGE_MARKS:
        s.i += 1
        at = s.i
        hi = _rank(s)
        if RANK_VALUES[hi] < RANK_VALUES[lo]:
            raise PatternError(f"the range {lo}〜{hi} is empty", at, f"write the lower rank first: {hi}〜{lo}")
    suits = (suit,) if suit else SUITS
    ranks = RANKS[RANK_VALUES[lo] - 1:RANK_VALUES[hi]]
    mark = SUIT_MARKS[suit] if suit else ""
    text = f"{mark}{lo}" if lo == hi else f"{mark}{lo}〜{hi}"
    return {(su, r) for su in suits for r in ranks}, text


def _rank(s: _Scanner) -> str:
    s.skip()
    at = s.i
    n = s.number()
    if n is not None:
        if 1 <= n <= 10:
            rank = "A" if n == 1 else str(n)
            s.named.append((at, "rank", rank))
            return rank
        raise PatternError(f"no rank {n}", at, "ranks are A, 2..10, J, Q, K (or Joker)")
    ch = s.text[s.i:s.i + 1].upper()
    if ch in ("A", "J", "Q", "K"):
        s.named.append((s.i, "rank", ch))
        s.i += 1
        return ch
    got = s.text[s.i:s.i + 1] or "end of pattern"
    raise PatternError(f"expected a rank but found {got!r}", at, f"ranks are A, 2..10, J, Q, K; patterns look like {EXAMPLES}")

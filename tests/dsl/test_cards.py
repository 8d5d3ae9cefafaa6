"""Key-card patterns: every printed pattern of the seeds parses, matches and enumerates correctly."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpdsl.dsl.cards import (
    RANK_VALUES,
    SUITS,
    Card,
    KeyPattern,
    PatternError,
    full_deck,
    parse_card,
    parse_pattern,
)

DECK = full_deck()

# (as printed in a seed, canonical text, size range)
SEED_PATTERNS = [
    ("2〜10", "2〜10", (1, 1)),
    ("♡A〜10", "♡A〜10", (1, 1)),
    ("♡ A〜10", "♡A〜10", (1, 1)),
    ("♠A～10", "♠A〜10", (1, 1)),
    ("◇A~10", "◇A〜10", (1, 1)),
    ("♣A-10", "♣A〜10", (1, 1)),
    ("J－K", "J〜K", (1, 1)),
    ("J〜K", "J〜K", (1, 1)),
    ("A", "A", (1, 1)),
    ("A〜K", "A〜K", (1, 1)),
    ("Joker", "Joker", (1, 1)),
    ("♠A〜K と ♣A〜K", "♠A〜K と ♣A〜K", (2, 2)),
    ("♡A～Kと♣A～K", "♡A〜K と ♣A〜K", (2, 2)),
    ("♡ A〜K と ◇ A〜K", "♡A〜K と ◇A〜K", (2, 2)),
    ("同じスートを2枚以上", "同じスートを2枚以上", (2, 13)),
    ("同じスーツを2枚以上", "同じスートを2枚以上", (2, 13)),
    ("同じスートを 2 枚", "同じスートを2枚", (2, 2)),
    ("全て(裏向き)", "全て(裏向き)", (1, 1)),
    ("全て (裏向き)", "全て(裏向き)", (1, 1)),
    ("Joker,A,J,Q,K", "Joker,A,J,Q,K", (1, 1)),
]

# The rules across the cards of 第8.2版 (キル, R・S・F, リバース ...).
ACT82_PATTERNS = [
    ("♠A〜10 を 2枚", "♠A〜10 を 2枚", (2, 2)),
    ("♡A～10を２枚", "♡A〜10 を 2枚", (2, 2)),
    ("同じスートのA,10〜K を 5枚", "同じスートのA,10〜K を 5枚", (5, 5)),
    ("同じスートのA、10～Kを5枚", "同じスートのA,10〜K を 5枚", (5, 5)),
    ("同じ数字を２枚", "同じ数字を2枚", (2, 2)),
    ("A と J", "A と J", (2, 2)),
]


def test_deck() -> None:
    assert len(DECK) == 54
    assert [c.index for c in DECK] == list(range(54))
    assert sum(c.is_joker for c in DECK) == 2
    assert {c.value for c in DECK if not c.is_joker} == set(range(1, 14))
    assert all(c.value == 0 for c in DECK if c.is_joker)
    assert len({c.id for c in DECK}) == 54


def test_parse_card() -> None:
    assert parse_card("♠A") == Card("spade", "A", 1, 0)
    assert parse_card("◇ 10").value == 10
    assert parse_card("♦Q").suit == "diamond"
    assert parse_card("Joker").is_joker and parse_card("Joker2").index == 53
    with pytest.raises(PatternError):
        parse_card("♠Z")


@pytest.mark.parametrize("printed,canonical,size", SEED_PATTERNS + ACT82_PATTERNS)
def test_seed_patterns(printed: str, canonical: str, size: tuple[int, int]) -> None:
    p = parse_pattern(printed)
    assert p.text == canonical
    assert p.size_range == size
    assert parse_pattern(p.text) == p  # canonical text round-trips


def _cards(*ids: str) -> list[Card]:
    return [parse_card(i) for i in ids]


@pytest.mark.parametrize(
    "pattern,cards,ok",
    [
        ("2〜10", ["♠2"], True),
        ("2〜10", ["♠10"], True),
        ("2〜10", ["♠A"], False),
        ("2〜10", ["♠J"], False),
        ("2〜10", ["Joker"], False),
        ("2〜10", ["♠2", "♠3"], False),
        ("♡A〜10", ["♡10"], True),
        ("♡A〜10", ["◇10"], False),
        ("♡A〜10", ["♡J"], False),
        ("J〜K", ["♣Q"], True),
        ("A", ["◇A"], True),
        ("A〜K", ["Joker"], False),
        ("Joker", ["Joker2"], True),
        ("♠A〜K と ♣A〜K", ["♣3", "♠K"], True),
        ("♠A〜K と ♣A〜K", ["♠3", "♠K"], False),
        ("♠A〜K と ♣A〜K", ["♠3"], False),
        ("同じスートを2枚以上", ["♡3", "♡K", "♡A"], True),
        ("同じスートを2枚以上", ["♡3"], False),
        ("同じスートを2枚以上", ["♡3", "◇3"], False),
        ("同じスートを2枚以上", ["Joker", "Joker2"], False),
        ("同じスートを2枚", ["♣2", "♣9"], True),
        ("同じスートを2枚", ["♣2", "♣9", "♣5"], False),
        ("全て(裏向き)", ["Joker"], True),
        ("全て(裏向き)", ["♠7", "♠8"], False),
        ("Joker,A,J,Q,K", ["♠Q"], True),
        ("Joker,A,J,Q,K", ["♠5"], False),
        ("同じスートのA,10〜K を 5枚", ["♡A", "♡10", "♡J", "♡Q", "♡K"], True),
        ("同じスートのA,10〜K を 5枚", ["♡K", "♡Q", "♡J", "♡10", "♡A"], True),
        ("同じスートのA,10〜K を 5枚", ["♡A", "♡10", "♡J", "♡Q", "♠K"], False),
        ("同じスートのA,10〜K を 5枚", ["♡A", "♡9", "♡J", "♡Q", "♡K"], False),
        ("同じスートのA,10〜K を 5枚", ["♡A", "♡10", "♡J", "♡Q", "Joker"], False),
        ("同じスートのA,10〜K を 5枚", ["♡A", "♡10", "♡J", "♡Q"], False),
        ("♠A〜10 を 2枚", ["♠A", "♠10"], True),
        ("♠A〜10 を 2枚", ["♠A", "♣10"], False),
        ("♠A〜10 を 2枚", ["♠A", "♠J"], False),
        ("同じ数字を2枚", ["♠7", "◇7"], True),
        ("同じ数字を2枚", ["♠7", "♠8"], False),
        ("同じ数字を2枚", ["Joker", "Joker2"], False),  # a Joker has no number
        ("A と J", ["♣J", "♡A"], True),
        ("A と J", ["♣A", "♡A"], False),
    ],
)
def test_matches(pattern: str, cards: list[str], ok: bool) -> None:
    assert parse_pattern(pattern).matches(_cards(*cards)) is ok


def test_same_card_twice_never_matches() -> None:
    c = parse_card("♡5")
    assert not parse_pattern("同じスートを2枚").matches([c, c])


def test_face_down() -> None:
    assert parse_pattern("全て(裏向き)").face_down
    assert not parse_pattern("A〜K").face_down


@pytest.mark.parametrize(
    "bad,offset",
    [("", 0), ("♠Z", 1), ("K〜A", 2), ("同じスートを枚", 6), ("2〜10 x", 5), ("♠A〜K と", 6), ("全て(表向き)", 3),
     ("同じカードを2枚", 2), ("11", 0)],
)
def test_errors_have_offset_and_hint(bad: str, offset: int) -> None:
    with pytest.raises(PatternError) as info:
        parse_pattern(bad)
    assert info.value.offset == offset
    assert info.value.hint


def _brute_choices(p: KeyPattern, hand: list[Card]) -> set[tuple[int, ...]]:
    lo, hi = p.size_range
    out = set()
    for n in range(lo, min(hi, len(hand)) + 1):
        for combo in itertools.combinations(hand, n):
            if p.matches(list(combo)):
                out.add(tuple(sorted(c.index for c in combo)))
    return out


hands = st.lists(st.sampled_from(DECK), min_size=0, max_size=9, unique_by=lambda c: c.index)


@settings(max_examples=60, deadline=None)
@given(hand=hands, printed=st.sampled_from([p for p, _, _ in SEED_PATTERNS + ACT82_PATTERNS]))
def test_choices_are_exactly_the_matching_subsets(hand: list[Card], printed: str) -> None:
    p = parse_pattern(printed)
    got = p.choices(hand)
    keys = [tuple(c.index for c in t) for t in got]
    assert len(keys) == len(set(keys)), "no duplicates"
    assert all(list(k) == sorted(k) for k in keys), "each choice in index order"
    assert set(keys) == _brute_choices(p, hand)


@settings(max_examples=60, deadline=None)
@given(
    suit=st.sampled_from(SUITS + (None,)),
    lo=st.sampled_from(list(RANK_VALUES)[:13]),
    hi=st.sampled_from(list(RANK_VALUES)[:13]),
)
def test_generated_ranges(suit: str | None, lo: str, hi: str) -> None:
    from bpdsl.dsl.cards import SUIT_MARKS

    text = f"{SUIT_MARKS[suit] if suit else ''}{lo}〜{hi}"
    if RANK_VALUES[hi] < RANK_VALUES[lo]:
        with pytest.raises(PatternError):
            parse_pattern(text)
        return
    p = parse_pattern(text)
    expected = {c.index for c in DECK if not c.is_joker and (suit is None or c.suit == suit)
                and RANK_VALUES[lo] <= c.value <= RANK_VALUES[hi]}
    assert {t[0].index for t in p.choices(DECK)} == expected


ROYAL_RANKS = ("A", "10", "J", "Q", "K")


@settings(max_examples=80, deadline=None)
@given(suit=st.sampled_from(SUITS), extra=st.lists(st.sampled_from(DECK), max_size=5, unique_by=lambda c: c.index),
       order=st.randoms(use_true_random=False))
def test_a_royal_flush_anywhere_in_a_hand_is_a_key(suit: str, extra: list[Card], order: object) -> None:
    """R・S・F's key is found in any hand that holds A, 10, J, Q, K of one suit, whatever else it holds and in
    whatever order: the enumeration offers exactly the subsets a brute force accepts, the royal one included."""
    royal = [c for c in DECK if c.suit == suit and c.rank in ROYAL_RANKS]
    hand = list({c.index: c for c in royal + extra}.values())
    order.shuffle(hand)  # type: ignore[attr-defined]
    p = parse_pattern("同じスートのA,10〜K を 5枚")
    keys = {tuple(c.index for c in t) for t in p.choices(hand)}
    assert tuple(c.index for c in royal) in keys
    assert keys == _brute_choices(p, hand)


def test_a_suit_alone_names_every_card_of_that_suit() -> None:
    # 第9.0版 蘇生: 「自分の墓地の♠1枚」 -- a key pattern may name a whole suit
    from bpdsl.dsl.cards import parse_pattern

    for text, canon in (("♠", "♠"), ("♠ と ♣", "♠ と ♣"), ("♡,◇2", "♡,◇2")):
        p = parse_pattern(text)
        assert p.text == canon
    spade = parse_pattern("♠").slots[0]
    assert [c.text for c in DECK if spade(c)] == [c.text for c in DECK if c.suit == "spade"]
    assert not any(parse_pattern("♠").slots[0](c) for c in DECK if c.rank == "Joker")

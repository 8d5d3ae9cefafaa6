"""Deck files, deck checks and the decks every frame builds."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpdsl.dsl.cards import MARK_TO_SUIT, full_deck
from bpdsl.games.blackpoker.regulation.card_text import CardTextError, parse_cards
from bpdsl.games.blackpoker.regulation.check import resolve
from bpdsl.games.blackpoker.regulation.decks import (
    Deck,
    DeckFileError,
    build_match_decks,
    build_player_decks,
    check_decks,
    decks_from_data,
    read_deck_file,
)
from bpdsl.games.blackpoker.regulation.model import FULL_SIZE

from reg_seed_helpers import seed_table, seed_text


def _reg(text: str, systems):  # type: ignore[no-untyped-def]
    r = resolve(text, systems)
    assert r.valid, [p.format() for p in r.problems]
    return r.regulation


def _errors(problems):  # type: ignore[no-untyped-def]
    return [p for p in problems if p.severity == "error"]


# --------------------------------------------------------------------------- the fixed entry deck


def test_entry_deck_is_the_21_cards_of_table_5_1(seeds_dir: Path, bp2024) -> None:
    rows = seed_table(seed_text(seeds_dir, "000"), "Table 5.1")
    entry = next(r for r in rows if r[0].replace(" ", "") == "エントリー")
    method = next(c for c in entry if "Joker" in c)
    seed_cards: set[tuple[str | None, str]] = set()
    for mark, ranks in re.findall(r"([♠♥♦♣♡◇])\s*([A0-9JQK]+)", method):
        for rank in re.findall(r"10|[2-9]|[AJQK]", ranks):
            seed_cards.add((MARK_TO_SUIT[mark], rank))
    seed_cards.add((None, "Joker"))
    rule = bp2024.frames["entry"].deck
    deck = build_player_decks(rule, random.Random(0)).decks[0]
    assert len(deck) == 21 == rule.size.exact
    assert {(c.suit, c.rank) for c in deck.cards} == seed_cards


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("frame,sizes", [
    ("entry", [21]), ("random40", [40]), ("full", [54]), ("regular", [54]), ("constructed40", [40]),
])
def test_one_deck_frames_build_their_size(reg_systems, frame: str, sizes: list[int], seed: int) -> None:
    reg = _reg(f"std+{frame}", reg_systems)
    for p in build_match_decks(reg, seed):
        assert [len(d) for d in p.decks] == sizes
        assert len(p.pack) == FULL_SIZE - sizes[0]
        assert not _errors(check_decks(p.decks, reg.deck, frame))
        assert {c.index for c in p.decks[0].cards}.isdisjoint(c.index for c in p.pack)


@pytest.mark.parametrize("seed", range(5))
def test_random_half_splits_all_54(reg_systems, seed: int) -> None:
    reg = _reg("std+random-half", reg_systems)
    for p in build_match_decks(reg, seed):
        a, b = p.decks
        assert len(a) + len(b) == FULL_SIZE and not p.pack
        assert {c.index for c in a.cards} | {c.index for c in b.cards} == set(range(54))
        assert not _errors(check_decks(p.decks, reg.deck, "ランダムハーフ"))


def test_2021_random_half_is_27_and_27(reg_systems) -> None:
    reg = _reg("スタンダードランダムハーフ", reg_systems)
    for p in build_match_decks(reg, 7):
        assert [len(d) for d in p.decks] == [27, 27]


def test_random_builds_depend_on_the_seed_only(reg_systems) -> None:
    reg = _reg("std+random40", reg_systems)
    a = [c.index for c in build_match_decks(reg, 5)[0].decks[0].cards]
    b = [c.index for c in build_match_decks(reg, 5)[0].decks[0].cards]
    c = [c.index for c in build_match_decks(reg, 6)[0].decks[0].cards]
    assert a == b and a != c


def test_constructed_frame_uses_the_given_deck(reg_systems) -> None:
    reg = _reg("std+constructed40+pack", reg_systems)
    mine = [Deck("mine", parse_cards(["♠A〜K", "♡A〜K", "◇A〜K", "Joker"]))]
    p = build_match_decks(reg, 1, (mine, None))[0]
    assert [c.text for c in p.decks[0].cards] == [c.text for c in mine[0].cards]
    assert sorted(c.text for c in p.pack) == sorted(c.text for c in parse_cards(["♣A〜K", "Joker"]))


# --------------------------------------------------------------------------- deck checks


def _deck(*cards: str) -> Deck:
    return Deck("d", parse_cards(list(cards)))


def test_a_deck_of_40_is_legal_under_constructed40(reg_systems) -> None:
    reg = _reg("std+constructed40", reg_systems)
    assert not _errors(check_decks([_deck("♠A〜K", "♡A〜K", "◇A〜K", "Joker")], reg.deck, "構築40"))


def test_41_cards_break_constructed40(reg_systems) -> None:
    reg = _reg("std+constructed40", reg_systems)
    errs = _errors(check_decks([_deck("♠A〜K", "♡A〜K", "◇A〜K", "Joker", "Joker")], reg.deck, "構築40"))
    assert len(errs) == 1 and "41 cards" in errs[0].message and "40 枚以下" in errs[0].message


def test_three_jokers_and_duplicates_are_reported(reg_systems) -> None:
    reg = _reg("std+regular", reg_systems)
    errs = _errors(check_decks([_deck("♠A〜K", "♠A", "♡5", "♥5", "Joker", "Joker", "Joker")], reg.deck, "レギュラー"))
    text = " ".join(e.message for e in errs)
    assert "3 Jokers" in text and "♠A" in text and "♡5" in text


def test_constructed_half_needs_two_disjoint_decks(reg_systems) -> None:
    reg = _reg("std+constructed-half", reg_systems)
    ok = [_deck("♠A〜K", "♡A〜K", "Joker"), _deck("◇A〜K", "♣A〜5", "Joker")]
    assert not _errors(check_decks(ok, reg.deck, "構築ハーフ"))
    shared = [_deck("♠A〜K", "♡A〜K", "Joker"), _deck("♠A", "◇A〜K", "Joker", "Joker")]
    text = " ".join(e.message for e in _errors(check_decks(shared, reg.deck, "構築ハーフ")))
    assert "share ♠A" in text and "3 Jokers" in text
    one = [_deck("♠A〜K")]
    assert any("2 deck(s)" in e.message for e in _errors(check_decks(one, reg.deck, "構築ハーフ")))


def test_2021_lite40_limits_the_size(reg_systems) -> None:
    reg = _reg("ライト40", reg_systems)
    assert _errors(check_decks([_deck("♠A〜K", "♡A〜K", "◇A〜K", "♣A〜2")], reg.deck, "ライト40"))
    assert not _errors(check_decks([_deck("♠A〜K", "♡A〜K", "◇A〜K", "♣A")], reg.deck, "ライト40"))


def test_deck_file_formats(tmp_path: Path) -> None:
    f = tmp_path / "d.yaml"
    f.write_text('name: x\ncards: ["♠A〜3", "Joker"]\n', encoding="utf-8")
    assert [c.id for c in read_deck_file(f)[0].cards] == ["♠A", "♠2", "♠3", "Joker1"]
    two = decks_from_data({"decks": [{"cards": ["♠A"]}, {"name": "b", "cards": ["♡A"]}]})
    assert [d.name for d in two] == ["deck 1", "b"]
    assert len(decks_from_data(["♠A", "♦K"])[0]) == 2
    for bad in ({"foo": 1}, {"cards": ["♠Z"]}, "♠A", {"decks": []}):
        with pytest.raises(DeckFileError):
            decks_from_data(bad)
    (tmp_path / "bad.yaml").write_text("cards: [♠A\n", encoding="utf-8")
    with pytest.raises(DeckFileError, match="bad.yaml:"):
        read_deck_file(tmp_path / "bad.yaml")


from bpdsl.dsl.loader import load_or_raise  # noqa: E402
from bpdsl.games.blackpoker.regulation.load import REGULATIONS_DIR, systems  # noqa: E402

_C40 = systems(load_or_raise([REGULATIONS_DIR]))["bp2024"].frames["constructed40"].deck


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(full_deck()), max_size=60))
def test_check_agrees_with_a_direct_count(cards) -> None:  # type: ignore[no-untyped-def]
    rule = _C40
    deck = Deck("h", parse_cards([c.text for c in cards]))
    errs = _errors(check_decks([deck], rule, "構築40"))
    kinds = [(c.suit, c.rank) for c in deck.cards if not c.is_joker]
    legal = len(deck) <= 40 and sum(c.is_joker for c in deck.cards) <= 2 and len(kinds) == len(set(kinds))
    assert (not errs) == legal


def test_card_texts() -> None:
    assert [c.text for c in parse_cards(["♥10", "♦q", "♤K", "♣A〜3"])] == ["♡10", "◇Q", "♠K", "♣A", "♣2", "♣3"]
    with pytest.raises(CardTextError):
        parse_cards(["♠5〜A"])


def test_a_bad_card_is_reported_at_its_line(tmp_path: Path) -> None:
    f = tmp_path / "two.yaml"
    f.write_text('decks:\n  - {name: a, cards: [♠A]}\n  - name: b\n    cards:\n      - ♡A\n      - "♡ 11"\n',
                 encoding="utf-8")
    with pytest.raises(DeckFileError, match=r"two.yaml:6:9: deck 2, card 2: not a card"):
        read_deck_file(f)

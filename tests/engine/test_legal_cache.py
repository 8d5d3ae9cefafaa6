"""The legal-action listing's caches give what a listing from nothing gives, at every ask of every game.

The candidates of a hand (the direct actions whose key cards it can provide) are kept per game by the hand's
cards and shared by the games of one set of rules by the hand's card indices; these tests play seeded games
of several games and editions and list every ask twice: as the engine does, and again with every cache
emptied.
"""
from __future__ import annotations

import dataclasses
import functools
import random
from typing import Any, Callable

import pytest

from bpdsl.engine import RandomAgent, build_rules, new_game
from bpdsl.engine.compiled import DECK
from bpdsl.engine.core import Game

_LISTING = Game.legal_actions


def _fresh(game: Game, seat: int) -> list[Any]:
    """The listing computed with every cache of the game emptied (then put back)."""
    saved = game._by_hand, game._by_mask
    game._by_hand, game._by_mask = {}, {}
    try:
        return _LISTING(game, seat)
    finally:
        game._by_hand, game._by_mask = saved


def _listing_through(game: Game, listing: Callable[[Game, int], list[Any]]) -> Game:
    """``game``, listing its legal actions through ``listing(game, seat)`` (an attribute of the game: the
    compiled build's Game is an extension type, whose methods cannot be replaced on the class)."""
    game.legal_actions = functools.partial(listing, game)  # type: ignore[method-assign]
    return game


@pytest.mark.parametrize("edition,fmt", [("act8.0", "std"), ("act8.2", "mast"), ("act6.1", "lite"), ("bd1", "std")])
def test_every_listing_equals_a_fresh_listing(edition: str, fmt: str) -> None:
    rules = build_rules(edition, fmt)
    seen = {"listings": 0, "shared": 0}

    def checked(game: Game, seat: int) -> list[Any]:
        before = len(game._by_mask)
        got = _LISTING(game, seat)
        seen["listings"] += 1
        if got and len(game._by_mask) == before:
            seen["shared"] += 1  # candidates found in a table that earlier listings (or games) filled
        fresh = _fresh(game, seat)
        assert [a.id for a in got] == [a.id for a in fresh], (edition, fmt, game.seed, game.state.turn_no, seat)
        return got

    for seed in range(1, 16):
        r = _listing_through(new_game(rules, [RandomAgent(seed), RandomAgent(seed + 100)], seed), checked).play()
        assert not r.aborted
    assert seen["listings"] > 500 and seen["shared"] > 100, seen


def test_actions_added_to_the_rules_later_are_listed_by_later_games() -> None:
    """An option adds direct actions after compiling: a game made after that lists them (a new shared table)."""
    rules = dataclasses.replace(build_rules("act8.0", "std"))
    rules.direct_actions = list(rules.direct_actions)
    new_game(rules, [RandomAgent(1), RandomAgent(2)], 1).play()
    end = rules.actions["end"]
    extra = dataclasses.replace(end, id="end_again", label="end again")
    rules.direct_actions.append(extra)
    listed: list[list[str]] = []

    def spy(g: Game, seat: int) -> list[Any]:
        got = _LISTING(g, seat)
        listed.append([a.id for a in got])
        return got

    _listing_through(new_game(rules, [RandomAgent(1), RandomAgent(2)], 1), spy).play()
    assert any("end" in ids and "end_again" in ids for ids in listed)


@pytest.mark.parametrize("edition,fmt", [("act8.0", "std"), ("act8.2", "mast"), ("act6.1", "lite")])
def test_key_tests_on_a_hand_bitmask_agree_with_the_keys_a_hand_can_give(edition: str, fmt: str) -> None:
    """Every keyed direct action has a bitmask test, and it says "some key" exactly when the pattern lists one."""
    rules = build_rules(edition, fmt)
    rng = random.Random(7)
    keyed = [a for a in rules.direct_actions if a.key is not None]
    assert keyed
    for a in keyed:
        assert a.key_test is not None, a.id
        hits = 0
        for _ in range(400):
            hand = rng.sample(range(len(DECK)), rng.randint(0, 8))
            mask = sum(1 << i for i in hand)
            expect = bool(a.key.choices([DECK[i] for i in hand]))
            assert a.key_test(mask) == expect, (a.id, a.key.text, sorted(hand))
            hits += expect
        if a.key.form == "group":  # the rare keys (five of a suit) are not met by chance: a hand that holds one
            lo = a.key.size_range[0]
            cards = [i for i, c in enumerate(DECK) if a.key.accepts(c)]
            same = [i for i in cards if a.key.same is None
                    or (DECK[i].suit if a.key.same == "suit" else DECK[i].rank)
                    == (DECK[cards[0]].suit if a.key.same == "suit" else DECK[cards[0]].rank)][:lo]
            mask = sum(1 << i for i in same)
            assert a.key_test(mask) == bool(a.key.choices([DECK[i] for i in same])) is True, a.id

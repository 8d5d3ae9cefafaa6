"""1-deck and 2-deck matches (5.2.1) over a stub game runner: deck choice, retired winning decks, best of three."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpdsl.games.blackpoker.regulation.check import resolve
from bpdsl.games.blackpoker.regulation.decks import build_match_decks
from bpdsl.dsl.loader import load_or_raise
from bpdsl.games.blackpoker.regulation.load import REGULATIONS_DIR, systems
from bpdsl.games.blackpoker.regulation.match import GameOutcome, GameRequest, MatchState, play_match

SYSTEMS = systems(load_or_raise([REGULATIONS_DIR]))


def _reg(text: str):  # type: ignore[no-untyped-def]
    r = resolve(text, SYSTEMS)
    assert r.valid
    return r.regulation


class Scripted:
    """A stub game: the winners come from a list; records what it was asked to play."""

    def __init__(self, winners: list[int | None]):
        self.winners = list(winners)
        self.requests: list[GameRequest] = []

    def __call__(self, request: GameRequest) -> GameOutcome:
        self.requests.append(request)
        return GameOutcome(self.winners.pop(0), turns=3, reason="stub")


def test_one_deck_match_is_one_game() -> None:
    reg = _reg("std+entry")
    game = Scripted([1])
    result = play_match(reg, build_match_decks(reg, 1), game, seed=1)
    assert result.winner == 1 and result.wins == (0, 1) and len(result.games) == 1
    assert [len(d) for d in game.requests[0].decks] == [21, 21]


def test_one_deck_match_drawn_game_has_no_winner() -> None:
    reg = _reg("std+full")
    result = play_match(reg, build_match_decks(reg, 1), Scripted([None]), seed=1)
    assert result.winner is None and len(result.games) == 1


def test_two_deck_match_ends_after_two_wins() -> None:
    reg = _reg("std+random-half")
    result = play_match(reg, build_match_decks(reg, 1), Scripted([0, 0]), seed=1)
    assert result.winner == 0 and result.wins == (2, 0) and len(result.games) == 2


def test_two_deck_match_winner_switches_deck_and_game_three_uses_unbeaten_decks() -> None:
    reg = _reg("std+random-half")
    players = build_match_decks(reg, 2)
    result = play_match(reg, players, Scripted([0, 1, 1]), seed=2)
    g1, g2, g3 = result.games
    assert g2.deck_choice[0] != g1.deck_choice[0]  # seat 0 won game 1: its deck retires
    assert g3.deck_choice[0] == g2.deck_choice[0]  # seat 0 has only its unbeaten deck left
    assert g3.deck_choice[1] != g2.deck_choice[1]  # seat 1 won game 2 with that deck
    assert result.winner == 1 and result.wins == (1, 2)
    for g in result.games:  # the sizes reported are the sizes of the chosen decks
        assert g.deck_sizes == tuple(len(players[s].decks[g.deck_choice[s]]) for s in (0, 1))


def test_the_chooser_decides_among_allowed_decks_only() -> None:
    reg = _reg("std+random-half")
    seen: list[tuple[int, list[int]]] = []

    def choose(seat: int, allowed: list[int], state: MatchState) -> int:
        seen.append((seat, list(allowed)))
        return allowed[-1]

    play_match(reg, build_match_decks(reg, 3), Scripted([1, 0, 0]), seed=3, choose=choose)
    assert seen[:2] == [(0, [0, 1]), (1, [0, 1])]
    assert seen[2:4] == [(0, [0, 1]), (1, [0])]  # seat 1 won game 1 with deck 1
    assert seen[4:6] == [(0, [0]), (1, [0])]


def test_an_illegal_choice_is_an_error() -> None:
    reg = _reg("std+random-half")
    with pytest.raises(ValueError, match="allowed decks"):
        play_match(reg, build_match_decks(reg, 3), Scripted([0, 0, 0]), seed=3, choose=lambda s, a, st: 5)


def test_matches_are_reproducible_from_the_seed() -> None:
    reg = _reg("std+random-half")
    runs = [play_match(reg, build_match_decks(reg, 9), Scripted([0, 1, 0]), seed=9).as_dict() for _ in range(2)]
    assert runs[0] == runs[1]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from([0, 1, None]), min_size=3, max_size=3), st.integers(0, 10_000))
def test_two_deck_match_invariants(winners, seed) -> None:  # type: ignore[no-untyped-def]
    reg = _reg("std+random-half")
    result = play_match(reg, build_match_decks(reg, seed), Scripted(winners), seed=seed)
    assert 1 <= len(result.games) <= reg.match.max_games
    won: list[set[int]] = [set(), set()]
    for g in result.games:
        for seat in (0, 1):
            assert g.deck_choice[seat] not in won[seat]  # a deck that won is never used again
        if g.winner is not None:
            won[g.winner].add(g.deck_choice[g.winner])
    wins = [sum(g.winner == s for g in result.games) for s in (0, 1)]
    assert tuple(wins) == result.wins
    if result.winner is not None:
        assert wins[result.winner] == 2 and result.games[-1].winner == result.winner
    else:
        assert max(wins) < 2 and len(result.games) == 3

"""Matches (5.1.2, 5.2.1): the 1-deck match and the 2-deck match played as a series of games.

The match logic only needs a way to play one game, given as a :class:`GameRunner`: the engine adapter
(:mod:`bpdsl.games.blackpoker.regulation.play`) in the commands, a stub in the tests.  It reads everything else from the
match type of the regulation: how many games win the match, how many games at most, and whether a deck
that won a game may be used again (2-deck match: it may not, so each player's winning decks retire).

Deck choice is a :class:`DeckChooser`: the default picks at random (seeded) among the decks a player may
still use, which is all a bot can do with decks it is not allowed to look at (5.2.1: デッキは非公開).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from bpdsl.dsl.cards import Card
from bpdsl.games.blackpoker.regulation.decks import PlayerDecks
from bpdsl.games.blackpoker.regulation.model import Regulation


@dataclass
class GameRequest:
    """One game of a match: the decks both players use, their packs, and the game's seed."""

    regulation: Regulation
    number: int  # 1-based game number within the match
    decks: tuple[list[Card], list[Card]]
    packs: tuple[list[Card], list[Card]]
    seed: int


@dataclass
class GameOutcome:
    winner: int | None  # seat 0 / 1, None for a draw or an aborted game
    turns: int = 0
    reason: str = ""
    details: dict[str, Any] = field(default_factory=dict)


class GameRunner(Protocol):
    def __call__(self, request: GameRequest) -> GameOutcome: ...


DeckChooser = Callable[[int, list[int], "MatchState"], int]


@dataclass
class GameRecord:
    number: int
    deck_choice: tuple[int, int]  # index of the deck each seat used
    deck_sizes: tuple[int, int]
    pack_sizes: tuple[int, int]
    seed: int
    winner: int | None
    turns: int
    reason: str
    details: dict[str, Any] = field(default_factory=dict)


@dataclass
class MatchState:
    """What is known between the games of a match."""

    wins: list[int] = field(default_factory=lambda: [0, 0])
    won_with: list[set[int]] = field(default_factory=lambda: [set(), set()])  # decks that won, per seat
    games: list[GameRecord] = field(default_factory=list)


@dataclass
class MatchResult:
    regulation: str
    winner: int | None  # None: nobody reached the needed wins (draws / aborted games)
    wins: tuple[int, int]
    games: list[GameRecord]

    def as_dict(self) -> dict[str, Any]:
        return {
            "regulation": self.regulation,
            "winner": self.winner,
            "wins": list(self.wins),
            "games": [
                {"number": g.number, "decks": list(g.deck_choice), "deck_sizes": list(g.deck_sizes),
                 "pack_sizes": list(g.pack_sizes), "seed": g.seed, "winner": g.winner, "turns": g.turns,
                 "reason": g.reason}
                for g in self.games
            ],
        }


def random_chooser(rng: random.Random) -> DeckChooser:
    def choose(seat: int, allowed: list[int], state: MatchState) -> int:
        return allowed[0] if len(allowed) == 1 else rng.choice(allowed)

    return choose


def allowed_decks(regulation: Regulation, player: PlayerDecks, seat: int, state: MatchState) -> list[int]:
    """Decks ``seat`` may use in the next game: all of them, minus winners when winning decks retire."""
    n = len(player.decks)
    if regulation.match.winning_deck_retired:
        return [i for i in range(n) if i not in state.won_with[seat]]
    return list(range(n))


def play_match(regulation: Regulation, players: tuple[PlayerDecks, PlayerDecks], run_game: GameRunner,
               seed: int, choose: DeckChooser | None = None) -> MatchResult:
    """Play one match under ``regulation``; games are seeded from ``seed`` and reproducible."""
    mt = regulation.match
    rng = random.Random(f"match:{seed}")
    chooser = choose or random_chooser(rng)
    state = MatchState()
    for number in range(1, mt.max_games + 1):
        if max(state.wins) >= mt.games_to_win:
            break
        choice: list[int] = []
        for seat in (0, 1):
            allowed = allowed_decks(regulation, players[seat], seat, state)
            if not allowed:  # no deck left that may be used: the match cannot go on
                break
            pick = chooser(seat, allowed, state)
            if pick not in allowed:
                raise ValueError(f"seat {seat} chose deck {pick}; allowed decks are {allowed}")
            choice.append(pick)
        if len(choice) < 2:
            break
        decks = (players[0].decks[choice[0]].cards, players[1].decks[choice[1]].cards)
        packs = (list(players[0].pack), list(players[1].pack))
        game_seed = rng.getrandbits(32)
        outcome = run_game(GameRequest(regulation, number, (list(decks[0]), list(decks[1])), packs, game_seed))
        state.games.append(GameRecord(
            number=number, deck_choice=(choice[0], choice[1]), deck_sizes=(len(decks[0]), len(decks[1])),
            pack_sizes=(len(packs[0]), len(packs[1])), seed=game_seed, winner=outcome.winner,
            turns=outcome.turns, reason=outcome.reason, details=outcome.details,
        ))
        if outcome.winner in (0, 1):
            state.wins[outcome.winner] += 1
            state.won_with[outcome.winner].add(choice[outcome.winner])
    winner = next((s for s in (0, 1) if state.wins[s] >= mt.games_to_win), None)
    return MatchResult(regulation.id, winner, (state.wins[0], state.wins[1]), state.games)

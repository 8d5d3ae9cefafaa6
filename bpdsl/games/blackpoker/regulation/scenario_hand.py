"""シナリオ手札 (第9.1版) dealt into a game: cards each player chooses from the deck into the first hand.

第9.1版 renames the ストラテジー of the frame list -- 「デッキから最初の手札に入れる3枚を選ぶ」, then the hand is
filled to 7 -- シナリオ手札, and states that once the game has started it is a normal hand (the hand limit
and ハンデス apply).  The regulation option that asks for it (``scenario_hand: 3`` in a regulation system)
makes the setup hook call :func:`choose_scenario_hands` after the trumps are placed and the lives shuffled;
the game start then draws only up to 7 cards.  Nothing marks the cards afterwards: the engine has no notion
of where a hand card came from, which is the ruling.

The choice is a decision of the player (kind ``scenario_hand``, one card at a time, among the cards of the
deck in a fixed order so the shuffled order is not shown): a bot chooses, a person at the terminal or in the
browser sandbox is asked, and a scenario build (:mod:`bpdsl.games.blackpoker.regulation.build_agent`)
answers with its シナリオ手札.  A scenario file gives it as the ``hand`` of a position started at the game
start (``start: "1"``).
"""
from __future__ import annotations

from typing import Any

from bpdsl.games.blackpoker.components import Z_HAND
from bpdsl.games.blackpoker.events import ScenarioHandChosen

KIND = "scenario_hand"


def choose_scenario_hands(game: Any, count: int) -> None:
    """Each player, seat 0 first, chooses ``count`` cards of their deck into their hand."""
    text = game.hooks.card_text
    for p in game.state.players:
        chosen: list[int] = []
        for n in range(min(count, len(p.life))):
            deck = sorted(p.life)
            i = game.decide(p.seat, KIND, deck,
                            {"what": f"シナリオ手札: デッキから最初の手札に入れるカード ({n + 1}/{count}枚目)"},
                            [text(c) for c in deck])
            game.hooks.move_card(game, deck[i], Z_HAND, p.seat)
            chosen.append(deck[i])
        if chosen and game.log is not None:
            game.log.write(ScenarioHandChosen(p.seat, [text(c) for c in chosen]))


__all__ = ["KIND", "choose_scenario_hands"]

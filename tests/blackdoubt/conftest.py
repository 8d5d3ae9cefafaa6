"""Helpers for the Black Doubt tests: a game whose round is set to chosen hands and outcomes."""
from __future__ import annotations

from typing import Any

import pytest

from bpdsl.dsl.cards import parse_card
from bpdsl.engine import FirstLegalAgent, build_rules, load_definitions, new_game
from bpdsl.games.blackdoubt.hooks import Hand
from bpdsl.games.blackdoubt.hooks import Z_FIELD, Z_PACK

EDITION, FORMAT = "bd1", "std"


def points(game: Any) -> list[int]:
    """The match points: the game's declared counter ``points`` (0 until first scored)."""
    return list(game.state.counters.get("points", [0, 0]))


def score_table() -> list[dict[str, Any]]:
    """The 成績簡易表 as the definitions hold it: the table argument of the settlement's bd_score step."""
    ed = load_definitions().editions[EDITION]
    calls = [c for a in ed.actions.values() for c in a.effect if c.op == "bd_score"]
    assert len(calls) == 1, "exactly one action scores the round"
    return list(calls[0].args["table"])


def fresh_game(seed: int = 0) -> Any:
    """A Black Doubt game after its game start (the first round dealt); nothing decided yet."""
    rules = build_rules(EDITION, FORMAT)
    game = new_game(rules, [FirstLegalAgent(), FirstLegalAgent()], seed)
    game.p_game_start()
    return game


def set_hand(game: Any, seat: int, cards: list[str], face_up: list[bool] | None = None) -> None:
    """Replace ``seat``'s cards in front of them with ``cards`` (taken from wherever they are)."""
    s = game.state
    deck = s.players[0].pack
    for ch in list(s.players[seat].field):  # the current cards go back into the deck
        s.players[seat].field.remove(ch)
        for c in ch.cards:
            deck.append(c)
            s.loc[c] = (Z_PACK, 0)
    for i, text in enumerate(cards):
        c = parse_card(text).index
        z, where = s.loc[c]
        if z == Z_FIELD:  # on the other player's side: take it back first
            other = s.players[where]
            for ch in list(other.field):
                if c in ch.cards:
                    other.field.remove(ch)
            deck.append(c)
            s.loc[c] = (Z_PACK, 0)
        game.hooks.put_onto_field(game, seat, [c], None, True if face_up is None else face_up[i], False)


def set_round(game: Any, a_seat: int, a_out: str, b_out: str, a_decl: str = "not_bust",
              b_decl: str = "not_bust") -> None:
    """Both hands finished: A = ``a_seat`` finished first; outcomes as given (bust implies a バスト declaration)."""
    s = game.state
    b_seat = 1 - a_seat
    s.hands = [Hand(), Hand()]
    for seat, out, decl in ((a_seat, a_out, a_decl), (b_seat, b_out, b_decl)):
        h = s.hands[seat]
        h.declaration = "bust" if out == "bust" else decl
        h.outcome = out
    s.counters["finished"] = [1, 1]
    s.counters["to_answer"] = [0, 0]
    s.finish_order = [a_seat, b_seat]


@pytest.fixture()
def game() -> Any:
    return fresh_game()

"""Invariants that hold in every state of a game (checked after every core-flow step by the soak test).

* every card is in exactly one place, and ``State.loc`` agrees with the zone lists and characters;
* no zone count is negative and no character is empty;
* the stage is empty when the turn passes (checked where the turn passes, and here: a new turn starts
  with an empty stage);
* a once-per-turn action is raised at most once per player and turn.
"""
from __future__ import annotations

from typing import Any

from bpdsl.engine.state import LIST_ZONES, Z_FIELD, Z_OUT, Z_STAGE, ZONES


class InvariantError(AssertionError):
    """A state that the rules can never produce."""


def check(game: Any) -> None:
    s = game.state
    seen: dict[int, str] = {}

    def place(c: int, where: str, zone: int, seat: int) -> None:
        if c in seen:
            raise InvariantError(f"card {game.hooks.card_text(c)} is in two places: {seen[c]} and {where}")
        seen[c] = where
        if s.loc[c] != (zone, seat):
            raise InvariantError(f"card {game.hooks.card_text(c)} is in {where} but recorded in "
                                 f"{ZONES[s.loc[c][0]]} of player {s.loc[c][1]}")

    for p in s.players:
        for z in LIST_ZONES:
            for c in p.zone(z):
                place(c, f"{ZONES[z]} of player {p.seat}", z, p.seat)
        for ch in p.field:
            if not ch.cards:
                raise InvariantError(f"character #{ch.uid} of player {p.seat} has no cards")
            if ch.controller != p.seat:
                raise InvariantError(f"character #{ch.uid} is on player {p.seat}'s field but controlled by {ch.controller}")
            for c in ch.cards:
                place(c, f"field of player {p.seat}", Z_FIELD, p.seat)
    stage_cards = []
    for x in s.stage:
        stage_cards.extend(x.keys)
    cur = getattr(game, "current", None)
    if cur is not None and cur not in s.stage:
        stage_cards.extend(cur.keys)
    for c in stage_cards:
        if s.loc[c][0] == Z_STAGE:
            if c in seen:
                raise InvariantError(f"card {game.hooks.card_text(c)} is on the stage and in {seen[c]}")
            seen[c] = "stage"
    for c, (z, seat) in enumerate(s.loc):
        if z == Z_OUT:
            if s.owner[c] != -1:
                raise InvariantError(f"card {game.hooks.card_text(c)} of player {s.owner[c]} is nowhere")
            continue
        if c not in seen:
            raise InvariantError(f"card {game.hooks.card_text(c)} recorded in {ZONES[z]} of player {seat} is not there")
    for (seat, aid), n in s.raised_count.items():
        a = game.rules.actions.get(aid)
        if a is not None and a.once_per_turn and n > 1:
            raise InvariantError(f"once-per-turn action {aid} raised {n} times by player {seat} this turn")

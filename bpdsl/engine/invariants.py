"""Invariants that hold in every state of a game (checked after every core-flow step by the soak test).

* every card is in exactly one place, and ``State.loc`` agrees with the zone lists and characters;
* no zone count is negative and no character is empty;
* the stage is empty when the turn passes (checked where the turn passes, and here: a new turn starts
  with an empty stage);
* a once-per-turn action is raised at most once per player and turn;
* and whatever the game's rules check themselves (``hooks.check_state``: BlackPoker's face-up trumps lie in
  the 切札 zone).
"""
from __future__ import annotations

from typing import Any

from bpdsl.engine.state import OUT


class InvariantError(AssertionError):
    """A state that the rules can never produce."""


def check(game: Any) -> None:
    """Raise :class:`InvariantError` if the state breaks an invariant (cheap enough for every step).

    Every card has exactly one recorded place (``State.loc``); walking every zone, character and stage
    action must find each card exactly there, and find as many cards as the game has.
    """
    s = game.state
    loc = s.loc
    zones = game.rules.zones
    total = getattr(game, "_inv_total", None)
    if total is None:
        total = game._inv_total = sum(1 for o in s.owner if o != -1)
    n = 0
    for p in s.players:
        seat = p.seat
        for z in zones.card_zones:
            want = (z, seat)
            lst = p.zone(z)
            for c in lst:
                if loc[c] != want:
                    _misplaced(game, c, f"{zones.name(z)} of player {seat}")
            n += len(lst)
        fz = (zones.field, seat)
        for ch in p.field:
            if not ch.cards:
                raise InvariantError(f"character #{ch.uid} of player {seat} has no cards")
            if ch.controller != seat:
                raise InvariantError(f"character #{ch.uid} is on player {seat}'s field but controlled by {ch.controller}")
            for c in ch.cards:
                if loc[c] != fz:
                    _misplaced(game, c, f"field of player {seat}")
            n += len(ch.cards)
    insts = list(s.stage)
    cur = getattr(game, "current", None)
    if cur is not None and cur not in insts:
        insts.append(cur)
    for x in insts:
        if x.data.get("virtual_keys"):  # cards it only counts as having (「キーカードは仮想的に…」): not cards of the stage
            continue
        for c in x.keys:
            if loc[c][0] == zones.stage != OUT:
                n += 1
    if n != total:
        _find_lost(game, total, n)
    wrong = game.hooks.check_state(game)  # the game's own invariants
    if wrong:
        raise InvariantError(wrong)
    for (seat, aid), k in s.raised_count.items():
        if k > 1:
            a = game.rules.actions.get(aid)
            if a is not None and a.once_per_turn:
                raise InvariantError(f"once-per-turn action {aid} raised {k} times by player {seat} this turn")


def _misplaced(game: Any, c: int, where: str) -> None:
    z, seat = game.state.loc[c]
    raise InvariantError(f"card {game.hooks.card_text(c)} is in {where} but recorded in {game.rules.zones.name(z)} "
                         f"of player {seat}")


def _find_lost(game: Any, total: int, n: int) -> None:
    raise InvariantError(f"{n} cards found in zones, on the field and on the stage, but the game has {total}: "
                         "a card is in two places or nowhere")

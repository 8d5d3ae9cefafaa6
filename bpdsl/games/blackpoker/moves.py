"""Replacements of a card's move (「墓地に置かれる場合、代わりにライフの一番下に置く」), asked by the rules
before a card moves from one zone to another.

A ``replacement`` waiting for ``card_moved`` (:mod:`bpdsl.games.blackpoker.ops.replacements`) is asked with
the move about to happen — the card, the zone it would leave and the zone it would reach, the character it
is part of — and may send the card to another zone of its owner instead (the top or the bottom of it).  The
hooks ask :func:`redirect` only when some replacement of the rules waits for a move (:func:`replaces_moves`):
an edition without one moves its cards exactly as before.
"""
from __future__ import annotations

from typing import Any

from bpdsl.engine.gamebase import Event


def replaces_moves(rules: Any) -> bool:
    """Whether some replacement of ``rules`` waits for a card about to move."""
    ab = rules.abilities
    return ab is not None and bool(ab.replacements.get("card_moved"))


def redirect(hooks: Any, game: Any, card: int, origin: int, zone: int, seat: int, top: bool, subject: int,
             char_id: str = "", first: bool = True, cause: str = "", other: int = -1) -> tuple[int, int, bool]:
    """Where ``card``, about to move from zone ``origin`` to ``zone`` of player ``seat`` (on ``top`` or at the
    bottom), goes: (zone, seat, top) — the same, or the zone of its owner a replacement names.  ``subject``:
    the player the move is about (the card's owner, or the controller of the character it leaves with)."""
    ids = hooks.zones.ids
    e = Event("card_moved", subject, card, char_id, to=ids[zone] if zone >= 0 else "out",
              first=first, cause=cause, other=other, origin=ids[origin] if origin >= 0 else "out")
    got = hooks.compiled.abilities.redirect(game, e, hooks._run_replacement)
    if got is None:
        return zone, seat, top
    where, bottom = got
    return ids.index(where), game.state.owner[card], not bottom


__all__ = ["redirect", "replaces_moves"]

"""Per-player numbers a game declares in its game document: counters the rules keep and values computed
from a player's cards.

``counters:`` (Black Doubt's 得点, "drew this turn", "must answer") live in ``State.counters`` (id -> one
int per seat, 0 until first changed) so that snapshots, clones and the state hash see them like any other
state.  ``values:`` (Black Doubt's 合計: the card values with one ace counting 11 when the total stays at
21 or less) are expressions over the cards of one zone, evaluated when read.  Both are read by expressions
as ``me.<id>`` / ``opponent.<id>`` through :meth:`PlayerNumbers.resolve`, which the default hooks call
before a game's own names.
"""
from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable

from bpdsl.dsl.cards import card_at
from bpdsl.dsl.expr import bind
from bpdsl.engine.state import State
from bpdsl.engine.zones import ZoneTable


# what a declared value's expression may read (bpdsl.dsl.expr_names.CARD_SET_NAMES), from one tuple
_CARD_SET_READERS: dict[str, Callable[[tuple[int, int, int]], int]] = {
    "cards.count": itemgetter(0), "cards.value": itemgetter(1), "cards.aces": itemgetter(2)}


class PlayerNumbers:
    """The declared counters and values of one compiled game (built once per Rules)."""

    def __init__(self, game: Any, zones: ZoneTable):
        self.counters: tuple[str, ...] = tuple(c.id for c in getattr(game, "counters", ()) or ())
        ranks = {r.id: r.value for r in game.ranks} if game is not None else {}
        n = zones.deck_size  # by card id (both seats' copies: seat * n + index), no index arithmetic when read
        self.card_value = [ranks.get(card_at(c % n).rank, 0) for c in range(2 * n)]
        self.is_ace = [card_at(c % n).rank == "A" for c in range(2 * n)]
        self.field = zones.field
        # a value's expression reads the cards' (count, value, aces) tuple: bound once, no name looked up
        self.values: dict[str, tuple[int, Callable[[tuple[int, int, int]], Any]]] = {
            v.id: (zones.index(v.zone), bind(v.expr, _CARD_SET_READERS.__getitem__))
            for v in (getattr(game, "values", ()) or ())}
        self._readers: dict[str, Callable[[State, int], int] | None] = {}

    # ------------------------------------------------------------------ counters

    def get(self, s: State, seat: int, counter: str) -> int:
        row = s.counters.get(counter)
        return row[seat] if row is not None else 0

    def set(self, s: State, seat: int, counter: str, value: int) -> None:
        row = s.counters.get(counter)
        if row is None:
            row = s.counters[counter] = [0] * len(s.players)
        row[seat] = value

    def add(self, s: State, seat: int, counter: str, amount: int) -> None:
        self.set(s, seat, counter, self.get(s, seat, counter) + amount)

    # ------------------------------------------------------------------ values

    def cards(self, s: State, seat: int, zone: int) -> list[int]:
        p = s.players[seat]
        if zone == self.field:
            return [c for ch in p.field for c in ch.cards]
        return list(p.zone(zone))

    def value(self, s: State, seat: int, vid: str) -> int:
        zone, fn = self.values[vid]
        cards = self.cards(s, seat, zone)
        card_value, is_ace = self.card_value, self.is_ace
        return int(fn((len(cards), sum(card_value[c] for c in cards), sum(1 for c in cards if is_ace[c]))))

    # ------------------------------------------------------------------ expression names

    def resolve(self, s: State, seat: int, name: str) -> int | None:
        """``me.X`` / ``opponent.X`` of a declared counter or value; None for any other name."""
        try:
            reader = self._readers[name]
        except KeyError:
            reader = self._readers[name] = self._reader(name)
        return reader(s, seat) if reader is not None else None

    def _reader(self, name: str) -> Callable[[State, int], int] | None:
        """How to read ``name`` from a state and the asking seat, worked out once per name: conditions read
        the same few names at every decision of every game."""
        who, _, what = name.partition(".")
        if who not in ("me", "opponent"):
            return None
        other = who == "opponent"
        if what in self.values:
            return lambda s, seat: self.value(s, 1 - seat if other else seat, what)
        if what in self.counters:
            return lambda s, seat: self.get(s, 1 - seat if other else seat, what)
        return None

    def ctx_reader(self, name: str) -> Callable[[Any], int] | None:
        """``name`` read from an executor's context (its game's state, its seat), for expressions bound
        once per name (:func:`bpdsl.dsl.expr.bind`); None when ``name`` is no declared counter or value.
        A counter is one dict lookup and one index: conditions read them at every decision."""
        who, _, what = name.partition(".")
        if who not in ("me", "opponent"):
            return None
        flip = 1 if who == "opponent" else 0
        if what in self.values:
            value = self.value
            if flip:
                return lambda ctx: value(ctx.game.state, 1 - ctx.seat, what)
            return lambda ctx: value(ctx.game.state, ctx.seat, what)
        if what in self.counters:
            if flip:
                def read_opponent(ctx: Any) -> int:
                    row = ctx.game.state.counters.get(what)
                    return row[1 - ctx.seat] if row is not None else 0
                return read_opponent

            def read_mine(ctx: Any) -> int:
                row = ctx.game.state.counters.get(what)
                return row[ctx.seat] if row is not None else 0
            return read_mine
        return None


def numbers_for(rules: Any) -> PlayerNumbers:
    """The declared numbers of a compiled game, built once per Rules."""
    got = getattr(rules, "_numbers", None)
    if got is None:
        got = PlayerNumbers(rules.game, rules.zones)
        rules._numbers = got  # type: ignore[attr-defined]
    return got


__all__ = ["PlayerNumbers", "numbers_for"]

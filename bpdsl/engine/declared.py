"""The rules a game gets from what its game.yaml declares, without Python of its own: the default parts of
:class:`bpdsl.engine.contract.BaseHooks`.

A game declares its zones (with roles, visibility and ``shared: true`` for a zone of the table), its
character kinds, its per-player counters (with ``reset: [turn]`` / ``[round]``) and values, and how a round
starts (``round:``).  From that alone this module builds the state (the whole card universe in the deck),
starts the game and its rounds (gather, shuffle, reset, deal), tells what each seat may see (3.12.1) and lays
out its observation, and puts cards onto the field.  Black Doubt uses all of it; BlackPoker writes its own
versions of most (its game start, life and hand, fog and trumps are its rules).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bpdsl.engine.compiled import TEXT
from bpdsl.engine.errors import GameAborted
from bpdsl.engine.numbers import numbers_for
from bpdsl.engine.rng import shuffle
from bpdsl.engine.state import OUT, Character, State
from bpdsl.engine.zones import SHARED_SEAT, ZoneTable
from bpdsl.ops.field import draw_to_field

if TYPE_CHECKING:
    from bpdsl.engine.gamebase import GameBase as Game


class DeclaredRules:
    """Default rules read from the game's declarations (``self.compiled``: the compiled Rules with the game's
    model; ``self.zones``: its zone table; ``self.list_zones``: the zones of plain cards)."""

    compiled: Any
    zones: ZoneTable
    list_zones: frozenset[int]

    # the state class of the game: a game with state of its own passes its subclass of State
    state_class: type[State] = State

    def card_text(self, c: int) -> str:
        return TEXT[c % self.zones.deck_size]

    def new_state(self, game: Game, decks: list[list[int]] | None) -> State:
        """Two players and the game's whole card universe (suits × ranks + Jokers, from game.yaml) in the
        deck: one shared deck (a zone declared ``shared: true``, kept with seat 0), or each player's own.  A given deck
        list (top last) replaces the universe, seat 0's for a shared deck; a card outside the universe or
        given twice aborts the game with its name."""
        zones, n = self.zones, self.zones.deck_size
        players = [zones.new_player(0), zones.new_player(1)]
        s = self.state_class(players, [(OUT, -1)] * (2 * n), [-1] * (2 * n))
        deck = zones.role("deck")
        for seat in ((SHARED_SEAT,) if deck in zones.shared else (0, 1)):
            pile = players[seat].zone(deck)
            if not (decks and seat < len(decks)):  # the universe, in order (every simulated game)
                s.owner[seat * n:(seat + 1) * n] = [seat] * n
                s.loc[seat * n:(seat + 1) * n] = [(deck, seat)] * n
                pile.extend(range(seat * n, (seat + 1) * n))
                continue
            for c in decks[seat]:
                if not 0 <= c - seat * n < n:
                    raise GameAborted(f"card {TEXT[c % n]} is not part of this game's deck")
                if s.owner[c] != -1:
                    raise GameAborted(f"card {TEXT[c % n]} appears twice in the deck")
                s.owner[c] = seat
                s.loc[c] = (deck, seat)
                pile.append(c)
        return s

    def reset_counters(self, s: State, when: str) -> None:
        """Set the counters the game declares with ``reset: [when]`` (turn, round) back to 0: a row no longer
        kept reads 0.  Whatever passes a turn or starts a round calls it (next_turn, start_round, a game's own
        turn passing), so a designer's ``reset:`` holds in every game."""
        game = self.compiled.game
        for c in game.counters if game is not None else ():
            if when in c.reset:
                s.counters.pop(c.id, None)

    def game_start(self, game: Game) -> None:
        """The first player is chosen at random (a position that keeps its order names it by its turn); a
        start position (a scenario's) is set up, the cards it gives the seats for a shared zone put under seat
        0's (seat 0's on top); then the first round starts (game.yaml ``round:``), or the first player's turn."""
        s = game.state
        first = s.turn if s.keep_order else game.rng.randrange(2)
        if game.setup_hook is not None:
            game.setup_hook(game)
        for z in self.zones.shared:
            pile = s.players[SHARED_SEAT].zone(z)
            for p in s.players:
                given = p.zone(z)
                if p.seat != SHARED_SEAT and given:
                    pile[:0] = given
                    for c in given:
                        s.loc[c] = (z, SHARED_SEAT)
                    given.clear()
        s.turn_no = 0
        if self.compiled.game is not None and self.compiled.game.round is not None:
            self.start_round(game, first)
        else:
            s.turn = s.chance = first
            s.turn_no = 1

    def win_check(self, game: Game) -> None:
        """Nothing to check between resolutions: the game ends by an effect (``lose_at``) or a game's own check."""

    def start_round(self, game: Game, first: int) -> None:
        """A round starts as game.yaml's ``round:`` says: the cards of the ``gather`` zones (the field: every
        character's) back into the deck, shuffled (a position that keeps its order, as a scenario's, puts them
        under the deck instead); the counters declared ``reset: [round]`` back to 0; ``deal`` cards to each
        player's field, ``first`` first; ``first`` holds the turn and the chance of a new turn."""
        setup = self.compiled.game.round
        if setup is None:
            raise GameAborted(f"game {self.compiled.game.id!r} declares no round (game.yaml round:)")
        s, zones = game.state, self.zones
        keep = s.keep_order
        deck = zones.role("deck")
        holder = zones.holder(deck, first)
        pile = s.players[holder].zone(deck)
        for zid in setup.gather:
            z = zones.index(zid)
            for p in s.players:
                cards = [c for ch in p.field for c in ch.cards] if z == zones.field else list(p.zone(z))
                if z == zones.field:
                    p.field.clear()
                else:
                    p.zone(z).clear()
                for c in cards:
                    pile.insert(0, c) if keep else pile.append(c)
                    s.loc[c] = (deck, holder)
        if not keep:
            shuffle(game.rng, pile)
        self.reset_counters(s, "round")
        for seat in (first, 1 - first):
            for _ in range(setup.deal):
                draw_to_field(game, seat, setup.face)
        s.turn = s.chance = first
        s.turn_no += 1

    def visible_cards(self, game: Game, seat: int) -> set[int]:
        """What ``seat`` may see by the zones' declared visibility (3.12.1): every card of a zone whose level
        for it (``owner_visibility`` for its own or a shared zone, ``visibility`` for the opponent's) is
        ``contents`` or ``public``; the top card at ``top``; the face-up characters at ``face_up``; counts
        show no card."""
        zones = self.zones
        out: set[int] = set()
        for p in game.state.players:
            for z, (others, owner) in enumerate(zones.visibility):
                if z in zones.shared and p.seat != SHARED_SEAT:
                    continue
                level = owner if p.seat == seat or z in zones.shared else others
                if z == zones.field:
                    for ch in p.field:
                        if level in ("contents", "public") or (level == "face_up" and ch.face_up):
                            out.update(ch.cards)
                elif z in self.list_zones:
                    cards = p.zone(z)
                    if level in ("contents", "public", "face_up"):
                        out.update(cards)
                    elif level == "top" and cards:
                        out.add(cards[-1])
        return out

    def observe(self, game: Game, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, laid out from the declared zones and numbers alone (3.12.1): per player, each
        zone of cards as its card texts when ``seat`` may see them all, else as ``<zone>_count``; the field as
        ``field`` (card texts, "?" for a card it may not see) and ``face_up`` per character; every declared
        counter; a declared value only when every card it is computed from is visible.  Shared zones are under
        ``table``.  A game adds its own parts (Black Doubt: declarations, the rows of ``board``)."""
        s = game.state
        zones, text = self.zones, self.card_text
        visible = self.visible_cards(game, seat)
        nums = numbers_for(self.compiled)
        out: dict[str, Any] = {"you": seat, "turn": s.turn, "turn_no": s.turn_no, "chance": s.chance,
                               "table": {}, "players": []}
        for p in s.players:
            info: dict[str, Any] = {"seat": p.seat}
            for z in zones.card_zones:
                if z in zones.shared and p.seat != SHARED_SEAT:
                    continue
                cards = p.zone(z)
                where = out["table"] if z in zones.shared else info
                zid = zones.ids[z]
                if all(c in visible for c in cards):
                    where[zid] = [text(c) for c in cards]
                else:
                    where[zid + "_count"] = len(cards)
            if zones.field >= 0:
                info["field"] = [text(c) if c in visible else "?" for ch in p.field for c in ch.cards]
                info["face_up"] = [ch.face_up for ch in p.field]
            for cid in nums.counters:
                info[cid] = nums.get(s, p.seat, cid)
            for vid, (z, _fn) in nums.values.items():
                if all(c in visible for c in nums.cards(s, p.seat, z)):
                    info[vid] = nums.value(s, p.seat, vid)
            out["players"].append(info)
        return out

    def put_onto_field(self, game: Game, seat: int, cards: list[int], char_id: str | None, face_up: bool,
                       driven: bool) -> list[Character]:
        """``cards`` taken from where they lie and put to the right of ``seat``'s field as one character of the
        kind ``char_id`` names (the game's first kind when it names none: Black Doubt's ``card``)."""
        zones = self.zones
        if not zones.kinds or zones.field < 0:
            raise GameAborted("this game puts no characters onto the field")
        s = game.state
        for c in cards:
            z, p = s.loc[c]
            if z in self.list_zones:
                s.players[p].zone(z).remove(c)
            s.loc[c] = (zones.field, seat)
        kind = char_id if char_id in zones.kinds else zones.kinds[0]
        ch = Character(s.uid(), kind, char_id or kind, list(cards), s.owner[cards[0]], seat, face_up, driven,
                       s.turn_no)
        s.players[seat].field.append(ch)
        return [ch]


__all__ = ["DeclaredRules"]

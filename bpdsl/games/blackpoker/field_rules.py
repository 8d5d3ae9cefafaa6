"""The characters of the common rules (3.8): their size, kind and labels, how cards are put onto the field,
attached, leave it and go to the grave, and who may attack or block.

A part of :class:`bpdsl.games.blackpoker.hooks.BlackPokerHooks` (a mixin: the hooks object is one, its
methods call each other through ``self``).
"""
from __future__ import annotations

try:
    import cython
except ImportError:  # without Cython (the ``speed`` extra) its declarations change nothing
    from bpdsl import purecython as cython

from bpdsl.engine.compiled import RANK, VALUE
from bpdsl.engine.core import Event, Game
from bpdsl.engine.gamebase import parse_expr as _parse_expr
from bpdsl.engine.state import Character
from bpdsl.games.blackpoker import moves
from bpdsl.games.blackpoker.components import DECK_SIZE, Z_FIELD, Z_GRAVE, Z_HAND, Z_OUT
from bpdsl.games.blackpoker.events import Entered, Left


class FieldRules:
    """The hooks' part on characters: size, kind, moves onto and off the field, who may attack or block."""

    @cython.locals(ch=Character)
    def size(self, ch: Character) -> int:
        """Size (数字/サイズ): the sum of the card values (Table 3.1), or the fixed size of its definition (a
        trump character: 11 or 26), plus this turn's modifiers."""
        fixed = self.fixed_size.get(ch.char_id)
        return (sum(VALUE[c % DECK_SIZE] for c in ch.cards) if fixed is None else fixed) + ch.size_mod

    def is_soldier(self, ch: Character) -> bool:
        return ch.kind == "soldier"

    def soldier_kind_for(self, cards: list[int]) -> str:
        if len(cards) > 1:
            return self.armed_id
        return self.soldier_by_rank.get(RANK[cards[0] % DECK_SIZE], self.armed_id)

    @cython.locals(game=Game, ch=Character)
    def put_onto_field(self, game: Game, seat: int, cards: list[int], char_id: str | None, face_up: bool,
                       driven: bool) -> list[Character]:
        """Put cards onto the field as one soldier, or as bulwarks (one bulwark per card, 3.8.3)."""
        s = game.state
        kind = self.compiled.characters[char_id].kind if char_id in self.compiled.characters else (
            "bulwark" if char_id == self.bulwark_id else "soldier")
        groups = [[c] for c in cards] if kind == "bulwark" else [list(cards)]
        made = []
        for g in groups:
            cid = char_id or self.soldier_kind_for(g)
            for c in g:
                z, p = s.loc[c]
                if z in self.list_zones:
                    s.players[p].zone(z).remove(c)
                s.loc[c] = (Z_FIELD, seat)
            ch = Character(s.uid(), kind, cid, g, s.owner[g[0]], seat, face_up, driven, s.turn_no)
            s.players[seat].field.append(ch)
            made.append(ch)
            if game.log is not None:
                game.log.write(Entered(seat, cid, [self.card_text(c) for c in g], face_up, driven))
            if "character_entered" in game.hears:
                game.events.append(Event("character_entered", seat, g[0], cid))
        return made

    def attach(self, game: Game, ch: Character, cards: list[int], char_id: str) -> Character:
        """装備: the key cards go on top of the soldier; together they become one new character."""
        s = game.state
        field = s.players[ch.controller].field
        idx = field.index(ch)
        for c in cards:
            z, p = s.loc[c]
            if z in self.list_zones:
                s.players[p].zone(z).remove(c)
            s.loc[c] = (Z_FIELD, ch.controller)
        new = Character(s.uid(), "soldier", char_id, ch.cards + list(cards), ch.owner, ch.controller, True,
                        ch.driven, ch.entered_turn, ch.size_mod)
        field[idx] = new
        return new

    @cython.locals(game=Game, ch=Character)
    def leave_field(self, game: Game, ch: Character, to: int, seat: int | None = None,
                    order: list[int] | None = None, cause: str = "", other: int = -1) -> None:
        """Move a whole character off the field (to the grave, the hand or the top of the life); ``cause`` and
        ``other`` say why, for triggers that name a cause (a blocker judged in ダメージ判定, and the seat of
        the attacker's owner)."""
        s = game.state
        s.players[ch.controller].field.remove(ch)
        cards = order if order is not None else ch.cards
        for n, c in enumerate(cards):
            owner = s.owner[c]
            dest = owner if seat is None else seat
            zone, top = to, True
            if self._moves_replaced:  # 「…に置かれる場合、代わりに…」 (bpdsl.games.blackpoker.moves)
                zone, dest, top = moves.redirect(self, game, c, Z_FIELD, to, dest, True, ch.controller,
                                                 ch.char_id, n == 0, cause, other)
            s.loc[c] = (Z_OUT, -1)
            lst = s.players[dest].zone(zone)
            if top:
                lst.append(c)
            else:
                lst.insert(0, c)
            s.loc[c] = (zone, dest)
            if "card_moved" in game.hears:
                game.events.append(Event("card_moved", ch.controller, c, ch.char_id, to=self.zones.ids[zone],
                                         first=n == 0, cause=cause, other=other, origin="field"))
            if zone == Z_GRAVE:
                game.events.append(Event("left_field", ch.controller, c, ch.char_id, to="grave", first=n == 0,
                                         cause=cause, other=other))
            elif zone == to == Z_HAND and self.compiled.trump_table is not None:  # a trump character's 切札再生
                game.events.append(Event("left_field", ch.controller, c, ch.char_id, to="hand", first=n == 0))
        if game.log is not None:
            game.log.write(Left(ch.controller, ch.char_id, self.zones.name(to), [self.card_text(c) for c in ch.cards],
                                ch.face_up))

    @cython.locals(game=Game, ch=Character)
    def to_grave(self, game: Game, ch: Character, cause: str = "", other: int = -1) -> None:
        if ch in game.state.players[ch.controller].field:
            self.leave_field(game, ch, Z_GRAVE, cause=cause, other=other)

    @cython.locals(game=Game, ch=Character)
    def find(self, game: Game, uid: int) -> Character | None:
        for p in game.state.players:
            for ch in p.field:
                if ch.uid == uid:
                    return ch
        return None

    @cython.locals(game=Game, ch=Character)
    def can_attack(self, game: Game, ch: Character) -> bool:
        """アタッカー: a charged soldier with the attacker label, not in 準備 unless it has 速攻."""
        if ch.kind != "soldier" or ch.driven or not ch.face_up:
            return False
        if ch.entered_turn == game.state.turn_no and not self.has_haste(ch):
            return False
        return True

    def has_haste(self, ch: Character) -> bool:
        """速攻 from the character's label or ability, evaluated against its own cards when conditional."""
        h = self.haste.get(ch.char_id)
        if h is None:
            return False
        if h is True:
            return True

        expr = _parse_expr(h) if isinstance(h, str) else h
        keys = ch.cards
        return bool(expr.evaluate(lambda name: self._card_name(keys, name)))

    def may_attack(self, game: Game, ch: Character, eligible: str | None = None) -> bool:
        """Whether ``ch`` may be named an attacker now, by the rule the attack names: ``soldier``, a soldier
        no ability forbids to attack; ``label`` (or none named), the アタッカー label of a character that has
        labels, and the soldier's rule for one without any (the trump characters of 第8.2版)."""
        if eligible == "soldier":
            ok = self.soldier_attacker.get(ch.char_id, ch.kind == "soldier")
        else:
            ok = self.attacker.get(ch.char_id, ch.kind == "soldier")
        return ok and self.can_attack(game, ch)

    def can_block(self, ch: Character, eligible: str | None = None) -> bool:
        """Whether ``ch`` may block: charged, and by the rule the block names: ``character``, any character;
        ``label`` (or none named), the ブロッカー label of a character that has labels, any character without."""
        if ch.driven:
            return False
        return eligible == "character" or self.blocker.get(ch.char_id, True)


__all__ = ["FieldRules"]

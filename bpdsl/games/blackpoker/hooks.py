"""BlackPoker's common rules (chapter 3 of both rulebooks), as hooks the generic core calls.

The core (bpdsl.engine.core) knows turns, chances, the stage and triggers; this module knows what a life,
a soldier, a bulwark and a cost letter are:

* game start (3.9): shuffle, 7 cards, compare top cards (again on ties), revealed cards to the grave, the
  first player draws 1 (2021: the deck is the life; 2024: the deck becomes the life - same procedure);
* damage (3.7, partial when the life is short) and the win check (3.10.5: life 0 loses, both 0 draw);
* costs B/L/D/S (3.10.2) and the magician's waiver of D for 速攻魔法 (魔力増加);
* characters (3.8): one or several cards moving, charging and driving as one; a character of several
  cards that becomes bulwarks becomes several bulwarks; bulwarks placed towards the life in order;
* combat: attackers (準備 / 速攻), blockers per attacker, ダメージ判定 with soldiers and bulwarks;
* 世代交代's trigger event: one ``left_field`` event per card going from the field to the grave;
* what each player may see (3.12.1).
"""
from __future__ import annotations

import re
from itertools import combinations
from typing import Any

try:
    import cython
except ImportError:  # without Cython (the ``speed`` extra) its declarations change nothing
    from bpdsl import purecython as cython

from bpdsl.dsl.cards import RANKS as RANK_ORDER
from bpdsl.dsl.cards import card_at
from bpdsl.engine.compiled import RANK, SUIT, TEXT, VALUE, CAction
from bpdsl.engine.contract import BaseHooks
from bpdsl.engine.core import Ctx, Event, Game, GameAborted
from bpdsl.engine.state import ActionInstance, Character, State
from bpdsl.games.blackpoker import moves
from bpdsl.games.blackpoker.game_state import BlackPokerState
from bpdsl.games.blackpoker.components import (DECK_SIZE, Z_FIELD, Z_GRAVE, Z_HAND, Z_LIFE, Z_OUT, Z_STAGE,
                                              Z_TRUMP)
from bpdsl.engine.gamebase import parse_expr as _parse_expr
from bpdsl.engine.core import Ctx
from bpdsl.engine.abilitystate import add_turn_record, counter, holder_key, turn_record
from bpdsl.engine.events import GameOver, TurnStarted
from bpdsl.engine.rng import shuffle
from bpdsl.games.blackpoker.events import (Attackers, Blockers, CostPaid, Damaged, Drew, Entered, Left,
                                          Started)

HAND_LIMIT = 7
NEXT_GEN_RANKS = frozenset({"Joker", "A", "J", "Q", "K"})
SUIT_IDS = ("spade", "heart", "diamond", "club")


_NONE_WAIVED: frozenset[str] = frozenset()  # no character waives a cost

class BlackPokerHooks(BaseHooks):
    """Hooks of the generic core for BlackPoker (one instance per compiled Rules; stateless per game)."""

    def __init__(self, rules: Any):
        self.compiled = rules
        self.zones = rules.zones  # the game's zones (bpdsl.engine.zones) and its deck size
        self.list_zones = frozenset(rules.zones.card_zones)  # zones of cards (the field and stage hold none)
        self._zone_attrs = rules.zones.player_class.ZONE_ATTRS  # a player's list of zone number z: this attribute
        if rules.zones.deck_size != DECK_SIZE:  # the validator reports it (G001); definitions built by hand
            raise GameAborted(f"BlackPoker's rules need a deck of {DECK_SIZE} cards, not {rules.zones.deck_size}")
        chars = rules.characters
        # characters of a fixed size whatever their cards (size_fixed: エース 1, a trump character 11 or 26)
        self.fixed_size: dict[str, int] = {cid: c.size[1]["value"] for cid, c in chars.items()
                                           if c.size is not None and c.size[2] == "size_fixed"}
        # which character definition a card becomes when it is put onto the field "as a soldier" by rank
        self.soldier_by_rank: dict[str, str] = {}
        for cid, c in chars.items():
            if c.kind != "soldier" or c.key is None or getattr(c.key, "form", "") != "slots":
                continue
            if len(c.key.slots) != 1:
                continue
            for suit, rank in c.key.slots[0].kinds:
                self.soldier_by_rank.setdefault(rank, cid)
        self.bulwark_id = next((cid for cid, c in chars.items() if c.kind == "bulwark"), "bulwark")
        self.armed_id = next((cid for cid, c in chars.items()
                              if c.kind == "soldier" and getattr(c.key, "form", "") == "same_suit"), "armed_soldier")
        self._letter_counts: dict[str, tuple[int, int, int, int]] = {}
        # labels / abilities: who may attack or block, who has 速攻 (possibly under a condition)
        self.attacker: dict[str, bool] = {}
        self.blocker: dict[str, bool] = {}
        self.haste: dict[str, Any] = {}  # character id -> None (no), True, or a condition expression
        for cid, c in chars.items():
            names = {name: args for _fn, args, name in c.labels + c.abilities}
            labelled = any(name.startswith("label_") for name in names)
            if labelled:
                self.attacker[cid] = "label_attacker" in names
                self.blocker[cid] = "label_blocker" in names
            else:
                self.attacker[cid] = c.kind == "soldier" and "cannot_attack" not in names
                self.blocker[cid] = True
            h = names.get("label_haste", names.get("haste"))
            self.haste[cid] = None if h is None else (h.get("if") if h.get("if") is not None else True)
        # 魔力増加: character ids whose presence waives cost letters of an action type
        self.waivers: list[tuple[str, str, str]] = []  # (character id, action type, letter)
        for cid, c in chars.items():
            for fn, args, name in c.abilities:
                letter = args.get("cost") or args.get("letter")
                atype = args.get("type") or args.get("action_type")
                if isinstance(letter, str) and isinstance(atype, str):
                    self.waivers.append((cid, atype, letter))
        self._waived_by: dict[str, frozenset[str]] = {}  # character id -> the action types it waives costs of
        for cid, atype, _letter in self.waivers:
            self._waived_by[cid] = self._waived_by.get(cid, frozenset()) | {atype}
        self._moves_replaced = moves.replaces_moves(rules)  # a replacement waits for cards about to move

    # ------------------------------------------------------------------ state and cards

    def new_state(self, game: Game, decks: list[list[int]] | None) -> State:

        n = self.zones.deck_size
        players = [self.zones.new_player(0), self.zones.new_player(1)]
        loc = [(Z_OUT, -1)] * (n * 2)
        owner = [-1] * (n * 2)
        state = BlackPokerState(players, loc, owner)
        # each player has their own deck: player 1's cards are offset by the deck size so every card is unique
        if decks is None:  # the whole card universe each, in order (every simulated game)
            for seat in (0, 1):
                owner[seat * n:(seat + 1) * n] = [seat] * n
                loc[seat * n:(seat + 1) * n] = [(Z_LIFE, seat)] * n
                players[seat].life.extend(range(seat * n, (seat + 1) * n))
            return state
        for seat, deck in enumerate(decks):
            for c in deck:
                cid = c + seat * n
                if owner[cid] != -1:
                    raise GameAborted(f"card {TEXT[c]} appears twice in the deck of player {seat}")
                owner[cid] = seat
                loc[cid] = (Z_LIFE, seat)
                players[seat].life.append(cid)
        return state

    @cython.locals(game=Game)
    def move_card(self, game: Game, c: int, zone: int, seat: int, top: bool = True) -> None:
        """Move one card (not a character) to a list zone or the stage; keeps ``loc`` in step."""
        s = game.state
        if self._moves_replaced:  # 「…に置かれる場合、代わりに…」 (bpdsl.games.blackpoker.moves)
            zone, seat, top = moves.redirect(self, game, c, s.loc[c][0], zone, seat, top, s.owner[c])
        z, p = s.loc[c]
        list_zones = self.list_zones
        attrs = self._zone_attrs
        if z in list_zones:
            lst = getattr(s.players[p], attrs[z])
            if lst[-1] == c:  # the top card (a draw, a damage): no search from the bottom
                lst.pop()
            else:
                lst.remove(c)
        elif z == Z_FIELD:
            raise GameAborted(f"card {TEXT[c % DECK_SIZE]} is part of a character; move the character")
        if zone in list_zones:
            lst = getattr(s.players[seat], attrs[zone])
            if top:
                lst.append(c)
            else:
                lst.insert(0, c)
        s.loc[c] = (zone, seat)
        if "card_moved" in game.hears:  # an ability waits for cards moving between zones
            ids = self.zones.ids
            game.events.append(Event("card_moved", s.owner[c], c, to=ids[zone] if zone >= 0 else "out",
                                     origin=ids[z] if z >= 0 else "out"))

    # ------------------------------------------------------------------ game start and end

    def game_start(self, game: Game) -> None:
        """3.9: shuffle, each hand filled to 7 cards (a シナリオ手札 chosen in the setup hook counts), reveal top
        cards until they differ, revealed cards to the grave."""
        s = game.state
        rng = game.rng
        if self.compiled.trump_table is not None:  # エクストラ: trumps are placed before the game (3.11.4)
            from bpdsl.games.blackpoker import trumps

            trumps.place(game)
        if not game.state.keep_order:  # scenarios may keep the lives in their given order
            for p in s.players:
                shuffle(rng, p.life)
        if game.setup_hook is not None:
            game.setup_hook(game)
        for p in s.players:  # up to 7: a シナリオ手札 (第9.1版) chosen before is already in the hand
            for _ in range(min(7 - len(p.hand), len(p.life))):
                self.move_card(game, p.life[-1], Z_HAND, p.seat)
        first = 0
        revealed: list[int] = []
        while True:
            a = s.players[0].life
            b = s.players[1].life
            if not a or not b:
                break
            ca, cb = a[-1], b[-1]
            self.move_card(game, ca, Z_GRAVE, 0)
            self.move_card(game, cb, Z_GRAVE, 1)
            revealed += [ca, cb]
            if VALUE[ca % DECK_SIZE] != VALUE[cb % DECK_SIZE]:
                first = 0 if VALUE[ca % DECK_SIZE] > VALUE[cb % DECK_SIZE] else 1
                break
        s.turn = first
        s.chance = first
        s.turn_no = 1
        self.draw(game, first, 1)
        if game.log is not None:  # written last: the summary of the game start (first player, revealed cards)
            game.log.write(Started(first, [self.card_text(c) for c in revealed]))

    @cython.locals(game=Game)
    def win_check(self, game: Game) -> None:
        """3.10.5: a player whose life is 0 loses; both at 0 is a draw."""
        s = game.state
        for p in s.players:  # asked after every resolution: nothing built while every life holds cards
            if not p.life:
                break
        else:
            return
        abilities = self.compiled.abilities
        if abilities is not None and "would_lose" in abilities.replacements:  # 「…負ける場合、代わりに」
            for p in s.players:
                if not p.life:
                    abilities.replace(game, Event("would_lose", p.seat, amount=1), self._run_replacement)
            if s.over or all(p.life for p in s.players):
                return
        empty = [p.seat for p in s.players if not p.life]
        s.over = True
        if len(empty) == len(s.players):
            s.winner = None
            s.reason = "both lives are 0"
        else:
            s.winner = next(p.seat for p in s.players if p.life)
            s.reason = f"player {empty[0]}'s life is 0"
        if game.log is not None:
            game.log.write(GameOver(s.winner, s.reason))

    # ------------------------------------------------------------------ life, hand

    def card_text(self, c: int) -> str:
        return TEXT[c % DECK_SIZE]

    def describe_result(self, reason: str, seat: int) -> str:
        return describe_result(reason, seat)

    @cython.locals(game=Game)
    def damage(self, game: Game, seat: int, amount: int) -> int:
        """3.7: the top ``amount`` cards of the life to the grave; only as many as there are (3.10.4)."""
        p = game.state.players[seat]
        source = game.current.controller if game.current is not None else -1
        abilities = self.compiled.abilities
        if abilities is not None and amount > 0 and "damage" in abilities.replacements:  # 「代わりに」 (要塞 too)
            amount = abilities.replace(game, Event("damage", seat, amount=amount, other=source),
                                       self._run_replacement).amount
        n = max(0, min(amount, len(p.life)))
        for _ in range(n):
            self.move_card(game, p.life[-1], Z_GRAVE, seat)
        if game.log is not None and n:
            game.log.write(Damaged(seat, n))
        if n and "damage" in game.hears:
            game.events.append(Event("damage", seat, amount=n, other=source))
        if n and self.compiled.records_damage:
            add_turn_record(game.state, "damage", seat, n)
        return n

    def _run_replacement(self, game: Game, r: Any, seat: int, event: Any) -> None:
        """Run the steps of a replacement (「代わりに…」) as its holder, with the replaced event as its trigger."""
        inst = ActionInstance(game.state.uid(), r.action, seat, None, None, False, False,
                              {"event": event, "holder": r.card})
        ctx = Ctx(game, inst, seat, event)
        for fn, args, _name in r.steps:
            if fn(ctx, args) is False or game.state.over:
                break

    @cython.locals(game=Game)
    def draw(self, game: Game, seat: int, count: int) -> int:
        p = game.state.players[seat]
        n = min(count, len(p.life))
        for _ in range(n):
            self.move_card(game, p.life[-1], Z_HAND, seat)
        if game.log is not None and n:
            game.log.write(Drew(seat, n))
        return n

    @cython.locals(game=Game)
    def discard(self, game: Game, seat: int, card: int) -> None:
        """A card of the hand is discarded (cost D or an effect): an event abilities may answer (暴動)."""
        self.move_card(game, card, Z_GRAVE, seat)
        if self.compiled.trump_table is not None:
            game.events.append(Event("discarded", seat, card))

    # ------------------------------------------------------------------ characters

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

    def may_attack(self, game: Game, ch: Character) -> bool:
        return self.attacker.get(ch.char_id, ch.kind == "soldier") and self.can_attack(game, ch)

    def can_block(self, ch: Character) -> bool:
        return not ch.driven and self.blocker.get(ch.char_id, True)

    # ------------------------------------------------------------------ combat

    def declare_attackers(self, game: Game, seat: int) -> list[int]:
        """アタック: the controller picks attackers one by one among the eligible characters, driving them."""
        s = game.state
        chosen: list[int] = []
        candidates = [ch for ch in s.players[seat].field if self.may_attack(game, ch)]
        flags = self.compiled.character_flags
        for ch in candidates:
            if "must_attack" in flags.get(ch.char_id, ()):  # 巨人: an attacker whenever it may be
                i = 1
            else:
                i = game.decide(seat, "attackers", [False, True], lambda: {"what": self.describe_char(game, ch, seat)},
                                ["攻撃しない", "アタッカーに指定する"])
            if i == 1:
                ch.driven = True
                chosen.append(ch.uid)
        s.combat = {"attackers": chosen, "blocks": {u: [] for u in chosen}, "judged": set()}
        if game.log is not None:
            game.log.write(Attackers(seat, chosen))
        return chosen

    def declare_blockers(self, game: Game, defender: int) -> None:
        """ブロック: per attacker, any number of charged soldiers, or one bulwark (not both)."""
        s = game.state
        combat = s.combat
        used: set[int] = set()
        for au in combat.get("attackers", []):
            attacker = self.find(game, au)
            if attacker is None:
                continue
            blocks: list[int] = combat["blocks"].setdefault(au, [])
            while True:
                has_soldier = any((b := self.find(game, x)) is not None and b.kind == "soldier" for x in blocks)
                if blocks and not has_soldier:
                    break  # one bulwark blocks alone
                opts: list[Any] = [None] + [ch for ch in s.players[defender].field
                                            if ch.uid not in used and self.can_block(ch)
                                            and (ch.kind == "soldier" or not blocks)]
                # the options name the attacker they concern: two attackers' questions look alike otherwise
                i = game.decide(defender, "blockers", opts,
                                lambda: {"what": "ブロッカー: " + self.describe_char(game, attacker, defender)},
                                lambda: [f"{self.describe_char(game, attacker, defender)}のブロッカー指定を終える"]
                                + [f"{self.describe_char(game, ch, defender)}で"
                                   f"{self.describe_char(game, attacker, defender)}をブロック" for ch in opts[1:]])
                if i == 0:
                    break
                used.add(opts[i].uid)
                blocks.append(opts[i].uid)
        if game.log is not None:
            game.log.write(Blockers(defender, {str(k): v for k, v in combat["blocks"].items()}))

    def _blockers(self, game: Game, au: int) -> list[Character]:
        out = []
        for x in game.state.combat.get("blocks", {}).get(au, []):
            b = self.find(game, x)
            if b is not None:
                out.append(b)
        return out

    def compare_soldiers(self, game: Game, loser: str = "smaller", damage: bool = False) -> None:
        """ダメージ判定 1: attacker against the sum of its soldier blockers; the ``loser`` side ("smaller", or
        "larger" under 革命) to the grave, both on a tie; with ``damage``, the player whose soldiers went to
        the grave takes the difference of the sizes as damage."""
        combat = game.state.combat
        for au in combat.get("attackers", []):
            a = self.find(game, au)
            bs = [b for b in self._blockers(game, au) if b.kind == "soldier"]
            if a is None or not bs:
                continue
            combat["judged"].add(au)
            sa, sb = self.size(a), sum(self.size(b) for b in bs)
            a_goes = sa <= sb if loser == "smaller" else sa >= sb
            b_goes = sb <= sa if loser == "smaller" else sb >= sa
            if a_goes:
                self.to_grave(game, a, "attacker", bs[0].owner)
            if b_goes:
                for b in bs:
                    self.to_grave(game, b, "blocker", a.owner)
            if damage and sa != sb:
                self.damage(game, a.controller if a_goes else bs[0].controller, abs(sa - sb))

    def compare_bulwark(self, game: Game) -> None:
        """ダメージ判定 2: the bulwark turns face up; Joker or a shared rank sends the attacker to the grave;
        then the bulwark goes to the grave."""
        combat = game.state.combat
        for au in combat.get("attackers", []):
            bs = [b for b in self._blockers(game, au) if b.kind == "bulwark"]
            if not bs:
                continue
            combat["judged"].add(au)
            a = self.find(game, au)
            for b in bs:
                b.face_up = True
                rank = RANK[b.cards[0] % DECK_SIZE]
                if a is not None and self.find(game, a.uid) is not None and (
                        rank == "Joker" or any(RANK[c % DECK_SIZE] == rank for c in a.cards)) \
                        and "immune_to_bulwarks" not in self.compiled.character_flags.get(a.char_id, ()):
                    self.to_grave(game, a, "attacker", b.owner)
                self.to_grave(game, b, "blocker", a.owner if a is not None else 1 - b.controller)

    def unblocked_damage(self, game: Game, seat: int) -> None:
        """ダメージ判定 3: an attacker with no blocker on the field deals its size as damage.  In a format with
        trumps, each attacker that no character blocked is an ``unblocked`` event (革命's 革命ドロー)."""
        combat = game.state.combat
        for au in combat.get("attackers", []):
            a = self.find(game, au)
            if a is None:
                continue
            if self.compiled.trump_table is not None and not combat.get("blocks", {}).get(au):
                game.events.append(Event("unblocked", a.controller, a.cards[0], a.char_id))
            if au in combat.get("judged", ()) or self._blockers(game, au):
                continue
            self.damage(game, 1 - seat, max(0, self.size(a)))

    # ------------------------------------------------------------------ expressions

    @cython.locals(game=Game, inst=ActionInstance, ch=Character)
    def before_effect(self, game: Game, inst: Any) -> None:
        """Remember what the effect may still need after its target moves (死の槍: the target's owner)."""
        t = inst.target
        if t is not None and t[0] == "char":
            ch = self.find(game, t[1])
            if ch is not None:
                inst.data["target_owner"] = ch.owner

    def _card_name(self, cards: list[int], name: str) -> Any:
        if name in ("key.rank", "self.key_rank"):
            return VALUE[cards[0] % DECK_SIZE] if cards else 0
        if name in ("key.count", "self.key_count"):
            return len(cards)
        if name == "key.rank_sum":
            return sum(VALUE[c % DECK_SIZE] for c in cards)
        if name == "key.has_ace":
            return any(RANK[c % DECK_SIZE] == "A" for c in cards)
        if name == "key.is_joker":
            return bool(cards) and RANK[cards[0] % DECK_SIZE] == "Joker"
        parts = name.split(".")
        if len(parts) == 3 and parts[0] == "key" and parts[1] in SUIT_IDS:
            si = SUIT_IDS.index(parts[1])
            return next((VALUE[c % DECK_SIZE] for c in cards if SUIT[c % DECK_SIZE] == si), 0)
        raise GameAborted(f"expression name {name!r} has no value here")

    def resolve_name(self, ctx: Any, name: str) -> Any:
        """The value of an expression name (bpdsl.dsl.expr_names) for the action being raised/resolved."""
        game = ctx.game
        s = game.state
        inst = ctx.inst
        if name.startswith("key.") or name.startswith("self.key"):
            return self._card_name(inst.keys if inst is not None else [], name)
        if name == "attackers.count":
            return len(s.combat.get("attackers", []))
        if name in ("each.key_count", "each.key_rank"):  # the stage action a step looks at (negate_chosen)
            uid = inst.data.get("each_action") if inst is not None else None
            x = next((x for x in s.stage if x.uid == uid), None)
            if x is None:
                return 0
            if name == "each.key_count":
                return len(x.keys)
            return VALUE[x.keys[0] % DECK_SIZE] if x.keys else 0
        if name.startswith("each."):  # the character a for_each step is at
            ch = self.find(game, int(inst.data.get("each", -1))) if inst is not None else None
            if ch is None:
                return 0
            return self.size(ch) if name == "each.size" else sum(VALUE[c % DECK_SIZE] for c in ch.cards)
        if name == "source.size":  # the soldier driven to raise this action (兵士起因)
            uid = inst.data.get("source") if inst is not None else None
            ch = self.find(game, uid) if uid is not None else None
            return self.size(ch) if ch is not None else 0
        if name == "trigger.discarded":  # the discard that triggered this action: one event per card
            ev = inst.data.get("event") if inst is not None else None
            return 1 if ev is not None and ev.type == "discarded" else 0
        if name.startswith("trigger.") or name.startswith("step.") or name.endswith("counter") or \
                name.endswith("this_turn") or ".trumps_" in name:
            return self._ability_name(ctx, name)
        if name == "moved.size_sum":  # what a move_character step (count: any) of this effect moved
            return int(inst.data.get("moved_size_sum", 0)) if inst is not None else 0
        if name == "discarded.count":  # what a discard_cards step of this effect discarded
            return int(inst.data.get("discarded", 0)) if inst is not None else 0
        if name == "chosen.found":  # the card a choose_card step chose
            return inst is not None and inst.data.get("chosen") is not None
        if name == "card.value":  # the card a reveal step is looking at
            return VALUE[int(inst.data.get("card", 0)) % DECK_SIZE] if inst is not None else 0
        if name.startswith("target."):
            t = inst.target if inst is not None else None
            if t is None:
                return 0
            kind, ref = t
            if kind == "char":
                ch = self.find(game, ref)
                if ch is None:
                    return 0
                return {"target.size": self.size(ch), "target.rank": sum(VALUE[c % DECK_SIZE] for c in ch.cards),
                        "target.charged": not ch.driven, "target.is_soldier": ch.kind == "soldier",
                        "target.is_bulwark": ch.kind == "bulwark"}.get(name, 0)
            if kind == "action":
                x = next((x for x in s.stage if x.uid == ref), None)
                if x is None:
                    return 0
                if name == "target.key_count":
                    return len(x.keys)
                if name == "target.key_rank":
                    return VALUE[x.keys[0] % DECK_SIZE] if x.keys else 0
                if name == "target.key_sum":
                    return sum(VALUE[c % DECK_SIZE] for c in x.keys)
                if name == "target.shares_key":  # 罠カウンター: the same card of the other deck
                    mine = {(SUIT[c % DECK_SIZE], VALUE[c % DECK_SIZE]) for c in inst.keys}
                    return any((SUIT[c % DECK_SIZE], VALUE[c % DECK_SIZE]) in mine for c in x.keys)
            if kind == "player" and name == "target.life":
                return len(s.players[ref].life)
            if kind == "player" and name == "target.hand":
                return len(s.players[ref].hand)
            return 0
        seat = ctx.seat
        me, opp = s.players[seat], s.players[1 - seat]
        table = {"me.life": len(me.life), "me.hand": len(me.hand), "me.field": len(me.field),
                 "opponent.life": len(opp.life), "opponent.hand": len(opp.hand), "turn.number": s.turn_no,
                 "turn.is_mine": s.turn == seat}
        if name in table:
            return table[name]
        if name == "me.rare":
            return len(me.rare)
        if name == "me.pack_sealed":  # a pack lies face down: the frame has one and 【パック開封】 has not turned it
            return bool(me.pack) and seat not in s.pack_face_up
        if name.endswith(".bulwarks") or name.endswith(".soldiers"):  # me.bulwarks, opponent.soldiers ...
            kind = "bulwark" if name.endswith(".bulwarks") else "soldier"
            who = me if name.startswith("me.") else opp
            return sum(1 for ch in who.field if ch.kind == kind)
        return super().resolve_name(ctx, name)  # counters and values an edition's game document declares

    def _ability_name(self, ctx: Any, name: str) -> Any:
        """The names of the general ability blocks: what triggered, counters, trumps, the step, turn records."""
        game = ctx.game
        s = game.state
        inst = ctx.inst
        seat = ctx.seat
        if name.startswith("trigger."):
            e = inst.data.get("event") if inst is not None and inst.data else None
            e = e if e is not None else ctx.event
            if e is None:
                return 0
            if name == "trigger.amount":
                return int(getattr(e, "amount", 0) or 0)
            if name == "trigger.action.cost":
                return len(e.inst.action.cost or "") if getattr(e, "inst", None) is not None else 0
            card = getattr(e, "card", -1)
            if card is None or card < 0:
                return 0
            if name == "trigger.card.rank":
                return VALUE[card % DECK_SIZE]
            if name == "trigger.same_rank_others":
                rank = VALUE[card % DECK_SIZE]
                return sum(1 for ch in s.players[seat].field
                           if card not in ch.cards and any(VALUE[c % DECK_SIZE] == rank for c in ch.cards))
            return 0
        if name == "step.end":
            return (s.turn, "end") in s.raised_this_turn
        if name == "step.combat":
            return bool(s.combat.get("attackers"))
        who = seat if name.startswith("me.") else 1 - seat
        if name.endswith("this_turn"):
            return turn_record(s, "damage", who)
        if ".trumps_" in name:
            up = s.trump_up
            cards = s.players[who].trump
            n_up = sum(1 for c in cards if c in up)
            return n_up if name.endswith("_up") else len(cards) - n_up
        if name == "this.counter":
            holder = inst.data.get("holder", -1) if inst is not None and inst.data else -1
            key = holder_key(holder % DECK_SIZE + DECK_SIZE * seat if holder is not None and holder >= 0 else None,
                             seat)
            return counter(s, key, "counter")
        return counter(s, holder_key(None, who), "counter")

    # ------------------------------------------------------------------ keys, targets, costs

    @cython.locals(game=Game, a=CAction)
    def key_choices(self, game: Game, a: CAction, seat: int) -> list[tuple[int, ...]]:
        key = a.key
        if key.form == "zone":  # 「レアカード1枚」: the cards of that zone, not of the hand
            cards = sorted(getattr(game.state.players[seat], key.zone))
            return [tuple(combo) for combo in combinations(cards, key.count)]
        hand = game.state.players[seat].hand
        tables = a.key_tables
        if tables:
            if len(tables) == 1:
                t = tables[0]
                return [(c,) for c in sorted(hand) if t[c % DECK_SIZE]]
            if len(tables) == 2:
                t0, t1 = tables
                out = []
                h = sorted(hand)
                for i, x in enumerate(h):
                    for y in h[i + 1:]:
                        if (t0[x % DECK_SIZE] and t1[y % DECK_SIZE]) or (t1[x % DECK_SIZE] and t0[y % DECK_SIZE]):
                            out.append((x, y))
                return out
        key = a.key
        by_card = {card_at(c % DECK_SIZE): c for c in hand}
        return [tuple(sorted(by_card[k] for k in combo)) for combo in key.choices(list(by_card))]

    @cython.locals(game=Game, a=CAction)
    def has_key(self, game: Game, a: CAction, seat: int) -> bool:
        """Whether the hand holds at least one legal key for ``a`` (cheaper than listing them all)."""
        if a.key.form == "zone":
            return len(getattr(game.state.players[seat], a.key.zone)) >= a.key.count
        hand = game.state.players[seat].hand
        tables = a.key_tables
        if tables:
            if len(tables) == 1:
                t = tables[0]
                return any(t[c % DECK_SIZE] for c in hand)
            if len(tables) == 2:
                t0, t1 = tables
                for x in hand:
                    if t0[x % DECK_SIZE]:
                        for y in hand:
                            if y != x and t1[y % DECK_SIZE]:
                                return True
                return False
        key = a.key
        if key.form == "same_suit":
            counts = [0, 0, 0, 0, 0]
            for c in hand:
                counts[SUIT[c % DECK_SIZE]] += 1
            return max(counts[:4]) >= key.count
        if key.form == "any":
            return bool(hand)
        return bool(self.key_choices(game, a, seat))

    @cython.locals(game=Game, ch=Character)
    def budget(self, game: Game, seat: int) -> tuple[int, int, int, int, frozenset[str]]:
        """What ``seat`` could pay right now: charged bulwarks, hand, life, characters, and the action types
        whose costs a character's ability waives (computed once per listing of legal actions)."""
        p = game.state.players[seat]
        field = p.field
        if not field:
            return 0, len(p.hand), len(p.life), 0, _NONE_WAIVED
        bulwarks = 0
        waived = _NONE_WAIVED
        waived_by = self._waived_by
        for ch in field:
            if ch.kind == "bulwark" and not ch.driven:
                bulwarks += 1
            if waived_by:
                types = waived_by.get(ch.char_id)
                if types is not None:
                    waived = waived | types
        return bulwarks, len(p.hand), len(p.life), len(field), waived

    @cython.locals(a=CAction)
    def affordable(self, game: Game, budget: tuple[int, int, int, int, frozenset[str]], a: CAction, seat: int,
                   n_keys: int) -> bool:
        """can_pay from a :meth:`budget`, for a key of ``n_keys`` cards taken from the hand."""
        letters = a.cost
        if self.compiled.abilities is not None and self.compiled.abilities.cost_changes:  # (the target not chosen)
            letters = self.cost_letters(game, a, seat, None, True)
        if not letters:
            return True
        bulwarks, hand, life, field, waived = budget
        if waived and a.type in waived:
            letters = self.cost_letters(game, a, seat)
            if not letters:
                return True
        counts = self._letter_counts.get(letters)
        if counts is None:
            counts = self._letter_counts[letters] = (letters.count("B"), letters.count("L"), letters.count("D"),
                                                     letters.count("S"))
        b, l_, d, s_ = counts
        return b <= bulwarks and l_ <= life and d <= hand - n_keys and s_ <= field

    @cython.locals(game=Game, a=CAction, ch=Character)
    def can_pay_n(self, game: Game, a: CAction, seat: int, n_keys: int) -> bool:
        """can_pay for some key of ``n_keys`` cards taken from the hand."""
        letters = a.cost
        changed = self.compiled.abilities is not None and self.compiled.abilities.cost_changes
        if not letters and not changed:
            return True
        if self.waivers or changed:
            letters = self.cost_letters(game, a, seat, None, True)
            if not letters:
                return True
        return self._pays(game, letters, seat, n_keys)

    def _pays(self, game: Game, letters: str, seat: int, n_keys: int) -> bool:
        """Whether ``seat`` can pay ``letters`` with ``n_keys`` key cards taken from the hand."""
        p = game.state.players[seat]
        if "B" in letters:
            charged = 0
            for ch in p.field:
                if ch.kind == "bulwark" and not ch.driven:
                    charged += 1
            if charged < letters.count("B"):
                return False
        if "D" in letters and len(p.hand) - n_keys < letters.count("D"):
            return False
        if "L" in letters and len(p.life) < letters.count("L"):
            return False
        if "S" in letters and len(p.field) < letters.count("S"):
            return False
        return True

    def cost_letters(self, game: Game, a: CAction, seat: int, target: Any = None, listing: bool = False) -> str:
        """The cost letters ``seat`` pays for ``a``: its own, less what a character's ability waives, changed by
        the cost changes of the abilities (for ``target``; while ``listing``, those that depend on the target
        are left out)."""
        letters = a.cost
        if letters and self.waivers:
            for cid, atype, letter in self.waivers:
                if atype == a.type and letter in letters and any(
                        ch.char_id == cid for ch in game.state.players[seat].field):
                    letters = letters.replace(letter, "")
        abilities = self.compiled.abilities
        if abilities is not None and abilities.cost_changes:
            letters = abilities.cost_letters(game, a, seat, letters, target, listing)
        return letters

    def can_pay_target(self, game: Game, a: CAction, seat: int, keys: tuple[int, ...], target: Any) -> bool:
        """can_pay once the target is chosen: the cost changes that depend on it included."""
        loc = game.state.loc
        return self._pays(game, self.cost_letters(game, a, seat, target), seat,
                          sum(1 for k in keys if loc[k][0] == Z_HAND))

    @cython.locals(game=Game, a=CAction)
    def can_pay(self, game: Game, a: CAction, seat: int, keys: tuple[int, ...]) -> bool:
        """can_pay_n for these keys: only the key cards taken from the hand leave it short for D."""
        if not a.cost and self.compiled.abilities is None:
            return True
        loc = game.state.loc
        return self.can_pay_n(game, a, seat, sum(1 for k in keys if loc[k][0] == Z_HAND))

    @cython.locals(game=Game, inst=ActionInstance)
    def pay_costs(self, game: Game, inst: Any) -> None:
        """Pay every cost letter through the op the game definition maps it to (Table 3.2)."""
        changed = self.compiled.abilities is not None and self.compiled.abilities.cost_changes
        if not inst.action.cost and not changed:  # most actions cost nothing (a waiver only takes letters away)
            return
        ops = self.compiled.cost_ops
        ctx = Ctx(game, inst, inst.controller)
        for letter in self.cost_letters(game, inst.action, inst.controller, inst.target):
            fn = ops.get(letter)
            if fn is None:
                self.pay_letter(game, inst, letter)
            else:
                fn(ctx, {})

    def card_rank(self, c: int) -> str:
        return RANK[c % DECK_SIZE]

    def pay_letter(self, game: Game, inst: Any, letter: str) -> None:
        """Pay one cost letter: B drive a bulwark, L one damage, D discard, S sacrifice a character."""
        seat = inst.controller
        p = game.state.players[seat]
        if letter == "B":
            opts = [ch for ch in p.field if ch.kind == "bulwark" and not ch.driven]
            i = game.decide(seat, "cost_B", opts, {"action": inst.action.name},
                            lambda: [self.describe_char(game, ch, seat) for ch in opts])
            opts[i].driven = True
        elif letter == "L":
            self.damage(game, seat, 1)
        elif letter == "D":
            opts = sorted(p.hand)
            i = game.decide(seat, "cost_D", opts, {"action": inst.action.name},
                            lambda: [self.card_text(c) for c in opts])
            self.discard(game, seat, opts[i])
        elif letter == "S":
            opts = list(p.field)
            i = game.decide(seat, "cost_S", opts, {"action": inst.action.name},
                            lambda: [self.describe_char(game, ch, seat) for ch in opts])
            self.to_grave(game, opts[i])
        else:
            raise GameAborted(f"unknown cost letter {letter!r}")
        if game.log is not None:
            game.log.write(CostPaid(seat, letter))

    def target_alive(self, game: Game, t: Any) -> bool:
        kind, ref = t
        if kind == "char":
            return self.find(game, ref) is not None
        if kind == "action":
            return any(x.uid == ref for x in game.state.stage)
        return True

    def describe_char(self, game: Game, ch: Character, viewer: int) -> str:
        """A label naming a character as ``viewer`` sees it, e.g. 相手の一般兵[♡9](チャージ)."""
        name = self.compiled.characters[ch.char_id].name if ch.char_id in self.compiled.characters else ch.char_id
        if ch.face_up or ch.controller == viewer:
            cards = "+".join(self.card_text(c) for c in ch.cards)
        else:
            field = game.state.players[ch.controller].field
            hidden = [x for x in field if not x.face_up]
            cards = f"裏向き{hidden.index(ch) + 1 if ch in hidden else ''}"
        state = "ドライブ" if ch.driven else "チャージ"
        whose = "自分" if ch.controller == viewer else "相手"
        return f"{whose}の{name}[{cards}]({state})"

    def describe_target(self, game: Game, t: Any, viewer: int | None = None) -> str:
        """A target as ``viewer`` (default: the chance holder, who is choosing it) sees it."""
        if t is None:
            return "-"
        kind, ref = t
        if kind == "char":
            ch = self.find(game, ref)
            who = game.state.chance if viewer is None else viewer
            return self.describe_char(game, ch, who) if ch else f"(場を離れたキャラクター#{ref})"
        if kind == "player":
            return f"プレイヤー{ref}"
        if kind == "trump":
            from bpdsl.games.blackpoker import trumps

            return trumps.describe(game, ref, game.state.chance if viewer is None else viewer)
        if kind == "action":
            inst = next((x for x in game.state.stage if x.uid == ref), None)
            if inst is None:
                return f"(アクション#{ref})"
            return f"{inst.action.name}[{'+'.join(self.card_text(c) for c in inst.keys)}]"
        return str(t)

    # ------------------------------------------------------------------ turn

    def pass_turn(self, game: Game) -> None:
        """End the turn: modifiers of the turn end, the once-per-turn record resets, the opponent's turn."""
        s = game.state
        if s.stage:
            # the stage must be empty when the turn passes; End is a main-timing action
            raise GameAborted("the turn passed while the stage held actions")
        for p in s.players:
            for ch in p.field:
                ch.size_mod = 0
        s.raised_this_turn.clear()
        s.raised_count.clear()
        self.reset_counters(s, "turn")  # counters an edition's game.yaml declares with reset: [turn]
        s.combat = {}
        s.turn = (s.turn + 1) % len(s.players)
        s.turn_no += 1
        if game.log is not None:
            game.log.write(TurnStarted(s.turn, s.turn_no))

    # ------------------------------------------------------------------ combat (scenario positions)

    def set_combat(self, game: Game, roles: dict[str, Any]) -> None:
        from bpdsl.games.blackpoker.combat_position import set_combat

        set_combat(game, roles)

    def combat_roles(self, game: Game) -> dict[str, Any]:
        from bpdsl.games.blackpoker.combat_position import combat_roles

        return combat_roles(game)

    # ------------------------------------------------------------------ fog links (scenario positions)

    def link_fog(self, game: Game, seat: int, fog_id: str, cards: list[int], target: Any) -> None:
        """A position where ``cards`` lie in ``seat``'s fog as ``fog_id``, marking ``target``: the fog's
        size ability is applied as the action that left it did (アップ: +key.rank on the targeted soldier
        until the end of the turn; フォース: +key.rank_sum on every own soldier)."""
        fog = self.compiled.fogs[fog_id]
        mods = [c for c in fog.abilities if c.op == "fog_size_modifier"]
        if not mods:
            raise ValueError(f"fog {fog_id!r} has no size ability a link could carry")
        inst = ActionInstance(game.state.uid(), None, seat, keys=list(cards), target=target)
        ctx = Ctx(game, inst, seat)
        for call in mods:
            by = int(ctx.value(call.args["by"]))
            delta = by if call.args["direction"] == "up" else -by
            if call.args.get("applies_to", "target") == "own_soldiers":
                chars = [ch for ch in game.state.players[seat].field if ch.kind == "soldier"]
            else:
                ch = self.find(game, target[1]) if target is not None and target[0] == "char" else None
                if ch is None or ch.kind != "soldier":
                    raise ValueError(f"fog {fog_id!r} marks a soldier: give marks: [seat, field index] of one")
                chars = [ch]
            for ch in chars:
                ch.size_mod += delta

    # ------------------------------------------------------------------ public information (3.12.1)

    def check_state(self, game: Game) -> str:
        """A card recorded face up as a trump (エクストラ) lies in a 切札 zone."""
        loc = game.state.loc
        for c in game.state.trump_up:
            if loc[c][0] != Z_TRUMP:
                return (f"card {self.card_text(c)} is recorded face up as a trump but lies in "
                        f"{self.zones.name(loc[c][0])}")
        return ""

    def observe(self, game: Game, seat: int) -> dict[str, Any]:
        """What ``seat`` may know: 完全公開 for everyone, 個人公開 for the owner only, 非公開 for nobody."""
        s = game.state
        out: dict[str, Any] = {"you": seat, "turn": s.turn, "turn_no": s.turn_no, "chance": s.chance,
                               "passed": sorted(s.passed), "players": []}
        has_pack = game.state.pack_in_use
        for p in s.players:
            mine = p.seat == seat
            n = len(p.life)
            info: dict[str, Any] = {
                "seat": p.seat,
                # life: count known to its owner; to the opponent exact below 10, otherwise "10以上"
                "life": n if (mine or n < 10) else "10以上",
                "hand_count": len(p.hand),
                "grave_top": self.card_text(p.grave[-1]) if p.grave else None,
                "grave_count": len(p.grave),
                "fog": [self.card_text(c) for c in p.fog],
                "field": [self._field_view(ch, seat) for ch in p.field],
                "trump_count": len(p.trump),
            }
            if mine:
                info["hand"] = [self.card_text(c) for c in sorted(p.hand)]
                info["grave"] = [self.card_text(c) for c in p.grave]
                info["trump"] = [self.card_text(c) for c in p.trump]
            if has_pack:
                info["pack"] = self._pack_view(game, p.seat)
            if p.rare or game.state.rare_in_use:  # レアカード: its count 完全公開, its faces 個人公開
                info["rare_count"] = len(p.rare)
                if mine:
                    info["rare"] = [self.card_text(c) for c in sorted(p.rare)]
            if self.compiled.trump_table is not None:
                from bpdsl.games.blackpoker import trumps

                info["trump"] = trumps.view(game, p.seat, seat)
            out["players"].append(info)
        out["stage"] = [{"action": x.action.name, "controller": x.controller,
                         "keys": [self.card_text(c) for c in x.keys],
                         "target": self.describe_target(game, x.target, seat) if x.target is not None else None}
                        for x in s.stage]
        return out

    def visible_cards(self, game: Game, seat: int) -> set[int]:
        """The cards ``seat`` may see now (3.12.1): its hand and grave, every grave's top card, face-up
        characters and its own face-down ones, fogs, the stage's key cards, face-up packs, its own trumps and
        rare cards.
        The lives (非公開, even to their owner) and the opponent's hand, grave below the top and face-down
        characters are not visible."""
        s = game.state
        out: set[int] = set()
        opened = game.state.pack_face_up
        for p in s.players:
            mine = p.seat == seat
            if mine:
                out.update(p.hand)
                out.update(p.grave)
                out.update(p.trump)
                out.update(p.rare)  # レアカード: 個人公開 (the opponent knows only how many)
            else:
                if p.grave:
                    out.add(p.grave[-1])
                out.update(c for c in p.trump if c in s.trump_up)  # a face-up trump is 完全公開
            out.update(p.fog)
            for ch in p.field:
                if ch.face_up or ch.controller == seat:
                    out.update(ch.cards)
            if p.seat in opened:
                out.update(p.pack)
        # key cards of actions being raised or on the stage; virtual key cards are named by the printed rule
        out.update(c for c, (z, _p) in enumerate(s.loc) if z == Z_STAGE)
        for x in s.stage:
            if x.data.get("virtual_keys"):
                out.update(x.keys)
        return out

    def event_reveals(self, e: dict[str, Any]) -> list[str]:
        """Card texts an event shows to both players by itself (a revealed card, the cards turned at the start)."""
        t = e.get("t")
        if t == "reveal":
            return [e["card"]] if "card" in e else list(e.get("cards", []))
        if t == "start":
            return list(e.get("revealed", []))
        if t in ("pack_face_up", "virtual_keys"):  # virtual key cards are named by the printed rule
            return list(e.get("cards", []))
        return []

    def describe_event(self, game: Game, e: dict[str, Any], me: int) -> str:
        """One event as the player ``me`` hears it, "" when it is nobody's business (3.12.1); named from the
        state of the moment it happens (a target is named as ``me`` sees it: a face-down bulwark of the
        opponent is 裏向き, never its card)."""
        t = e.get("t")
        who = _who(e["p"], me) if isinstance(e.get("p"), int) else ""
        if t == "raise":
            keys = f" キー {' '.join(e['keys'])}" if e.get("keys") else ""
            ref = e.get("target_ref")
            target = f" 対象 {self._told_target(game, tuple(ref), me)}" if ref else ""
            how = "" if e.get("direct") else " (誘発/効果)"
            return f"{who}: {self._name(e['action'])}{how}{keys}{target}"
        if t == "no_effect" and e.get("why") not in (None, "target lost"):  # bpdsl.games.blackpoker.noeffect
            return f"{who}の {self._name(str(e.get('action', '')))} は効果なし（{e['why']}）"
        simple = _TOLD.get(t)
        if simple is not None:
            # an action is named with whose it is (「相手の ツイスト を解決」): both seats may raise the same one
            return simple.format_map({**e, "who": who, "whose": f"{who}の " if who else "",
                                      "action": self._name(str(e.get("action", "")))})
        if t == "enter":
            cards = "+".join(e["cards"]) if (e.get("face_up") or e.get("p") == me) else "裏向き"
            return f"{who}の場に {self._name(e['as'])} [{cards}]"
        if t == "leave":
            seen = e.get("face_up", True) or e.get("p") == me or e.get("to") == "grave"
            cards = "+".join(e["cards"]) if seen else "裏向き"
            return f"{who}の {self._name(e['as'])} [{cards}] が {_ZONE_NAMES.get(e['to'], e['to'])} へ"
        if t == "reveal":
            cards = e["card"] if "card" in e else " ".join(e.get("cards", []))
            whence = {"pack": " (パックから手札へ)", "rare": " (レアカードから手札へ)"}.get(e.get("from") or "", "")
            return f"{who} が {cards} を見せた" + whence
        if t == "scenario_hand":  # 第9.1版 シナリオ手札: a hand; only its owner knows the cards
            told = f" [{' '.join(e['cards'])}]" if e.get("p") == me else ""
            return f"{who} がシナリオ手札 {len(e['cards'])} 枚を手札に入れた{told}"
        if t == "trump_placed":  # 3.11.4: face down; only its owner knows the card
            return f"{who} が切札を置いた" + (f" [{e['card']}]" if e.get("p") == me else "")
        if t in ("trump_up", "trump_down", "trump_destroyed"):
            what = {"trump_up": "表にした（能力が有効）", "trump_down": "裏向きにした（能力が無効）",
                    "trump_destroyed": "墓地に移した"}[t]
            return f"{who}の切札 [{e['card']}] を{what}"
        if t == "virtual_keys":
            return f"{who}: {self._name(e['action'])} のキーカードは仮想的に {' '.join(e['cards'])}"
        if t == "prevented":
            return f"{who} は {self._name(e['action'])} の効果でダメージを受けない"
        if t == "replaced":
            return f"{self._name(e['action'])} の効果が置き換えられた"
        if t == "start":
            return f"ゲーム開始: 表にしたカード {' '.join(e['revealed'])}、先攻は{_who(e['first'], me)}"
        if t == "attackers" and e.get("ids"):
            return f"{who} が {len(e['ids'])} 体でアタック"
        return ""

    def _told_target(self, game: Game, ref: tuple[Any, Any], me: int) -> str:
        """A target in an event line read by ``me``: the line's subject may be the opponent (「相手: ツイスト …」),
        so ``me``'s own things and ``me`` are named あなた, never 自分 (which would read as the opponent's own)."""
        if ref[0] == "player" and isinstance(ref[1], int):
            return _who(ref[1], me)
        if ref[0] == "action":  # an action on the stage, with whose it is (both seats may raise the same one)
            inst = next((x for x in game.state.stage if x.uid == ref[1]), None)
            if inst is not None:
                return f"{_who(inst.controller, me)}の{self.describe_target(game, ref, me)}"
        text = self.describe_target(game, ref, me)
        return "あなた" + text[2:] if text.startswith("自分の") else text

    def _name(self, entry_id: str) -> str:
        """The printed name of an action or character id."""
        a = self.compiled.actions.get(entry_id)
        if a is not None:
            return a.name
        c = self.compiled.characters.get(entry_id)
        return c.name if c is not None else entry_id

    def _pack_view(self, game: Game, seat: int) -> dict[str, Any]:
        """The pack of the パック option (5.3.3), the same for both viewers: it lies face down outside the field,
        so its count is seen by all and its cards by nobody, not even the owner (the pack is what the random
        deck left out, and the deck is 非公開 to its owner too); 【パック開封】 turns it face up, and then its
        cards are 完全公開 like every card seen without turning it over (3.12.1)."""
        pack = game.state.players[seat].pack
        face_up = seat in game.state.pack_face_up
        return {"count": len(pack), "face_up": face_up,
                "cards": [self.card_text(c) for c in sorted(pack)] if face_up else None}

    def _field_view(self, ch: Character, viewer: int) -> dict[str, Any]:
        visible = ch.face_up or ch.controller == viewer
        cdef = self.compiled.characters.get(ch.char_id)
        return {"id": ch.uid, "kind": ch.kind, "as": ch.char_id, "name": cdef.name if cdef else ch.char_id,
                "cards": [self.card_text(c) for c in ch.cards] if visible else ["?"] * len(ch.cards),
                "face_up": ch.face_up, "driven": ch.driven, "size": self.size(ch) if ch.kind == "soldier" else None}


def describe_result(reason: str, seat: int) -> str:
    """The win check's reasons (3.10.5) in the reader's words; any other reason as logged."""
    if reason == "both lives are 0":
        return "両者のライフが0になった"
    m = re.fullmatch(r"player (\d+)'s life is 0", reason)
    if m:
        loser = int(m.group(1))
        return f"{_who(loser, seat) if seat >= 0 else f'プレイヤー{loser}'}のライフが0になった"
    return reason


# events told in the same words to both seats: event type -> wording over the event's fields
_TOLD = {"pass": "{who}: パス", "resolve": "{whose}{action} を解決", "negated": "{whose}{action} は無効になった",
         "no_effect": "{whose}{action} は対象を失い効果なし", "damage": "{who} に {n} 点のダメージ",
         "draw": "{who} が {n} 枚引いた", "cost": "{who} がコスト {letter} を支払った",
         "turn": "ターン {turn_no}: {who}のターン", "pack_face_up": "{who} がパックを表向きにした", "over": "ゲーム終了"}
_ZONE_NAMES = {"grave": "墓地", "hand": "手札", "life": "ライフ", "fog": "フォグ", "field": "場"}


def _who(seat: int, me: int) -> str:
    return "あなた" if seat == me else "相手"


def rank_index(rank: str) -> int:
    return RANK_ORDER.index(rank) if rank in RANK_ORDER else -1


__all__ = ["BlackPokerHooks", "rank_index"]

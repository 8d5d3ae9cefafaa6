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

The hooks object is one; its methods come in parts by job, each a module (a mixin of
:class:`BlackPokerHooks`): characters (``field_rules``), combat (``combat_rules``), the names expressions read
(``name_rules``), keys, costs and targets (``cost_rules``) and what each player may see (``view_rules``), the
constants they share in ``common_rules``.  This module keeps the state, the game's start and end, damage,
draws and discards, and the turn.
"""
from __future__ import annotations

from typing import Any

try:
    import cython
except ImportError:  # without Cython (the ``speed`` extra) its declarations change nothing
    from bpdsl import purecython as cython

from bpdsl.engine.abilitystate import add_turn_record
from bpdsl.engine.compiled import TEXT, VALUE
from bpdsl.engine.contract import BaseHooks
from bpdsl.engine.core import Ctx, Event, Game, GameAborted
from bpdsl.engine.events import GameOver, TurnStarted
from bpdsl.engine.rng import shuffle
from bpdsl.engine.state import ActionInstance, State
from bpdsl.games.blackpoker import moves
from bpdsl.games.blackpoker.combat_rules import CombatRules
from bpdsl.games.blackpoker.common_rules import describe_result, rank_index
from bpdsl.games.blackpoker.components import DECK_SIZE, Z_FIELD, Z_GRAVE, Z_HAND, Z_LIFE, Z_OUT, Z_TRUMP
from bpdsl.games.blackpoker.cost_rules import CostRules
from bpdsl.games.blackpoker.events import Damaged, Drew, Started
from bpdsl.games.blackpoker.field_rules import FieldRules
from bpdsl.games.blackpoker.game_state import BlackPokerState
from bpdsl.games.blackpoker.name_rules import NameRules
from bpdsl.games.blackpoker.view_rules import ViewRules


class BlackPokerHooks(FieldRules, CombatRules, NameRules, CostRules, ViewRules, BaseHooks):
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
        # ``eligible: soldier`` (an attack that names soldiers, not labels): a soldier that no ability forbids
        # to attack, whatever its labels
        self.soldier_attacker: dict[str, bool] = {}
        self.haste: dict[str, Any] = {}  # character id -> None (no), True, or a condition expression
        for cid, c in chars.items():
            names = {name: args for _fn, args, name in c.labels + c.abilities}
            labelled = any(name.startswith("label_") for name in names)
            self.soldier_attacker[cid] = c.kind == "soldier" and "cannot_attack" not in names
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

    # ------------------------------------------------------------------ combat


    # ------------------------------------------------------------------ keys, targets, costs


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


__all__ = ["BlackPokerHooks", "describe_result", "rank_index"]

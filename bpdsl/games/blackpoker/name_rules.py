"""The names an expression reads in BlackPoker (``me.life``, ``target.rank``, ``trigger.amount``,
``this.counter`` ...): resolved against the game for the context an op evaluates in.

A part of :class:`bpdsl.games.blackpoker.hooks.BlackPokerHooks` (a mixin: the hooks object is one, its
methods call each other through ``self``).
"""
from __future__ import annotations

from typing import Any

try:
    import cython
except ImportError:  # without Cython (the ``speed`` extra) its declarations change nothing
    from bpdsl import purecython as cython

from bpdsl.engine.abilitystate import counter, holder_key, turn_record
from bpdsl.engine.compiled import RANK, SUIT, VALUE
from bpdsl.engine.core import Game, GameAborted
from bpdsl.engine.state import ActionInstance, Character
from bpdsl.games.blackpoker.common_rules import SUIT_IDS
from bpdsl.games.blackpoker.components import DECK_SIZE


class NameRules:
    """The hooks' part on the names expressions read."""

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


__all__ = ["NameRules"]

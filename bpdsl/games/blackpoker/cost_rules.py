"""Keys, costs and targets (3.10.2-3.10.3): the key cards a player may choose, the budget a listing weighs
costs against, the cost letters as abilities change them, their payment, and how a target is told.

A part of :class:`bpdsl.games.blackpoker.hooks.BlackPokerHooks` (a mixin: the hooks object is one, its
methods call each other through ``self``).
"""
from __future__ import annotations

from itertools import combinations
from typing import Any

try:
    import cython
except ImportError:  # without Cython (the ``speed`` extra) its declarations change nothing
    from bpdsl import purecython as cython

from bpdsl.dsl.cards import card_at
from bpdsl.engine.compiled import CAction, RANK, SUIT
from bpdsl.engine.core import Ctx, Game, GameAborted
from bpdsl.engine.state import ActionInstance, Character
from bpdsl.games.blackpoker.common_rules import NONE_WAIVED
from bpdsl.games.blackpoker.components import DECK_SIZE, Z_HAND
from bpdsl.games.blackpoker.events import CostPaid


class CostRules:
    """The hooks' part on keys, costs and targets."""

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
            return 0, len(p.hand), len(p.life), 0, NONE_WAIVED
        bulwarks = 0
        waived = NONE_WAIVED
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


__all__ = ["CostRules"]

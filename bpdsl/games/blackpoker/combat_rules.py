"""Combat (3.11): attackers and blockers declared, ダメージ判定 between soldiers and against bulwarks, the
damage of unblocked attackers, and the combat roles a scenario position sets.

A part of :class:`bpdsl.games.blackpoker.hooks.BlackPokerHooks` (a mixin: the hooks object is one, its
methods call each other through ``self``).
"""
from __future__ import annotations

from typing import Any

from bpdsl.engine.compiled import RANK
from bpdsl.engine.core import Event, Game
from bpdsl.engine.state import Character
from bpdsl.games.blackpoker.components import DECK_SIZE
from bpdsl.games.blackpoker.events import Attackers, Blockers


class CombatRules:
    """The hooks' part on combat: attackers, blockers, ダメージ判定 and the roles of a set position."""

    def declare_attackers(self, game: Game, seat: int, eligible: str | None = None) -> list[int]:
        """アタック: the controller picks attackers one by one among the eligible characters, driving them."""
        s = game.state
        chosen: list[int] = []
        candidates = [ch for ch in s.players[seat].field if self.may_attack(game, ch, eligible)]
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

    def declare_blockers(self, game: Game, defender: int, eligible: str | None = None) -> None:
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
                                            if ch.uid not in used and self.can_block(ch, eligible)
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

    def set_combat(self, game: Game, roles: dict[str, Any]) -> None:
        from bpdsl.games.blackpoker.combat_position import set_combat

        set_combat(game, roles)

    def combat_roles(self, game: Game) -> dict[str, Any]:
        from bpdsl.games.blackpoker.combat_position import combat_roles

        return combat_roles(game)


__all__ = ["CombatRules"]

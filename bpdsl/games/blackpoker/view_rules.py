"""What each player may see (3.12.1): the observation of a seat, the cards it may see, and the log's events
told in its words.

A part of :class:`bpdsl.games.blackpoker.hooks.BlackPokerHooks` (a mixin: the hooks object is one, its
methods call each other through ``self``).
"""
from __future__ import annotations

from typing import Any

from bpdsl.engine.core import Game
from bpdsl.engine.state import Character
from bpdsl.games.blackpoker.common_rules import TOLD, ZONE_NAMES, seat_word
from bpdsl.games.blackpoker.components import Z_STAGE


class ViewRules:
    """The hooks' part on what each player may see."""

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
        who = seat_word(e["p"], me) if isinstance(e.get("p"), int) else ""
        if t == "raise":
            keys = f" キー {' '.join(e['keys'])}" if e.get("keys") else ""
            ref = e.get("target_ref")
            target = f" 対象 {self._told_target(game, tuple(ref), me)}" if ref else ""
            how = "" if e.get("direct") else " (誘発/効果)"
            return f"{who}: {self._name(e['action'])}{how}{keys}{target}"
        if t == "no_effect" and e.get("why") not in (None, "target lost"):  # bpdsl.games.blackpoker.noeffect
            return f"{who}の {self._name(str(e.get('action', '')))} は効果なし（{e['why']}）"
        simple = TOLD.get(t)
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
            return f"{who}の {self._name(e['as'])} [{cards}] が {ZONE_NAMES.get(e['to'], e['to'])} へ"
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
            return f"ゲーム開始: 表にしたカード {' '.join(e['revealed'])}、先攻は{seat_word(e['first'], me)}"
        if t == "attackers" and e.get("ids"):
            return f"{who} が {len(e['ids'])} 体でアタック"
        return ""

    def _told_target(self, game: Game, ref: tuple[Any, Any], me: int) -> str:
        """A target in an event line read by ``me``: the line's subject may be the opponent (「相手: ツイスト …」),
        so ``me``'s own things and ``me`` are named あなた, never 自分 (which would read as the opponent's own)."""
        if ref[0] == "player" and isinstance(ref[1], int):
            return seat_word(ref[1], me)
        if ref[0] == "action":  # an action on the stage, with whose it is (both seats may raise the same one)
            inst = next((x for x in game.state.stage if x.uid == ref[1]), None)
            if inst is not None:
                return f"{seat_word(inst.controller, me)}の{self.describe_target(game, ref, me)}"
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


__all__ = ["ViewRules"]

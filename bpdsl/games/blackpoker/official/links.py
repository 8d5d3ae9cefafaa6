"""How a frame list links its actions and characters to its trumps: which trump raises an action, which
trump or character triggers it, which character drives it (read from the sentences the frame style prints
from those links)."""
from __future__ import annotations

import re
from typing import Any

from bpdsl.games.blackpoker.official import phrases as P
from bpdsl.games.blackpoker.official.planned import ZONES, Trigger, card_of
from bpdsl.games.blackpoker.official.source import OfficialEntry
from bpdsl.ops.registry import PhraseContext


class TrumpLinks:
    """The links of :class:`~.plan.Planner` (a part of it: it reads ``official``, ``parent``, ``candidates``)."""

    def _trump_conditions(self) -> dict[int, str]:
        """The actions a frame list raises through a trump: a direct action whose 起動条件 starts with
        「自分の表切札に「X」がある」, X a trump of the file, is brought by that trump.  Where the parent prints
        that condition itself (``trump_style: frame``) the action goes under the trump, the condition is left
        to the renderer, and the trump's ability lets its owner raise the action (``may_raise``, added in
        :meth:`result` unless an ability names it already); elsewhere the condition stays a sentence.
        Returns id(entry) -> the rest of its 起動条件."""
        if self.parent.terms.get("trump_style") != "frame":
            return {}
        cards = {t.get("trumpName").strip(): card_of(t.get("trumpKey")) for t in self.official.trumps}
        out: dict[int, str] = {}
        for e in self.official.entries:
            if e.kind != "action" or not e.get("actActCond"):
                continue
            trigger = e.get("actTrigger") or ("誘発" if "誘発" in e.get("actType") or e.get("actTriggerCond")
                                             else "直接")
            parts = P.units(e.get("actActCond"))
            m = re.fullmatch(r"自分の表切札に「(.+?)」がある", P.norm(parts[0].as_phrase())) if parts else None
            if trigger != "直接" or m is None or len(parts[0].lines) > 1:
                continue
            card = next((c for name, c in cards.items() if P.norm(name) == m.group(1)), None)
            if card is None or (e.trump is not None and card_of(e.trump) != card):  # bpdsl's export names its trump
                continue
            e.trump = card
            out[id(e)] = "\n".join(u.as_phrase() for u in parts[1:])
        return out

    def _trump_triggers(self) -> dict[int, "Trigger"]:
        """The triggered actions a frame list raises through a trump or its character, where the parent prints
        their 誘発条件 from that link (``trump_style: frame``):

        - 「自分の表切札に「X」があるかつ、<event>時に誘発する。」 (X a trump of the file): the action goes under
          that trump, which triggers it (``raises_when`` with the trigger op printing <event>, unless one of its
          abilities names the action already, e.g. a ``grant`` of 革命);
        - 「自分の「C」が場から墓地に移った時に誘発する。」 and 「自分の場に「C」がいるかつ、<event>時に誘発する。」
          (C a character of the file listed under a trump, 「切札♣J 騎士」, or named as one): the action and the
          character go under that trump, and the character triggers it (``raises_on_leave`` / ``raises_when``).

        The renderer prints the 誘発条件 from the link; the render check makes it an override where it does not
        print the official sentence.  Returns id(action) -> the link."""
        if self.parent.terms.get("trump_style") != "frame":
            return {}
        cards = {P.norm(t.get("trumpName")): card_of(t.get("trumpKey")) for t in self.official.trumps}
        characters = {P.norm(e.get("charName")): e for e in self.official.entries if e.kind == "character"}
        names = {eid: e.name for table in (self.parent.actions, self.parent.characters, self.parent.fogs)
                 for eid, e in table.items()}
        heads = P.PhraseIndex(self.candidates, PhraseContext(dict(self.parent.terms), names)).heads("trigger")
        out: dict[int, Trigger] = {}
        for e in self.official.entries:
            text = P.norm(e.get("actTriggerCond"))
            if e.kind != "action" or not text or "\n" in e.get("actTriggerCond").strip():
                continue
            if (m := re.fullmatch(r"自分の表切札に「(.+?)」があるかつ、(.+)時に誘発する", text)) and m.group(1) in cards \
                    and (e.trump is None or card_of(e.trump) == cards[m.group(1)]):
                e.trump = cards[m.group(1)]
                out[id(e)] = Trigger(e.trump, None, heads.get(m.group(2)))
                continue
            m = re.fullmatch(r"自分の「(.+?)」が場から(.+?)に移った時に誘発する", text)
            m2 = re.fullmatch(r"自分の場に「(.+?)」がいるかつ、(.+)時に誘発する", text)
            found = m or m2
            holder = characters.get(found.group(1)) if found else None
            card = self._trump_of(holder, cards) if holder is not None else None
            if card is None or found is None or (e.trump is not None and card_of(e.trump) != card):
                continue
            if m is not None:
                zones = [ZONES.get(z) for z in m.group(2).split("もしくは")]
                if None in zones:
                    continue
                call: Any = {"raises_on_leave": {"to": zones}}
            elif (when := heads.get(found.group(2))) is not None:
                call = {"raises_when": {"when": when}}
            else:
                continue
            e.trump = holder.trump = card
            out[id(e)] = Trigger(card, holder, call)
        return out

    def _trump_units(self) -> dict[int, "Trigger"]:
        """The 兵士起因 actions a frame list raises by driving a trump's character: (ユニット) 「「C」1体」 (C a
        character of the file listed under a trump) puts the action and the character under that trump, and
        the character raises it by driving itself (``raise_by_driving``), which the frame style prints as the
        unit.  A unit 「<X> を持つ兵士1体」 is the trump's own ``grant`` (its ability text) and needs no link.
        Returns id(action) -> the link."""
        if self.parent.terms.get("trump_style") != "frame":
            return {}
        cards = {P.norm(t.get("trumpName")): card_of(t.get("trumpKey")) for t in self.official.trumps}
        characters = {P.norm(e.get("charName")): e for e in self.official.entries if e.kind == "character"}
        out: dict[int, Trigger] = {}
        for e in self.official.entries:
            m = re.fullmatch(r"「(.+?)」1体", P.norm(e.get("actUnit"))) if e.kind == "action" else None
            holder = characters.get(m.group(1)) if m else None
            card = self._trump_of(holder, cards) if holder is not None else None
            if card is None or holder is None or (e.trump is not None and card_of(e.trump) != card):
                continue
            e.trump = holder.trump = card
            out[id(e)] = Trigger(card, holder, {"raise_by_driving": {}})
        return out

    @staticmethod
    def _trump_of(character: OfficialEntry, cards: dict[str, str]) -> str | None:
        """The trump card a character of the file belongs to: its group heading 「切札♣J 騎士」, else a trump of
        the same name."""
        if character.trump is not None:
            return card_of(character.trump)
        m = re.match(r"切札(\S+)", character.group.strip())
        if m is not None and card_of(m.group(1)) in cards.values():
            return card_of(m.group(1))
        return cards.get(P.norm(character.get("charName")))

"""The facts of an edition an import plans: its formats (the list's spellings read), categories, the ids of
its entries and every field of an entry that is a fact (name, type, @ notation, cost, key, formats ...)."""
from __future__ import annotations

import re
from typing import Any

from bpdsl.dsl import codes as C
from bpdsl.dsl.cards import PatternError, parse_pattern
from bpdsl.dsl.notation import NotationError, parse_request
from bpdsl.dsl.schema import S_NOT_ALLOWED
from bpdsl.games.blackpoker.official.planned import SPEEDS, PlannedEntry, card_of, key_of, snake
from bpdsl.games.blackpoker.official.source import OfficialEntry


class EditionFacts:
    """The facts of :class:`~.plan.Planner` (a part of it)."""

    def _formats(self) -> list[dict[str, Any]] | None:
        """Resolve every entry's formats to ids (a frame list names them: a parent format of that name, else
        a new one; an extra list leaves them out: the parent's format that includes another, エクストラ),
        and the edition's ``formats`` when the file needs a format the parent lacks."""
        parent = sorted(self.parent.formats, key=lambda f: f.order)
        known = [f.id for f in parent]
        by_name = {f.name: f.id for f in parent}
        names: dict[str, str] = {}  # new format id -> its name
        extra = next((f.id for f in parent if f.includes), None)
        for e in [*self.official.entries, *self.official.trumps]:
            if e.by_name:
                ids = []
                for name in e.formats:
                    fid = by_name.get(name)
                    if fid is None:
                        fid = by_name[name] = f"frame_{len(names) + 1}"
                        names[fid] = name
                    ids.append(fid)
                e.formats, e.by_name = ids, False
            elif not e.formats:
                if extra is None:
                    extra = "extra"
                    names[extra] = "エクストラ"
                e.formats = [extra]
        self._spellings(known)
        used: list[str] = []
        for e in [*self.official.entries, *self.official.trumps]:
            for f in e.formats:
                if f not in used:
                    used.append(f)
        new = [f for f in used if f not in known]
        if not new:
            return None
        out = [{"id": f.id, "name": f.name, "order": f.order, **({"includes": f.includes} if f.includes else {})}
               for f in parent]
        top = max((f.order for f in self.parent.formats), default=0)
        for n, f in enumerate(new, 1):
            if not re.match(r"^[a-z][a-z0-9_]*$", f):
                self.sink.error(next(e.pos("format") for e in self.official.entries if f in e.formats),
                                C.D_FORMAT, f"format id {f!r} is not an id", "use lower-case letters and digits")
            fmt: dict[str, Any] = {"id": f, "name": names.get(f, f), "order": top + n}
            if f in names and known:  # a frame (or the extra list) adds its entries to a whole list
                fmt["includes"] = next((x.includes for x in parent if x.includes), known[-1])
            out.append(fmt)
        return out

    def _spellings(self, known: list[str]) -> None:
        """A format id the parent does not know that is a longer or shorter spelling of one it knows (the older
        lists' ``master`` for ``mast``) is read as that format, with a warning at the first entry writing it."""
        told: set[str] = set()
        known = list(dict.fromkeys([*known, *(f.id for ed in self.defs.editions.values()
                                              if ed.game == self.parent.game for f in ed.formats)]))
        for e in [*self.official.entries, *self.official.trumps]:
            for n, f in enumerate(e.formats):
                if f in known:
                    continue
                same = [k for k in known if len(min(k, f, key=len)) >= 3 and (f.startswith(k) or k.startswith(f))]
                if len(same) != 1:
                    continue
                e.formats[n] = same[0]
                if f not in told:
                    told.add(f)
                    self.sink.warning(e.pos("format"), C.Q_QUIRK, f"quirk: format {f!r} is the list's own spelling "
                                      f"of {same[0]!r}; read as {same[0]!r}", f"write {same[0]!r}")

    def _categories(self) -> dict[tuple[str, str], str]:
        """(section, heading) -> category id: the parent's category of that name, else a new one.  The
        actions a trump brings take the category of the parent's trump actions (else a new アビリティ)."""
        out: dict[tuple[str, str], str] = {}
        for c in self.parent.categories:
            out.setdefault((c.section, c.name), c.id)
        self.new_categories: list[dict[str, str]] = []
        brought = [a.category for a in self.parent.actions.values() if a.trump is not None]
        self.trump_category = max(set(brought), key=brought.count) if brought else None
        for e in self.official.entries:
            if e.kind == "character" or (e.kind, e.group) in out:
                continue
            if e.trump is not None and self.trump_category is not None:
                continue
            group = e.group if e.trump is None else "アビリティ"
            if (e.kind, group) in out:
                continue
            cid = f"{e.kind}_category_{len(self.new_categories) + 1}"
            out[(e.kind, group)] = cid
            self.new_categories.append({"id": cid, "name": group, "section": e.kind})
        return out

    def _category(self, e: OfficialEntry) -> str:
        if e.trump is not None:
            return self.trump_category or self.categories[(e.kind, "アビリティ")]
        return self.categories[(e.kind, e.group)]

    def _entries(self) -> list[PlannedEntry]:
        by_name = {(kind, _glyph(e.name)): eid for kind, table in (("action", self.parent.actions),
                                                            ("character", self.parent.characters),
                                                            ("fog", self.parent.fogs)) for eid, e in table.items()}
        by_card = {f"{'♠♡◇♣'[('spade', 'heart', 'diamond', 'club').index(t.suit)]}{t.number}": tid
                   for tid, t in self.parent.trumps.items() if t.suit in ('spade', 'heart', 'diamond', 'club')}
        self.renamed: list[tuple[str, str]] = []
        taken: set[tuple[str, str]] = set()
        out = []
        trumps = []
        self.face_down: dict[str, Any] | None = None  # the edition's face_down_trump (the list's 裏切札)
        for t in self.official.trumps:
            if re.fullmatch(r"[♠♡◇♣](?:A|[2-9]|10|J|Q|K)", card_of(t.get("trumpKey"))):
                trumps.append(t)
            elif self.face_down is None and t.get("trumpAbility").strip() in ("", "なし") \
                    and (face_down := self._face_down(t)) is not None:
                self.face_down = face_down  # 裏切札: any face-down card, no ability
            else:  # a rule of every face-down trump with an ability, not one card's (or no ruby to print)
                self.sink.warning(t.pos("trumpKey"), C.E_CARD, f"trump {t.get('trumpName')!r} is not assigned to "
                                  f"one card ({t.get('trumpKey')!r}); left out", "a trump ability belongs to one "
                                  "card such as ♠A; a rule of every trump belongs to the rulebook")
        self.official.trumps = trumps
        for e in [*self.official.entries, *self.official.trumps]:
            official_id = e.get(key_of(e, "Id"))
            name = e.get(key_of(e, "Name"))
            if e.kind == "trump":
                eid = by_card.get(card_of(e.get("trumpKey"))) or snake(official_id or f"trump {e.get('trumpKey')}")
            else:
                eid = by_name.get((e.kind, _glyph(name))) or (snake(official_id) if official_id else f"{e.kind}_{len(out) + 1}")
            n = 2
            while (e.kind, eid) in taken:
                eid, n = f"{eid}_{n}", n + 1
            taken.add((e.kind, eid))
            if official_id and eid != official_id:
                self.renamed.append((official_id, eid))
            out.append(PlannedEntry(e, eid, self._facts(e, eid)))
        return out

    def _face_down(self, t: OfficialEntry) -> dict[str, Any] | None:
        """The entry of a list for any card lying face down in a 切札 zone (the frame list's 裏切札: key
        「全て(裏向き)」, no ability) as the edition's ``face_down_trump``.  Its ruby, which the list does not
        give and the sheet prints, is the parent's entry's of the same name, else a loaded edition's; None
        when no edition gives one."""
        name = t.get("trumpName").strip()
        known = [e.face_down_trump for e in (self.parent, *self.defs.editions.values())
                 if e.face_down_trump is not None and e.face_down_trump.name == name]
        ruby = t.get("ruby").strip() or next((f.ruby for f in known if f.ruby), "")
        if not ruby:
            return None
        out: dict[str, Any] = {"name": name, "ruby": ruby, "key": t.get("trumpKey").strip(),
                               "formats": list(t.formats)}
        if t.get("since"):
            out["since"] = t.get("since")
        # the list's own forms of what the export writes otherwise: its id, its frames by name
        official = {k: t.get(k) for k in ("trumpId", "frame") if t.get(k).strip()}
        if official.get("trumpId", "").strip() == "faceDownTrump":
            del official["trumpId"]
        if official:
            out["official"] = official
        return out

    def _facts(self, e: OfficialEntry, eid: str) -> dict[str, Any]:
        """Every field of the entry that is a fact, not a sentence to compose."""
        p = {"action": "act", "character": "char", "fog": "fog", "trump": "trump"}[e.kind]
        data: dict[str, Any] = {"id": eid, "name": e.get(f"{p}Name")}
        if e.get("ruby"):
            data["ruby"] = e.get("ruby")
        if e.kind == "trump":
            data["card"] = card_of(e.get("trumpKey"))
            if e.beta:
                data["beta"] = True
            data["formats"] = list(e.formats)
            if e.get("since"):
                data["since"] = e.get("since")
            return data
        if e.kind == "action":
            data["category"] = self._category(e)
        data["type"] = e.get(f"{p}Type") or {"action": e.group, "character": "兵士", "fog": e.group}[e.kind]
        if e.kind == "character":
            data["kind"] = self._character_kind(e)
        if e.kind == "fog":
            data["category"] = self._category(e)
        if e.kind == "action":
            speed = e.get("actSpeed") or SPEEDS.get(e.get("actS").strip(), "通常")
            trigger = e.get("actTrigger") or ("誘発" if "誘発" in e.get("actType") or e.get("actTriggerCond")
                                             else "直接")
            notation = f"@{trigger}-{speed}-{e.get('actTime') or 'メイン'}"
            try:
                parse_request(notation)
            except NotationError as exc:
                key = self._request_field(e, (trigger, speed, e.get("actTime") or "メイン"))
                self.sink.error(e.pos(key), S_NOT_ALLOWED, f"{key} {e.get(key)!r}: cannot read the request "
                                f"{notation!r}: {exc.message}", exc.hint)
            data["request"] = notation
            data["cost"] = self._cost(e)
            if id(e) in self.unplayed_costs:
                data["unplayed"] = self.unplayed_costs[id(e)]
        key = e.get(f"{p}Key")
        if key:
            try:
                parse_pattern(key)
                data["key"] = key
            except PatternError as exc:  # a card the game does not know (レアカード): printed, not played
                self.sink.warning(e.pos(f"{p}Key"), C.K_PATTERN, f"cannot read the key pattern {key!r}: "
                                  f"{exc.message}; the entry is left out of play", exc.hint
                                  or "see the key-pattern grammar in the designer's manual")
                data["unplayed"] = f"its key {key!r} names cards the game does not know"
        data["formats"] = list(e.formats)
        for src, dst in (("since", "since"), ("update", "update"), ("story", "story"), ("flavor", "flavor"),
                         ("flavorSpeaker", "flavor_speaker")):
            if e.get(src):
                data[dst] = e.get(src)
        if e.get("devNote") and e.kind == "action":
            data["dev_note"] = e.get("devNote")
        return data

    @staticmethod
    def _request_field(e: OfficialEntry, parts: tuple[str, str, str]) -> str:
        """The field of an action whose value makes its @ notation unreadable: the one that, taken by its
        default, makes it readable (else the first the entry writes)."""
        keys = ("actTrigger", "actSpeed" if e.get("actSpeed") else "actS", "actTime")
        for n, (key, default) in enumerate(zip(keys, ("直接", "通常", "メイン"))):
            if not e.get(key):
                continue
            tried = list(parts)
            tried[n] = default
            try:
                parse_request("@" + "-".join(tried))
            except NotationError:
                continue
            return key
        return next((k for k in keys if e.get(k)), "actTime")

    def _character_kind(self, e: OfficialEntry) -> str:
        kinds = {c.kind for c in self.parent.characters.values() if c.type == e.get("charType")}
        if len(kinds) == 1:
            return kinds.pop()
        return "bulwark" if "防壁" in e.get("charType") else "soldier"

    def _cost(self, e: OfficialEntry) -> str:
        text = e.get("actCost")
        game = self.defs.games.get(self.parent.game)
        declared = {c.id for c in game.costs} if game is not None else set()
        unknown = sorted({ch for ch in text if not ch.isspace() and declared and ch not in declared})
        if "C" in unknown and e.get("actUnit") and self.parent.terms.get("trump_style") == "frame":
            unknown.remove("C")  # the unit driven to raise it (ユニット), printed $C by the frame style
            text = text.replace("C", "")
        if unknown:  # a cost of another edition's game (C): printed without it, left out of play
            self.sink.warning(e.pos("actCost"), C.C_COST, f"undeclared cost letter(s) {', '.join(unknown)} in "
                              f"{text!r}; the action is left out of play", f"the game {self.parent.game!r} "
                              "declares the costs " + ", ".join(sorted(declared)))
            self.unplayed_costs[id(e)] = f"its cost {text!r} has letters the game does not declare"
        return "".join(ch for ch in text.split() for ch in ch if ch not in unknown)


def _glyph(name: str) -> str:
    """A printed name with one diamond glyph (the official lists write ♢, bpdsl's editions ◇): the same entry."""
    return name.replace("♢", "◇").replace("♦", "◇")

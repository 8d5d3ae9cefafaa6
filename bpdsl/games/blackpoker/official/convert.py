"""An official list (``act.yaml`` shape) as a bpdsl edition folder, and the report of what is left to write.

The edition ``extends`` a loaded one (unless told, the file's own edition: :func:`choose_parent`): it inherits its
core flow, notation, wording and trumps, removes the inherited entries of the formats the file lists, and
writes every entry of the file in full.  Facts carry over field by field (name, ruby, type, category,
@ notation, cost, key, formats, since/update, story/flavor); an entry keeps the id its parent gives the
entry of the same printed name (so the parent's flow and trumps still find it), else the official id in
snake_case.  Every text is written as the op composition whose phrases print it (:mod:`.phrases`), and
where no phrase fits as a marked text override (``not_executed`` / ``not_executed_<kind>`` with ``text:``);
an entry with such an override where the engine runs it is listed as left out of play.  Extra lists
(``abiList``) and frame lists (``trumpList``) bring trumps: written to ``trumps.yaml`` with the actions and
characters each brings.

Before anything is written the folder is loaded with the other definitions and rendered: a field whose
printed text is not the official one is written as an override instead, so the result validates and
prints the official texts.
"""
from __future__ import annotations

import datetime
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

import yaml

from bpdsl.diagnostics import Diagnostic, DiagnosticSink, Pos
from bpdsl.dsl import codes as C
from bpdsl.dsl.cards import PatternError, parse_pattern
from bpdsl.dsl.document import Document
from bpdsl.dsl.notation import NotationError, parse_request
from bpdsl.dsl.schema import S_NOT_ALLOWED
from bpdsl.games.blackpoker.official import phrases as P
from bpdsl.games.blackpoker.official.source import OfficialEntry, OfficialFormatError, OfficialList, read
from bpdsl.model import Definitions, Edition
from bpdsl.ops.registry import PhraseContext

SPEEDS = {"●": "即時"}  # the older lists mark an instant action with actS ●
NOT_CARRIED_DATA = ("pdfurl_", "qr")
FIELD_TITLES = {"conditions": "起動条件", "when": "誘発条件", "target": "対象", "effect": "効果", "notes": "※",
                "size": "サイズ", "labels": "ラベル", "abilities": "能力", "lead": "効果 (前置き)"}


class ImportProblem(Exception):
    """The list cannot be imported; ``diagnostics`` say where (exit 1), ``usage`` marks a usage error."""

    def __init__(self, message: str, diagnostics: Sequence[Diagnostic] = (), usage: bool = False):
        self.diagnostics = list(diagnostics)
        self.usage = usage
        super().__init__(message)


@dataclass
class FieldReport:
    entry: str  # printed name
    kind: str
    field: str
    ops: int
    overrides: list[str]


@dataclass
class ImportResult:
    edition: str
    extends: str
    files: dict[str, str]
    fields: list[FieldReport]
    entries: dict[str, int]  # kind -> count
    renamed: list[tuple[str, str]]  # (official id, id written)
    not_carried: list[str]
    guessed: list[str]
    warnings: list[Diagnostic] = field(default_factory=list)  # what the file writes that is left out
    trumps: int = 0
    left_out: list[tuple[str, str, str]] = field(default_factory=list)  # (kind, name, why): printed, not played

    @property
    def composed(self) -> list[FieldReport]:
        return [f for f in self.fields if not f.overrides]

    @property
    def overridden(self) -> list[FieldReport]:
        return [f for f in self.fields if f.overrides]

    def entry_counts(self) -> tuple[int, int, int]:
        """Entries whose texts are all ops, partly ops, only overrides."""
        by: dict[str, list[FieldReport]] = {}
        for f in self.fields:
            by.setdefault(f"{f.kind}:{f.entry}", []).append(f)
        full = sum(1 for fs in by.values() if all(not f.overrides for f in fs))
        none = sum(1 for fs in by.values() if all(f.ops == 0 for f in fs))
        return full, len(by) - full - none, none


@dataclass
class _Entry:
    """An entry being converted: its DSL fields and the fields written as overrides so far."""

    source: OfficialEntry
    id: str
    data: dict[str, Any]
    forced: set[str] = field(default_factory=set)  # fields to write as whole overrides (after the render check)


def snake(name: str) -> str:
    s = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()
    s = re.sub(r"[^a-z0-9_]+", "_", s).strip("_")
    return s if re.match(r"^[a-z]", s or "") else f"e_{s}"


_KANJI = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}


def version_of(text: str) -> tuple[int, ...] | None:
    """The edition number a title writes: 第8.2版 -> (8, 2), 第七版 extra -> (7,), act6.1 -> (6, 1)."""
    m = re.search(r"(\d+(?:\.\d+)*)", text)
    if m:
        return tuple(int(n) for n in m.group(1).split("."))
    m = re.search(r"第([一二三四五六七八九十]+)版", text)
    if m:
        digits = [_KANJI[c] for c in m.group(1)]
        return (sum(digits) if len(digits) < 3 else digits[0] * 10 + digits[-1],)
    return None


def choose_parent(defs: Definitions, game: str, official: OfficialList) -> str | None:
    """The edition an import extends when ``--extends`` is not given: the file's own edition (its flow and
    notation), i.e. the newest loaded edition of ``game`` whose number is not above the file's ``data.ver``,
    else the oldest one above it.  A list that brings trumps needs an edition with trump rules: only those
    count then."""
    wanted = version_of(official.data.get("ver", ""))
    candidates = [e for e in defs.editions.values() if e.game == game and version_of(e.id) is not None]
    if official.trumps:
        candidates = [e for e in candidates if e.trumps] or candidates
    if wanted is None or not candidates:
        return None
    below = [e for e in candidates if version_of(e.id) <= wanted]  # type: ignore[operator]
    if below:
        return max(below, key=lambda e: version_of(e.id) or ()).id
    return min(candidates, key=lambda e: version_of(e.id) or ()).id


def convert(path: Path, edition_id: str, extends: str | None, defs: Definitions,
            documents: list[Document], roots: Sequence[Path]) -> ImportResult:
    """Read ``path`` and plan the edition folder; checked by loading and rendering it with ``roots``."""
    from bpdsl.dsl.scaffold import ID_PATTERN, newest_edition
    from bpdsl.games.blackpoker.plugin import PLUGIN
    from bpdsl.diagnostics import did_you_mean

    if not ID_PATTERN.match(edition_id):
        raise ImportProblem(f"{edition_id!r} is not an edition id: letters, digits, '.', '_' and '-', starting "
                            "with a letter (e.g. my8.3)", usage=True)
    if edition_id in defs.editions:
        raise ImportProblem(f"edition {edition_id!r} exists already; choose another id (--edition)", usage=True)
    if extends is not None and extends not in defs.editions:
        raise ImportProblem(f"unknown edition {extends!r} to extend; " + (
            did_you_mean(extends, defs.editions) or "editions: " + ", ".join(defs.editions)), usage=True)
    try:
        official = read(path)
    except OfficialFormatError as exc:
        raise ImportProblem(f"{path} is not a list in the official format", exc.diagnostics) from None
    parent_id = extends or choose_parent(defs, PLUGIN.id, official) or newest_edition(defs, PLUGIN.id)
    if parent_id is None:
        raise ImportProblem("no BlackPoker edition is loaded to extend (--extends)", usage=True)
    parent = defs.editions[parent_id]
    plan = _Planner(official, edition_id, parent, defs, documents)
    result = plan.result()
    if plan.promote_terms():  # the file's own words as edition terms, not beside each call
        result = plan.result()
    result.warnings = sorted([*official.warnings, *plan.sink.items], key=lambda d: (d.pos, d.code))
    for _ in range(3):  # the render check: a field that does not print the official text becomes an override
        wrong = _check(result.files, roots, plan)
        if not wrong:
            return result
        for entry, fname in wrong:
            entry.forced.add(fname)
        result = plan.result()
        result.warnings = sorted([*official.warnings, *plan.sink.items], key=lambda d: (d.pos, d.code))
    raise ImportProblem("the imported edition does not print the official texts (a bug in bpdsl import): "
                        + ", ".join(f"{e.id}.{f}" for e, f in _check(result.files, roots, plan)))


class _Planner:
    def __init__(self, official: OfficialList, edition_id: str, parent: Edition, defs: Definitions,
                 documents: list[Document]):
        self.official = official
        self.edition_id = edition_id
        self.parent = parent
        self.defs = defs
        self.sink = DiagnosticSink()
        self.unplayed_costs: dict[int, str] = {}
        self.candidates = P.collect(documents)
        self.chain: list[str] = []  # the parent and its ancestors
        at: Edition | None = parent
        while at is not None and at.id not in self.chain:
            self.chain.append(at.id)
            at = defs.editions.get(at.extends) if at.extends else None
        self.raised_by: dict[int, str] = self._trump_conditions()  # id(entry) -> its 起動条件 without the trump's
        self.triggered_by: dict[int, _Trigger] = self._trump_triggers()  # id(action) -> what triggers it
        self.driven_by: dict[int, _Trigger] = self._trump_units()  # id(action) -> the character driven to raise it
        self.formats = self._formats()
        self.categories = self._categories()
        self.entries = self._entries()
        if self.sink.errors:
            raise ImportProblem(f"{official.file} cannot be imported", self.sink.sorted())
        names = {eid: e.name for table in (parent.actions, parent.characters, parent.fogs)
                 for eid, e in table.items()}
        names.update({e.id: e.source.get(_key(e.source, "Name")) for e in self.entries})
        self.index = P.PhraseIndex(self.candidates, PhraseContext(parent.terms, names))
        for kind, table in (("action", parent.actions), ("character", parent.characters), ("fog", parent.fogs)):
            self.index.entry_ids[kind] = set(table) | {e.id for e in self.entries if e.source.kind == kind}
        self.terms: dict[str, str] = {}  # the edition terms the file's sentences choose (promote_terms)
        written = "".join(v for e in [*official.entries, *official.trumps] for v in e.values.values())
        if "♢" in written and "◇" not in written and parent.terms.get("diamond", "◇") != "♢":
            self.terms["diamond"] = "♢"  # the list's own suit glyph (第9.0版 フレーム編)
        self.written_terms: dict[tuple[str, str], int] = {}  # (term, word) -> calls that write it beside them

    def official_pos(self) -> "Pos":
        """Where the list states its edition: its data block, else its first line."""
        first = next(iter([*self.official.entries, *self.official.trumps]), None)
        return first.doc.pos(("data",)) if first is not None else Pos(self.official.file, 1, 1)

    # ------------------------------------------------------------------ edition-level facts

    def _trump_conditions(self) -> dict[int, str]:
        """The actions a frame list raises through a trump: a direct action whose 起動条件 starts with
        「自分の表切札に「X」がある」, X a trump of the file, is brought by that trump.  Where the parent prints
        that condition itself (``trump_style: frame``) the action goes under the trump, the condition is left
        to the renderer, and the trump's ability lets its owner raise the action (``may_raise``, added in
        :meth:`result` unless an ability names it already); elsewhere the condition stays a sentence.
        Returns id(entry) -> the rest of its 起動条件."""
        if self.parent.terms.get("trump_style") != "frame":
            return {}
        cards = {t.get("trumpName").strip(): t.get("trumpKey") for t in self.official.trumps}
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
            if card is None or (e.trump is not None and _card(e.trump) != card):  # bpdsl's export names its trump
                continue
            e.trump = card
            out[id(e)] = "\n".join(u.as_phrase() for u in parts[1:])
        return out

    def _trump_triggers(self) -> dict[int, "_Trigger"]:
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
        cards = {P.norm(t.get("trumpName")): _card(t.get("trumpKey")) for t in self.official.trumps}
        characters = {P.norm(e.get("charName")): e for e in self.official.entries if e.kind == "character"}
        names = {eid: e.name for table in (self.parent.actions, self.parent.characters, self.parent.fogs)
                 for eid, e in table.items()}
        heads = P.PhraseIndex(self.candidates, PhraseContext(dict(self.parent.terms), names)).heads("trigger")
        out: dict[int, _Trigger] = {}
        for e in self.official.entries:
            text = P.norm(e.get("actTriggerCond"))
            if e.kind != "action" or not text or "\n" in e.get("actTriggerCond").strip():
                continue
            if (m := re.fullmatch(r"自分の表切札に「(.+?)」があるかつ、(.+)時に誘発する", text)) and m.group(1) in cards \
                    and (e.trump is None or _card(e.trump) == cards[m.group(1)]):
                e.trump = cards[m.group(1)]
                out[id(e)] = _Trigger(e.trump, None, heads.get(m.group(2)))
                continue
            m = re.fullmatch(r"自分の「(.+?)」が場から(.+?)に移った時に誘発する", text)
            m2 = re.fullmatch(r"自分の場に「(.+?)」がいるかつ、(.+)時に誘発する", text)
            found = m or m2
            holder = characters.get(found.group(1)) if found else None
            card = self._trump_of(holder, cards) if holder is not None else None
            if card is None or found is None or (e.trump is not None and _card(e.trump) != card):
                continue
            if m is not None:
                zones = [_ZONES.get(z) for z in m.group(2).split("もしくは")]
                if None in zones:
                    continue
                call: Any = {"raises_on_leave": {"to": zones}}
            elif (when := heads.get(found.group(2))) is not None:
                call = {"raises_when": {"when": when}}
            else:
                continue
            e.trump = holder.trump = card
            out[id(e)] = _Trigger(card, holder, call)
        return out

    def _trump_units(self) -> dict[int, "_Trigger"]:
        """The 兵士起因 actions a frame list raises by driving a trump's character: (ユニット) 「「C」1体」 (C a
        character of the file listed under a trump) puts the action and the character under that trump, and
        the character raises it by driving itself (``raise_by_driving``), which the frame style prints as the
        unit.  A unit 「<X> を持つ兵士1体」 is the trump's own ``grant`` (its ability text) and needs no link.
        Returns id(action) -> the link."""
        if self.parent.terms.get("trump_style") != "frame":
            return {}
        cards = {P.norm(t.get("trumpName")): _card(t.get("trumpKey")) for t in self.official.trumps}
        characters = {P.norm(e.get("charName")): e for e in self.official.entries if e.kind == "character"}
        out: dict[int, _Trigger] = {}
        for e in self.official.entries:
            m = re.fullmatch(r"「(.+?)」1体", P.norm(e.get("actUnit"))) if e.kind == "action" else None
            holder = characters.get(m.group(1)) if m else None
            card = self._trump_of(holder, cards) if holder is not None else None
            if card is None or holder is None or (e.trump is not None and _card(e.trump) != card):
                continue
            e.trump = holder.trump = card
            out[id(e)] = _Trigger(card, holder, {"raise_by_driving": {}})
        return out

    @staticmethod
    def _trump_of(character: OfficialEntry, cards: dict[str, str]) -> str | None:
        """The trump card a character of the file belongs to: its group heading 「切札♣J 騎士」, else a trump of
        the same name."""
        if character.trump is not None:
            return _card(character.trump)
        m = re.match(r"切札(\S+)", character.group.strip())
        if m is not None and _card(m.group(1)) in cards.values():
            return _card(m.group(1))
        return cards.get(P.norm(character.get("charName")))

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

    def _entries(self) -> list[_Entry]:
        by_name = {(kind, e.name): eid for kind, table in (("action", self.parent.actions),
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
            if re.fullmatch(r"[♠♡◇♣](?:A|[2-9]|10|J|Q|K)", _card(t.get("trumpKey"))):
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
            official_id = e.get(_key(e, "Id"))
            name = e.get(_key(e, "Name"))
            if e.kind == "trump":
                eid = by_card.get(_card(e.get("trumpKey"))) or snake(official_id or f"trump {e.get('trumpKey')}")
            else:
                eid = by_name.get((e.kind, name)) or (snake(official_id) if official_id else f"{e.kind}_{len(out) + 1}")
            n = 2
            while (e.kind, eid) in taken:
                eid, n = f"{eid}_{n}", n + 1
            taken.add((e.kind, eid))
            if official_id and eid != official_id:
                self.renamed.append((official_id, eid))
            out.append(_Entry(e, eid, self._facts(e, eid)))
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
        return out

    def _facts(self, e: OfficialEntry, eid: str) -> dict[str, Any]:
        """Every field of the entry that is a fact, not a sentence to compose."""
        p = {"action": "act", "character": "char", "fog": "fog", "trump": "trump"}[e.kind]
        data: dict[str, Any] = {"id": eid, "name": e.get(f"{p}Name")}
        if e.get("ruby"):
            data["ruby"] = e.get("ruby")
        if e.kind == "trump":
            data["card"] = _card(e.get("trumpKey"))
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
                self.sink.error(e.pos("actTrigger"), S_NOT_ALLOWED, f"cannot read the request {notation!r}: "
                                f"{exc.message}", exc.hint)
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

    # ------------------------------------------------------------------ sentences

    def _compose(self, entry: _Entry, reports: list[FieldReport]) -> dict[str, Any]:
        e = entry.source
        self.index.set_entry(entry.id, self.chain)  # where calls print alike, the parent's own call
        if "unit" in entry.forced:  # no ability raises it by driving the unit the file names
            entry.data.setdefault("unplayed", f"its unit {e.get('actUnit')!r} is not a character that raises it "
                                  "by driving itself")
        data = dict(entry.data)
        name = data["name"]

        def record(fname: str, match: P.Match) -> None:
            reports.append(FieldReport(name, e.kind, fname, match.ops, match.overrides))

        def single(fname: str, kind: str, text: str) -> Any:
            raw = None if fname in entry.forced else self.index.one(kind, text)
            if raw is None:
                raw = {f"not_executed_{kind}": {}, "text": _phrase(text)}
                record(fname, P.Match([raw], [raw["text"]]))
            else:
                record(fname, P.Match([raw]))
            return raw

        def many(fname: str, kind: str, text: str, override: str) -> list[Any]:
            parts = P.units(text)
            if fname in entry.forced:
                match = P.Match([{override: {}, "text": u.as_phrase()} for u in parts], [u.as_phrase() for u in parts])
            else:
                match = self.index.compose(kind, parts, override)
            record(fname, match)
            return match.calls

        if e.kind == "action":
            conditions = self.raised_by.get(id(e), e.get("actActCond"))
            if conditions:
                data["conditions"] = many("conditions", "condition", conditions, "not_executed_condition")
            elif id(e) in self.raised_by:  # the whole 起動条件 is the trump's: printed from the may_raise link
                record("conditions", P.Match([{"may_raise": {"action": entry.id}}]))
            link = self.triggered_by.get(id(e))
            if link is not None and "when" not in entry.forced:  # printed from the trump's or character's link
                record("when", P.Match([link.call or {}]))
                data.setdefault("conditions", ["not_direct"])  # raised only by that link (not printed then)
            elif e.get("actTriggerCond"):
                data["when"] = single("when", "trigger", e.get("actTriggerCond"))
            target = single("target", "target", e.get("actTarget")) if e.get("actTarget") else None
            if target is not None:
                data["target"] = target
            self.index.set_target(target)
            parts = P.units(e.get("actEffect"))
            lead = None
            if len(parts) > 1 and not parts[0].numbered and not parts[0].bulleted and all(
                    u.numbered for u in parts[1:]):
                first = self.index.compose("effect", parts[:1], "not_executed")
                if first.overrides or "effect" in entry.forced:
                    lead, parts = parts[0].as_phrase(), parts[1:]
            if lead is not None:
                data["lead"] = lead
                reports.append(FieldReport(name, e.kind, "lead", 0, []))
            if "effect" in entry.forced:
                match = P.Match([{"not_executed": {}, "text": u.as_phrase()} for u in parts],
                                [u.as_phrase() for u in parts])
            else:
                match = self.index.compose("effect", parts, "not_executed")
            record("effect", match)
            data["effect"] = match.calls
            if match.joined and len(parts) == 1:
                data["list"] = "prose"
            if any(u.bulleted for u in parts) and len(parts) > 1:
                data["list"] = "bullets"
            if e.get("actNote"):
                note = "\n".join(line.strip().removeprefix("※").strip() for line in e.get("actNote").split("\n"))
                data["notes"] = many("notes", "note", note, "not_executed_note")
        elif e.kind == "character":
            if e.get("charSize"):
                data["size"] = single("size", "size", e.get("charSize"))
            if e.get("charLabel"):
                labels = [t.strip() for t in re.split(r"[,、，]", e.get("charLabel")) if t.strip()]
                calls, overs = [], []
                for text in labels:
                    raw = None if "labels" in entry.forced else self.index.one("label", text)
                    if raw is None:
                        raw = {"not_executed_label": {}, "text": text}
                        overs.append(text)
                    calls.append(raw)
                record("labels", P.Match(calls, overs))
                data["labels"] = calls
            if e.get("charAbility"):
                data["abilities"] = many("abilities", "ability", e.get("charAbility"), "not_executed_ability")
        elif e.kind == "trump":
            text = e.get("trumpAbility").strip()
            if text and text != "なし":
                data["abilities"] = many("abilities", "ability", text, "not_executed_ability")
        else:
            if e.get("fogTarget"):
                data["target"] = single("target", "target", e.get("fogTarget"))
            if e.get("fogAbility"):
                data["abilities"] = many("abilities", "ability", e.get("fogAbility"), "not_executed_ability")
        return data

    # ------------------------------------------------------------------ the folder

    def promote_terms(self, least: int = 3) -> bool:
        """Make a wording term the edition's where the file's sentences choose one word for it: the word
        written beside ``least`` or more calls by the last :meth:`result` (e.g. 第七版 extra's targets
        「兵士1体を対象とする。」 under act8.2's noun targets) becomes the edition's ``terms:``, so the calls
        print it without a ``terms:`` of their own.  True when a term was promoted (compose again)."""
        best: dict[str, tuple[int, str]] = {}
        for (key, word), n in self.written_terms.items():
            if n >= least and n > best.get(key, (0, ""))[0]:
                best[key] = (n, word)
        new = {key: word for key, (_, word) in best.items() if self.terms.get(key) != word}
        if not new:
            return False
        self.terms.update(new)
        self.index.set_terms(new)
        return True

    def result(self) -> ImportResult:
        reports: list[FieldReport] = []
        lists: dict[str, list[dict[str, Any]]] = {"action": [], "character": [], "fog": [], "trump": []}
        brought: dict[str, dict[str, list[dict[str, Any]]]] = {}  # card -> the entries its trump brings
        self.written_terms = {}
        for entry in self.entries:
            composed = self._compose(entry, reports)
            for key, word in _terms_beside(composed):
                self.written_terms[(key, word)] = self.written_terms.get((key, word), 0) + 1
            if entry.source.trump is not None:
                key = {"action": "actions", "character": "characters"}[entry.source.kind]
                brought.setdefault(_card(entry.source.trump), {}).setdefault(key, []).append(composed)
            else:
                lists[entry.source.kind].append(composed)
        cards = {t["card"] for t in lists["trump"]}
        raised = {entry.id for entry in self.entries if id(entry.source) in self.raised_by}
        for trump in lists["trump"]:
            for key, rows in brought.get(trump["card"], {}).items():
                for row in rows:
                    if row.get("formats") == trump.get("formats"):
                        row.pop("formats")  # the trump's format
                    if row["id"] in raised and row["id"] not in _named(trump.get("abilities")):
                        trump.setdefault("abilities", []).append({"may_raise": {"action": row["id"]}})
                trump[key] = rows
        self._link_triggers(lists["trump"], brought)
        for rows in brought.values():
            for row in rows.get("characters", []):
                self._implied_abilities(row)
        for card, by_key in brought.items():  # a trump the file does not list: plain entries
            if card not in cards:
                for key, rows in by_key.items():
                    lists[{"actions": "action", "characters": "character"}[key]].extend(rows)
        left_out: list[tuple[str, str, str]] = []
        for entry in self.entries:
            e = entry.source
            name = e.get(_key(e, "Name"))
            run = [f for f in reports if f.entry == name and f.kind == e.kind and f.overrides
                   and f.field not in ("notes", "lead")]
            if entry.data.get("unplayed"):
                left_out.append((e.kind, name, entry.data["unplayed"]))
            elif run:
                left_out.append((e.kind, name, "printed from a text override: "
                                 + ", ".join(FIELD_TITLES.get(f.field, f.field) for f in run)))
        out_trumps = {_card(e.source.get("trumpKey")) for e in self.entries if e.source.kind == "trump"
                      and (e.source.kind, e.source.get("trumpName")) in {(k, n) for k, n, _ in left_out}}
        for entry in self.entries:  # what a trump left out of play brings is not played either
            e = entry.source
            if e.trump is not None and _card(e.trump) in out_trumps and not any(
                    k == e.kind and n == e.get(_key(e, "Name")) for k, n, _ in left_out):
                left_out.append((e.kind, e.get(_key(e, "Name")), f"brought by the trump {_card(e.trump)}, which "
                                 "is printed only"))
        files = self._files(lists)
        data = self.official.data
        not_carried = [f"data.{k}" for k in data if k.startswith(NOT_CARRIED_DATA)]
        not_carried += sorted({f"{e.kind} {k}" for e in self.official.entries for k in e.values
                               if k in ("charNote",) or (k == "devNote" and e.kind != "action")})
        guessed = [f"{e.get('charName')}: kind {self._character_kind(e)} (from its type {e.get('charType')})"
                   for e in self.official.entries if e.kind == "character"]
        not_carried += sorted(self.official.aside)
        counts = {k: len(v) for k, v in lists.items() if k != "trump"}
        for kind in ("action", "character"):
            counts[kind] += sum(1 for e in self.entries if e.source.trump is not None and e.source.kind == kind)
        return ImportResult(self.edition_id, self.parent.id, files, reports, counts, self.renamed, not_carried,
                            guessed, trumps=len(lists["trump"]), left_out=left_out)

    def _link_triggers(self, trumps: list[dict[str, Any]], brought: dict[str, dict[str, list[dict[str, Any]]]]) -> None:
        """Write the abilities that trigger the linked actions (:meth:`_trump_triggers`): on the trump
        (``raises_when``) or on its character (``raises_on_leave`` / ``raises_when``), unless an ability
        written there names the action already.  An action whose 誘発条件 is an override keeps no link."""
        rows = {(e.source.kind, id(e.source)): e for e in self.entries}
        for entry in self.entries:
            link = self.triggered_by.get(id(entry.source)) or self.driven_by.get(id(entry.source))
            if link is None or "when" in entry.forced or "unit" in entry.forced:
                continue
            if link.character is None:
                row = next((t for t in trumps if t["card"] == link.card), None)
                if row is not None and link.call is not None and entry.id not in _named(row.get("abilities")):
                    row.setdefault("abilities", []).append({"raises_when": {"when": link.call, "action": entry.id}})
                continue
            holder = rows.get(("character", id(link.character)))
            if holder is None:
                continue
            for row in brought.get(link.card, {}).get("characters", []):
                if row["id"] == holder.id and entry.id not in _named(row.get("abilities")):
                    (op, args), = link.call.items()
                    row.setdefault("abilities", []).append({op: {**args, "action": entry.id}})

    def _implied_abilities(self, row: dict[str, Any]) -> None:
        """A trump character of a frame list: the abilities the frame style leaves out because its labels, size
        and key say them (ops declared ``implied_by_labels``: 準備, 「2枚で1体」 ...) are taken from the parent's
        character of the same id, and the abilities are put in the parent's order (the order the engine
        meets them in)."""
        from bpdsl.ops import registry

        was = self.parent.characters.get(row["id"])
        if was is None or self.parent.terms.get("trump_style") != "frame":
            return
        rows = list(row.get("abilities") or [])
        have = {_op_name(r) for r in rows}
        for call in was.abilities:
            op = registry.REGISTRY.get(call.op)
            if op is not None and op.extra.get("implied_by_labels") and call.op not in have and call.text is None:
                rows.append(_raw_call(call))
        order = {c.op: n for n, c in reversed(list(enumerate(was.abilities)))}
        rows.sort(key=lambda r: order.get(_op_name(r), len(order)))
        if rows:
            row["abilities"] = rows

    def _files(self, lists: dict[str, list[dict[str, Any]]]) -> dict[str, str]:
        data = self.official.data
        formats = sorted({f for e in [*self.official.entries, *self.official.trumps] for f in _format_ids(e)},
                         key=lambda f: [x["id"] for x in self.formats].index(f) if self.formats else
                         next((x.order for x in self.parent.formats if x.id == f), 99))
        includes = {f.id: f.includes for f in self.parent.formats if f.includes}

        def own(formats_of: list[str]) -> set[str]:  # without the formats an entry is in by inclusion
            return {f for f in formats_of if not (f in includes and includes[f] in formats_of)}

        written = {(en.source.kind, en.id) for en in self.entries}
        rewritten = {en.id for en in self.entries if en.source.kind == "trump"}
        named = _named(lists)
        for row in lists["trump"]:  # a trump the file gives no ability keeps its parent's (its calls name actions)
            inherited = self.parent.trumps.get(row["id"])
            if "abilities" not in row and inherited is not None:
                from bpdsl.dsl.opcalls import nested_calls

                named |= {v for c in nested_calls(list(inherited.abilities)) for k in ("action", "self")
                          if isinstance(v := c.args.get(k), str)}
        # the parent's trumps stay (a trump cannot be removed): the entries they bring stay unless re-written
        # or their trump is (the file lists all that trump brings) and no call written names them
        removed = {kind: [eid for eid, e in table.items() if own(e.formats) & set(formats)
                          and (getattr(e, "trump", None) is None
                               or (getattr(e, "trump", None) in rewritten and eid not in named)
                               or (kind[:-1] if kind != "fogs" else "fog", eid) in written)]
                   for kind, table in (("actions", self.parent.actions), ("characters", self.parent.characters),
                                       ("fogs", self.parent.fogs))}
        name = data.get("ver") or self.edition_id
        date = data.get("lastupdate") or datetime.date.today().strftime("%Y/%-m/%-d")
        edition: dict[str, Any] = {"kind": "edition", "id": self.edition_id, "extends": self.parent.id,
                                   "name": name, "date": date}
        if self.terms:
            edition["terms"] = dict(self.terms)
        if self.formats:
            edition["formats"] = self.formats
        if self.face_down is not None:
            edition["face_down_trump"] = self.face_down
        if self.new_categories:
            edition["categories"] = [{"id": c.id, "name": c.name, "section": c.section}
                                     for c in self.parent.categories] + self.new_categories
        edition["colophon"] = {"title": f"BlackPoker ActionList {name} {self.edition_id}", "issued": date}
        edition["remove"] = {k: v for k, v in removed.items() if v}
        head = (f"# Imported by `bpdsl import official` from {Path(self.official.file).name}: the official list "
                f"as edition {self.edition_id},\n# extending {self.parent.id} (its flow, notation, wording and "
                "trumps); the entries of the listed formats are replaced.\n")
        files = {"definitions/edition.yaml": _schema_line("edition") + head + _dump(edition)}
        for kind, key in (("action", "actions"), ("character", "characters"), ("fog", "fogs")):
            if lists[kind]:
                files[f"definitions/{key}.yaml"] = _schema_line(key) + _dump(
                    {"kind": key, "edition": self.edition_id, key: lists[kind]})
        by_format: dict[str, list[dict[str, Any]]] = {}
        for trump in lists["trump"]:
            by_format.setdefault(trump["formats"][0], []).append(trump)
        for n, (fmt, trumps) in enumerate(by_format.items()):
            for trump in trumps:
                if trump["formats"] == [fmt]:
                    trump.pop("formats")
            files[f"definitions/trumps{'' if n == 0 else n + 1}.yaml"] = _schema_line("trumps") + _dump(
                {"kind": "trumps", "edition": self.edition_id, "format": fmt, "trumps": trumps})
        files["bpdsl.toml"] = (f'# bpdsl project of edition {self.edition_id} (imported)\n[definitions]\n'
                               f'paths = ["definitions"]\n\n[defaults]\nedition = "{self.edition_id}"\n'
                               f'format = "{"std" if "std" in formats else formats[-1] if formats else "std"}"\n')
        from bpdsl.dsl.jsonschema import schema_files

        files.update({f"schemas/{n}": text for n, text in schema_files().items()})
        return files


_ZONES = {"墓地": "grave", "手札": "hand"}


@dataclass
class _Trigger:
    """What triggers an action a frame list raises through a trump (``character`` None: the trump's
    ``raises_when`` with the trigger op ``call``, None where an ability of the trump names the action) or
    through the trump's character (``call``: its ``raises_on_leave``/``raises_when`` without the action)."""

    card: str
    character: OfficialEntry | None
    call: Any


def _op_name(raw: Any) -> str | None:
    if isinstance(raw, str):
        return raw
    return next((k for k in raw if k not in ("text", "terms")), None) if isinstance(raw, dict) else None


def _raw_call(call: Any) -> Any:
    """An op call of the model as YAML writes it (its arguments as written: an expression by its source)."""
    from bpdsl.model import OpCall
    from bpdsl.ops.args import source_text

    def value(v: Any) -> Any:
        if isinstance(v, OpCall):
            return _raw_call(v)
        if isinstance(v, (list, tuple)):
            return [value(x) for x in v]
        if isinstance(v, dict):
            return {k: value(x) for k, x in v.items()}
        if isinstance(v, (str, int, float, bool)) or v is None:
            return v
        return source_text(v)

    raw: dict[str, Any] = {call.op: value(dict(call.args))}
    if call.terms:
        raw["terms"] = dict(call.terms)
    return raw


def _terms_beside(data: Any) -> list[tuple[str, str]]:
    """The (term, word) pairs written as ``terms:`` beside op calls anywhere in ``data``."""
    out: list[tuple[str, str]] = []
    if isinstance(data, dict):
        for k, v in data.items():
            if k == "terms" and isinstance(v, dict):
                out += [(str(t), str(w)) for t, w in v.items()]
            else:
                out += _terms_beside(v)
    elif isinstance(data, list):
        for v in data:
            out += _terms_beside(v)
    return out


def _named(calls: Any) -> set[str]:
    """The actions named by op calls as written (``action:`` or ``self:`` of any call, nested ones too)."""
    out: set[str] = set()
    if isinstance(calls, dict):
        for k, v in calls.items():
            if k in ("action", "self") and isinstance(v, str):
                out.add(v)
            out |= _named(v)
    elif isinstance(calls, list):
        for v in calls:
            out |= _named(v)
    return out


def _key(e: OfficialEntry, suffix: str) -> str:
    return {"action": "act", "character": "char", "fog": "fog", "trump": "trump"}[e.kind] + suffix


def _format_ids(e: OfficialEntry) -> list[str]:
    return list(e.formats)


def _card(text: str) -> str:
    """A trump's card as bpdsl writes it: "♠A", the diamond as ◇."""
    return "".join(text.split()).replace("♢", "◇").replace("♦", "◇").replace("♥", "♡")


def _phrase(text: str) -> str:
    return "\n".join(u.as_phrase() for u in P.units(text))


def _schema_line(kind: str) -> str:
    return f"# yaml-language-server: $schema=../schemas/{kind}.schema.json\n"


class _Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:  # every call written out where it is used
        return True


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)


def _dump(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=1000,
                     default_flow_style=None)


def _check(files: dict[str, str], roots: Sequence[Path], plan: _Planner) -> list[tuple[_Entry, str]]:
    """Load the planned folder with ``roots`` and render it: the (entry, field) pairs not printed as the
    official text.  Definitions that do not load are an error of the import."""
    from bpdsl.dsl.loader import load
    from bpdsl.render.text import edition_texts

    staging = Path(tempfile.mkdtemp(prefix="bpdsl-import-"))
    try:
        for rel, text in files.items():
            if rel.startswith("definitions/"):
                target = staging / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
        result = load([*roots, staging / "definitions"])
        if not result.ok:
            raise ImportProblem("the imported edition does not validate",
                                [_at_official(d, staging, files, plan) for d in result.errors])
        edition = result.definitions.editions[plan.edition_id]
        printed = {(t.entry, t.id): t for t in edition_texts(edition)}
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    wrong: list[tuple[_Entry, str]] = []
    sections = {"conditions": "condition", "when": "when", "target": "target", "effect": "effect", "notes": "note",
                "size": "size", "labels": "label", "abilities": "ability", "unit": "unit"}
    for entry in plan.entries:
        t = printed.get((entry.source.kind, entry.id))
        if t is None:
            continue
        for fname, official in _official_texts(entry.source).items():
            got = "".join(s.text for s in t.sections if s.kind == sections[fname])
            if P.norm(got) != P.norm(official) and fname not in entry.forced:
                wrong.append((entry, fname))
    return wrong


def _at_official(d: Diagnostic, staging: Path, files: dict[str, str], plan: _Planner) -> Diagnostic:
    """A diagnostic of the planned folder, told at the official entry it comes from (else at the file of
    the folder it names)."""
    from bpdsl.dsl.yamlload import load_text

    try:
        rel = Path(d.pos.file).resolve().relative_to(staging.resolve()).as_posix()
    except ValueError:
        return d
    key = rel.removeprefix("definitions/").removesuffix(".yaml")
    kind = {"actions": "action", "characters": "character", "fogs": "fog"}.get(key)
    if kind is not None and rel in files:
        doc, _ = load_text(files[rel], rel)
        ours = [e for e in plan.entries if e.source.kind == kind and e.source.trump is None]
        at = None
        for i, entry in enumerate(ours):
            if doc is not None and doc.pos((key, i)).line <= d.pos.line:
                at = entry
        if at is not None:
            return Diagnostic(at.source.pos(), d.code, f"{at.source.get(_key(at.source, 'Name'))}: {d.message}",
                              d.hint, d.severity)
    # a problem of the edition as a whole: told at the first entry of the format it names, else at the
    # list's data block (the planned folder is never written when it does not validate)
    quoted = set(re.findall(r"'([^']+)'", d.message))
    at_entry = next((e for e in [*plan.official.entries, *plan.official.trumps] if quoted & set(e.formats)), None)
    pos = at_entry.pos("format") if at_entry is not None else plan.official_pos()
    return Diagnostic(pos, d.code, f"the imported edition: {d.message}", d.hint, d.severity)


def _official_texts(e: OfficialEntry) -> dict[str, str]:
    """The official sentences of an entry by DSL field (a ※ note without its mark; the lead with the
    effect, as printed)."""
    keys = {"action": {"conditions": "actActCond", "when": "actTriggerCond", "target": "actTarget",
                       "effect": "actEffect", "notes": "actNote", "unit": "actUnit"},
            "character": {"size": "charSize", "labels": "charLabel", "abilities": "charAbility"},
            "fog": {"target": "fogTarget", "abilities": "fogAbility"}}[e.kind]
    out = {f: e.get(k) for f, k in keys.items() if e.get(k)}
    if "notes" in out:
        out["notes"] = "".join(line.strip().removeprefix("※") for line in out["notes"].split("\n"))
    return out

"""Design guidelines as data: the rules designers keep when they add actions and characters (the official
ones: 付録 C, six rules, each 必須 or 推奨), declared in a ``guidelines`` document and checked against the
entries of every edition of the game.

A guideline names the *check* that decides it and the check's arguments; the checks are general, so a
designer can reword a guideline, change its level, switch it off (remove it) or add one of their own with
other arguments.  The checks that read the definitions alone live here:

* ``single_target`` — an action targets one thing: a target op call asking for ``count`` > 1 breaks it;
* ``request_requires`` — every action whose request matches ``where`` (trigger / speed / timing) has what
  ``require`` says: ``key: true`` (key cards), or a ``speed`` / ``timing``;
* ``identifiable_characters`` — no two characters of a format could be the same cards on the field: the same
  kind (so the same face), a number of cards both allow, and a card both key patterns accept;
* ``double_main_trigger`` (the part that needs no play) — a 誘発–メイン action whose trigger condition
  matches ``each`` card of one resolution can trigger twice at once.

Checks that need play (``first_turn_win``; the play part of ``double_main_trigger``) are run by
:mod:`bpdsl.sim.guidelines` with the combo search and the simulator; :data:`PLAY` names them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from bpdsl.diagnostics import Pos, code
from bpdsl.model import Action, Edition

L_BAD_GUIDELINE = code("L001", "a design guideline names an unknown check or gives it wrong arguments")
L_REQUIRED = code("L101", "an entry breaks a 必須 (required) design guideline")
L_RECOMMENDED = code("L102", "an entry breaks a 推奨 (recommended) design guideline (a warning)")

LEVELS = {"必須": "error", "推奨": "warning"}
TRIGGER = {"direct": "直接", "triggered": "誘発"}
SPEED = {"instant": "即時", "normal": "通常"}
TIMING = {"main": "メイン", "quick": "クイック"}
REQUEST_KEYS = {"trigger": TRIGGER, "speed": SPEED, "timing": TIMING}


@dataclass(frozen=True)
class Guideline:
    id: str
    level: str  # 必須 | 推奨
    title: str
    text: str
    check: str
    args: dict[str, Any] = field(default_factory=dict, hash=False)
    pos: Pos = field(default_factory=lambda: Pos("", 0, 0), hash=False)

    @property
    def severity(self) -> str:
        return LEVELS[self.level]


@dataclass(frozen=True)
class Breach:
    """One entry breaking one guideline (``pos``: the entry or the op call at fault)."""

    guideline: Guideline
    pos: Pos
    entry: str  # the entry's id
    detail: str  # what breaks it, in words
    editions: tuple[str, ...] = ()


Finding = tuple[str, Pos, str]  # (entry id, position, detail)
StaticCheck = Callable[[Edition, dict[str, Any]], Iterator[Finding]]


def notation(action: Action) -> str:
    r = action.request
    return f"@{TRIGGER[r.trigger]}-{SPEED[r.speed]}-{TIMING[r.timing]}"


def single_target(edition: Edition, args: dict[str, Any]) -> Iterator[Finding]:
    for a in edition.actions.values():
        t = a.target
        if t is not None and int(t.args.get("count", 1) or 1) > 1:
            yield a.id, t.pos, f"{a.name} ({a.id}) targets {t.args['count']} at once ({t.op}: count {t.args['count']})"


def request_requires(edition: Edition, args: dict[str, Any]) -> Iterator[Finding]:
    where: dict[str, str] = args.get("where") or {}
    need: dict[str, Any] = args.get("require") or {}
    for a in edition.actions.values():
        if not all(getattr(a.request, k) == v for k, v in where.items()):
            continue
        missing = []
        if need.get("key") and a.key is None:
            missing.append("key cards")
        for k in ("speed", "timing"):
            if k in need and getattr(a.request, k) != need[k]:
                missing.append(f"{k} {REQUEST_KEYS[k][need[k]]}")
        if missing:
            yield a.id, a.pos, f"{a.name} ({a.id}) {notation(a)} has no {' and no '.join(missing)}"


def identifiable_characters(edition: Edition, args: dict[str, Any]) -> Iterator[Finding]:
    from bpdsl.dsl.cards import full_deck

    deck = full_deck()
    seen: set[tuple[str, str]] = set()
    for f in edition.formats:
        chars = edition.characters_in(f.id)
        for i, a in enumerate(chars):
            for b in chars[i + 1:]:
                if (a.id, b.id) in seen or a.kind != b.kind or a.key is None or b.key is None:
                    continue
                lo_a, hi_a = a.key.size_range
                lo_b, hi_b = b.key.size_range
                if max(lo_a, lo_b) > min(hi_a, hi_b):
                    continue
                both = _same_cards(a.key, b.key, deck, max(lo_a, lo_b), min(hi_a, hi_b))
                if both is None:
                    continue
                seen.add((a.id, b.id))
                yield b.id, b.pos, (f"{b.name} ({b.id}, {b.key_text}) and {a.name} ({a.id}, {a.key_text}) are both "
                                    f"{a.kind}: {'+'.join(c.id for c in both)} on the field could be either "
                                    f"(format {f.id})")


MAX_SETS = 50_000  # card sets tried per pair of characters (the patterns of real lists need far fewer)


def _same_cards(pa: Any, pb: Any, deck: list[Any], lo: int, hi: int) -> tuple[Any, ...] | None:
    """A set of cards both key patterns accept as a whole (the same cards could be either character), or
    None; sets of up to 4 cards, drawn from the cards both accept."""
    import itertools

    pool = [c for c in deck if pa.accepts(c) and pb.accepts(c)]
    tried = 0
    for n in range(max(lo, 1), min(hi, 4) + 1):
        for cards in itertools.combinations(pool, n):
            tried += 1
            if tried > MAX_SETS:
                return None
            if pa.matches(cards) and pb.matches(cards):
                return cards
    return None


def double_main_trigger(edition: Edition, args: dict[str, Any]) -> Iterator[Finding]:
    for a in edition.actions.values():
        r = a.request
        if r.trigger == "triggered" and r.timing == "main" and a.when is not None and a.when.args.get("each"):
            yield a.id, a.when.pos, (f"{a.name} ({a.id}) {notation(a)} triggers for each {a.when.args['each']} "
                                     "of one resolution: two at once when two match")


STATIC: dict[str, StaticCheck] = {
    "single_target": single_target,
    "request_requires": request_requires,
    "identifiable_characters": identifiable_characters,
    "double_main_trigger": double_main_trigger,
}
PLAY = ("first_turn_win", "double_main_trigger")  # checks bpdsl.sim.guidelines runs by play
CHECKS = sorted(set(STATIC) | set(PLAY))


def static_breaches(guidelines: list[Guideline], editions: list[Edition]) -> list[Breach]:
    """The breaches the definitions show without play, each (guideline, entry) once with the editions where
    it holds (an inherited entry breaks a guideline in every edition that keeps it)."""
    found: dict[tuple[str, str, int, int, str], Breach] = {}
    for g in guidelines:
        check = STATIC.get(g.check)
        if check is None:
            continue
        for e in editions:
            for entry, pos, detail in check(e, g.args):
                k = (g.id, pos.file, pos.line, pos.col, detail)
                prev = found.get(k)
                found[k] = Breach(g, pos, entry, detail, (*(prev.editions if prev else ()), e.id))
    return list(found.values())


@dataclass(frozen=True)
class Known:
    """A baseline record: a breach of ``guideline`` by ``entry`` as ``edition`` writes it."""

    guideline: str
    edition: str
    entry: str
    pos: Pos = field(default_factory=lambda: Pos("", 0, 0), compare=False, hash=False)


def _entry_at(edition: Edition, entry: str) -> Any:
    for table in (edition.actions, edition.characters, edition.fogs, edition.trumps):
        if entry in table:
            return table[entry]
    return None


def origin(editions: dict[str, Edition], breach: Breach) -> str:
    """The edition that writes the breaching entry: from an edition the breach holds in, up the ``extends``
    chain while the parent holds the same entry at the same place (an inherited entry is its parent's)."""
    here = min(breach.editions, key=lambda e: _depth(editions, e)) if breach.editions else ""
    while here in editions:
        parent = editions[here].extends
        mine = _entry_at(editions[here], breach.entry)
        theirs = _entry_at(editions[parent], breach.entry) if parent in editions else None
        if mine is None or theirs is None or theirs.pos != mine.pos:
            break
        here = parent
    return here


def _depth(editions: dict[str, Edition], eid: str) -> int:
    n = 0
    while eid in editions and editions[eid].extends and n < 64:
        eid, n = editions[eid].extends or "", n + 1
    return n


def split_known(breaches: list[Breach], baseline: list[Known],
                editions: dict[str, Edition]) -> tuple[list[Breach], list[Breach], list[Known]]:
    """``(new, known, stale)``: the breaches no baseline record names, those one does, and the records that
    name none of ``breaches`` (the caller keeps those of the guidelines it checked in full)."""
    index = {(k.guideline, k.edition, k.entry): k for k in baseline}
    new, known, used = [], [], set()
    for b in breaches:
        k = (b.guideline.id, origin(editions, b), b.entry)
        if k in index:
            known.append(b)
            used.add(k)
        else:
            new.append(b)
    return new, known, [r for key, r in index.items() if key not in used]


__all__ = ["Breach", "CHECKS", "Guideline", "L_BAD_GUIDELINE", "L_RECOMMENDED", "L_REQUIRED", "LEVELS", "PLAY",
           "Known", "STATIC", "notation", "origin", "split_known", "static_breaches"]

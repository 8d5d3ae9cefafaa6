"""Finding the op composition that prints an official sentence, from the op registry's own phrases.

The candidates are op calls as designers write them: every call of the loaded definitions (each edition's
actions, characters, fogs and trumps, as written in their documents) and every registered op's example.
Each candidate is printed by its op's phrase in the imported edition's wording (its terms, its entries'
names and, for an effect, the target of the entry being imported) -- the same function the renderer calls --
so a sentence matches a call exactly when printing that call gives the sentence back.  No table of
sentences is kept anywhere.

Texts are compared after the normalisation of the printed-text golden tests: NFKC, one wave dash, list
markers, white space and full stops removed.  An official text is cut into *units*: a top-level line with the lines
nested under it (``-1.``, ``--A.``, ``-・`` or ``・`` under a plain line); a candidate covers one unit, or
several for an op that prints a whole numbered procedure.  The composition chosen covers the most units;
every unit no candidate prints becomes a marked text override.

A candidate is also tried in the per-call wording of the names and conditions of its expressions (``terms:``
beside the call, ``expr:<name>`` / ``cond:<condition>``, the keys the registry's phrases read): printed with
a placeholder for one such word, it is a pattern; where the official sentence fits the pattern, the word it
says there is written as that call's term.  A word counts only as a shortened form of the word the phrase
prints by itself (「対象の兵士」 for 「対象の兵士の数字」, nothing for 「サイズ」) or a word the game declares for
that name or a loaded edition or call already gives that key, so a pattern never says another value than its call plays.
An open condition (``cond:``) also takes words stating a comparison of a number of the game's state with a
number (:mod:`.conditions`): the call is then written checking that condition, in the sentence's words.

The candidates are gathered by :mod:`.candidates`; the variations of a call and its per-call words are in
:mod:`.wording`, the variations in the entries a call names in :mod:`.variants`.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from bpdsl.diagnostics import DiagnosticSink
from bpdsl.dsl.document import Document
from bpdsl.dsl.opcalls import OpBuilder
from bpdsl.games.blackpoker.expr_names import NAMES
from bpdsl.games.blackpoker.official import wording
from bpdsl.games.blackpoker.official.candidates import OP_FIELDS, SKIP_OPS, Candidate, collect  # noqa: F401
from bpdsl.games.blackpoker.ops._common import EXPR_NOUNS
from bpdsl.ops import registry
from bpdsl.ops.registry import PhraseContext

_MARKER = re.compile(r"^(?:[-*・]|\d+\.(?!\d)|[A-Z]\.|\([a-z]\)|(?:i|ii|iii|iv|v|vi)\.)\s*")
_NESTED = re.compile(r"^(-+)\s*(?:\d+\.(?!\d)|[A-Z]\.|・)?\s*")
_TOP = re.compile(r"^(?:\d+\.(?!\d)|・)\s*")
# one wave dash, one diamond; full stops do not count (the official texts drop a sentence's last 。 at times)
_WAVES = str.maketrans({"～": "〜", "~": "〜", "∼": "〜", "♢": "◇", "。": None})

def norm(text: str) -> str:
    """The comparable form of a printed text."""
    text = unicodedata.normalize("NFKC", text).translate(_WAVES)
    out = []
    for line in text.split("\n"):
        line = line.strip()
        while True:
            stripped = _MARKER.sub("", line).strip()
            if stripped == line:
                break
            line = stripped
        out.append("".join(line.split()))
    return "".join(out)


@dataclass
class Unit:
    """A top-level line of an official text and the lines nested under it (level, text without marker)."""

    lines: list[tuple[int, str]]
    numbered: bool = False  # written as "1." at the top level
    bulleted: bool = False  # written as "・" at the top level

    @property
    def norm(self) -> str:
        return norm("\n".join(text for _, text in self.lines))

    def as_phrase(self) -> str:
        """The unit as a text override: nested lines indented two spaces per level (the renderer adds the
        list markers of its own style)."""
        return "\n".join("  " * level + text for level, text in self.lines)


def units(text: str) -> list[Unit]:
    """Cut an official text into its units."""
    out: list[Unit] = []
    for raw in str(text).split("\n"):
        line = _ascii_marker(raw.strip())
        if not line:
            continue
        nested = _NESTED.match(line)
        if nested and nested.group(1):
            body = line[nested.end():].strip()
            if out:
                out[-1].lines.append((len(nested.group(1)), body))
            else:
                out.append(Unit([(0, body)]))
            continue
        if line.startswith("・") and out and not out[-1].bulleted:
            out[-1].lines.append((1, line[1:].strip()))
            continue
        top = _TOP.match(line)
        body = line[top.end():].strip() if top else line
        out.append(Unit([(0, body)], numbered=bool(top) and line[0].isdigit(), bulleted=line.startswith("・")))
    return out


_WIDE_MARKER = re.compile(r"^([-－]*)([０-９0-9]+|[Ａ-ＺA-Z])[．.](?![０-９0-9])")


def _ascii_marker(line: str) -> str:
    """A list marker written in full width (「１．」, 「－Ａ．」) as the half-width one the units read."""
    m = _WIDE_MARKER.match(line)
    if m is None:
        return line
    marker = unicodedata.normalize("NFKC", m.group(0)).replace("－", "-")
    return marker + line[m.end():]


@dataclass
class Match:
    """A composition: the calls to write (YAML form), how many of them are text overrides."""

    calls: list[Any] = field(default_factory=list)
    overrides: list[str] = field(default_factory=list)  # the texts written as overrides
    joined: bool = False  # several calls print one official line: the effect is printed as prose

    @property
    def ops(self) -> int:
        return len(self.calls) - len(self.overrides)


class PhraseIndex:
    """The candidates of one op kind by the normalised text of their first printed unit."""

    def __init__(self, candidates: list[Candidate], ctx: PhraseContext):
        self.ctx = ctx
        self.by_kind: dict[str, list[Candidate]] = {}
        for c in candidates:
            self.by_kind.setdefault(c.kind, []).append(c)
        self._cache: dict[tuple[str, str], dict[str, list[tuple[Candidate, list[str]]]]] = {}
        self._target_key = ""
        self._rank: dict[str, int] = {}
        self._entry_id: str | None = None
        self._sink = DiagnosticSink()
        self._patterns: dict[tuple[str, str], list[Any]] = {}
        self.entry_ids: dict[str, set[str]] = {}  # kind (action, character, fog) -> ids: what a reference may name
        # the last try for a sentence no call prints: (index, kind, normalised text) -> a call (.variants.refit)
        self.refit: Any = None
        # the words loaded calls and the edition already give a per-call key (expr:..., cond:...)
        self.known: dict[str, set[str]] = {}
        for c in candidates:
            for k, w in (c.call.terms or {}).items():
                self.known.setdefault(k, set()).add(w)
        for k, w in ctx.terms.items():
            self.known.setdefault(k, set()).add(w)
        for name, w in EXPR_NOUNS.items():  # and the words the game declares for its names
            self.known.setdefault(f"expr:{name}", set()).add(w)
        for name, info in NAMES.items():
            if info.phrase_ja:
                self.known.setdefault(f"expr:{name}", set()).add(info.phrase_ja)

    def set_entry(self, entry_id: str | None, chain: Sequence[str] = ()) -> None:
        """Prefer, among calls printing the same sentence, the ones the entry of this id writes in the editions
        of ``chain`` (the parent first, then its ancestors): a sentence several calls print (「デッキから…選ぶ」
        with or without a shuffle the text does not say) is read as the call the parent edition plays."""
        self._rank = {ed: n for n, ed in enumerate(chain)}
        self._entry_id = entry_id

    def _pref(self, c: Candidate) -> int:
        if not self._entry_id:
            return 0
        return min((self._rank.get(ed, len(self._rank)) for ed, eid in c.owners if eid == self._entry_id),
                   default=len(self._rank) + 1)

    def set_target(self, raw: Any) -> None:
        """Print the next effects for an entry whose target is ``raw`` (a call as written, or None): phrases
        saying 「対象の…」 name what it targets, as the renderer does."""
        self._target_key = repr(raw)
        self.ctx.target = OpBuilder(Document("<target>", None), self._sink).build((), raw, ("target",)) \
            if raw is not None else None

    def _printed(self, c: Candidate, terms: dict[str, str] | None = None) -> list[str] | None:
        if c.call.text is not None:  # a call printed from its text
            return [norm(c.call.text)] if c.call.text.strip() and not terms else None
        saved = self.ctx.terms
        if terms or c.call.terms:  # the call's own wording (terms: beside it), then the variant's
            self.ctx.terms = {**saved, **(c.call.terms or {}), **(terms or {})}
        try:
            text = registry.get(c.call.op).render(self.ctx, c.call.args)
        except Exception:  # noqa: BLE001 - a phrase that cannot print in this wording is no candidate here
            return None
        finally:
            self.ctx.terms = saved
        op = registry.get(c.call.op)
        parts = text.split("\n\n") if op.extra.get("steps") else [text]
        printed = [norm(p) for p in parts if p.strip()]
        return printed or None

    def table(self, kind: str) -> dict[str, list[tuple[Candidate, list[str]]]]:
        key = (kind, self._target_key if kind == "effect" else "")
        if key not in self._cache:
            table: dict[str, list[tuple[Candidate, list[str]]]] = {}
            # a ※ note may state a condition (1ターンに1回 ...): written among the notes, checked as one
            pool = self.by_kind.get(kind, []) + (self.by_kind.get("condition", []) if kind == "note" else [])
            for c in pool:
                printed = self._printed(c)
                if printed:
                    table.setdefault(printed[0], []).append((c, printed))
                    for variant, other in self._wordings(c, printed):
                        table.setdefault(other[0], []).append((variant, other))
            self._cache[key] = table
        return self._cache[key]

    def heads(self, kind: str) -> dict[str, Any]:
        """The calls of ``kind`` (and their variants) by the normalised text they print without the ending a
        sentence built around them leaves out (「、」, 「場合」, 「時に」): the event a frame list's 誘発条件
        names, 「…かつ、<event>時に誘発する。」, as the renderer cuts it."""
        out: dict[str, Any] = {}
        for printed, hits in self.table(kind).items():
            head = printed
            for ending in ("、", "場合", "時に"):
                head = head.removesuffix(ending)
            for c, whole in hits:
                if len(whole) == 1:
                    out.setdefault(head, c.raw)
        return out

    def patterns(self, kind: str) -> list[Any]:
        """The candidates of ``kind`` with one per-call word left open (:mod:`.wording`)."""
        return wording.patterns(self, kind)

    def _say(self, pattern: Any, word: str) -> Any | None:
        return wording.say(self, pattern, word)

    def fit(self, kind: str, text: str) -> Any | None:
        """The call that prints ``text`` (normalised) with one per-call word of its own, or None."""
        return wording.fit(self, kind, text)


    def _wordings(self, c: Candidate, printed: list[str]) -> list[tuple[Candidate, list[str]]]:
        """The candidate varied in its choices and wording terms (:func:`.wording.wordings`)."""
        return wording.wordings(self, c, printed)

    def set_terms(self, terms: Mapping[str, str]) -> None:
        """Print every candidate in these edition terms from now on (the imported edition's own words)."""
        self.ctx.terms = {**self.ctx.terms, **terms}
        self._cache.clear()
        self._patterns.clear()

    def one(self, kind: str, text: str) -> Any | None:
        """The call that prints ``text`` whole, or None."""
        hits = sorted(self.table(kind).get(norm(text), []), key=lambda hit: self._pref(hit[0]))
        found = next((c.raw for c, printed in hits if len(printed) == 1), None)
        if found is None:
            found = self.fit(kind, norm(text))
        if found is None and self.refit is not None:
            found = self.refit(self, kind, norm(text))
        return found

    def compose(self, kind: str, parts: list[Unit], override: str) -> Match:
        """The composition covering most of ``parts``; each uncovered unit becomes ``{override: {}, text}``.

        A printed unit may stand for several consecutive official lines (a phrase of several sentences that
        the official text breaks into lines)."""
        candidates = sorted((hit for hits in self.table(kind).values() for hit in hits),
                            key=lambda hit: self._pref(hit[0]))
        n = len(parts)
        best: list[tuple[int, int, list[Any], list[str]] | None] = [None] * (n + 1)
        best[0] = (0, 0, [], [])
        for i in range(n):
            if best[i] is None:
                continue
            miss, steps, calls, texts = best[i]
            options: list[tuple[int, Any, str | None]] = []
            for c, printed in candidates:
                end = _consume(parts, i, printed)
                if end is not None:
                    options.append((end, c.raw, None))
            if not options:  # a call in a per-call wording of one of its names or conditions
                got = ""
                for j in range(i, n):
                    got += parts[j].norm
                    raw = self.fit(kind, got)
                    if raw is None and self.refit is not None:
                        raw = self.refit(self, kind, got)
                    if raw is not None:
                        options.append((j + 1, raw, None))
                        break
            if not options:
                # one official line that several calls print together (a prose effect of two sentences), or a
                # lead-in line and the steps nested under it (「…場合、次を行う。」 then 「・…」): a lead op first
                run = self._run(candidates, parts[i].norm, self.patterns(kind))
                if run is not None and (len(parts[i].lines) == 1 or _leads(run.calls[0])):
                    run.nested = len(parts[i].lines) > 1
                    options.append((i + 1, run, None))
            text = parts[i].as_phrase()
            options.append((i + 1, {override: {}, "text": text}, text))
            for end, raw, over in options:
                cand = (miss + (over is not None), steps + 1, calls + [raw], texts + ([over] if over else []))
                cur = best[end]
                if cur is None or cand[:2] < cur[:2]:
                    best[end] = cand
        _, _, calls, texts = best[n] or (0, 0, [], [])
        flat: list[Any] = []
        joined = False
        for call in calls:
            if isinstance(call, _Run):
                flat += call.calls
                joined = joined or not call.nested
            else:
                flat.append(call)
        return Match(flat, texts, joined)

    def _run(self, candidates: list[tuple[Candidate, list[str]]], target: str, patterns: Sequence[Any] = (),
             limit: int = 4) -> "_Run | None":
        """The fewest calls (at most ``limit``) whose printed texts, one after the other, are ``target`` (a call
        in a per-call wording of its own among them: ``patterns``)."""
        singles = [(c, printed[0]) for c, printed in candidates if len(printed) == 1 and printed[0]]
        for pattern in patterns:  # each word a pattern finds in the line, as a call printing that text
            for start in range(len(target)):
                m = pattern.regex.match(target, start)
                if m is not None and m.end() > start and (raw := self._say(pattern, m.group(1))) is not None:
                    singles.append((Candidate(raw, pattern.candidate.call, pattern.candidate.kind), m.group(0)))
            if pattern.unsaid and pattern.unsaid in target and (raw := self._say(pattern, "")) is not None:
                singles.append((Candidate(raw, pattern.candidate.call, pattern.candidate.kind), pattern.unsaid))
        best: dict[int, list[Any]] = {0: []}
        frontier = [0]
        for _ in range(limit):
            nxt = []
            for pos in frontier:
                for c, text in singles:
                    end = pos + len(text)
                    if end not in best and target.startswith(text, pos):
                        best[end] = best[pos] + [c.raw]
                        nxt.append(end)
            if len(target) in best:
                return _Run(best[len(target)]) if len(best[len(target)]) > 1 else None
            frontier = nxt
        return None


@dataclass
class _Run:
    """Several calls printing one official line together (``nested``: a lead-in and the lines under it)."""

    calls: list[Any]
    nested: bool = False


def _leads(raw: Any) -> bool:
    """True for a call of an op printed as the lead-in of the steps after it (proceed_if)."""
    name = raw if isinstance(raw, str) else next((k for k in raw if k not in ("text", "terms")), None) \
        if isinstance(raw, dict) else None
    op = registry.REGISTRY.get(name) if isinstance(name, str) else None
    return op is not None and bool(op.extra.get("lead"))


def _consume(parts: list[Unit], start: int, printed: list[str]) -> int | None:
    """Where the official units from ``start`` end if together they print ``printed``, else None."""
    i = start
    for unit in printed:
        got = ""
        while i < len(parts) and len(got) < len(unit):
            got += parts[i].norm
            i += 1
            if not unit.startswith(got):
                return None
        if got != unit:
            return None
    return i

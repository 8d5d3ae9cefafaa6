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
"""
from __future__ import annotations

import copy
import dataclasses
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from bpdsl.diagnostics import DiagnosticSink
from bpdsl.dsl.document import Document
from bpdsl.dsl.expr import Expr
from bpdsl.dsl.opcalls import OpBuilder
from bpdsl.games.blackpoker.expr_names import NAMES
from bpdsl.games.blackpoker.official.conditions import read_condition
from bpdsl.games.blackpoker.ops._common import EXPR_NOUNS
from bpdsl.model import OpCall
from bpdsl.ops import registry
from bpdsl.ops.registry import PhraseContext

_MARKER = re.compile(r"^(?:[-*・]|\d+\.(?!\d)|[A-Z]\.|\([a-z]\)|(?:i|ii|iii|iv|v|vi)\.)\s*")
_NESTED = re.compile(r"^(-+)\s*(?:\d+\.(?!\d)|[A-Z]\.|・)?\s*")
_TOP = re.compile(r"^(?:\d+\.(?!\d)|・)\s*")
# one wave dash, one diamond; full stops do not count (the official texts drop a sentence's last 。 at times)
_WAVES = str.maketrans({"～": "〜", "~": "〜", "∼": "〜", "♢": "◇", "。": None})

# the fields of an entry holding op calls, with their op kind
OP_FIELDS = {"conditions": "condition", "when": "trigger", "target": "target", "notes": "note", "effect": "effect",
             "size": "size", "labels": "label", "abilities": "ability"}
SKIP_OPS = ("not_executed",)


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
class Candidate:
    raw: Any  # the call as written in YAML
    call: Any  # the built OpCall
    kind: str
    owners: set[tuple[str, str]] = field(default_factory=set)  # (edition, entry id) of the entries that write it


@dataclass
class Match:
    """A composition: the calls to write (YAML form), how many of them are text overrides."""

    calls: list[Any] = field(default_factory=list)
    overrides: list[str] = field(default_factory=list)  # the texts written as overrides
    joined: bool = False  # several calls print one official line: the effect is printed as prose

    @property
    def ops(self) -> int:
        return len(self.calls) - len(self.overrides)


def collect(documents: Iterable[Document]) -> list[Candidate]:
    """Every op call written in the loaded entry documents, and every registered op's example."""
    sink = DiagnosticSink()
    seen: dict[str, Candidate | None] = {}
    out: list[Candidate] = []

    def remember(doc: Document, raw: Any, kind: str, owner: tuple[str, str] | None) -> None:
        key = f"{kind}:{raw!r}"
        if key not in seen:
            call = OpBuilder(doc, sink).build((), raw, (kind,))
            seen[key] = Candidate(raw, call, kind) if call is not None else None
            if call is not None:
                out.append(seen[key])  # type: ignore[arg-type]
        if owner is not None and seen[key] is not None:
            seen[key].owners.add(owner)  # type: ignore[union-attr]

    def add(doc: Document, raw: Any, kind: str, owner: tuple[str, str] | None = None) -> None:
        if isinstance(raw, dict) and "text" in raw:
            # a call printed from its text: as written (a played op that prints that text), and its op and
            # arguments printed by the phrase
            name = next((k for k in raw if k not in ("text", "terms")), None)
            if isinstance(name, str) and name not in SKIP_OPS and not name.startswith("not_executed"):
                remember(doc, raw, kind, owner)
            raw = {k: v for k, v in raw.items() if k != "text"}
        name = raw if isinstance(raw, str) else next(iter(raw), None) if isinstance(raw, dict) else None
        if not isinstance(name, str) or name in SKIP_OPS or name.startswith("not_executed"):
            return
        remember(doc, raw, kind, owner)

    for doc in documents:
        data = doc.data
        if not isinstance(data, dict) or data.get("kind") not in ("actions", "characters", "fogs", "trumps"):
            continue
        rows = [e for e in data.get(data["kind"]) or [] if isinstance(e, dict)]
        if data["kind"] == "trumps":  # the actions and characters a trump brings
            rows += [x for t in list(rows) for key in ("actions", "characters")
                     for x in (t.get(key) or []) if isinstance(x, dict)]
        edition = str(data.get("edition", ""))
        for entry in rows:
            if not isinstance(entry, dict):
                continue
            owner = (edition, str(entry.get("id", "")))
            for fname, kind in OP_FIELDS.items():
                value = entry.get(fname)
                for raw in value if isinstance(value, list) else [value] if value is not None else []:
                    add(doc, raw, kind, owner)
    examples = Document("<op examples>", None)
    for op in registry.load_all().values():
        if op.kind in OP_FIELDS.values():
            add(examples, op.example, op.kind)
    return out


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
        self._patterns: dict[tuple[str, str], list[_Pattern]] = {}
        self.entry_ids: dict[str, set[str]] = {}  # kind (action, character, fog) -> ids: what a reference may name
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

    def patterns(self, kind: str) -> list["_Pattern"]:
        """The candidates of ``kind`` with one per-call word left open (see the module docstring)."""
        key = ("pattern:" + kind, self._target_key if kind == "effect" else "")
        if key not in self._patterns:
            pool = self.by_kind.get(kind, []) + (self.by_kind.get("condition", []) if kind == "note" else [])
            out: list[_Pattern] = []
            for c in pool:
                if c.call.text is not None:
                    continue
                for term in _worded_keys(c.call):
                    pattern = self._pattern(c, term)
                    if pattern is not None:
                        out.append(pattern)
            self._patterns[key] = out
        return self._patterns[key]

    def _pattern(self, c: Candidate, term: str) -> "_Pattern | None":
        open_ = self._printed(c, {term: _OPEN})
        plain = self._printed(c)
        if not open_ or not plain or len(open_) != 1 or len(plain) != 1 or _OPEN not in open_[0]:
            return None
        pieces = open_[0].split(_OPEN)
        regex = re.compile("(.*?)".join(re.escape(p) for p in pieces[:2])
                           + "".join(r"\1" + re.escape(p) for p in pieces[2:]))
        said = regex.fullmatch(plain[0])
        if said is None:
            return None
        unsaid = self._printed(c, {term: ""})  # a phrase may word around a name left unsaid (「が」 dropped)
        return _Pattern(c, term, regex, said.group(1), open_[0],
                        unsaid[0] if unsaid and len(unsaid) == 1 and said.group(1) else None)

    def _say(self, pattern: "_Pattern", word: str) -> Any | None:
        """The call as written with ``word`` for its open term, or None where the word is not one the call
        may print there: a shortened form of its own word, or a word a loaded edition or call gives the key.
        An open condition (``cond:``) also takes words that state another condition the game can check
        (:func:`.conditions.read_condition`: 「プレイヤーのライフが9以下の場合に」): the call then checks that
        condition, worded as the sentence says it."""
        if word == pattern.word:
            return None
        if _shortened(word, pattern.word) or word in self.known.get(pattern.term, ()):
            raw = {pattern.candidate.raw: {}} if isinstance(pattern.candidate.raw, str) \
                else copy.deepcopy(pattern.candidate.raw)
            raw["terms"] = {**raw.get("terms", {}), pattern.term: word}
            return raw
        if pattern.term.startswith("cond:") and (source := read_condition(word)) is not None:
            raw = _with_condition(pattern.candidate.raw, pattern.term.removeprefix("cond:"), source)
            if raw is not None:
                terms = {k: v for k, v in (raw.get("terms") or {}).items() if k != pattern.term}
                raw["terms"] = {**terms, "cond:" + "".join(source.split()): word}
                return raw
        return None

    def fit(self, kind: str, text: str) -> Any | None:
        """The call that prints ``text`` (normalised) with one per-call word of its own, or None."""
        for pattern in self.patterns(kind):
            if pattern.unsaid == text and (raw := self._say(pattern, "")) is not None:
                return raw
            m = pattern.regex.fullmatch(text)
            if m is not None and (raw := self._say(pattern, m.group(1))) is not None:
                return raw
        return None

    def _wordings(self, c: Candidate, printed: list[str]) -> list[tuple[Candidate, list[str]]]:
        """The candidate varied: each other value of one argument that takes a choice (a flag, a value of an
        ``allowed`` list), and each other word of a wording term than the edition's (registry.WORDING,
        written as ``terms:`` beside the call), alone and together -- each variant that prints another
        sentence."""
        op = registry.get(c.call.op)
        arg_choices: list[tuple[str | None, Any]] = [(None, None)]
        for name, rule in op.args.items():
            if not isinstance(rule, Mapping) or name not in c.call.args:
                continue
            if rule.get("type") == "boolean":
                arg_choices.append((name, not c.call.args[name]))
            elif isinstance(rule.get("allowed"), (list, tuple)) and len(rule["allowed"]) <= 8:
                arg_choices += [(name, v) for v in rule["allowed"] if v != c.call.args[name]]
        term_choices: list[tuple[str, str] | None] = [None]
        for term in registry.WORDING.values():  # the edition's own word is tried first (not written)
            current = self.ctx.terms.get(term.key, term.default)
            term_choices += [(term.key, w) for w in term.choices if w != current]
        out: list[tuple[Candidate, list[str]]] = []
        seen = {tuple(printed)}
        for arg, value in arg_choices:
            for term in term_choices:
                if arg is None and term is None:
                    continue
                call = c.call if arg is None else dataclasses.replace(c.call, args={**c.call.args, arg: value})
                other = self._printed(Candidate(c.raw, call, c.kind), dict([term]) if term else None)
                if not other or tuple(other) in seen:
                    continue
                seen.add(tuple(other))
                raw = {c.raw: {}} if isinstance(c.raw, str) else copy.deepcopy(c.raw)
                if arg is not None:
                    name = next(k for k in raw if k not in ("text", "terms"))
                    args = raw[name] if isinstance(raw[name], dict) else {}
                    raw[name] = {**args, arg: value}
                if term is not None:
                    raw["terms"] = {**raw.get("terms", {}), term[0]: term[1]}
                out.append((Candidate(raw, call, c.kind), other))
        return out

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
        if found is None:
            from bpdsl.games.blackpoker.official.variants import refit

            found = refit(self, kind, norm(text))
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
                    if raw is None:
                        from bpdsl.games.blackpoker.official.variants import refit

                        raw = refit(self, kind, got)
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

    def _run(self, candidates: list[tuple[Candidate, list[str]]], target: str, patterns: Sequence["_Pattern"] = (),
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


_OPEN = "\ue000"  # a placeholder word (private use: no sentence contains it)


@dataclass
class _Pattern:
    """A candidate printed with one per-call term left open: ``regex`` finds the word a sentence says there;
    ``word`` is what the call prints there by itself."""

    candidate: Candidate
    term: str
    regex: re.Pattern[str]
    word: str
    printed: str
    unsaid: str | None = None  # printed with the word left out, where that is not the pattern with ""


def _worded_keys(call: OpCall) -> list[str]:
    """The per-call term keys that word a part of ``call``'s sentence: ``expr:<name>`` of every name and
    ``cond:<condition>`` of every condition in its expression arguments (nested calls' too), names first
    (the narrowest wording is preferred)."""
    out: list[str] = []
    conds: list[str] = []

    def visit(value: Any) -> None:
        if isinstance(value, Expr):
            if value.type == "bool" and value.text:
                conds.append("cond:" + "".join(value.text.split()))
            out.extend(f"expr:{name}" for name in sorted(value.names()))
        elif isinstance(value, OpCall):
            for v in value.args.values():
                visit(v)
        elif isinstance(value, Mapping):
            for v in value.values():
                visit(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                visit(v)

    visit(call)
    return list(dict.fromkeys(out + conds))


def _with_condition(raw: Any, old: str, source: str) -> dict[str, Any] | None:
    """A copy of the call ``raw`` as written with the condition ``old`` (source text without spaces) replaced
    by ``source`` wherever it is an argument (nested calls too); None when ``raw`` writes no such argument."""
    if not isinstance(raw, dict):
        return None
    replaced = False

    def swap(value: Any) -> Any:
        nonlocal replaced
        if isinstance(value, str) and "".join(value.split()) == old:
            replaced = True
            return source
        if isinstance(value, dict):
            return {k: v if k == "terms" else swap(v) for k, v in value.items()}
        if isinstance(value, list):
            return [swap(v) for v in value]
        return value

    out = swap(copy.deepcopy(raw))
    return out if replaced else None


def _shortened(word: str, full: str) -> bool:
    """True when ``word`` is ``full`` with some characters left out (「対象の兵士」 of 「対象の兵士の数字」)."""
    rest = iter(full)
    return len(word) < len(full) and all(ch in rest for ch in word)

"""Every sentence a bundled edition prints, traced to where it comes from.

A sheet of a bundled edition may print only what a source says.  Each printed field of each entry (type, @
notation, cost, key, 起動条件, 誘発条件, 対象, 効果, ※, a character's or fog's abilities, a trump's card and
ability) is cut into sentences (at 「。」), and each sentence is *traced* when

1. it is a sentence of the same field of the official entry of the same kind and printed name, in the first
   of the edition's official lists that has that entry (``sources`` of the trace file, e.g. act9.0:
   act-frame.yaml, then act.yaml); or
2. the entry is one the official change history renames (``renames`` of the trace file, each citing the
   history's words) and the sentence is its old official entry's, the old names read as the new; or
3. a record of the trace file lists it for the edition or one of its ancestors -- either ``history:``, a
   change the official change history names (the record cites the file and the words naming the entry,
   which must stand in that file), or ``reason:``, a reviewed exception with its one-line reason.

Anything else is *untraced*: a sentence no source has (「オーナーライフ」 for 「オーナーのライフ」, a phrase
printed twice).  Records name the printed sentence itself, so a record stops covering a sentence the moment
its wording changes; a record that covers no printed sentence any more is reported as *stale*.

The official files are read where they are (``bpdsl validate --trace --sources DIR``), never copied.  Texts
are compared after NFKC, with one wave dash and one diamond glyph, without list markers (the import's, and
the official files' nested ``-1.``, ``--A.``) and white space.

Only the bundled editions are traced: a designer's edition prints its own sentences, which no official list
has.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from bpdsl.diagnostics import Diagnostic, DiagnosticSink, Pos
from bpdsl.dsl.codes import P_STALE, P_UNTRACED
from bpdsl.games.blackpoker.official.phrases import _MARKER, _NESTED
from bpdsl.games.blackpoker.official.source import SPEC, OfficialEntry, read
from bpdsl.model import Definitions, Edition

TRACE_FILE = Path(__file__).with_name("trace.yaml")
_GLYPHS = str.maketrans({"♢": "◇", "♦": "◇", "♥": "♡", "～": "〜", "~": "〜", "∼": "〜"})
# printed field -> the official keys (by list kind) holding the same text
FIELDS: dict[str, dict[str, str]] = {
    "action": {"type": "actType", "cost": "actCost", "key": "actKey", "unit": "actUnit", "condition": "actActCond",
               "when": "actTriggerCond", "target": "actTarget", "effect": "actEffect", "note": "actNote"},
    "character": {"type": "charType", "key": "charKey", "size": "charSize", "label": "charLabel",
                  "ability": "charAbility"},
    "fog": {"type": "fogType", "key": "fogKey", "target": "fogTarget", "ability": "fogAbility"},
    "trump": {"key": "trumpKey", "ability": "trumpAbility"},
}


class TraceFileError(Exception):
    """The trace file or an official source cannot be read; the message says which and why."""


def _lines(text: Any) -> list[str]:
    out = []
    for line in unicodedata.normalize("NFKC", str(text or "")).translate(_GLYPHS).split("\n"):
        line = _NESTED.sub("", line.strip())
        while (stripped := _MARKER.sub("", line).strip()) != line:
            line = stripped
        if line:
            out.append("".join(line.split()))
    return out


def norm(text: Any) -> str:
    """The comparable form of a text: NFKC, one wave dash and diamond, no list markers, no white space."""
    return "".join(_lines(text))


def sentences(text: Any) -> list[str]:
    """The normalised sentences of a printed or official text, without their 「。」: a line ends a sentence
    too (the official texts drop a line's last 「。」 at times)."""
    return [s for line in _lines(text) for s in line.split("。") if s]


@dataclass(frozen=True)
class Record:
    """Sentences the trace file accounts for: a change the official history names, or an exception."""

    edition: str  # applies to this edition and every edition that extends it
    entries: tuple[str, ...]  # printed names
    sentences: dict[str, frozenset[str]] = field(hash=False)  # printed field -> normalised sentences
    history: str = ""  # "revision-9.0.rst: <words of the file naming the change>"
    reason: str = ""
    index: int = 0  # its place in the file's list (for messages)
    pos: Pos = field(default_factory=lambda: Pos("", 0, 0), compare=False)

    def covers(self, name: str, field_: str, sentence: str) -> bool:
        return name in self.entries and sentence in self.sentences.get(field_, ())

    @property
    def why(self) -> str:
        return f"history {self.history}" if self.history else f"exception: {self.reason}"


@dataclass
class Finding:
    edition: str
    fmt: str
    kind: str
    entry: str
    field: str
    sentence: str
    official: str  # the official field's text ("" when no source has the entry)
    source: str  # the file the official text is from, or ""
    pos: Pos = field(default_factory=lambda: Pos("", 0, 0))  # the entry in the definitions


@dataclass
class TraceReport:
    editions: dict[str, list[str]] = field(default_factory=dict)  # edition -> the sources it was traced against
    untraced_editions: dict[str, str] = field(default_factory=dict)  # edition -> why it was not traced
    sentences: int = 0
    by_source: int = 0
    by_history: int = 0
    by_exception: int = 0
    untraced: list[Finding] = field(default_factory=list)
    stale: list[Record] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.untraced and not self.stale

    def diagnostics(self) -> list[Diagnostic]:
        """One error per untraced sentence (each once, with the formats whose sheets print it) and per stale
        record."""
        sink = DiagnosticSink()
        seen: dict[tuple[str, str, str, str, str], list[str]] = {}
        first: dict[tuple[str, str, str, str, str], Finding] = {}
        for f in self.untraced:
            k = (f.edition, f.kind, f.entry, f.field, f.sentence)
            seen.setdefault(k, []).append(f.fmt)
            first.setdefault(k, f)
        for k, f in first.items():
            official = (f"{f.source} says 「{f.official}」" if f.official else
                        f"{f.source} has no {f.field} for it" if f.source else "no official list has the entry")
            sink.error(f.pos, P_UNTRACED, f"{f.edition} ({'/'.join(seen[k])}) {f.kind} {f.entry} {f.field} prints "
                       f"「{f.sentence}」, which no source accounts for; {official}",
                       "print the official sentence, or record the change in the trace file with the change "
                       "history's words naming it (history:) or a one-line reason (reason:)")
        for r in self.stale:
            sink.error(r.pos, P_STALE, f"record {r.index} ({r.edition}: "
                       f"{', '.join(r.entries)}) accounts for no printed sentence", "remove it, or write the "
                       "sentences as the sheets print them now")
        return sink.items


# --------------------------------------------------------------------------- the trace file


@dataclass(frozen=True)
class Rename:
    """An entry the change history renames: traced against the official entry of its old name, with the old
    names in the official sentences read as the new ones."""

    edition: str
    old: str
    new: str
    history: str  # "<file>: <the words naming the rename>"


def load_trace_file(path: Path = TRACE_FILE) -> tuple[dict[str, list[str]], dict[str, str], list[Record]]:
    """``(sources by edition, history files, records)`` of the trace file."""
    from bpdsl.dsl.yamlload import load_file

    doc, diags = load_file(path)
    if doc is None or not isinstance(doc.data, dict):
        raise TraceFileError(f"{path}: not a trace file" + "".join(f"; {d.format()}" for d in diags))
    data = doc.data
    sources = {str(k): [str(f) for f in (v or [])] for k, v in (data.get("sources") or {}).items()}
    history = {str(k): str(v) for k, v in (data.get("history") or {}).items()}
    records: list[Record] = []
    for i, r in enumerate(data.get("records") or []):
        where = doc.pos(("records", i))
        if not isinstance(r, dict):
            raise TraceFileError(f"{where}: a record is a mapping (edition, entry or entries, sentences, and "
                                 "history or reason)")
        names = r.get("entries") or ([r["entry"]] if r.get("entry") else [])
        said = r.get("sentences")
        if not r.get("edition") or not names or not isinstance(said, dict) or bool(r.get("history")) == bool(
                r.get("reason")):
            raise TraceFileError(f"{where}: a record needs edition, entry (or entries), sentences (field: "
                                 "[sentence, ...]) and either history or reason")
        by_field = {str(k): frozenset(x for t in ([v] if isinstance(v, str) else v or []) for x in sentences(t))
                    for k, v in said.items()}
        records.append(Record(str(r["edition"]), tuple(norm(n) for n in names), by_field,
                              str(r.get("history") or ""), str(r.get("reason") or ""), i, where))
    return sources, history, records


def load_renames(path: Path = TRACE_FILE) -> list[Rename]:
    from bpdsl.dsl.yamlload import load_file

    doc, _ = load_file(path)
    out = []
    for eid, items in ((doc.data.get("renames") or {}) if doc is not None else {}).items():
        for i, r in enumerate(items or []):
            if not isinstance(r, dict) or not all(r.get(k) for k in ("old", "new", "history")):
                raise TraceFileError(f"{doc.pos(('renames', eid, i))}: a rename needs old, new and history")
            out.append(Rename(str(eid), norm(r["old"]), norm(r["new"]), str(r["history"])))
    return out


def check_citations(records: list[Record], history: dict[str, str], upstream: Path) -> list[str]:
    """A ``history`` record cites ``<file>: <words>``: the file must be a history of the record's edition or
    an ancestor's, and the words must stand in it."""
    problems = []
    texts: dict[str, str] = {}
    for r in records:
        if not r.history:
            continue
        name, _, words = r.history.partition(":")
        name, words = name.strip(), words.strip()
        if name not in history.values():
            problems.append(f"record {r.index} ({', '.join(r.entries)}): {name!r} is no change history of the "
                            "trace file")
            continue
        if name not in texts:
            p = upstream / name
            if not p.is_file():
                raise TraceFileError(f"the change history {p} is not there")
            texts[name] = p.read_text(encoding="utf-8")
        if not words or words not in texts[name]:
            problems.append(f"record {r.index} ({', '.join(r.entries)}): {words!r} does not stand in {name}")
    return problems


# --------------------------------------------------------------------------- printed and official fields


def _printed_fields(t: Any) -> dict[str, str]:
    out = {"type": t.type, "request": t.request, "cost": t.cost.removeprefix("$ ").strip(),
           "key": t.key.removeprefix("★ ").strip()}
    for s in t.sections:
        text = "\n".join(s.lines())
        if s.kind == "note":
            text = s.label + text
        out[s.kind] = f"{out[s.kind]}\n{text}" if out.get(s.kind) else text
    if t.entry == "trump":
        out.pop("type", None)
    return {k: v for k, v in out.items() if v}


def printed_entries(edition: Edition, fmt: str) -> Iterator[tuple[str, str, dict[str, str], Pos]]:
    """``(kind, printed name, fields, position)`` of every entry the sheet of ``fmt`` prints, trumps included."""
    from bpdsl.render.text import entry_text, face_down_trump_text, phrase_context, trump_text

    ctx = phrase_context(edition)
    for kind, table in (("action", edition.actions), ("character", edition.characters), ("fog", edition.fogs)):
        for e in table.values():
            if fmt in e.formats:
                t = entry_text(edition, e, fmt, ctx)
                yield kind, t.name, _printed_fields(t), e.pos
    for tr in edition.trumps_in(fmt):
        t = trump_text(edition, tr, ctx)
        yield "trump", t.name, _printed_fields(t), tr.pos
    face_down = edition.face_down_trump
    if face_down is not None and fmt in face_down.formats:
        t = face_down_trump_text(edition, face_down)
        yield "trump", t.name, _printed_fields(t), getattr(face_down, "pos", edition.pos)


def _official_fields(e: OfficialEntry) -> dict[str, str]:
    out = {field_: e.get(key) for field_, key in FIELDS[e.kind].items() if e.get(key)}
    if e.kind == "action" and e.get("actTime"):
        out["request"] = _official_request(e)
    if e.kind == "trump":
        out["key"] = out.get("key", "").translate(_GLYPHS)
        if norm(out.get("ability")) == "なし":
            out.pop("ability")
    return out


def _official_request(e: OfficialEntry) -> str:
    """The @ notation of an official action.  The older lists give no trigger and speed: 誘発 is the type's,
    即時 is marked by ``actS``; a sheet in the timing-only notation (act6.1) prints the timing alone, which
    :func:`trace` accepts as the same notation."""
    trigger = e.get("actTrigger") or ("誘発" if "誘発" in e.get("actType") else "直接")
    speed = e.get("actSpeed") or ("即時" if e.get("actS").strip() else "通常")
    return f"@{trigger}-{speed}-{e.get('actTime')}"


def official_index(upstream: Path, files: list[str]) -> dict[tuple[str, str], tuple[str, dict[str, str]]]:
    """``(kind, name) -> (file, fields)`` over ``files`` in order: the first file with an entry wins."""
    out: dict[tuple[str, str], tuple[str, dict[str, str]]] = {}
    for name in files:
        path = upstream / name
        if not path.is_file():
            raise TraceFileError(f"the official list {path} is not there (--sources names the folder holding "
                                 "act.yaml, extra.yaml, act-frame.yaml ...)")
        try:
            lst = read(path)
        except Exception as exc:  # noqa: BLE001 - an unreadable source is the user's to fix, said in words
            raise TraceFileError(f"{path}: not readable as an official list: {exc}") from None
        for e in [*lst.entries, *lst.trumps]:
            key = (e.kind, norm(e.get(SPEC[e.kind].prefix + "Name")))
            out.setdefault(key, (name, _official_fields(e)))
    return out


# --------------------------------------------------------------------------- the check


def _bundled(edition: Edition) -> bool:
    from bpdsl.resources import definitions_dir

    return Path(edition.pos.file).resolve().is_relative_to(definitions_dir().resolve())


def _lineage(defs: Definitions, eid: str) -> list[str]:
    out = []
    while eid and eid in defs.editions and eid not in out:
        out.append(eid)
        eid = defs.editions[eid].extends or ""
    return out


def trace(defs: Definitions, upstream: Path, path: Path = TRACE_FILE,
          editions: list[str] | None = None) -> TraceReport:
    """Trace every sentence of every sheet of the editions the trace file names sources for (``editions``:
    only these)."""
    sources, history, records = load_trace_file(path)
    renames = load_renames(path)
    report = TraceReport()
    cited = [Record(r.edition, (r.new,), {}, r.history, index=-1) for r in renames]
    problems = check_citations(records + cited, history, upstream)
    if problems:
        raise TraceFileError("; ".join(problems))
    used: set[int] = set()
    for eid, edition in defs.editions.items():
        if edition.game != "blackpoker" or (editions is not None and eid not in editions):
            continue
        if not _bundled(edition):
            report.untraced_editions[eid] = "not a bundled edition (its own sentences have no official list)"
            continue
        lineage = _lineage(defs, eid)
        files = next((sources[a] for a in lineage if a in sources), None)
        if files is None:
            report.untraced_editions[eid] = "the trace file names no official list for it or its ancestors"
            continue
        report.editions[eid] = files
        index = official_index(upstream, files)
        # the nearest edition's record first: an edition's own reason before its ancestors'
        mine = sorted((r for r in records if r.edition in lineage), key=lambda r: lineage.index(r.edition))
        mine_renamed = sorted((r for r in renames if r.edition in lineage), key=lambda r: -len(r.old))
        for f in sorted(edition.formats, key=lambda f: f.order):
            for kind, name, fields, pos in printed_entries(edition, f.id):
                src, official = index.get((kind, norm(name)), ("", {}))
                was = next((r.old for r in mine_renamed if r.new == norm(name)), None)
                if not official and was is not None:
                    src, official = index.get((kind, was), ("", {}))
                for field_, text in fields.items():
                    theirs = set(sentences(official.get(field_, "")))
                    renamed = {_renamed(x, mine_renamed) for x in theirs} - theirs
                    if field_ == "request" and theirs:  # the timing-only notation of the older sheets
                        theirs |= {"@" + x.rsplit("-", 1)[-1] for x in theirs}
                    if field_ == "condition":  # the older lists write a condition as a ※ note
                        theirs |= {x.removeprefix("※") for x in sentences(official.get("note", ""))}
                    for s in sentences(text):
                        report.sentences += 1
                        if s in theirs and was is None:
                            report.by_source += 1
                            continue
                        if s in theirs or s in renamed:  # the official sentence, names as the history renames them
                            report.by_history += 1
                            continue
                        hit = next((r for r in mine if r.covers(norm(name), field_, s)), None)
                        if hit is None:
                            report.untraced.append(Finding(eid, f.id, kind, name, field_, s,
                                                           norm(official.get(field_, "")), src, pos))
                            continue
                        used.add(hit.index)
                        if hit.history:
                            report.by_history += 1
                        else:
                            report.by_exception += 1
    traced = set(report.editions)
    report.stale = [r for r in records if r.index not in used and r.edition in traced]
    return report


def _renamed(sentence: str, renames: list[Rename]) -> str:
    for r in renames:  # the longest old name first: チャリオット召喚 before チャリオット
        sentence = sentence.replace(r.old, r.new)
    return sentence


def default_sources(root: Path) -> Path | None:
    """The official data beside a checkout (``<checkout>/../shared/upstream``), when it is there."""
    p = root.parent / "shared" / "upstream"
    return p if (p / "act.yaml").is_file() else None


__all__ = ["Finding", "P_STALE", "P_UNTRACED", "Record", "TRACE_FILE", "TraceFileError", "TraceReport", "default_sources",
           "load_trace_file", "norm", "printed_entries", "sentences", "trace"]

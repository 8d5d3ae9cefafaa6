"""Reading and checking a regulation a person names: "スタンダード + ランダムハーフ + プリセット2".

A 2024 regulation is written ``フォーマット + フレーム + オプション…`` (5.1.1) with Japanese names or the
ASCII ids of the definitions (``std+random-half+preset2``); a 2021 regulation is one name
(``ライトランダムハーフ`` / ``lite-random-half``).  :func:`resolve` returns the resolved
:class:`~bpdsl.games.blackpoker.regulation.model.Regulation` or the problems found, each citing the rule that forbids the
combination (Table 5.2 for format x frame, Table 5.3 for the options).  Every table cell is read from the
definitions; nothing here knows which combination is allowed.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, Mapping

from bpdsl.diagnostics import did_you_mean
from bpdsl.games.blackpoker.regulation.model import (
    NG_MARK,
    Format,
    Frame,
    NamedRegulation,
    Option,
    Regulation,
    RegulationSystem,
)

if TYPE_CHECKING:
    from bpdsl.model import Definitions

ProblemKind = Literal["usage", "unknown", "forbidden", "incomplete"]


@dataclass(frozen=True)
class Problem:
    """Why a regulation text is not a valid regulation: ``rule`` cites the table or section."""

    kind: ProblemKind
    message: str
    rule: str = ""
    hint: str = ""

    def format(self) -> str:
        text = self.message
        if self.rule:
            text += f" [{self.rule}]"
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text


@dataclass
class CheckResult:
    text: str
    regulation: Regulation | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return self.regulation is not None and not self.problems

    @property
    def exit_code(self) -> int:
        """0 valid, 2 when a name could not be read (usage), 1 when the names form no valid regulation."""
        if self.valid:
            return 0
        if any(p.kind in ("usage", "unknown") for p in self.problems):
            return 2
        return 1


def normalize(name: str) -> str:
    """Compare names loosely: NFKC, no spaces, lower case, "_" = "-", hiragana = katakana
    ("ランダム 40" = "ランダム40", "らんだむはーふ" = "ランダムハーフ")."""
    t = unicodedata.normalize("NFKC", name).strip().lower()
    t = "".join(chr(ord(c) + 0x60) if "\u3041" <= c <= "\u3096" else c for c in t)
    return "".join(t.split()).replace("_", "-")


def _index(entries: Mapping[str, object]) -> dict[str, str]:
    """normalized id / name / alias -> id."""
    out: dict[str, str] = {}
    for eid, e in entries.items():
        for n in (eid, getattr(e, "name", eid), *getattr(e, "aliases", ())):
            out.setdefault(normalize(n), eid)
    return out


def _suggest(part: str, *groups: Mapping[str, object]) -> str:
    """A did-you-mean hint naming the printed names (and ids) closest to ``part``."""
    import difflib

    names: dict[str, str] = {}
    for g in groups:
        for eid, e in g.items():
            names[normalize(eid)] = eid
            names[normalize(getattr(e, "name", eid))] = getattr(e, "name", eid)
    best = difflib.get_close_matches(normalize(part), list(names), n=3, cutoff=0.6)
    if not best:
        return ""
    return "did you mean " + " or ".join(repr(names[b]) for b in best) + "?"


def resolve(text: str, systems: Mapping[str, RegulationSystem], system: str | None = None) -> CheckResult:
    """Read ``text`` as a regulation of one of ``systems`` (bp2024 first; a single name may be a 2021 one)."""
    result = CheckResult(text=text)
    raw = unicodedata.normalize("NFKC", text).strip()
    if not raw:
        result.problems.append(Problem("usage", "empty regulation", hint='e.g. "スタンダード + ランダムハーフ"'))
        return result
    parts = [p.strip() for p in raw.split("+")]
    if any(not p for p in parts):
        result.problems.append(Problem("usage", f"empty part in {text!r}", "5.1.1 対戦レギュレーションの表記",
                                       "write フォーマット + フレーム + オプション, e.g. std+random40+pack"))
        return result
    chosen = {k: v for k, v in systems.items() if system is None or k == system}
    if not chosen:
        result.problems.append(Problem("usage", f"unknown regulation system {system!r}",
                                       hint=did_you_mean(system or "", systems) or "known: " + ", ".join(systems)))
        return result
    composed = [s for s in chosen.values() if s.frames]
    named = [s for s in chosen.values() if s.named]
    if len(parts) == 1:
        for s in named:
            nid = _index(s.named).get(normalize(parts[0]))
            if nid is not None:
                return _resolve_named(result, s, s.named[nid])
    if composed:
        return _resolve_composed(result, composed[0], parts, named)
    # only named systems were asked for
    s = named[0]
    hint = _suggest(parts[0], s.named) if len(parts) == 1 else "a 2021 regulation is a single name"
    result.problems.append(Problem("unknown", f"unknown regulation {raw!r} in {s.name}", "001 5.2", hint
                                   or "known: " + ", ".join(r.name for r in s.named.values())))
    return result


def _resolve_named(result: CheckResult, system: RegulationSystem, reg: NamedRegulation) -> CheckResult:
    result.regulation = Regulation(
        system=system, format=system.formats[reg.format], deck=reg.deck,
        match=system.match_types[reg.match], named=reg,
    )
    return result


def _resolve_composed(result: CheckResult, system: RegulationSystem, parts: list[str],
                      named: list[RegulationSystem]) -> CheckResult:
    formats_ix, frames_ix, options_ix = _index(system.formats), _index(system.frames), _index(system.options)
    fmt: list[Format] = []
    frm: list[Frame] = []
    opts: list[Option] = []
    for part in parts:
        key = normalize(part)
        if key in formats_ix:
            fmt.append(system.formats[formats_ix[key]])
        elif key in frames_ix:
            frm.append(system.frames[frames_ix[key]])
        elif key in options_ix:
            opts.append(system.options[options_ix[key]])
        elif (other := next((s for s in named if key in _index(s.named)), None)) is not None:
            result.problems.append(Problem(
                "forbidden", f"{part!r} is a regulation of {other.name}: it is played alone, without frames "
                "or options", "001 5.2", f"check {part!r} alone, or name a format and a frame of {system.name}"))
        else:
            groups: list[Mapping[str, object]] = [system.formats, system.frames, system.options]
            if len(parts) == 1:
                groups += [s.named for s in named]
            hint = _suggest(part, *groups) or (
                "formats: " + ", ".join(f.name for f in system.formats.values())
                + "; frames: " + ", ".join(f.name for f in system.frames.values())
                + "; options: " + ", ".join(o.name for o in system.options.values()))
            result.problems.append(Problem("unknown", f"unknown format, frame or option {part!r}", "", hint))
    if result.problems:
        return result
    if len(fmt) != 1:
        result.problems.append(Problem(
            "incomplete", "a regulation names exactly one format" + (f" (got {', '.join(f.name for f in fmt)})" if fmt else ""),
            "5.1 定義項目", "formats: " + ", ".join(f"{f.name} ({f.id})" for f in system.formats.values())))
    if len(frm) != 1:
        allowed = ""
        if len(fmt) == 1 and system.frame_table:
            allowed = "frames for " + fmt[0].name + ": " + ", ".join(
                f"{system.frames[r].name} ({r})" for r, cells in system.frame_table.rows.items()
                if cells.get(fmt[0].id) != NG_MARK)
        result.problems.append(Problem(
            "incomplete", "a regulation names exactly one frame" + (f" (got {', '.join(f.name for f in frm)})" if frm else ""),
            "5.1 定義項目 / 5.4 手順2", allowed))
    seen: set[str] = set()
    for o in opts:
        if o.id in seen:
            result.problems.append(Problem("forbidden", f"option {o.name} is named twice", "5.4 手順3"))
        seen.add(o.id)
    uniq = tuple({o.id: o for o in opts}.values())
    f = fmt[0] if len(fmt) == 1 else None
    fr = frm[0] if len(frm) == 1 else None
    result.problems.extend(compatibility_problems(system, f, fr, uniq))
    if not result.problems and f is not None and fr is not None:
        result.regulation = Regulation(system=system, format=f, frame=fr, options=uniq, deck=fr.deck,
                                       match=system.match_types[fr.match])
    return result


def compatibility_problems(system: RegulationSystem, fmt: Format | None, frame: Frame | None,
                           options: tuple[Option, ...]) -> list[Problem]:
    """Every rule of Tables 5.2/5.3 (and the exclusive options) the combination breaks; a missing format
    or frame (None) is skipped, so that an incomplete regulation still hears about the rest."""
    problems: list[Problem] = []
    t = system.frame_table
    if t is not None and fmt is not None and frame is not None and t.rows.get(frame.id, {}).get(fmt.id) == NG_MARK:
        ok = [system.frames[r].name for r, cells in t.rows.items() if cells.get(fmt.id) != NG_MARK]
        problems.append(Problem(
            "forbidden", f"フレーム「{frame.name}」はフォーマット「{fmt.name}」では選べない",
            f"Table {t.number} {t.title}: {frame.name} × {fmt.name} = x",
            f"{fmt.name} can be played with: {', '.join(ok)}"))
    for o in options:
        for table, row, what in ((system.option_format_table, fmt, "フォーマット"),
                                 (system.option_frame_table, frame, "フレーム")):
            if table is not None and row is not None and table.rows.get(row.id, {}).get(o.id) == NG_MARK:
                ok = [system.options[c].name for c, m in table.rows[row.id].items() if m != NG_MARK]
                problems.append(Problem(
                    "forbidden", f"オプション「{o.name}」は{what}「{row.name}」では選べない",
                    f"Table {table.number} {table.title}: {row.name} × {o.name} = x",
                    f"options allowed with {row.name}: {', '.join(ok) or 'none'}"))
    ids = {o.id for o in options}
    for group, reason in system.exclusive_options:
        if len(ids & set(group)) > 1:
            problems.append(Problem("forbidden", reason, f"{system.id} exclusive_options",
                                    "choose one of " + ", ".join(system.options[g].name for g in group)))
    return problems


def allowed_regulations(system: RegulationSystem) -> list[tuple[Format, Frame, tuple[Option, ...]]]:
    """Every valid combination of one format, one frame and any set of options of ``system``."""
    from itertools import combinations

    out: list[tuple[Format, Frame, tuple[Option, ...]]] = []
    opts = list(system.options.values())
    for f in system.formats.values():
        for fr in system.frames.values():
            for n in range(len(opts) + 1):
                for combo in combinations(opts, n):
                    if not compatibility_problems(system, f, fr, combo):
                        out.append((f, fr, combo))
    return out


def unplayable_reason(definitions: "Definitions", system: RegulationSystem, fmt: Format) -> str:
    """Why games of ``fmt`` cannot be played with ``definitions`` ("" when they can).

    A format plays with an action list of the system's edition (4.4), and エクストラ with its extra list: the
    edition's format of that id holding the trumps.
    """
    edition = definitions.editions.get(system.edition)
    if edition is None:
        return f"edition {system.edition} is not defined"
    if fmt.action_list not in {f.id for f in edition.formats}:
        return (f"the action list of {fmt.name} ({fmt.action_list}) is not defined in {system.edition}"
                f" ({edition.name}); defined: {', '.join(f.id for f in edition.formats) or 'none'}")
    if fmt.extra_list is not None and not edition.trumps_in(fmt.extra_list):
        return f"the extra list of {fmt.name} ({fmt.extra_list}) is not defined in {system.edition}"
    return ""


def played_format(fmt: Format) -> str:
    """The edition format a regulation format is played in: its extra list's format when it has one (エクストラ:
    the format ``extra`` holds the マスター list and the trumps, 4.4), else its action list."""
    return fmt.extra_list or fmt.action_list

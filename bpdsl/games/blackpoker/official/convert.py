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

import re
import shutil
import tempfile
from pathlib import Path
from typing import Any, Sequence

from bpdsl.diagnostics import Diagnostic
from bpdsl.dsl.document import Document
from bpdsl.dsl.yamlload import Y_SYNTAX
from bpdsl.games.blackpoker.official import phrases as P
from bpdsl.games.blackpoker.official.plan import Planner
from bpdsl.games.blackpoker.official.planned import (  # noqa: F401 - the importer's names, kept here
    FieldReport, ImportProblem, ImportResult, PlannedEntry, key_of, snake)
from bpdsl.games.blackpoker.official.source import OfficialEntry, OfficialFormatError, OfficialList, read
from bpdsl.model import Definitions


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
        faults = sum(1 for d in exc.diagnostics if d.code == Y_SYNTAX)
        raise ImportProblem(f"{path}: {faults} YAML fault(s) that are no known quirk of the official lists" if faults
                            else f"{path} is not a list in the official format", exc.diagnostics) from None
    parent_id = extends or choose_parent(defs, PLUGIN.id, official) or newest_edition(defs, PLUGIN.id)
    if parent_id is None:
        raise ImportProblem("no BlackPoker edition is loaded to extend (--extends)", usage=True)
    parent = defs.editions[parent_id]
    plan = Planner(official, edition_id, parent, defs, documents)
    result = plan.result()
    if plan.promote_terms():  # the file's own words as edition terms, not beside each call
        result = plan.result()
    result.warnings = sorted([*official.warnings, *plan.sink.items], key=lambda d: (d.pos, d.code))
    for _ in range(4):  # the render check: a field that does not print the official text becomes an override
        wrong = _check(result.files, roots, plan)
        if not wrong and not plan.new_forms:
            return _playable(plan, result)
        for entry, kept in plan.new_forms.items():  # the list's own forms, for the export (.forms)
            entry.data["official"] = kept
        for entry, fname in wrong:
            entry.forced.add(fname)
        result = plan.result()
        result.warnings = sorted([*official.warnings, *plan.sink.items], key=lambda d: (d.pos, d.code))
    raise ImportProblem("the imported edition does not print the official texts (a bug in bpdsl import): "
                        + ", ".join(f"{e.id}.{f}" for e, f in _check(result.files, roots, plan)))


def _playable(plan: Planner, result: ImportResult) -> ImportResult:
    """``result``, unless an action the core flow needs is left out of play (:mod:`.core`): then the import
    fails, telling each sentence that was not understood and the ops it was tried against."""
    from bpdsl.games.blackpoker.official import core

    problems = core.check(plan, result)
    if problems:
        names = sorted({d.message.split(":", 1)[0] for d in problems})
        raise ImportProblem(f"the imported edition (extending {plan.parent.id}) could not play "
                            f"{', '.join(names)}, which its core flow needs",
                            [*result.warnings, *problems])
    return result


def _check(files: dict[str, str], roots: Sequence[Path], plan: Planner) -> list[tuple[PlannedEntry, str]]:
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
        plan.new_forms = _forms(plan, edition)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    wrong: list[tuple[PlannedEntry, str]] = []
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


def _forms(plan: Planner, edition: Any) -> dict[PlannedEntry, dict[str, str]]:
    """The official forms each entry should keep (:mod:`.forms`) where they differ from those it keeps."""
    from bpdsl.games.blackpoker.official import forms
    from bpdsl.games.blackpoker.official.export import official_document

    doc = official_document(edition, kept_forms=False)
    rows = {}
    for list_key, items_key, kind in (("actList", "acts", "action"), ("charList", "chars", "character"),
                                      ("fogList", "fogs", "fog"), ("trumpList", "trumps", "trump")):
        for group in doc.get(list_key, []):
            for row in group.get(items_key, []):
                name = {"action": "actName", "character": "charName", "fog": "fogName", "trump": "trumpName"}[kind]
                rows[(kind, row.get(name))] = row
    names = forms.names_of(edition.formats)
    out: dict[PlannedEntry, dict[str, str]] = {}
    for entry in plan.entries:
        e = entry.source
        row = rows.get((e.kind, e.get(key_of(e, "Name"))))
        if row is None:
            continue
        kept = forms.recorded(e.values, row, names)
        if kept != (entry.data.get("official") or {}):
            out[entry] = kept
    return out


def _at_official(d: Diagnostic, staging: Path, files: dict[str, str], plan: Planner) -> Diagnostic:
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
            return Diagnostic(at.source.pos(), d.code, f"{at.source.get(key_of(at.source, 'Name'))}: {d.message}",
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

"""The report of an import: what became ops, what is a text override still to be written as ops, and the
facts of the official file that have no place in the DSL."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from bpdsl.games.blackpoker.official.planned import FIELD_TITLES, ImportResult


def as_json(result: ImportResult, source: Path, folder: Path) -> dict[str, Any]:
    full, partly, none = result.entry_counts()
    return {
        "edition": result.edition, "extends": result.extends, "source": str(source), "folder": str(folder),
        "entries": result.entries,
        "fields": {"total": len(result.fields), "composed": len(result.composed),
                   "overridden": len(result.overridden)},
        "entries_by_ops": {"all_ops": full, "partly": partly, "no_op": none},
        "overrides": [{"kind": f.kind, "entry": f.entry, "field": f.field, "ops": f.ops, "texts": f.overrides}
                      for f in result.overridden],
        "renamed": [{"official": a, "id": b} for a, b in result.renamed],
        "not_carried": result.not_carried, "guessed": result.guessed, "trumps": result.trumps,
        "left_out_of_play": [{"kind": k, "entry": n, "why": w} for k, n, w in result.left_out],
        "played": played(result),
        "warnings": [d.format() for d in result.warnings],
    }


def played(result: ImportResult) -> int:
    """Actions and characters of the import that games offer (those left out of play subtracted)."""
    out = sum(1 for k, _, _ in result.left_out if k in ("action", "character"))
    return result.entries["action"] + result.entries["character"] - out


def markdown(result: ImportResult, source: Path) -> str:
    full, partly, none = result.entry_counts()
    n_over = sum(len(f.overrides) for f in result.overridden)
    lines = [
        f"# Import of {source.name} as edition {result.edition}", "",
        f"`bpdsl import official` wrote edition `{result.edition}` (extends `{result.extends}`): "
        f"{result.entries['action']} actions, {result.entries['character']} characters, {result.entries['fog']} fogs.",
        "",
        f"- Texts written as op compositions (their phrases print the official sentence): "
        f"{len(result.composed)} of {len(result.fields)} fields.",
        f"- Entries whose every text is ops: {full}; partly ops: {partly}; no op yet: {none}.",
        f"- Text overrides still to write as ops: {n_over} (ops `not_executed`, `not_executed_<kind>` with "
        "`text:`). An edition holding one validates and prints; an entry with one where the engine runs it "
        "(a condition, trigger, target, effect step, a character's size, labels or abilities) is left out of "
        "play, a ※ note is printed only; `bpdsl validate --stats` counts them.",
        f"- Entries played: {played(result)} of {result.entries['action'] + result.entries['character']} actions "
        "and characters" + (f"; trumps played: {result.trumps - sum(1 for k, _, _ in result.left_out if k == 'trump')}"
                            f" of {result.trumps}" if result.trumps else "") + ".",
        "",
    ]
    if result.left_out:
        lines += ["## Left out of play", "", "Printed in the lists, not offered in games, with the reason:", ""]
        lines += [f"- {k} **{n}**: {w}" for k, n, w in result.left_out] + [""]
    if result.warnings:
        lines += ["## Warnings", "", "What the file writes that the import left out or took by default:", ""]
        lines += [f"- `{d.pos}` {d.code} {d.message}" for d in result.warnings] + [""]
    if result.overridden:
        lines += ["## Still to write as ops", "",
                  "Replace each override by ops (`bpdsl docs`: the designer's manual lists every op with its "
                  "phrase), then run `bpdsl validate` and `bpdsl render actionlist` to see the printed text.", ""]
        for f in result.overridden:
            lines.append(f"- {f.kind} **{f.entry}**, {FIELD_TITLES.get(f.field, f.field)} (`{f.field}`): "
                         f"{f.ops} op(s) found, {len(f.overrides)} override(s)")
            for text in f.overrides:
                first, *rest = text.split("\n")
                lines.append(f"  - 「{first}{' …' if rest else ''}」")
        lines.append("")
    leads = [f for f in result.fields if f.field == "lead"]
    if leads:
        lines += ["## Lead sentences", "", "Printed before the numbered steps as the entry's `lead:` text: "
                  + ", ".join(f.entry for f in leads) + ".", ""]
    if result.renamed:
        lines += ["## Ids", "", "An entry takes the id its parent gives the entry of the same name (the parent's "
                  "flow and trumps name entries by id), else the official id in snake_case:", ""]
        lines += [f"- `{a}` → `{b}`" for a, b in result.renamed] + [""]
    if result.guessed:
        lines += ["## Guessed", "", "The official format does not say whether a character is a soldier or a "
                  "bulwark; taken from the parent's characters of the same type:", ""]
        lines += [f"- {g}" for g in result.guessed] + [""]
    if result.not_carried:
        lines += ["## Not carried", "", "Official fields with no place in the DSL:", ""]
        lines += [f"- {n}" for n in result.not_carried] + [""]
    return "\n".join(lines)

"""``bpdsl diff OLD NEW``: a readable changelog between two editions (e.g. ``bpdsl diff act6.1 act8.0``)."""
from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any, Optional

import typer

from bpdsl.commands._say import say_error

from bpdsl.commands._definitions import default_id, with_definitions
from bpdsl.commands._console import CommandConsole


def register(app: typer.Typer) -> None:
    app.command("diff")(with_definitions(diff))


KIND_WORDS = {"action": "actions", "character": "characters", "fog": "fogs", "trump": "trumps"}
HISTORY_FORMATS = ("rst", "md", "html", "pdf")
REACH_SHOWN = 12  # entries named under a term's change in the text output


def _history(old: Any, new: Any, fmt: str, out_file: Optional[Path], as_json: bool,
             chain: Optional[list[Any]] = None) -> None:
    """Print (or write to ``out_file``, atomically) the change history of ``new`` against ``old``."""
    from bpdsl.fsutil import write_atomic
    from bpdsl.render.history import build_history
    from bpdsl.render.historyout import render

    history = build_history(old, new, chain or [])
    if as_json:
        print(json.dumps(asdict(history), ensure_ascii=False, indent=2))
        return
    doc = render(history, fmt)
    if out_file is None:
        assert isinstance(doc, str)
        sys.stdout.write(doc)
        return
    try:
        write_atomic(out_file, doc)
    except OSError as e:
        typer.echo(f"bpdsl diff: cannot write {out_file}: {e.strerror or e}", err=True)
        raise typer.Exit(1)
    typer.echo(f"wrote {out_file} ({len(history.items)} changes)")


def _term_reach(d: Any, old: Any, new: Any) -> None:
    """Under each edition-wide term that changed, the entries whose printed text it changes; those the new
    edition does not write itself are marked: a term meant for one entry that rewords another shows here."""
    from bpdsl.render.termreach import term_reach

    from bpdsl.model import LORE_FIELDS

    lore = {*LORE_FIELDS, "dev_note"}  # an entry whose only change is its history keeps its inherited text
    written = {(e.kind, e.id) for e in d.entries
               if e.status == "added" or (e.status == "changed" and any(f.field not in lore for f in e.fields))}
    reach = term_reach(old, new, written)
    for f in d.edition:
        if f.field.startswith("terms."):
            f.reaches = [f"{r.name} ({r.id}: {', '.join(r.fields)})" + ("" if r.written else " [inherited]")
                         for r in reach.get(f.field.removeprefix("terms."), [])]


def diff(
    old: Optional[str] = typer.Argument(None, help="edition id, e.g. act6.1 (alone: the edition to compare "
                                        "with the one it extends)"),
    new: Optional[str] = typer.Argument(None, help="edition id, e.g. act8.0"),
    notation: bool = typer.Option(True, "--notation/--no-notation",
                                  help="also list requests whose printed notation alone changed"),
    as_json: bool = typer.Option(False, "--json", help="print the changes as JSON"),
    fmt: str = typer.Option("text", "--format", "-f",
                            help="text: the model's changes field by field; rst, md, html, pdf: the change "
                                 "history (変更履歴) a player reads, grouped 共通ルール / アクションリスト・用語 / "
                                 "エクストラ, each change as printed old → new"),
    out_file: Optional[Path] = typer.Option(None, "--out", "-o",
                                            help="write the history to this file (needed for pdf)"),
) -> None:
    """Added, removed and changed actions, characters and fogs between two editions, field by field; with
    ``--format rst|md|html|pdf`` the printed change history (変更履歴) of the new edition."""
    from bpdsl.diagnostics import did_you_mean
    from bpdsl.dsl.diff import diff_editions
    from bpdsl.dsl.loader import load_selected

    if fmt not in ("text", *HISTORY_FORMATS):
        typer.echo(f"bpdsl diff: --format must be one of text, {', '.join(HISTORY_FORMATS)}, not {fmt!r}", err=True)
        raise typer.Exit(2)
    if fmt == "pdf" and out_file is None:
        typer.echo("bpdsl diff: --format pdf writes a file; name it with --out FILE.pdf", err=True)
        raise typer.Exit(2)
    console = CommandConsole(highlight=False, soft_wrap=True, markup=False, emoji=False)  # definitions text as written
    result = load_selected()
    if not result.ok:
        for d in result.errors:
            console.print(d.format(), markup=False)
        console.print("the definitions are invalid; run `bpdsl validate`", markup=False)
        raise typer.Exit(1)
    editions = result.definitions.editions
    if new is None:  # one edition (or the project's): compare it with the edition it extends
        new = default_id(old, "edition", "")
        if not new:
            typer.echo("bpdsl diff: name two editions (or one that extends another)", err=True)
            raise typer.Exit(2)
        parent = editions[new].extends if new in editions else None
        if new in editions and parent is None:
            typer.echo(f"bpdsl diff: edition {new} extends no other edition; name the two editions", err=True)
            raise typer.Exit(2)
        old = parent or ""
    assert old is not None
    for eid in (old, new):
        if eid not in editions:
            hint = did_you_mean(eid, editions) or "editions: " + ", ".join(editions)
            say_error(f"unknown edition {eid!r}; {hint}")
            raise typer.Exit(2)
    if fmt != "text":
        from bpdsl.render.history import between

        _history(editions[old], editions[new], fmt, out_file, as_json,
                 between(editions, editions[old], editions[new]))
        return
    d = diff_editions(editions[old], editions[new])
    _term_reach(d, editions[old], editions[new])
    if not notation:
        for e in d.entries:
            e.fields = [f for f in e.fields if not f.printed_only]
        d.entries = [e for e in d.entries if e.status != "changed" or e.fields or e.old_id]
    if as_json:
        print(json.dumps(asdict(d), ensure_ascii=False, indent=2))
        return
    out = lambda text="": console.print(text, markup=False)  # noqa: E731
    out(f"{old} ({editions[old].name}) → {new} ({editions[new].name})")
    if d.edition:
        out()
        out("edition")
        for f in d.edition:
            out(f"  {f.field}: {f.old} → {f.new}")
            if f.field.startswith("terms."):
                shown = f.reaches[:REACH_SHOWN]
                more = f"; … and {len(f.reaches) - len(shown)} more (--json lists all)" if f.reaches[len(shown):] else ""
                out(f"      changes the printed text of {len(f.reaches)} entr{'y' if len(f.reaches) == 1 else 'ies'}"
                    + (": " + "; ".join(shown) + more if shown else ""))
    for kind, word in KIND_WORDS.items():
        added, removed, changed = d.of("added", kind), d.of("removed", kind), d.of("changed", kind)
        if not (added or removed or changed):
            continue
        out()
        out(f"{word}: {len(added)} added, {len(removed)} removed, {len(changed)} changed")
        for e in added:
            out(f"  + {e.name} ({e.id})")
        for e in removed:
            out(f"  - {e.name} ({e.id})")
        for e in changed:
            renamed = f" (was {e.old_id})" if e.old_id else ""
            out(f"  ~ {e.name} ({e.id}){renamed}")
            for f in e.fields:
                note = "  [notation only]" if f.printed_only else ""
                out(f"      {f.field}: {f.old} → {f.new}{note}")
    if not d.edition and not d.entries:
        out("no differences")

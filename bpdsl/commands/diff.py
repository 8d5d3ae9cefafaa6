"""``bpdsl diff OLD NEW``: a readable changelog between two editions (e.g. ``bpdsl diff act6.1 act8.0``)."""
from __future__ import annotations

import json
from dataclasses import asdict
from typing import Optional

import typer

from bpdsl.commands._say import say_error

from bpdsl.commands._definitions import default_id, with_definitions
from bpdsl.commands._console import CommandConsole


def register(app: typer.Typer) -> None:
    app.command("diff")(with_definitions(diff))


KIND_WORDS = {"action": "actions", "character": "characters", "fog": "fogs", "trump": "trumps"}


def diff(
    old: Optional[str] = typer.Argument(None, help="edition id, e.g. act6.1 (alone: the edition to compare "
                                        "with the one it extends)"),
    new: Optional[str] = typer.Argument(None, help="edition id, e.g. act8.0"),
    notation: bool = typer.Option(True, "--notation/--no-notation",
                                  help="also list requests whose printed notation alone changed"),
    as_json: bool = typer.Option(False, "--json", help="print the changes as JSON"),
) -> None:
    """Added, removed and changed actions, characters and fogs between two editions, field by field."""
    from bpdsl.diagnostics import did_you_mean
    from bpdsl.dsl.diff import diff_editions
    from bpdsl.dsl.loader import load_selected

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
    d = diff_editions(editions[old], editions[new])
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

"""``bpdsl ops [NAME]``: the DSL's vocabulary at the terminal — every op (effects, costs, conditions,
triggers, targets …), expression name and wording term with its arguments, the Japanese phrase it prints
and an example; the same entries as the manual's reference (bpdsl.render.reference), searchable.

``bpdsl schema --ops`` stays the JSON of the ops' argument schemas, for programs.
"""
from __future__ import annotations

from typing import Any, Optional

import typer

from bpdsl.commands._definitions import default_id, with_definitions

IN_FULL = 3  # a search with at most this many hits shows them in full; more are listed


def register(app: typer.Typer) -> None:
    app.command("ops")(with_definitions(ops_cmd))


def ops_cmd(
    name: Optional[str] = typer.Argument(None, help="an op, expression name or wording term, or any part of one's "
                                         "words: a Japanese word of its phrase (墓地), of its summary (discard)"),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="the wording the phrases print in (default: "
                                          "the project's [defaults] edition, else act8.0, as the manual)"),
    full: bool = typer.Option(False, "--full", help="every match in full (default: in full up to "
                              f"{IN_FULL} matches, otherwise listed)"),
    kind: Optional[str] = typer.Option(None, "--kind", "-k", help="only this kind: an op kind (effect, condition, "
                                       "trigger …), expr for expression names, term for wording terms"),
) -> None:
    """The DSL's vocabulary: ops, expression names and wording terms, with their arguments, printed phrase and
    an example.  Without NAME: the index.  With NAME: that entry, or the entries whose words contain NAME."""
    from bpdsl.commands._paths import definitions_or_exit
    from bpdsl.dsl.loader import default_paths
    from bpdsl.render.reference import reference, search

    defs = definitions_or_exit(None, "ops", "nothing listed")
    eid = default_id(edition, "edition", "act8.0")
    if eid not in defs.editions:
        typer.echo(f"bpdsl ops: unknown edition {eid!r}; editions: {', '.join(defs.editions)}", err=True)
        raise typer.Exit(2)
    entries = reference(defs, eid, default_paths())
    if kind is not None:
        kinds = sorted({_kind_word(e) for e in entries})
        if kind not in kinds:
            typer.echo(f"bpdsl ops: --kind must be one of {', '.join(kinds)}, not {kind!r}", err=True)
            raise typer.Exit(2)
        entries = [e for e in entries if _kind_word(e) == kind]
    found = entries if name is None else search(entries, name)
    if not found:
        from bpdsl.diagnostics import did_you_mean

        hint = did_you_mean(name or "", [e.name for e in entries]) or ""
        counts = _counts(entries)
        typer.echo(f"bpdsl ops: nothing matches {name!r}: searched the names, summaries, arguments, printed "
                   f"phrases and examples of {counts}" + (f"; {hint}" if hint else ""), err=True)
        raise typer.Exit(1)
    out = _console()
    if full or (name is not None and len(found) <= IN_FULL):
        for e in found:
            _print_entry(out, e)
        return
    _print_index(out, found, eid)
    if name is not None:
        out.print(f"{len(found)} entries contain {name!r}: `bpdsl ops NAME` shows one in full, --full all of them")
    else:
        out.print(f"{_counts(found)}; `bpdsl ops NAME` shows one in full (its arguments, phrase and example), "
                  "`bpdsl ops WORD` searches")


def _kind_word(e: Any) -> str:
    return e.kind if e.group == "op" else "expr" if e.group == "expression name" else "term"


def _counts(entries: list[Any]) -> str:
    ops = sum(1 for e in entries if e.group == "op")
    names = sum(1 for e in entries if e.group == "expression name")
    terms = sum(1 for e in entries if e.group == "wording term")
    return f"{ops} ops, {names} expression names and {terms} wording terms"


def _console() -> Any:
    from bpdsl.commands._console import CommandConsole

    return CommandConsole(emoji=False, highlight=False)


def _print_index(out: Any, entries: list[Any], eid: str) -> None:
    """One table per kind: name, printed phrase (its first line), summary."""
    from rich.markup import escape

    from bpdsl.commands._sim_cli import data_table

    by_title: dict[str, list[Any]] = {}
    for e in entries:
        by_title.setdefault(e.title, []).append(e)
    for title, group in by_title.items():
        t = data_table("name", "printed (" + eid + ")", "what it is", title=title)
        for e in group:
            t.add_row(escape(e.name), escape(e.phrase.split("\n")[0]), escape(e.summary))
        out.print(t)


def _print_entry(out: Any, e: Any) -> None:
    """An entry as the manual shows it: summary, arguments, the phrase, the example, its users."""
    from rich.markup import escape
    from rich.rule import Rule
    from rich.text import Text

    from bpdsl.commands._sim_cli import data_table

    head = Text(f"{e.name} — {e.title}", style="bold")
    out.print(Rule(head, align="left") if out.is_terminal else head)  # a file has no width to rule across
    out.print(escape(e.summary.replace("`", "")))
    if e.args:
        t = data_table("argument", "type", "required", "details")
        for row in e.args:
            t.add_row(*(escape(c) for c in row))
        out.print(t)
    elif e.group == "op":
        out.print("引数なし (no arguments)")
    label = {"op": "printed", "expression name": "printed as", "wording term": "words"}[e.group]
    out.print(Text(f"{label}: ", style="bold") + Text(e.phrase.split("\n")[0]))
    for line in e.phrase.split("\n")[1:]:
        out.print(Text("  " + line))
    out.print(Text("example:", style="bold"))
    for line in e.example.rstrip("\n").split("\n"):
        out.print(Text("  " + line, style="cyan"))
    if e.users:
        shown = ", ".join(e.users[:8]) + (f" … ({len(e.users)} in all)" if len(e.users) > 8 else "")
        out.print(Text("used by: ", style="bold") + Text(shown))
    out.print()

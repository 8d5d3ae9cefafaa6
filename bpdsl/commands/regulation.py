"""``bpdsl regulation``: check a regulation by name, list the regulation data."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from bpdsl.commands._limits import MAX_MATCHES

from bpdsl.commands._definitions import with_definitions
from bpdsl.games.blackpoker.regulation.check import allowed_regulations, resolve, unplayable_reason
from bpdsl.commands._regulation_cli import definitions_or_exit, describe_problems, err, systems_or_exit
from bpdsl.games.blackpoker.regulation.model import Regulation

app = typer.Typer(help="Regulations: formats, frames, options (2024) and the named regulations (2021).",
                  no_args_is_help=True)


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="regulation")
    root.add_typer(match_app, name="match")


def _summary(reg: Regulation) -> dict[str, object]:
    d = reg.deck
    out: dict[str, object] = {
        "regulation": reg.name,
        "id": reg.id,
        "system": reg.system.id,
        "edition": reg.edition,
        "format": reg.format.id,
        "action_list": reg.format.action_list,
        "extra_list": reg.format.extra_list,
        "build": d.build,
        "decks": d.count,
        "deck_size": d.size.text() if d.count == 1 else " / ".join(d.deck_texts()),
        "match": reg.match.name,
        "games_to_win": reg.match.games_to_win,
        "max_games": reg.match.max_games,
    }
    if reg.frame is not None:
        out["frame"] = reg.frame.id
        out["options"] = [o.id for o in reg.options]
    if reg.named is not None:
        out["section"] = reg.named.section
        out["condition"] = reg.named.condition
    return out


@app.command("check")
@with_definitions
def check(
    regulation: str = typer.Argument(..., help='e.g. "スタンダード + ランダムハーフ + プリセット2" or std+random-half+preset2'),
    system: Optional[str] = typer.Option(None, "--system", help="bp2024 or bp2021 (default: read the text)"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """Say whether REGULATION is valid, or which rule forbids it (exit 0 valid, 1 invalid, 2 unknown name)."""
    defs = definitions_or_exit()
    result = resolve(regulation, systems_or_exit(defs), system)
    if as_json:
        print(json.dumps({
            "text": regulation, "valid": result.valid,
            "regulation": _summary(result.regulation) if result.valid and result.regulation else None,
            "problems": [{"kind": p.kind, "message": p.message, "rule": p.rule, "hint": p.hint}
                         for p in result.problems],
        }, ensure_ascii=False, indent=2))
        raise typer.Exit(result.exit_code)
    if not result.valid or result.regulation is None:
        describe_problems(result)
        raise typer.Exit(result.exit_code)
    reg = result.regulation
    s = _summary(reg)
    print(f"valid: {reg.name}  ({reg.id}, {reg.system.name})")
    print(f"  format : {reg.format.name} — action list {reg.format.action_list}"
          + (f" + extra list {reg.format.extra_list}" if reg.format.extra_list else "")
          + f" of {reg.edition}")
    if reg.frame is not None:
        print(f"  frame  : {reg.frame.name} — {reg.frame.method}")
    if reg.named is not None:
        print(f"  decks  : {reg.named.condition} ({reg.named.pool})")
    print(f"  build  : {s['build']}, {s['decks']} deck(s) of {s['deck_size']}")
    print(f"  match  : {reg.match.name} ({reg.match.games_to_win} win(s), at most {reg.match.max_games} game(s))")
    for o in reg.options:
        print(f"  option : {o.name} — {o.rule}")


@app.command("list")
@with_definitions
def list_(
    system: Optional[str] = typer.Option(None, "--system", help="only this system (bp2024, bp2021)"),
    valid: bool = typer.Option(False, "--valid", help="list every valid 2024 combination"),
) -> None:
    """List the formats, frames, options and named regulations of the definitions."""
    defs = definitions_or_exit()
    all_systems = systems_or_exit(defs)
    if system is not None and system not in all_systems:
        from bpdsl.diagnostics import did_you_mean

        err(f"unknown regulation system {system!r}; {did_you_mean(system, all_systems) or 'known: ' + ', '.join(all_systems)}")
        raise typer.Exit(2)
    for s in all_systems.values():
        if system is not None and s.id != system:
            continue
        print(f"{s.name} [{s.id}] — {s.notation}; action lists of {s.edition}")
        print("  formats:")
        for f in s.formats.values():
            why = unplayable_reason(defs, s, f)
            print(f"    {f.id:<18} {_pad(f.name, 14)} action list {f.action_list}"
                  + (f" + {f.extra_list}" if f.extra_list else "")
                  + (f"  (checks only: {why})" if why else ""))
        if s.frames:
            print("  frames:")
            for fr in s.frames.values():
                print(f"    {fr.id:<18} {_pad(fr.name, 14)} {fr.build:<11} {_pad(s.match_types[fr.match].name, 14)} "
                      f"{' / '.join(fr.deck.deck_texts())}")
        if s.options:
            print("  options:")
            for o in s.options.values():
                print(f"    {o.id:<18} {_pad(o.name, 14)} {o.summary}")
        if s.named:
            print("  regulations:")
            for n in s.named.values():
                print(f"    {n.id:<18} {_pad(n.name, 26)} {n.section:<7} {n.condition}")
        if valid and s.frames:
            combos = allowed_regulations(s)
            print(f"  valid combinations ({len(combos)}):")
            for f, fr, opts in combos:
                print("    " + " + ".join([f.name, fr.name] + [o.name for o in opts])
                      + "   " + "+".join([f.id, fr.id] + [o.id for o in opts]))


match_app = typer.Typer(help="Matches under a regulation (1-deck match, 2-deck best of three).",
                        no_args_is_help=True)


@match_app.command("simulate")
@with_definitions
def match_simulate(
    regulation: str = typer.Option(..., "--regulation", "-r", help='e.g. "スタンダード + ランダムハーフ"'),
    matches: int = typer.Option(10, "--matches", "-n", min=1, max=MAX_MATCHES,
                                 help=f"number of matches (at most {MAX_MATCHES:,})"),
    seed: int = typer.Option(1, "--seed", help="seed of decks, deck choices and games"),
    deck: list[Path] = typer.Option([], "--deck", help="deck file for constructed frames (once, or once per player)"),
    log: Optional[Path] = typer.Option(None, "--log", help="JSON Lines event log of the first game"),
    system: Optional[str] = typer.Option(None, "--system", help="bp2024 or bp2021 (default: read the text)"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
    check: bool = typer.Option(True, "--check/--no-check",
                               help="check the invariants after every core-flow step (--no-check: faster)"),
    build: list[Path] = typer.Option([], "--build", help="scenario build file (trumps, シナリオ手札) of player 1 "
                                     "(once), or of each player (twice)"),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="play with the action lists of this "
                                          "edition (default: the regulation system's, e.g. act9.1)"),
) -> None:
    """Play MATCHES matches between two random bots under REGULATION and report match and game results."""
    from bpdsl.commands._match_batch import run_cli

    run_cli(regulation, matches, seed, as_json, deck, log, system, check, build, edition)


@match_app.command("play")
@with_definitions
def match_play(
    regulation: str = typer.Option(..., "--regulation", "-r", help='e.g. "スタンダード + エントリー"'),
    seed: Optional[int] = typer.Option(None, "--seed", help="seed of decks and games (random if omitted)"),
    deck: list[Path] = typer.Option([], "--deck", help="your deck file for constructed frames"),
    system: Optional[str] = typer.Option(None, "--system", help="bp2024 or bp2021 (default: read the text)"),
    build: list[Path] = typer.Option([], "--build", help="your scenario build file: its trumps and シナリオ手札 "
                                     "are placed for you"),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="play with the action lists of this "
                                          "edition (default: the regulation system's, e.g. act9.1)"),
) -> None:
    """Play a whole match under REGULATION against a random bot at the terminal."""
    from bpdsl.commands._match_play import run_cli

    run_cli(regulation, seed, deck, system, build, edition)


@match_app.command("replay")
@with_definitions
def match_replay(log: Path = typer.Argument(..., help="event log written by --log under a regulation")) -> None:
    """Replay the logged game of a match; exit 0 if every event matches, 1 if not (the first diverging event
    is shown), 2 if there is no such file."""
    from bpdsl.commands.replay import replay_or_exit

    replay_or_exit(log, "match replay", regulation_only=True)


@app.command("tables")
@with_definitions
def tables(system: str = typer.Option("bp2024", "--system", help="regulation system with compatibility tables")) -> None:
    """Print Tables 5.1, 5.2 and 5.3 (frames and the ○/x compatibility of formats, frames and options)."""
    from bpdsl.commands._console import CommandConsole
    from rich.table import Table

    defs = definitions_or_exit()
    all_systems = systems_or_exit(defs)
    s = all_systems.get(system)
    if s is None or s.frame_table is None or s.option_format_table is None or s.option_frame_table is None:
        from bpdsl.diagnostics import did_you_mean

        with_tables = [k for k, v in all_systems.items() if v.frame_table is not None]
        err(f"no compatibility tables in {system!r}; "
              f"{did_you_mean(system, with_tables) or 'systems with tables: ' + ', '.join(with_tables)}")
        raise typer.Exit(2)
    console = CommandConsole(markup=False, emoji=False)  # names from the definitions, printed as written
    t51 = Table(title="Table 5.1 フレーム一覧")
    for h in ("フレーム", "id", "構築タイプ", "マッチ形式", "デッキ構成方法", "デッキ 1", "デッキ 2"):
        t51.add_column(h)
    for fr in s.frames.values():
        texts = fr.deck.deck_texts() + ["x"]
        t51.add_row(fr.name, fr.id, fr.build, s.match_types[fr.match].name, fr.method, texts[0], texts[1])
    console.print(t51)
    t52 = Table(title=f"Table {s.frame_table.number} {s.frame_table.title}")
    t52.add_column("【フレーム】")
    for f in s.formats.values():
        t52.add_column(f.name, justify="center")
    for rid, cells in s.frame_table.rows.items():
        t52.add_row(s.frames[rid].name, *(cells[c] for c in s.formats))
    console.print(t52)
    t53 = Table(title=f"Table {s.option_format_table.number} オプション対応一覧")
    t53.add_column("")
    for o in s.options.values():
        t53.add_column(o.name, justify="center")
    t53.add_row("【フォーマット】", *[""] * len(s.options))
    for rid, cells in s.option_format_table.rows.items():
        t53.add_row(s.formats[rid].name, *(cells[c] for c in s.options))
    t53.add_row("【フレーム】", *[""] * len(s.options))
    for rid, cells in s.option_frame_table.rows.items():
        t53.add_row(s.frames[rid].name, *(cells[c] for c in s.options))
    console.print(t53)


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal columns: a Japanese (wide) character takes two."""
    import unicodedata

    used = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return text + " " * max(width - used, 0)

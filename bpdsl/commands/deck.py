"""``bpdsl deck``: check a deck file against a regulation, show the decks a regulation builds."""
from __future__ import annotations

import json
from pathlib import Path

import typer

from bpdsl.commands._definitions import with_definitions
from bpdsl.games.blackpoker.regulation.card_text import deck_text
from bpdsl.commands._regulation_cli import err, legal_decks_or_exit, regulation_or_exit
from bpdsl.games.blackpoker.regulation.decks import Deck, DeckFileError, build_match_decks, check_decks, read_deck_file
from bpdsl.games.blackpoker.regulation.model import Regulation

app = typer.Typer(help="Deck files: check them against a regulation, build the decks of a regulation.",
                  no_args_is_help=True)


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="deck")


@app.command("check")
@with_definitions
def check(
    deckfile: Path = typer.Argument(..., help="YAML deck file (a list of cards, or 'cards:' / 'decks:')"),
    regulation: str = typer.Option(..., "--regulation", "-r", help='e.g. "スタンダード + 構築40" or std+constructed40'),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """Check DECKFILE against a constructed frame (exit 0 legal, 1 illegal, 2 usage)."""
    _, reg = regulation_or_exit(regulation)
    where = reg.frame.name if reg.frame is not None else (reg.named.name if reg.named else reg.name)
    if reg.deck.build != "constructed":
        kind = "fixed" if reg.deck.build == "fixed" else "random"
        err(f"{where} builds its decks itself ({kind}); deck files are for constructed frames "
            "(構築ハーフ, 構築40, レギュラー)")
        raise typer.Exit(2)
    try:
        decks = read_deck_file(deckfile)
    except DeckFileError as exc:  # no such file: usage (2); a file that holds no deck: a failed check (1)
        err(str(exc))
        raise typer.Exit(1 if deckfile.is_file() else 2)
    problems = check_decks(decks, reg.deck, where)
    errors = [p for p in problems if p.severity == "error"]
    if as_json:
        print(json.dumps({
            "regulation": reg.name, "file": str(deckfile), "legal": not errors,
            "decks": [{"name": d.name, "size": len(d), "cards": deck_text(d.cards)} for d in decks],
            "problems": [{"severity": p.severity, "message": p.message, "rule": p.rule} for p in problems],
        }, ensure_ascii=False, indent=2))
        raise typer.Exit(1 if errors else 0)
    for d in decks:
        print(f"{d.name}: {len(d)} cards — {deck_text(d.cards)}")
    for p in problems:
        (err if p.severity == "error" else print)(p.format())
    if errors:
        err(f"illegal under {reg.name}")
        raise typer.Exit(1)
    print(f"legal under {reg.name}")


@app.command("scenario")
@with_definitions
def scenario(
    buildfile: Path = typer.Argument(..., help="YAML scenario build: trumps, rare_cards, scenario_hand"),
    regulation: str = typer.Option(..., "--regulation", "-r", help='e.g. "エクストラ + レギュラー" or extra+regular'),
    deck: Path | None = typer.Option(None, "--deck", help="the player's deck file: every card of the build is one of it"),
) -> None:
    """Check a scenario build (シナリオ構築, 第9.1版) against a regulation: exit 0 legal, 1 illegal (each
    problem as file:line:col), 2 usage."""
    from bpdsl.games.blackpoker.regulation.scenario_build import PARTS, check_scenario_build, read_scenario_build

    _, reg = regulation_or_exit(regulation)
    rule = reg.system.scenario_build
    if rule is None:
        err(f"{reg.system.name} has no シナリオ構築 (scenario_build) rule")
        raise typer.Exit(2)
    decks = _given_decks([deck], reg)[0] if deck is not None else None
    try:
        build, problems = read_scenario_build(buildfile)
    except DeckFileError as exc:
        err(str(exc))
        raise typer.Exit(1 if buildfile.is_file() else 2)
    problems += check_scenario_build(build, rule, reg, decks or ())
    for part, word in PARTS.items():
        cards = build.parts.get(part) or []
        print(f"{word}: {deck_text(cards) if cards else '(なし)'}")
    for p in problems:
        err(p.format(str(buildfile)))
    if problems:
        err(f"illegal scenario build under {reg.name}")
        raise typer.Exit(1)
    print(f"legal scenario build under {reg.name}")


@app.command("build")
@with_definitions
def build(
    regulation: str = typer.Option(..., "--regulation", "-r", help="the regulation to build decks for"),
    seed: int = typer.Option(1, "--seed", help="seed of the random builds"),
    deck: list[Path] = typer.Option([], "--deck", help="deck file for constructed frames (once, or once per player)"),
) -> None:
    """Show the decks (and packs) both players get under REGULATION with SEED."""
    _, reg = regulation_or_exit(regulation)
    given = _given_decks(deck, reg)
    players = build_match_decks(reg, seed, given)
    for seat, p in enumerate(players):
        for d in p.decks:
            print(f"player {seat + 1} {d.name}: {len(d)} cards — {deck_text(d.cards)}")
        if reg.option("pack") is not None:
            print(f"player {seat + 1} pack: {len(p.pack)} cards — {deck_text(p.pack)}")


def _given_decks(paths: list[Path], reg: Regulation) -> tuple[list[Deck] | None, list[Deck] | None]:
    """Deck files for both players (one file is used by both), checked against the regulation."""
    if not paths:
        return (None, None)
    if len(paths) > 2:
        err("--deck takes one file (both players) or two (one per player)")
        raise typer.Exit(2)
    if reg.deck.build != "constructed":
        err(f"{reg.name} builds its decks itself ({reg.deck.build}); --deck is for constructed frames")
        raise typer.Exit(2)
    out = [legal_decks_or_exit(p, reg) for p in paths]
    return (out[0], out[-1])

"""Shared bits of the regulation commands: loading the definitions and resolving a regulation text,
with the project's exit codes (1 invalid definitions or regulation, 2 usage)."""
from __future__ import annotations

import sys
from pathlib import Path

import typer

from bpdsl.diagnostics import DefinitionError
from bpdsl.model import Definitions
from bpdsl.games.blackpoker.regulation.check import CheckResult, resolve
from bpdsl.games.blackpoker.regulation.decks import Deck, DeckFileError, check_decks, read_deck_file
from bpdsl.dsl.loader import load_definitions
from bpdsl.games.blackpoker.regulation.load import systems
from bpdsl.games.blackpoker.regulation.model import Regulation, RegulationSystem


def err(text: str) -> None:
    print(text, file=sys.stderr)


def definitions_or_exit() -> Definitions:
    try:
        return load_definitions()
    except DefinitionError as exc:
        for d in exc.diagnostics:
            err(d.format())
        err("bpdsl: the definitions are not valid")
        raise typer.Exit(1)


def systems_or_exit(definitions: Definitions) -> dict[str, RegulationSystem]:
    try:
        return systems(definitions)
    except DefinitionError as exc:
        for d in exc.diagnostics:
            err(d.format())
        raise typer.Exit(1)


def describe_problems(result: CheckResult) -> None:
    err(f"invalid regulation: {result.text}")
    for p in result.problems:
        err("  " + p.format().replace("\n", "\n  "))


def regulation_or_exit(text: str, system: str | None = None,
                       definitions: Definitions | None = None) -> tuple[Definitions, Regulation]:
    """The resolved regulation, or the problems printed and the matching exit code."""
    defs = definitions or definitions_or_exit()
    result = resolve(text, systems_or_exit(defs), system)
    if not result.valid or result.regulation is None:
        describe_problems(result)
        raise typer.Exit(result.exit_code)
    return defs, result.regulation


def legal_decks_or_exit(path: str | Path, reg: Regulation) -> list[Deck]:
    """The decks of a deck file that is legal under ``reg``; an unreadable file exits 2, an illegal one
    prints its problems and exits 1."""
    try:
        decks = read_deck_file(path)
    except DeckFileError as exc:  # no such file: usage (2); a file that holds no deck: a failed check (1)
        err(str(exc))
        raise typer.Exit(1 if Path(path).is_file() else 2)
    errors = [p for p in check_decks(decks, reg.deck, reg.name) if p.severity == "error"]
    if errors:
        for p in errors:
            err(p.format())
        err(f"{path}: illegal under {reg.name}")
        raise typer.Exit(1)
    return decks


def builds_or_exit(paths: "list[Path] | tuple[Path, ...]", reg: Regulation,
                   decks: "list[list[Deck] | None] | None" = None) -> "list[object | None]":
    """The scenario builds given with ``--build`` (once: the first player's; twice: one per player), each
    playable under ``reg`` (and, given the players' decks, made of their cards); a file that cannot be read
    exits 2, a build that cannot be played prints why (``file:line:col``) and exits 1."""
    from bpdsl.games.blackpoker.regulation.build_agent import play_problems
    from bpdsl.games.blackpoker.regulation.scenario_build import read_scenario_build

    if len(paths) > 2:
        err("--build takes one scenario build (yours) or two (one per player)")
        raise typer.Exit(2)
    out: list[object | None] = [None, None]
    failed = False
    for seat, path in enumerate(paths):
        try:
            build, problems = read_scenario_build(path)
        except DeckFileError as exc:
            err(str(exc))
            raise typer.Exit(1 if Path(path).is_file() else 2)
        lines = [p.format(str(path)) for p in problems]
        seat_decks = (decks or [None, None])[seat] or ()
        lines += play_problems(build, str(path), reg, seat_decks)
        for line in lines:
            err(line)
        failed = failed or bool(lines)
        out[seat] = build
    if failed:
        err(f"bpdsl: a scenario build cannot be played under {reg.name}")
        raise typer.Exit(1)
    return out


def edition_or_exit(reg: Regulation, edition: "str | None", definitions: Definitions) -> Regulation:
    """``reg`` played with ``edition`` (``--edition``; None: its system's); an unknown edition exits 2."""
    if not edition:
        return reg
    if edition not in definitions.editions:
        from bpdsl.diagnostics import did_you_mean

        err(f"unknown edition {edition!r}; "
            f"{did_you_mean(edition, definitions.editions) or 'known: ' + ', '.join(definitions.editions)}")
        raise typer.Exit(2)
    from bpdsl.games.blackpoker.regulation.play import with_edition

    return with_edition(reg, edition)

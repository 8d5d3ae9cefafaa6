"""Rare cards (the frame レアパック: 「デッキからレアカード1枚を選び…伏せておく」) under a regulation: each player
chooses the card (a decision: bots choose), it lies face down outside the deck, its count is 完全公開 and
its face 個人公開 (frame.yaml, アクセスレベル): hidden information by construction -- the opponent's
observation has the count only, its visible cards never include it, and no line of the view names it."""
from __future__ import annotations

import dataclasses
import os
from typing import Any

import pytest

from bpdsl.dsl.loader import load_definitions
from bpdsl.engine import RandomAgent, new_game
from bpdsl.engine.invariants import check
from bpdsl.engine.view import ViewLog
from bpdsl.games.blackpoker.regulation.check import resolve
from bpdsl.games.blackpoker.regulation.decks import build_match_decks
from bpdsl.games.blackpoker.regulation.load import systems
from bpdsl.games.blackpoker.regulation.play import regulation_rules, setup_hook, with_edition

REGULATION, EDITION = "extra+regular+rare_pack", "act9.0-draft"


@pytest.fixture(scope="module")
def defs():  # type: ignore[no-untyped-def]
    return load_definitions()


@pytest.fixture(scope="module")
def reg(defs):  # type: ignore[no-untyped-def]
    r = resolve(REGULATION, systems(defs))
    assert r.valid, [p.format() for p in r.problems]
    return with_edition(r.regulation, EDITION)


def _game(defs, reg, seed: int, agents: Any = None, **kw: Any):  # type: ignore[no-untyped-def]
    players = build_match_decks(reg, seed)
    decks = [players[0].decks[0].cards, players[1].decks[0].cards]
    return new_game(regulation_rules(defs, reg), agents or [RandomAgent(seed), RandomAgent(seed + 1)], seed=seed,
                    decks=decks, setup=setup_hook(reg, (players[0].pack, players[1].pack)), **kw)


def test_each_player_sets_a_rare_card_aside_and_the_top_14_cards_become_the_pack(defs, reg) -> None:  # type: ignore[no-untyped-def]
    game = _game(defs, reg, 5)
    game.hooks.game_start(game)
    for p in game.state.players:
        assert len(p.rare) == 1 and len(p.pack) == 14
        assert not set(p.rare) & (set(p.life) | set(p.pack) | set(p.hand))
        assert p.seat not in game.state.pack_face_up
    for seat in (0, 1):
        mine, theirs = (game.hooks.observe(game, seat)["players"][s] for s in (seat, 1 - seat))
        assert mine["rare_count"] == theirs["rare_count"] == 1
        assert mine["rare"] == [game.hooks.card_text(game.state.players[seat].rare[0])]
        assert "rare" not in theirs  # the face is the owner's alone
        assert not game.hooks.visible_cards(game, seat) & set(game.state.players[1 - seat].rare)


def test_the_rare_card_is_the_players_choice(defs, reg) -> None:  # type: ignore[no-untyped-def]
    """The choice is a decision of the player among the cards of its deck (scripted here: always the last)."""

    class Last:
        name = "last"

        def __init__(self) -> None:
            self.asked: list[tuple[str, Any]] = []
            self.inner = RandomAgent(1)

        def decide(self, request: Any, observe: Any) -> int:
            if request.context and request.context.get("what") == "レアカード":
                self.asked.append((request.kind, request.options[-1]))
                return len(request.options) - 1
            return self.inner.decide(request, observe)

    agents = [Last(), Last()]
    game = _game(defs, reg, 6, agents)
    game.hooks.game_start(game)
    for seat, agent in enumerate(agents):
        assert [kind for kind, _ in agent.asked] == ["choose"]
        assert game.state.players[seat].rare == [agent.asked[0][1]]


def test_no_view_ever_shows_the_opponents_rare_card(defs, reg) -> None:  # type: ignore[no-untyped-def]
    """Whole games (BPDSL_VIEW_GAMES, default 2): after every step the opponent's observation holds the
    count only and its visible cards no rare card of the other seat; every line told to a seat goes through
    the view in strict mode (a card name the seat may not see raises)."""
    steps = 0

    def watch(game: Any) -> None:
        nonlocal steps
        check(game)
        steps += 1
        for seat in (0, 1):
            other = game.state.players[1 - seat]
            theirs = game.hooks.observe(game, seat)["players"][1 - seat]
            assert theirs["rare_count"] == len(other.rare) and "rare" not in theirs
            assert not game.hooks.visible_cards(game, seat) & set(other.rare)

    for seed in range(int(os.environ.get("BPDSL_VIEW_GAMES", 2))):
        log = ViewLog(strict=True)
        game = _game(defs, reg, seed, check=watch, log=log)
        log.attach(game)
        result = game.play()
        assert not result.aborted, result.reason
        assert len(log.told[0]) > 0 and len(log.told[1]) > 0
    assert steps > 0


def test_the_terminal_board_shows_the_own_rare_card_and_the_opponents_count(defs, reg) -> None:  # type: ignore[no-untyped-def]
    from rich.console import Console

    from bpdsl.commands._human import HumanAgent

    game = _game(defs, reg, 5)
    game.hooks.game_start(game)
    console = Console(record=True, width=200)
    HumanAgent(console=console, read=lambda _: "0").show(game.hooks.observe(game, 0))
    row = next(line for line in console.export_text().splitlines() if "レアカード" in line)
    assert game.hooks.card_text(game.state.players[0].rare[0]) in row and "1枚" in row


def test_simulate_plays_the_draft_under_the_regulation() -> None:
    """``bpdsl simulate -r "extra+regular+rare_pack" -e act9.0-draft``: the regulation's frame with the
    draft's lists (one match here; the manual gives the 800-game figures); an unknown edition is a usage
    error."""
    import json

    from typer.testing import CliRunner

    from bpdsl.cli import app

    runner = CliRunner()
    r = runner.invoke(app, ["simulate", "-r", REGULATION, "-e", EDITION, "-n", "1", "--seed", "3", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert (out["edition"], out["games"], out["games_aborted"], out["invariant_violations"]) == (EDITION, 1, 0, 0)
    assert out["raised"].get("pack_open_frame", 0) >= 1  # random bots open the pack at once
    bad = runner.invoke(app, ["simulate", "-r", REGULATION, "-e", "act9.9", "-n", "1"])
    assert bad.exit_code == 2 and "unknown edition 'act9.9'" in bad.output

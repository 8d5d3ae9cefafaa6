"""The packs of the パック option in the player observations (5.3.3, 3.12.1): both players see each pack's
count; its cards nobody sees while it lies face down, everybody once 【パック開封】 has turned it face up."""
from __future__ import annotations

from typing import Any

import pytest
from rich.console import Console

from bpdsl.engine import RandomAgent, new_game
from bpdsl.commands._human import HumanAgent
from bpdsl.engine.invariants import check
from bpdsl.games.blackpoker.regulation.check import resolve
from bpdsl.games.blackpoker.regulation.decks import build_match_decks
from bpdsl.dsl.loader import load_definitions
from bpdsl.games.blackpoker.regulation.load import systems
from bpdsl.games.blackpoker.regulation.play import regulation_rules, setup_hook


@pytest.fixture(scope="module")
def defs():  # type: ignore[no-untyped-def]
    return load_definitions()


def _game(defs, text: str, seed: int, watch: Any = None):  # type: ignore[no-untyped-def]
    r = resolve(text, systems(defs))
    assert r.valid, [p.format() for p in r.problems]
    reg = r.regulation
    players = build_match_decks(reg, seed)
    decks = [players[0].decks[0].cards, players[1].decks[0].cards]
    return new_game(regulation_rules(defs, reg), [RandomAgent(seed), RandomAgent(seed + 1)], seed=seed,
                    decks=decks, setup=setup_hook(reg, (players[0].pack, players[1].pack)), check=watch)


def test_without_the_option_no_pack_is_shown(defs) -> None:  # type: ignore[no-untyped-def]
    game = _game(defs, "std+random40", 3)
    game.hooks.game_start(game)
    for seat in (0, 1):
        assert all("pack" not in p for p in game.hooks.observe(game, seat)["players"])


def test_face_down_packs_show_their_count_only(defs) -> None:  # type: ignore[no-untyped-def]
    game = _game(defs, "std+random40+pack", 3)
    game.hooks.game_start(game)
    for seat in (0, 1):
        obs = game.hooks.observe(game, seat)
        for p in obs["players"]:
            assert p["pack"] == {"count": len(game.state.players[p["seat"]].pack), "face_up": False, "cards": None}
            assert p["pack"]["count"] > 0


def test_an_opened_pack_is_seen_by_both_players(defs) -> None:  # type: ignore[no-untyped-def]
    """Observations taken after every step of real games, from both seats, against the state."""
    seen = {"down": 0, "up": 0, "both": 0}

    def watch(game: Any) -> None:
        check(game)
        opened = game.state.pack_face_up
        views = [game.hooks.observe(game, seat) for seat in (0, 1)]
        for owner in (0, 1):
            pack = game.state.players[owner].pack
            a, b = (v["players"][owner]["pack"] for v in views)
            assert a == b  # the owner knows no more than the opponent
            assert a["count"] == len(pack) and a["face_up"] == (owner in opened)
            if owner in opened:
                assert a["cards"] == [game.hooks.card_text(c) for c in sorted(pack)]
                seen["up"] += 1
            else:
                assert a["cards"] is None
                seen["down"] += 1
        if len(opened) == 2:
            seen["both"] += 1

    for seed in range(4):
        game = _game(defs, "std+random40+pack", seed, watch)
        game.play()
    assert seen["down"] > 0 and seen["up"] > 0  # random bots open packs in these games


def test_the_terminal_view_shows_the_packs(defs) -> None:  # type: ignore[no-untyped-def]
    game = _game(defs, "std+random40+pack", 3)
    game.hooks.game_start(game)
    game.state.pack_face_up.add(1)
    console = Console(record=True, width=200)
    agent = HumanAgent(console=console, read=lambda _: "0")
    agent.show(game.hooks.observe(game, 0))
    text = console.export_text()
    assert "パック" in text and "裏向き" in text and "表向き" in text
    assert game.hooks.card_text(sorted(game.state.players[1].pack)[0]) in text
    describe = game.hooks.describe_event
    assert describe(game, {"t": "pack_face_up", "p": 1}, 0) == "相手 がパックを表向きにした"
    assert "♠A" in describe(game, {"t": "reveal", "p": 0, "from": "pack", "cards": ["♠A"]}, 1)

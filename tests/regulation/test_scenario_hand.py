"""シナリオ手札 (第9.1版) dealt into a game: the regulation option, the choice as a decision of the player,
the hand filled up to 7, the opponent not told the cards, and scenario builds played with ``--build``."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.dsl.loader import load_definitions
from bpdsl.engine import RandomAgent, new_game
from bpdsl.engine.invariants import check
from bpdsl.engine.log import EventLog
from bpdsl.engine.view import SeatView
from bpdsl.games.blackpoker.regulation.build_agent import BuildAgent
from bpdsl.games.blackpoker.regulation.check import resolve
from bpdsl.games.blackpoker.regulation.decks import build_match_decks
from bpdsl.games.blackpoker.regulation.load import systems
from bpdsl.games.blackpoker.regulation.play import regulation_rules, setup_hook, with_edition
from bpdsl.games.blackpoker.regulation.scenario_build import read_scenario_build

runner = CliRunner()

BUILD = """name: 速攻
trumps: ["♠4", "♡2"]
scenario_hand: ["♡3", "◇5", "♣7"]
"""


@pytest.fixture(scope="module")
def defs():  # type: ignore[no-untyped-def]
    return load_definitions()


def _reg(defs, text: str, edition: str | None = None):  # type: ignore[no-untyped-def]
    r = resolve(text, systems(defs))
    assert r.valid, [p.format() for p in r.problems]
    return with_edition(r.regulation, edition) if edition else r.regulation


def _write(tmp_path: Path, text: str, name: str = "build.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _started(defs, tmp_path: Path, text: str, edition: str | None = None, seed: int = 3):  # type: ignore[no-untyped-def]
    """A game under ``text`` driven through its start: seat 0 plays the build, seat 1 a random bot."""
    reg = _reg(defs, text, edition)
    players = build_match_decks(reg, seed)
    decks = [players[0].decks[0].cards, players[1].decks[0].cards]
    log = EventLog()
    game = new_game(regulation_rules(defs, reg), None, seed=seed, decks=decks,
                    setup=setup_hook(reg, (players[0].pack, players[1].pack)), log=log)
    build, problems = read_scenario_build(_write(tmp_path, BUILD))
    assert not problems
    agents = [BuildAgent(RandomAgent(1), build), RandomAgent(2)]
    asked: list[tuple[int, str]] = []
    while (req := game.pending()) is not None and req.kind != "action":
        asked.append((req.player, req.kind))
        game.apply(agents[req.player].decide(req, lambda: game.observe(req.player)))
    check(game)
    return game, log, asked


def test_the_option_is_a_regulation_of_the_2024_system(defs) -> None:
    bp2024 = systems(defs)["bp2024"]
    assert bp2024.options["scenario-hand"].scenario_hand == 3
    assert resolve("マスター + フル + シナリオ手札", systems(defs)).valid
    bad = resolve("std+full+scenario-hand", systems(defs))  # Table 5.3: スタンダード × シナリオ手札 = x
    assert not bad.valid and "シナリオ手札" in bad.problems[0].format()


def test_the_scenario_hand_is_chosen_then_the_hand_is_filled_to_seven(defs, tmp_path: Path) -> None:
    game, log, asked = _started(defs, tmp_path, "extra+full+scenario-hand", "act9.1")
    assert game.rules.edition.id == "act9.1"
    # 3.11.4 first (the trumps), then the シナリオ手札, seat 0 then seat 1, three cards each
    kinds = [k for _p, k in asked]
    assert kinds.index("scenario_hand") > max(i for i, k in enumerate(kinds) if k == "trump_place")
    assert [a for a in asked if a[1] == "scenario_hand"] == [(0, "scenario_hand")] * 3 + [(1, "scenario_hand")] * 3
    text = game.hooks.card_text
    me, other = game.state.players
    assert {text(c) for c in me.trump} == {"♠4", "♡2"}
    assert {"♡3", "◇5", "♣7"} <= {text(c) for c in me.hand}
    first = game.state.turn
    assert len(game.state.players[first].hand) == 8 and len(game.state.players[1 - first].hand) == 7
    chosen = [e for e in log.lines if e.get("t") == "scenario_hand"]
    assert [e["p"] for e in chosen] == [0, 1] and chosen[0]["cards"] == ["♡3", "◇5", "♣7"]


def test_the_opponent_is_not_told_the_scenario_hand(defs, tmp_path: Path) -> None:
    game, log, _asked = _started(defs, tmp_path, "mast+full+scenario-hand", "act9.1")
    mine = set(game.state.players[0].hand)
    assert not mine & game.hooks.visible_cards(game, 1)  # a hand: only the owner sees it
    seen_by_opponent = game.observe(1)["players"][0]
    assert "hand" not in seen_by_opponent and seen_by_opponent["hand_count"] == len(mine), seen_by_opponent
    assert "hand" in game.observe(0)["players"][0]  # its owner sees it
    event = next(e for e in log.lines if e.get("t") == "scenario_hand" and e["p"] == 0)
    theirs, own = SeatView(game, 1, strict=True).event(event), SeatView(game, 0, strict=True).event(event)
    assert "シナリオ手札 3 枚" in theirs and "♡3" not in theirs
    assert "♡3" in own


def test_a_build_is_played_and_its_log_replays(defs, tmp_path: Path) -> None:
    build, log = _write(tmp_path, BUILD), tmp_path / "m.jsonl"
    r = runner.invoke(app, ["match", "simulate", "-r", "extra+full+scenario-hand", "-e", "act9.1", "-n", "1",
                            "--build", str(build), "--log", str(log), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["edition"] == "act9.1"
    lines = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    assert {"t": "scenario_hand", "p": 0, "cards": ["♡3", "◇5", "♣7"]}.items() <= \
        next(e for e in lines if e.get("t") == "scenario_hand").items()
    assert [e["card"] for e in lines if e.get("t") == "trump_placed" and e["p"] == 0] == ["♠4", "♡2"]
    r = runner.invoke(app, ["match", "replay", str(log)])
    assert r.exit_code == 0 and "replayed identically" in r.output, r.output


@pytest.mark.parametrize("text,regulation,message", [
    ('rare_cards: ["♠A"]\nscenario_hand: ["♡3", "◇5", "♣7"]\n', "extra+full+scenario-hand",
     "sets none aside; add the option レアパック"),
    ('scenario_hand: ["♡3", "◇5", "♣7"]\n', "extra+full", "deals none; add the option シナリオ手札"),
    ('scenario_hand: ["♡3", "◇5"]\n', "extra+full+scenario-hand", "build.yaml:1:16: error: シナリオ手札 of 2 cards"),
    ('trumps: ["♠4"]\n', "mast+full", "is played without trumps"),
])
def test_a_build_that_cannot_be_played_is_refused(defs, tmp_path: Path, text: str, regulation: str,
                                                   message: str) -> None:
    build = _write(tmp_path, text)
    r = runner.invoke(app, ["match", "simulate", "-r", regulation, "-n", "1", "--build", str(build)])
    assert r.exit_code == 1 and message in r.output, r.output
    assert "Traceback" not in r.output


def test_a_builds_rare_card_is_set_aside_under_the_rare_pack(defs, tmp_path: Path) -> None:
    """The frame ストラテジー whole: シナリオ手札 and レアパック, the build's rare card set aside (zone rare)."""
    build = _write(tmp_path, 'trumps: ["♠4"]\nrare_cards: ["♠A"]\nscenario_hand: ["♡3", "◇5", "♣7"]\n')
    log = tmp_path / "m.jsonl"
    r = runner.invoke(app, ["match", "simulate", "-r", "extra+full+scenario-hand+rare_pack", "-e", "act9.1", "-n",
                            "1", "--build", str(build), "--log", str(log), "--json"])
    assert r.exit_code == 0, r.output
    lines = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    chosen = [e for e in lines if e.get("t") == "decision" and e["kind"] in ("choose", "scenario_hand") and e["p"] == 0]
    # before the game: the three cards of the シナリオ手札, then the rare card (the build's, not the bot's)
    assert [e["choice"] for e in chosen[:4]] == ["♡3", "◇5", "♣7", "♠A"], chosen[:4]
    r = runner.invoke(app, ["match", "replay", str(log)])
    assert r.exit_code == 0 and "replayed identically" in r.output, r.output


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    r = runner.invoke(app, ["match", "simulate", "-r", "mast+full", "-e", "act9.9", "-n", "1"])
    assert r.exit_code == 2 and "did you mean" in r.output
    r = runner.invoke(app, ["match", "simulate", "-r", "mast+full", "-n", "1", "--build", str(tmp_path / "no.yaml")])
    assert r.exit_code == 2


def test_the_terminal_asks_unless_the_build_answers(tmp_path: Path) -> None:
    args = ["match", "play", "-r", "mast+full+シナリオ手札", "-e", "act9.1", "--seed", "3"]
    r = runner.invoke(app, args, input="1\n1\n1\nq\n")
    assert r.exit_code == 0, r.output
    assert r.output.count("シナリオ手札: デッキから最初の手札に入れるカード") == 3, r.output[-2000:]
    r = runner.invoke(app, args + ["--build", str(_write(tmp_path, 'scenario_hand: ["♡3", "◇5", "♣7"]\n'))],
                      input="q\n")
    assert r.exit_code == 0 and "シナリオ手札: デッキから" not in r.output, r.output[-2000:]
    assert "♡3" in r.output  # the board shows the player's own hand


def test_a_build_is_checked_against_the_deck(tmp_path: Path) -> None:
    """With --deck the build's cards are checked before the match (file:line:col); without it, a card the
    dealt deck lacks stops the match with the card named."""
    build = _write(tmp_path, 'scenario_hand: ["♡3", "◇5", "♣7"]\n')
    deck = _write(tmp_path, 'name: d\ncards: ["♠A〜K", "♡A〜K", "◇A〜10", "Joker", "Joker"]\n', "deck.yaml")
    args = ["match", "simulate", "-r", "pro+constructed40+scenario-hand", "-e", "act9.1", "--build", str(build)]
    r = runner.invoke(app, args + ["-n", "1", "--deck", str(deck)])
    assert r.exit_code == 1 and "build.yaml:1:29: error: ♣7 (シナリオ手札) is not a card of the deck" in r.output
    r = runner.invoke(app, args + ["-n", "20"])  # random legal 40-card decks: one of them lacks a card
    assert r.exit_code == 1 and "is not in the deck played this game" in r.output, r.output

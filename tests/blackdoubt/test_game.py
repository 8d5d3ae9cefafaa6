"""Black Doubt played by the generic engine: random games end, the rules' steps hold, players see what they may."""
from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.engine import FirstLegalAgent, RandomAgent, build_rules, hooks_for, new_game
from bpdsl.games.blackdoubt.hooks import BlackDoubtHooks
from bpdsl.engine.invariants import check
from bpdsl.engine.log import EventLog
from bpdsl.scenarios.runner import load_scenario, run_scenario
from bpdsl.sim.job import SimJob
from bpdsl.sim.run import simulate
from tests.blackdoubt.conftest import EDITION, FORMAT, fresh_game, set_hand
from tests.conftest import ROOT, soak_games

runner = CliRunner()


def test_hooks_are_chosen_by_the_game_id() -> None:
    rules = build_rules(EDITION, FORMAT)
    assert rules.edition.game == "blackdoubt"
    assert isinstance(hooks_for(rules), BlackDoubtHooks)
    assert rules.flow.passing is False
    assert build_rules("act8.0", "std").flow.passing is True  # BlackPoker keeps its pass


def test_deck_has_no_jokers() -> None:
    game = fresh_game()
    cards = [c for p in game.state.players for c in p.pack] + [
        c for p in game.state.players for ch in p.field for c in ch.cards]
    texts = {game.hooks.card_text(c) for c in cards}
    assert len(cards) == 52 and not any("Joker" in t for t in texts)


def test_round_starts_with_one_face_up_card_each() -> None:
    game = fresh_game(seed=5)
    s = game.state
    assert [len(p.field) for p in s.players] == [1, 1]
    assert all(ch.face_up for p in s.players for ch in p.field)
    assert s.turn == s.first


def _events(seed: int) -> list[dict[str, Any]]:
    log = EventLog()
    rules = build_rules(EDITION, FORMAT)
    res = new_game(rules, [RandomAgent(seed), RandomAgent(seed + 1)], seed, log=log, check=check).play()
    assert not res.aborted, res.reason
    return log.lines


@pytest.mark.parametrize("seed", range(6))
def test_random_games_follow_the_steps(seed: int) -> None:
    """Every round: each doubtable declaration is answered once before anything else; a turn is a draw
    then a declaration; the match ends with the loser at or above the limit."""
    lines = _events(seed)
    pending = None
    drawn = False
    for e in lines:
        t = e["t"]
        if t == "raise" and pending is not None:
            assert e["action"] in ("doubt", "through") and e["p"] == pending, e
        if t == "declare":
            assert drawn, "a declaration follows a draw"
            drawn = False
            if e["what"] == "blackjack" or (e["what"] == "not_bust" and e["cards"] >= 3):
                pending = 1 - e["p"]
        if t == "reply":
            pending = None
        if t == "raise" and e["action"] == "draw":
            drawn = True
        if t == "round":
            drawn, pending = False, None
    over = [e for e in lines if e["t"] == "score"][-1]
    end = lines[-1]
    assert end["t"] == "end" and end["winner"] is not None
    assert over["score"][1 - end["winner"]] >= 100


def test_simulate_200_games_none_aborted() -> None:
    stats = simulate(SimJob(EDITION, FORMAT, check=True, seed=1), 200, jobs=1)
    assert stats["aborted"] == 0 and stats["invariant_violations"] == 0, stats["problems"]
    assert stats["wins"]["seat0"] + stats["wins"]["seat1"] + stats["draws"] == 200
    assert all(stats["actions_raised"][a] > 0 for a in build_rules(EDITION, FORMAT).actions)


@pytest.mark.soak
def test_soak() -> None:
    n = soak_games()
    stats = simulate(SimJob(EDITION, FORMAT, check=True, seed=4545), n, jobs=1)
    assert stats["aborted"] == 0 and stats["invariant_violations"] == 0, stats["problems"]


def test_first_legal_agents_finish() -> None:
    rules = build_rules(EDITION, FORMAT)
    res = new_game(rules, [FirstLegalAgent(), FirstLegalAgent()], 3, check=check).play()
    assert not res.aborted and res.winner is not None, res.reason


def test_cli_simulate_json() -> None:
    result = runner.invoke(app, ["simulate", "--edition", EDITION, "--format", FORMAT, "--games", "30",
                                 "--seed", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 30 and data["aborted"] == 0


def test_observation_hides_face_down_cards() -> None:
    """原則事項 2 and step 2: a face-down card is seen by its owner only (its count by both)."""
    game = fresh_game()
    set_hand(game, 0, ["♠7", "♠Q"], face_up=[True, False])
    set_hand(game, 1, ["♡3"])
    mine = game.hooks.observe(game, 0)
    theirs = game.hooks.observe(game, 1)
    assert mine["players"][0]["field"] == ["♠7", "♠Q"] and mine["players"][0]["total"] == 17
    assert theirs["players"][0]["field"] == ["♠7", "?"] and theirs["players"][0]["face_up"] == [True, False]
    assert "total" not in theirs["players"][0]  # 合計 would tell what the face-down card is
    assert theirs["players"][1]["total"] == 3  # its own hand: every card visible
    assert "♠Q" not in json.dumps(theirs, ensure_ascii=False)
    # the deck is seen by nobody: only its count, on the table (the zone is shared)
    assert set(mine["table"]) == {"pack_count"} and mine["table"]["pack_count"] == len(game.state.players[0].pack)
    assert mine["players"][0]["points"] == 0 and "pack" not in mine["players"][1]


def test_doubt_reveals_every_face_down_card() -> None:
    game = fresh_game()
    set_hand(game, 0, ["♠7", "♠Q", "♠5"], face_up=[True, False, False])
    game.state.hands[0].declaration = "not_bust"
    game.state.counters["to_answer"] = [0, 1]
    game.hooks.reply(game, 1, "doubt")
    assert all(ch.face_up for ch in game.state.players[0].field)
    assert game.state.hands[0].outcome == "doubt"  # 22 declared as ノットバスト


def _declarations(game: Any, seat: int) -> set[str]:
    """What ``seat`` may declare once its card is placed (its turn, nothing left to draw this turn)."""
    game.state.turn = game.state.chance = seat
    game.state.counters["drawn"] = [1 if s == seat else 0 for s in (0, 1)]
    return {a.id for a in game.legal_actions(seat)}


def test_bust_is_declared_only_over_21() -> None:
    """バスト's condition in the definitions (only_if: me.total >= 22) reads the declared hand value."""
    game = fresh_game()
    set_hand(game, 0, ["♠K", "♠Q"])
    assert _declarations(game, 0) == {"hit", "not_bust", "blackjack"}
    set_hand(game, 0, ["♠K", "♠Q", "♠2"])
    assert _declarations(game, 0) == {"hit", "bust", "not_bust", "blackjack"}
    set_hand(game, 0, ["♠A", "♠K"])  # 21: the ace counts 11
    assert game.hooks.total(game.state, 0) == 21 and "bust" not in _declarations(game, 0)
    set_hand(game, 0, ["♠A", "♠K", "♠Q"])  # 21: the ace counts 1
    assert game.hooks.total(game.state, 0) == 21 and "bust" not in _declarations(game, 0)


def test_a_wrong_expectation_fails_the_scenario() -> None:
    """The rulings under scenarios/rulings/bd1 can fail: the same script with other points does."""
    path = ROOT / "scenarios" / "rulings" / EDITION / "doubt_exposes_false_blackjack.yaml"
    data = load_scenario(path)
    assert run_scenario(dict(data)).ok
    data["expect"] = {"events": [{"t": "score", "row": 11, "to": 0, "points": 30}]}
    assert not run_scenario(data).ok


def test_validate_all_bundled_definitions() -> None:
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0, result.output
    assert "bd1" in result.output


def test_a_person_can_play_and_sees_no_face_down_card_of_the_opponent() -> None:
    """bpdsl play: the terminal agent shows the game's own board rows; the opponent's face-down cards are "?"."""
    import io

    from rich.console import Console

    from bpdsl.commands._human import HumanAgent

    rules = build_rules(EDITION, FORMAT)
    out = io.StringIO()
    answers = iter(["1"] * 10_000)  # face down when asked; otherwise the second option
    from bpdsl.engine.view import ViewLog

    log = ViewLog(strict=True)
    human = HumanAgent(Console(file=out, width=120), read=lambda _p: next(answers), log=log, seat=0)
    bot = RandomAgent(3)
    game = new_game(rules, [human, bot], seed=5, log=log, check=check)
    log.attach(game)
    res = game.play()
    assert not res.aborted, res.reason
    text = out.getvalue()
    rows = [line.split("│") for line in text.splitlines() if line.startswith("│ カード")]
    assert rows and all("合計" in row[2] for row in rows)  # the own cards with their total
    # the bot placed cards face down: the person saw them as "?" (the observation test checks which cards)
    assert any(e["t"] == "place" and e["p"] == 1 and not e["face_up"] for e in log.lines)
    assert any("?" in row[3] for row in rows)


def test_state_hash_covers_the_points() -> None:
    from bpdsl.engine.log import state_hash

    game = fresh_game()
    before = state_hash(game)
    game.hooks.numbers.add(game.state, 1, "points", 5)
    assert state_hash(game) != before


def test_an_empty_deck_leaves_only_the_end_declarations() -> None:
    """Nothing to draw: the turn goes straight to a declaration, and ヒット is not among them."""
    game = fresh_game()
    s = game.state
    seat = s.turn
    deck = s.players[0].pack
    while deck:  # the rest of the deck to the other player's side, face up
        game.hooks.put_onto_field(game, 1 - seat, [deck[-1]], None, True, False)
    legal = {a.id for a in game.legal_actions(seat)}
    assert "hit" not in legal and "draw" not in legal and "not_bust" in legal


def test_a_logged_game_replays_to_the_same_state() -> None:
    from bpdsl.engine.replay import replay_events

    log = EventLog()
    rules = build_rules(EDITION, FORMAT)
    new_game(rules, [RandomAgent(11), RandomAgent(12)], 9, log=log).play()
    assert replay_events(list(log.lines)).ok
    tampered = [dict(e) for e in log.lines]
    tampered[-1]["hash"] = "0" * 64
    assert not replay_events(tampered).ok

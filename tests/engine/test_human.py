"""The terminal agent shows only the player's observation and takes option numbers."""
from __future__ import annotations

import io

from rich.console import Console

from bpdsl.engine import RandomAgent, build_rules, new_game
from bpdsl.commands._human import HumanAgent, Quit
from bpdsl.engine.view import ViewLog


def test_human_agent_plays_by_numbers_and_sees_no_hidden_cards() -> None:
    rules = build_rules("act8.0", "std")
    out = io.StringIO()
    answers = iter(["x", "0"] * 10_000)  # one wrong answer, then always the first option
    log = ViewLog()
    human = HumanAgent(Console(file=out, width=120), read=lambda _p: next(answers), log=log, seat=0)
    game = new_game(rules, [human, RandomAgent(3)], seed=5, log=log, max_steps=800)
    log.attach(game)
    game.play()  # always passing: the step limit ends it
    text = out.getvalue()
    assert "番号を入力してください" in text
    # the opponent's hand is shown as a count, never as cards; the own hand as cards
    rows = [line.split("│") for line in text.splitlines() if line.startswith("│ 手札")]
    assert rows
    for row in rows:
        assert row[3].strip().endswith("枚")
        assert any(m in row[2] for m in "♠♡◇♣J")


def test_human_quits_on_eof() -> None:
    rules = build_rules("act8.0", "std")

    def eof(_p: str) -> str:
        raise EOFError

    game = new_game(rules, [HumanAgent(Console(file=io.StringIO()), read=eof), RandomAgent(1)], seed=2)
    try:
        game.play()
    except Quit:
        return
    raise AssertionError("EOF must quit the game")


def test_events_hide_face_down_cards_of_the_opponent() -> None:
    rules = build_rules("act8.0", "std")
    game = new_game(rules, [RandomAgent(1), RandomAgent(2)], seed=2)
    describe = game.hooks.describe_event
    e = {"t": "enter", "p": 1, "as": "bulwark", "cards": ["♠K"], "face_up": False}
    assert "♠K" not in describe(game, e, 0)
    assert "♠K" in describe(game, e, 1)
    assert describe(game, {"t": "decision", "p": 1, "kind": "choose", "choice": "♠K", "i": 0, "n": 2}, 0) == ""
    back = {"t": "leave", "p": 1, "as": "bulwark", "cards": ["♠K"], "face_up": False, "to": "hand"}
    assert "♠K" not in describe(game, back, 0)
    assert "♠K" in describe(game, {**back, "to": "grave"}, 0)  # cards going to the grave are seen

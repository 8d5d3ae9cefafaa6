"""Agents explain a decision: the options they weighed, their values and their choice (``bpdsl play --explain``)."""
from __future__ import annotations

import random

from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.engine import build_rules, new_game
from bpdsl.engine.decisions import FirstLegalAgent, RandomAgent
from bpdsl.sim.explain import explain
from bpdsl.sim.heuristic import HeuristicAgent
from bpdsl.sim.search import SearchAgent


def _action_decision(seed: int = 2):  # type: ignore[no-untyped-def]
    """A step game of act8.2 mast at its first action decision with more than two options."""
    game = new_game(build_rules("act8.2", "mast"), None, seed)
    rng = random.Random(seed)
    while (req := game.pending()) is not None:
        if req.kind == "action" and len(req.options) > 2:
            return game, req
        game.apply(rng.randrange(len(req.options)))
    raise AssertionError("no action decision with three options")


def test_the_heuristic_explains_the_choice_it_makes() -> None:
    game, req = _action_decision()
    seat = req.player
    observe = lambda: game.observe(seat)  # noqa: E731
    e = explain(HeuristicAgent(7), req, observe)
    assert e.kind == "action" and len(e.candidates) == len(req.options)
    assert e.choice == HeuristicAgent(7).decide(req, observe)  # the same choice as it makes in play
    best = max(c.value for c in e.candidates if c.value is not None)
    assert e.candidates[e.choice].value == best and e.ranked()[0].value == best
    assert e.candidates[0].label == req.label(0)


def test_the_search_agent_explains_with_its_playout_means() -> None:
    game, req = _action_decision()
    agent = SearchAgent(8, seed=3)
    agent.bind(game, req.player)
    e = explain(agent, req, lambda: game.observe(req.player))
    valued = [c for c in e.candidates if c.value is not None]
    assert 2 <= len(valued) <= 4 and all(0.0 <= c.value <= 1.0 for c in valued)
    assert e.candidates[e.choice].value == max(c.value for c in valued)
    assert "playout" in e.measure
    assert game.pending() is req  # the search played on copies: the game still waits for the same decision


def test_agents_without_values_say_how_they_choose() -> None:
    game, req = _action_decision()
    observe = lambda: game.observe(req.player)  # noqa: E731
    first = explain(FirstLegalAgent(), req, observe)
    assert first.choice == 1 and all(c.value is None for c in first.candidates) and "first" in first.measure
    assert "random" in explain(RandomAgent(1), req, observe).measure


def test_play_explain_shows_the_advisors_values_and_again_on_e() -> None:
    r = CliRunner().invoke(app, ["play", "-e", "act8.2", "-f", "mast", "--seed", "5", "--explain", "heuristic"],
                           input="e\nq\n")
    assert r.exit_code == 0, r.output
    assert r.output.count("heuristic の評価") == 2 and "←" in r.output


def test_play_explain_with_a_bad_agent_is_a_usage_error() -> None:
    r = CliRunner().invoke(app, ["play", "--explain", "oracle"], input="q\n")
    assert r.exit_code == 2 and "unknown agent 'oracle'" in r.output
    r = CliRunner().invoke(app, ["play", "--explain", "heuristic", "-r", "std+entry"], input="q\n")
    assert r.exit_code == 2

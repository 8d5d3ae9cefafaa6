"""Agent separation: how often two agents would choose differently on the same decisions, without changing the run."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from bpdsl.engine.decisions import FirstLegalAgent
from bpdsl.sim import agents as agent_registry
from bpdsl.sim import job as job_module
from bpdsl.sim.backends import run
from bpdsl.sim.job import SimJob
from bpdsl.sim.run import statistics
from bpdsl.sim.separation import indistinguishable, summarize, warning
from bpdsl.sim.tournament import round_robin


def test_shadows_do_not_change_the_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run with the shadows asked plays exactly the games of a run without them."""
    job = SimJob("act8.2", "mast", agents=("heuristic", "collector"), seed=3)
    measured = run(job, 6, jobs=1).tally
    monkeypatch.setattr(job_module, "shadowed", lambda agents, shadows, counts: agents)
    plain = run(job, 6, jobs=1).tally
    assert (measured.wins, measured.turns, measured.decisions, measured.raises) == \
        (plain.wins, plain.turns, plain.decisions, plain.raises)
    assert not plain.separation
    asked = sum(n for (_s, _k, what), n in measured.separation.items() if what == "asked")
    assert asked == sum(k * n for k, n in measured.decisions.items())  # every decision of the run was put to both


def test_a_run_reports_its_agents_separation() -> None:
    job = SimJob("act8.2", "mast", agents=("heuristic", "random"), seed=1)
    stats = statistics(job, run(job, 4, jobs=1))
    sep = stats["separation"]
    assert sep["measured"] and not sep["indistinguishable"]
    assert sep["seats"]["seat0"]["agent"] == "heuristic" and sep["seats"]["seat0"]["asked_of"] == "random"
    assert 0.2 < sep["differ"]["rate"] < 1.0  # random picks the heuristic's choice only now and then
    assert set(sep["seats"]["seat0"]["by_kind"]) >= {"action"}


def test_same_agent_or_only_searchers_measure_nothing() -> None:
    assert summarize(Counter(), ["heuristic", "heuristic"]) == {"measured": False,
                                                                "why": "both seats play the same agent"}
    job = SimJob("act8.0", "std", agents=("mcts:2", "mcts:3"), seed=1)
    sep = statistics(job, run(job, 1, jobs=1))["separation"]
    assert not sep["measured"] and "search" in sep["why"]


def test_a_search_agent_is_measured_on_its_own_decisions() -> None:
    job = SimJob("act8.0", "std", agents=("mcts:2", "heuristic"), seed=1)
    sep = statistics(job, run(job, 1, jobs=1))["separation"]
    assert sep["measured"] and list(sep["seats"]) == ["seat0"]  # the heuristic seat has no searching shadow
    assert sep["seats"]["seat0"]["asked_of"] == "heuristic"


def test_indistinguishable_needs_enough_decisions() -> None:
    assert indistinguishable(0, 100) and indistinguishable(0, 5000)
    assert not indistinguishable(0, 99)  # too few to tell
    assert not indistinguishable(60, 5000)
    assert warning("a", "b", {"measured": False}) is None


def _twin(monkeypatch: pytest.MonkeyPatch) -> None:
    """A second name for the first-legal agent: the same choices under another name."""
    monkeypatch.setitem(agent_registry.AGENTS, "first2",
                        (lambda spec, seed, rules: FirstLegalAgent(), False, "the first agent again"))


def test_tournament_warns_of_indistinguishable_agents(monkeypatch: pytest.MonkeyPatch) -> None:
    _twin(monkeypatch)
    table = round_robin("act8.0", "std", ["first", "first2", "random"], 4, 1, jobs=1)
    twins = next(p for p in table["pairs"] if {p["a"], p["b"]} == {"first", "first2"})
    assert twins["separation"]["differ"]["successes"] == 0 and twins["separation"]["indistinguishable"]
    assert len(table["warnings"]) == 1 and "first and first2 are indistinguishable" in table["warnings"][0]
    other = next(p for p in table["pairs"] if p["b"] == "random" and p["a"] == "first")
    assert not other["separation"]["indistinguishable"]


def test_compare_warns_of_a_run_with_indistinguishable_agents(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from bpdsl.cli import app

    _twin(monkeypatch)
    r = CliRunner().invoke(app, ["balance", "compare", "act8.0/std", "act8.2/std", "-n", "4", "-j", "1",
                                 "--agents", "first,first2", "--json"])
    assert r.exit_code == 0, r.output
    warnings = json.loads(r.output)["warnings"]
    assert [w[:6] for w in warnings] == ["run A:", "run B:"] and all("indistinguishable" in w for w in warnings)
    r = CliRunner().invoke(app, ["balance", "compare", "act8.0/std", "act8.2/std", "-n", "4", "-j", "1",
                                 "--agents", "first,first2"])
    assert r.exit_code == 0 and r.output.count("warning:") == 2

"""``simulate`` checks the invariants in a sample of the games by default (1 in 16), every game on request,
and says which; the sample depends on the game's index only, so any number of workers checks the same games."""
from __future__ import annotations

import json

from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.sim.backends import run
from bpdsl.sim.job import SimJob


def _sim(*extra: str) -> dict:
    r = CliRunner().invoke(app, ["simulate", "-e", "act8.0", "-f", "std", "-n", "34", "--jobs", "1", "--json", *extra])
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_the_default_checks_one_game_in_sixteen_and_says_so() -> None:
    d = _sim()
    assert d["invariant_checks"]["games_checked"] == 3 and d["invariant_checks"]["every"] == 16  # games 0, 16, 32
    assert d["invariant_violations"] == 0
    assert _sim("--check-every", "1")["invariant_checks"]["games_checked"] == 34
    assert _sim("--no-check")["invariant_checks"] is None
    r = CliRunner().invoke(app, ["simulate", "-e", "act8.0", "-n", "20", "--jobs", "1"])
    assert "checked after every step in 2 of 20 games: 1 game in 16" in r.output


def test_the_sample_does_not_depend_on_the_workers() -> None:
    job = SimJob("act8.0", "std", check=True, seed=2, check_every=5)
    one, two = run(job, 23, jobs=1).tally, run(job, 23, jobs=2).tally
    assert one.checked == two.checked == 5 and one.turns == two.turns  # games 0, 5, 10, 15, 20


def test_a_violation_in_a_checked_game_is_found() -> None:
    """A sampled game is checked after every step: a broken invariant in it is reported as before."""
    from bpdsl.sim import job as job_module

    calls: list[int] = []

    def broken(game):  # type: ignore[no-untyped-def]
        calls.append(1)
        from bpdsl.engine.invariants import InvariantError

        raise InvariantError("a card in two places")

    import bpdsl.engine.invariants as inv

    original = inv.check
    inv.check = broken
    try:
        t = job_module.play_range(SimJob("act8.0", "std", check=True, seed=1, check_every=4), 0, 8)
    finally:
        inv.check = original
    assert t.violations == 2 and t.checked == 2  # games 0 and 4

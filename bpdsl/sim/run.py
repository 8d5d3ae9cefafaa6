"""A simulation run as a whole: play (on any backend), summarise, and describe the run.

The JSON-able result of :func:`simulate` depends only on the job, the number of games and the seed — never
on the number of workers or the backend — so ``--jobs 1`` and ``--jobs 8`` print the same bytes.
"""
from __future__ import annotations

from typing import Any

from bpdsl.sim.backends import Progress, RunResult, run
from bpdsl.sim.job import SimJob, _prepared, played_definitions
from bpdsl.sim.separation import summarize as separation
from bpdsl.sim.tally import summarize


def describe(job: SimJob) -> dict[str, Any]:
    """The run's identity: what was played (the definitions really read: ``{"bundled": bool, "paths": [...]}``),
    by whom, with which seed."""
    prep = _prepared(job)
    return {"edition": job.edition, "format": job.fmt, "flow": prep.rules.flow.id, "seed": job.seed,
            "agents": {f"seat{i}": str(s) for i, s in enumerate(prep.agent_specs)},
            "definitions": played_definitions(job).as_dict()}


def statistics(job: SimJob, result: RunResult) -> dict[str, Any]:
    """Everything ``bpdsl simulate --json`` prints for a run."""
    prep = _prepared(job)
    t = result.tally
    out = describe(job)
    out.update(summarize(t, list(prep.rules.actions), list(prep.rules.characters)))
    played = max(t.games - t.aborted, 1)
    out["separation"] = separation(t.separation, [str(a) for a in prep.agent_specs])
    out["interrupted"] = result.interrupted
    out["invariant_violations"] = t.violations if job.check else None
    out["invariant_checks"] = {"games_checked": t.checked, "every": job.check_every,
                               "how": "after every core-flow step of games 0, N, 2N ... of the run"} if job.check else None
    out["mean_turns"] = out["turns"]["mean"]
    out["mean_decisions"] = out["decisions"]["mean"]
    out["actions_raised"] = {a: s["raises"] for a, s in out["actions"].items()}
    out["actions_raised_per_game"] = {a: round(s["raises"] / played, 3) for a, s in out["actions"].items()}
    for ext in getattr(prep.rules, "extensions", ()):  # the game's own statistics (BlackPoker: trumps opened)
        out.update(ext.summarize(prep.rules, {k: dict(v) for k, v in t.counts.items()}))
    if job.coverage:
        from bpdsl.sim.coverage import coverage_report

        out["coverage"] = coverage_report(prep.rules, t.coverage, t.char_games)
    return out


def simulate(job: SimJob, games: int, *, jobs: int | None = None, backend: str = "local",
             address: str | None = None, progress: Progress | None = None) -> dict[str, Any]:
    """Play the run and return its statistics."""
    return statistics(job, run(job, games, jobs=jobs, backend=backend, address=address, progress=progress))


def log_first_game(job: SimJob, log: Any) -> None:
    """Play game 0 of the run again in this process with an event log (``--log``): the same game as in the run."""
    from bpdsl.engine import new_game
    from bpdsl.sim.agents import make_agent
    from bpdsl.sim.seeds import game_seed

    prep = _prepared(job)
    gs, s0, s1 = game_seed(job.seed, 0)
    agents = [make_agent(prep.agent_specs[0], s0, prep.rules), make_agent(prep.agent_specs[1], s1, prep.rules)]
    new_game(prep.rules, agents, gs, log=log).play()

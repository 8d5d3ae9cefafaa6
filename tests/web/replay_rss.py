"""RSS of a sandbox process stepping replays through its API (in-process, no socket): the soak test's
measure, and the figures of docs/sandbox.md (``python -m tests.web.replay_rss STEPS [SEED...]`` prints them
as JSON; ``python -m tests.web.replay_rss STEPS loop [COPIES]`` steps the longest replay a game can make,
:func:`looping_log`; run it with another checkout on PYTHONPATH to measure that one)."""
from __future__ import annotations

import gc
import json
import random
import sys
import time
from typing import Any

from starlette.testclient import TestClient

from bpdsl.engine import RandomAgent, build_rules, new_game
from bpdsl.engine.log import EventLog

OWN = {"X-Bpdsl-Client": "1"}


def rss_mb() -> float:
    with open("/proc/self/statm", encoding="ascii") as fh:
        pages = int(fh.read().split()[1])
    import os

    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def long_log(seeds: list[int]) -> tuple[str, int]:
    """The longest of the random games of act9.0 extra on ``seeds``, as a log's text, and its decisions."""
    best = ("", -1)
    for seed in seeds:
        log = EventLog()
        result = new_game(build_rules("act9.0", "extra", None), [RandomAgent(seed), RandomAgent(seed + 1)], seed,
                          log=log).play()
        if result.decisions > best[1]:
            best = ("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in log.lines), result.decisions)
    return best


class _Swapper:
    """Seat 0 of :func:`looping_log`: raises スイッチ whenever it may, else plays as the collector agent."""

    name = "swapper"

    def __init__(self, agent: Any):
        self.agent = agent

    def decide(self, request: Any, observation: Any) -> int:
        if request.kind == "action":
            for i, option in enumerate(request.options):
                if option != "pass" and option.id == "switch":
                    return i
        return int(self.agent.decide(request, observation))


def looping_log() -> tuple[str, int]:
    """The longest replay a bundled game makes: game 954 of ``simulate -e act9.0 -f extra -a collector,random
    --seed 9`` with seat 0 raising スイッチ (♣4, free) whenever it may, so that it swaps two club soldiers
    until the engine aborts the game at its 200,000 core-flow steps (about 22,000 decisions; no game can
    be replayed further, as every replay's game has the same limit).  The log is cut to what the viewer
    keeps (its start lines and decisions, without the hash chain): the whole log is some 14 MB, above the
    upload limit."""
    from bpdsl.engine.log import CHAIN_KEY
    from bpdsl.sim.agents import make_agent, parse_agents
    from bpdsl.sim.seeds import game_seed

    rules = build_rules("act9.0", "extra", None)
    seed, s0, s1 = game_seed(9, 954)
    specs = parse_agents(("collector", "random"))
    log = EventLog()
    result = new_game(rules, [_Swapper(make_agent(specs[0], s0, rules)), make_agent(specs[1], s1, rules)], seed,
                      log=log).play()
    kept = [{k: v for k, v in e.items() if k != CHAIN_KEY} for e in log.lines
            if e.get("t") in ("game", "regulation", "scenario", "definitions", "decision")]
    return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in kept), result.decisions


def step_replays(text: str, steps: int, copies: int = 3, seconds: float | None = None, seed: int = 1) -> dict[str, Any]:
    """Open ``copies`` of the log and step them ``steps`` times (or for ``seconds``) at random steps and
    views; the RSS before, after the first 10 steps, and at the end (MB)."""
    from bpdsl.web.app import create_app

    rng = random.Random(seed)
    client = TestClient(create_app(), raise_server_exceptions=True, headers=OWN)
    gc.collect()
    before = rss_mb()
    opened = [client.post("/api/replays", content=text.encode()).json() for _ in range(copies)]
    n = opened[0]["steps"]
    peak = warm = before
    done = 0
    start = time.monotonic()
    while (seconds is None and done < steps) or (seconds is not None and time.monotonic() - start < seconds):
        rid = rng.choice(opened)["replay"]
        step = rng.randrange(n + 1) if rng.random() < 0.3 else min(n, done % (n + 1))
        r = client.get(f"/api/replays/{rid}", params={"step": step, "view": rng.choice(["0", "1", "judge"])})
        assert r.status_code == 200, r.text
        done += 1
        if done == 10:
            warm = rss_mb()
        peak = max(peak, rss_mb())
    return {"decisions": n, "steps": done, "rss_before_mb": round(before), "rss_after_10_mb": round(warm),
            "rss_end_mb": round(rss_mb()), "rss_peak_mb": round(peak), "seconds": round(time.monotonic() - start, 1)}


if __name__ == "__main__":
    if sys.argv[2:3] == ["loop"]:
        text, n = looping_log()
        print(json.dumps(step_replays(text, int(sys.argv[1]), copies=int((sys.argv[3:] or ["1"])[0]))))
    else:
        text, n = long_log([int(a) for a in sys.argv[2:]] or [1, 2, 3, 4, 5])
        print(json.dumps(step_replays(text, int(sys.argv[1]))))

"""``bpdsl simulate --coverage``: executions of every effect step with its printed sentence."""
from __future__ import annotations

import json
import subprocess
import sys

from bpdsl.engine import build_rules


def _coverage(games: int, jobs: int) -> dict:
    r = subprocess.run([sys.executable, "-m", "bpdsl", "simulate", "-e", "act8.0", "-f", "std", "-n", str(games),
                        "--seed", "3", "--coverage", "--json", "--no-check", "--jobs", str(jobs)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)["coverage"]


def test_every_effect_step_is_listed_with_its_sentence_and_counted() -> None:
    rules = build_rules("act8.0", "std")
    one = _coverage(1, 1)
    assert one["total"] == sum(len(a.effect) for a in rules.actions.values())
    assert all(s["sentence"] for s in one["steps"])
    never = [s["step"] for s in one["steps"] if s["executed"] == 0]
    assert one["never_executed"] == never and never, "one game cannot run every rule"
    assert one["covered"] + len(never) == one["total"]
    many = _coverage(60, 2)
    assert many == _coverage(60, 1)
    assert many["covered"] > one["covered"]
    by_step = {s["step"]: s for s in many["steps"]}
    assert by_step["attack#1"]["executed"] > 0 and by_step["attack#1"]["name"] == "アタック"

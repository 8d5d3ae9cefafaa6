"""瞬殺 (sacrifice_to_destroy): the controller picks which of their soldiers go, one or more of them.

The first soldier used to go without a question; the ruling file plays a hand that keeps it."""
from __future__ import annotations

from pathlib import Path

from bpdsl.scenarios.runner import run_scenario

RULING = Path(__file__).resolve().parents[2] / "scenarios/rulings/act8.2-trumps/instant_kill_sacrifice_sum.yaml"


def test_the_first_soldier_may_be_kept() -> None:
    r = run_scenario(RULING)
    assert r.ok, r.failures
    asked = [e for e in r.events if e.get("t") == "decision" and e.get("kind") == "choose"]
    assert [e["choice"] for e in asked] == ["墓地に移さない"]  # asked about the ♣4; the ♣9, last, is forced

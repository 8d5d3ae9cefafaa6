"""Broken scenario files are mistakes in the file (ScenarioError naming the place), never a crash inside
the set-up: the bundled scenarios, mutated line by line with a fixed seed, must fail cleanly or run."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from bpdsl.engine.decisions import ScriptError
from bpdsl.engine.scenario import ScenarioError, run_scenario
from bpdsl.engine.scenario_schema import shape_problems

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios").rglob("*.yaml"))


def test_every_bundled_scenario_has_the_shape_of_a_scenario() -> None:
    assert SCENARIOS
    for path in SCENARIOS:
        assert shape_problems(yaml.safe_load(path.read_text(encoding="utf-8"))) == [], path


def _mutations(count: int, seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    made = 0
    while made < count:
        path = rng.choice(SCENARIOS)
        lines = path.read_text(encoding="utf-8").split("\n")
        i = rng.randrange(len(lines))
        how = rng.choice(["deleted", "repeated", "given a 7"])
        if how == "deleted":
            del lines[i]
        elif how == "repeated":
            lines.insert(i, lines[i])
        elif ": " in lines[i]:
            lines[i] = lines[i].replace(": ", ": 7", 1)
        try:
            data = yaml.safe_load("\n".join(lines))
        except yaml.YAMLError:
            continue
        if isinstance(data, dict):
            made += 1
            yield path.name, i, how, data


@pytest.mark.parametrize("seed", [1, 2])
def test_mutated_scenarios_fail_cleanly(seed: int) -> None:
    for name, line, how, data in _mutations(40, seed):
        try:
            run_scenario(data)
        except (ScenarioError, ScriptError):
            pass
        except Exception as exc:  # pragma: no cover - the failure message is the point
            pytest.fail(f"{name}, line {line + 1} {how}: {type(exc).__name__}: {exc}")

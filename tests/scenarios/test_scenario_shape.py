"""Broken scenario files are mistakes in the file (ScenarioError naming the place), never a crash inside
the set-up: the bundled scenarios, mutated line by line with a fixed seed, must fail cleanly or run."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from bpdsl.engine.decisions import ScriptError
from bpdsl.scenarios.runner import ScenarioError, run_scenario
from bpdsl.scenarios.schema import shape_problems

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


def _fog_position(fog: list[object], field: list[dict[str, object]] | None = None) -> dict[str, object]:
    return {"edition": "act8.2", "format": "mast", "turn": 0, "players": [
        {"life": 5, "field": field if field is not None else [{"as": "general_soldier", "cards": ["♣7"]}],
         "fog": fog}, {"life": 5}], "decisions": []}


@pytest.mark.parametrize("link,field,words", [
    ({"cards": ["♡5"], "as": "fog_upp", "marks": [0, 0]}, None, "unknown fog 'fog_upp'"),
    ({"cards": ["♡5"], "as": "fog_up", "marks": [0, 3]}, None, "names no character"),
    ({"cards": ["♡5"], "as": "fog_up", "marks": [0, 0]}, [{"as": "bulwark", "cards": ["♣7"], "face_up": False}],
     "marks a soldier"),
    ({"cards": ["♡5"], "as": "fog_up"}, None, "marks a soldier"),
])
def test_a_wrong_fog_link_is_a_mistake_in_the_file(link: dict[str, object], field: object, words: str) -> None:
    with pytest.raises(ScenarioError, match=words):
        run_scenario(_fog_position([link], field))  # type: ignore[arg-type]


@pytest.mark.parametrize("link,words", [
    ({"cards": [], "as": "fog_up"}, "needs cards"),
    ({"cards": ["♡55"], "as": "fog_up"}, "not a card"),
    ({"cards": ["♡5"]}, "needs as"),
    ({"cards": ["♡5"], "as": "fog_up", "marks": "0,0"}, "seat, field index"),
    ({"cards": ["♡5"], "as": "fog_up", "on": [0, 0]}, "cards, as and marks"),
])
def test_the_shape_of_a_fog_link(link: dict[str, object], words: str) -> None:
    problems = shape_problems(_fog_position([link]))
    assert any(words in p for p in problems), problems

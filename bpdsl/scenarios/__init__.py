"""Scenarios, lessons and saved positions: rulings written as scripted games, the beginners' course, and a
position of the sandbox written as a scenario file.

This package sits above the engine and drives it through its public API only (``build_rules``,
``new_game``, the game's step and callback API, ``bpdsl.engine.position`` for the starting position, the
per-seat view); the engine knows nothing of it.

* :mod:`bpdsl.scenarios.runner` — the scenario format (its docstring) and the runner
  (``run_scenario``, ``load_scenario``, ``start_position``);
* :mod:`~bpdsl.scenarios.check` — what a scenario checks (state, offers, events, observations);
* :mod:`~bpdsl.scenarios.schema` — the shape of a scenario file, checked before it runs (and its JSON Schema);
* :mod:`~bpdsl.scenarios.inline` — definitions written inside a scenario;
* :mod:`~bpdsl.scenarios.editions` — every ruling on record run against another edition;
* :mod:`~bpdsl.scenarios.lesson` — lessons (a scenario with a ``lesson:`` section);
* :mod:`~bpdsl.scenarios.save` — a game's position written as a scenario;
* :mod:`~bpdsl.scenarios.errors` — ``ScenarioError``, a scenario file that is itself wrong.
"""
from __future__ import annotations

from bpdsl.scenarios.errors import ScenarioError
from bpdsl.scenarios.runner import ScenarioResult, load_scenario, run_scenario, run_scenario_data, start_position

__all__ = ["ScenarioError", "ScenarioResult", "load_scenario", "run_scenario", "run_scenario_data", "start_position"]

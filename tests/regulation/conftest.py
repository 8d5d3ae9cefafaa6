"""Fixtures of the regulation tests: the regulation systems built from the bundled regulation files, and
the seed rulebooks' tables read straight from the OCR'd text (to cross-check the data against them)."""
from __future__ import annotations

from pathlib import Path

import pytest

from bpdsl.dsl.loader import load_or_raise
from bpdsl.games.blackpoker.regulation.load import REGULATIONS_DIR, systems
from bpdsl.games.blackpoker.regulation.model import RegulationSystem


@pytest.fixture(scope="session")
def reg_systems() -> dict[str, RegulationSystem]:
    return systems(load_or_raise([REGULATIONS_DIR]))


@pytest.fixture(scope="session")
def bp2024(reg_systems: dict[str, RegulationSystem]) -> RegulationSystem:
    return reg_systems["bp2024"]


@pytest.fixture(scope="session")
def bp2021(reg_systems: dict[str, RegulationSystem]) -> RegulationSystem:
    return reg_systems["bp2021"]


@pytest.fixture()
def regulations_only(monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the commands at the regulation files alone (independent of the other definitions)."""
    monkeypatch.setenv("BPDSL_DEFINITIONS", str(REGULATIONS_DIR))
    return REGULATIONS_DIR

"""Fixtures of the golden tests: the bundled definitions, loaded once."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def definitions():
    from bpdsl.dsl.loader import load_or_raise

    return load_or_raise()

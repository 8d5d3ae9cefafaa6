"""Fixtures shared by the rendering tests."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.dsl.loader import load_definitions


@pytest.fixture(scope="module")
def defs():
    """The bundled definitions (a test module may override this with hand-made ones)."""
    return load_definitions()


def render_all(tmp_path_factory: pytest.TempPathFactory, name: str, *options: str) -> Path:
    """Run ``bpdsl render actionlist --all`` with ``options`` into a fresh directory and return it."""
    out = tmp_path_factory.mktemp(name)
    result = CliRunner().invoke(app, ["render", "actionlist", "--all", *options, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out

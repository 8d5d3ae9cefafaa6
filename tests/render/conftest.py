"""Fixtures shared by the rendering tests.

Writing a sheet's PDF takes seconds, so the PDF checks run on a sample of sheets in which every bundled
edition, every format and every style appears at least once; ``BPDSL_SHEETS=all`` runs them on every
sheet (several minutes of one core per style)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.dsl.loader import load_definitions


@pytest.fixture(scope="module")
def defs():
    """The bundled definitions (a test module may override this with hand-made ones)."""
    return load_definitions()


SAMPLE = {
    "official": {("bd1", "std"), ("act6.1", "lite"), ("act8.2", "mast"), ("act9.0", "extra"), ("act9.0-draft", "pro")},
    "a4": {("act8.0", "std"), ("act8.2", "extra"), ("act9.0-draft", "mast"), ("act9.1", "lite")},
    "a5": {("act8.2", "std"), ("act9.0-draft", "extra")},
}


def every_sheet() -> bool:
    return os.environ.get("BPDSL_SHEETS", "sample").strip().lower() == "all"


def sheets_to_lay_out(pairs: list[tuple[str, str]], style: str) -> list[tuple[str, str]]:
    """Every sheet with ``BPDSL_SHEETS=all``, else the style's sample (those of it that are bundled)."""
    return list(pairs) if every_sheet() else [pair for pair in pairs if pair in SAMPLE[style]]


def render_sheets(tmp_path_factory: pytest.TempPathFactory, name: str, pairs: list[tuple[str, str]],
                  *options: str) -> Path:
    """Run ``bpdsl render actionlist -e E -f F`` with ``options`` for each of ``pairs`` into one fresh
    directory (``--all`` when the pairs are every sheet) and return it."""
    out = tmp_path_factory.mktemp(name)
    runs = [["--all"]] if every_sheet() else [["-e", e, "-f", f] for e, f in pairs]
    for selection in runs:
        result = CliRunner().invoke(app, ["render", "actionlist", *selection, *options, "--out", str(out)])
        assert result.exit_code == 0, result.output
    return out


def render_all(tmp_path_factory: pytest.TempPathFactory, name: str, *options: str) -> Path:
    """Run ``bpdsl render actionlist --all`` with ``options`` into a fresh directory and return it."""
    out = tmp_path_factory.mktemp(name)
    result = CliRunner().invoke(app, ["render", "actionlist", "--all", *options, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out

"""Triggered actions that keep triggering each other end the game as aborted instead of hanging it.

Found by the CLI fuzz (tests/cli/test_fuzz.py): Black Doubt's settlement without its last step
(``bd_new_round``) still validates, but the round it scores never ends, so the settlement triggers again
after every resolution and a trigger check never finished.  One trigger check now resolves at most
``TRIGGER_CHECK_LIMIT`` triggered actions; past it the game is aborted with the reason.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from bpdsl.cli import app

ROOT = Path(__file__).resolve().parents[2]


def test_a_trigger_loop_aborts_the_game(tmp_path: Path) -> None:
    defs = tmp_path / "blackdoubt"
    shutil.copytree(ROOT / "definitions" / "blackdoubt", defs)
    actions = defs / "editions" / "bd1" / "actions.yaml"
    text = actions.read_text(encoding="utf-8")
    assert "      - bd_new_round: {}\n" in text
    actions.write_text(text.replace("      - bd_new_round: {}\n", "", 1), encoding="utf-8")
    r = CliRunner().invoke(app, ["simulate", "--no-bundled", "-d", str(defs), "-e", "bd1", "-f", "std", "-n", "10",
                                 "--jobs", "1", "--seed", "89", "--json"])
    assert r.exit_code == 0, r.output
    result = json.loads(r.stdout)
    assert result["games"] == 10 and result["aborted"] >= 1

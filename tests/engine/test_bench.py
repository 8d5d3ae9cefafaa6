"""``bpdsl bench``: every declared edition × format is timed, plus validate time and render time."""
from __future__ import annotations

import json

import pytest

from typer.testing import CliRunner

from bpdsl.bench_misc import bench_render, play_pairs
from bpdsl.cli import app
from bpdsl.engine import load_definitions

runner = CliRunner()


@pytest.mark.long
def test_bench_json_covers_every_declared_format_and_validate_time() -> None:
    r = runner.invoke(app, ["bench", "--games", "2", "--memory-games", "0", "--step-games", "3", "--no-render",
                            "--keystrokes", "1", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    declared = {(e.id, f.id) for e in load_definitions().editions.values() for f in e.formats}
    assert {(x["edition"], x["format"]) for x in data["speed"]} == declared
    assert ("bd1", "std") in declared
    assert all(x["games_per_s"] > 0 and x["decisions_per_s"] > 0 for x in data["speed"])
    v = data["validate"]
    assert v["best_seconds"] > 0 and v["first_seconds"] >= v["best_seconds"] and v["files"] > 0 and v["errors"] == 0
    assert "render" not in data and "memory" not in data
    assert {r["edition"] for r in data["editor"]["editions"]} >= {"act8.0", "bd1"}  # the editor check, timed
    st = data["step"]
    assert st["games"] == 3 and st["step_games_per_s"] > 0
    assert st["clone_positions"] >= 1 and st["clone_us"] > 0 and st["apply_after_clone_us"] > 0
    assert st["state_copy_us"] > 0 and st["deepcopy_us"] > 0


def test_play_pairs_follow_the_definitions() -> None:
    defs = load_definitions()
    pairs = play_pairs(defs)
    assert len(pairs) == len(set(pairs)) == sum(len(e.formats) for e in defs.editions.values())


def test_render_time_of_one_sheet_html_only() -> None:
    defs = load_definitions()
    ed, fmt = play_pairs(defs)[0]
    rows = bench_render(defs, [(ed, fmt)], pdf=False)
    assert [(x["edition"], x["format"]) for x in rows] == [(ed, fmt)]
    assert rows[0]["html_seconds"] > 0 and "pdf_seconds" not in rows[0]


def test_render_time_of_one_sheet_with_pdf() -> None:
    defs = load_definitions()
    ed, fmt = play_pairs(defs)[0]
    (row,) = bench_render(defs, [(ed, fmt)])
    assert row["pdf_seconds"] > 0 and row["pages"] > 0 and row["html_seconds"] > 0

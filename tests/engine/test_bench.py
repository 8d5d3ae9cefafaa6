"""``bpdsl bench``: every declared edition × format is timed, plus validate time and render time."""
from __future__ import annotations

import json

import pytest

from typer.testing import CliRunner

from bpdsl.bench_misc import bench_render, play_pairs
from bpdsl.cli import app
from bpdsl.engine import load_definitions
from bpdsl.engine.bench import bench_per_decision, bench_speed

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


def test_per_decision_times_two_formats_in_alternating_slices_of_the_same_games() -> None:
    # the function behind ``bpdsl bench --per-decision extra:mast`` (the command itself also times validate)
    d = bench_per_decision("act8.2", "extra", "mast", 3, slice_games=2, repeat=2)
    assert (d["edition"], d["format"], d["against"], d["games"], d["slices"], d["repeat"]) == (
        "act8.2", "extra", "mast", 3, 2, 2)
    # the same seeds as the speed table's: the same games, so the same mean decisions
    assert d["mean_decisions"] == bench_speed("act8.2", "extra", 3)["mean_decisions"]
    assert d["against_mean_decisions"] == bench_speed("act8.2", "mast", 3)["mean_decisions"]
    assert d["decisions_per_s"] > 0 and d["against_decisions_per_s"] > 0
    assert abs(d["ratio"] - d["against_decisions_per_s"] / d["decisions_per_s"]) < 0.01


def test_bench_per_decision_needs_two_formats_of_the_edition() -> None:
    for args in (["-e", "act8.2", "--per-decision", "extra:nope"], ["-e", "act8.2", "--per-decision", "extra"],
                 ["-e", "act8.2", "--per-decision", "mast:mast"]):
        r = runner.invoke(app, ["bench", "--games", "1", *args])
        assert r.exit_code == 2, r.output
        assert "--per-decision" in r.output and "Traceback" not in r.output

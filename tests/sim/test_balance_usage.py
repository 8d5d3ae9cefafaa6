"""A bad run of ``balance compare`` / ``balance report`` is reported before any game is played, and a Ray
instance that cannot start is a clear error, not an internal one."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from bpdsl.cli import app


@pytest.mark.parametrize("args", [
    ["compare", "act8.0", "act99"],
    ["compare", "act8.0/lite", "act8.0/nosuch"],
    ["compare", "act8.0", "my@/no/such/folder"],
    ["report", "act8.0", "act99", "--out", "{out}"],
])
def test_a_bad_second_run_is_reported_before_the_first_is_played(args, tmp_path, monkeypatch) -> None:
    import bpdsl.commands._sim_cli as sim_cli

    def played(*a, **kw):
        raise AssertionError("a run was played before the second run was checked")

    monkeypatch.setattr(sim_cli, "run_or_exit", played)
    out = tmp_path / "report"
    result = CliRunner().invoke(app, ["balance", *(a.replace("{out}", str(out)) for a in args), "-n", "100000"])
    assert result.exit_code == 2, (result.output, result.exception)
    assert not out.exists() or not any(out.iterdir())  # nothing written


def test_a_ray_instance_that_cannot_start_is_a_backend_error(monkeypatch) -> None:
    ray = pytest.importorskip("ray")
    from bpdsl.sim.backends import BackendError, run
    from bpdsl.sim.job import SimJob

    def timed_out(*a, **kw):
        raise Exception("The current node timed out during startup.")

    monkeypatch.setattr(ray, "init", timed_out)
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    with pytest.raises(BackendError, match="cannot start or reach Ray: The current node timed out"):
        run(SimJob("act8.0", "lite"), 4, jobs=1, backend="ray")


DRAFT = {"edition.yaml": "kind: edition\nid: my8.3\nextends: act8.0\nname: my8.3\ndate: 2026/11/23\n",
         "actions.yaml": "kind: actions\nedition: my8.3\nactions:\n  - id: place_bulwark\n    cost: \"\"\n"}


def test_the_balance_commands_read_a_draft_named_by_d(tmp_path) -> None:
    """-d adds a draft folder to the definitions of every run (as for every other command); --no-bundled
    without one is a usage error."""
    import json

    draft = tmp_path / "draft"
    draft.mkdir()
    for name, text in DRAFT.items():
        (draft / name).write_text(text, encoding="utf-8")
    runner = CliRunner()
    r = runner.invoke(app, ["balance", "compare", "act8.0/lite", "my8.3/lite", "-d", str(draft), "-n", "4",
                            "--jobs", "1", "--json"])
    assert r.exit_code == 0, (r.output, r.exception)
    result = json.loads(r.output)
    assert result["b"] == f"my8.3/lite @{draft}" and result["games"] == [4, 4]
    r = runner.invoke(app, ["balance", "compare", "act8.0/lite", "my8.3/lite", "-n", "4", "--jobs", "1"])
    assert r.exit_code == 2 and "my8.3" in r.output  # without -d the draft's edition is unknown
    r = runner.invoke(app, ["balance", "tournament", "random,first", "-e", "my8.3", "-f", "lite", "-d", str(draft),
                            "-n", "2", "--jobs", "1", "--json"])
    assert r.exit_code == 0, (r.output, r.exception)
    r = runner.invoke(app, ["balance", "report", "act8.0/lite", "--no-bundled", "--out", str(tmp_path / "rep")])
    assert r.exit_code == 2 and "--no-bundled leaves no definitions" in r.output
    assert not (tmp_path / "rep").exists()


def test_piped_tables_fold_long_cells_instead_of_cutting_them() -> None:
    """Output piped to a file is 80 columns wide: an agent's name or a printed sentence (Japanese has no
    spaces to wrap at) folds onto more lines and is never cut short with an ellipsis."""
    runner = CliRunner()
    r = runner.invoke(app, ["balance", "tournament", "random,heuristic", "-e", "act8.0", "-f", "lite", "-n", "2",
                            "--jobs", "1"])
    assert r.exit_code == 0, (r.output, r.exception)
    assert "heuristic" in r.output and "…" not in r.output
    r = runner.invoke(app, ["simulate", "-e", "act8.2", "-f", "extra", "-n", "2", "--seed", "2", "--coverage",
                            "--no-check", "--jobs", "1"])
    assert r.exit_code == 0, (r.output, r.exception)
    assert "effect steps never executed" in r.output and "…" not in r.output


def test_a_report_without_coverage_is_written(tmp_path) -> None:
    out = tmp_path / "report"
    r = CliRunner().invoke(app, ["balance", "report", "act8.0/lite", "-n", "2", "--jobs", "1", "--no-coverage",
                                 "--out", str(out)])
    assert r.exit_code == 0, (r.output, r.exception)
    assert not (out / "coverage.csv").exists() and "Rule coverage" not in (out / "index.html").read_text("utf-8")


def test_the_report_folder_is_made_only_when_the_report_is_written(tmp_path, monkeypatch) -> None:
    """A report stopped before it is written (Ctrl-C during the games) leaves no empty folder behind, and an
    --out that cannot become a folder is refused before any game is played."""
    from bpdsl.commands import balance

    def stopped(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(balance, "_run", stopped)
    out = tmp_path / "new" / "report"
    r = CliRunner().invoke(app, ["balance", "report", "act8.0/lite", "-n", "2", "--jobs", "1", "--out", str(out)])
    assert r.exit_code != 0 and not (tmp_path / "new").exists(), (r.exit_code, r.output)
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    r = CliRunner().invoke(app, ["balance", "report", "act8.0/lite", "--out", str(blocker / "report")])
    assert r.exit_code == 2 and f"{blocker} exists and is not a directory" in r.output, r.output

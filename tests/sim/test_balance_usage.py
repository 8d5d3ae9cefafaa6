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

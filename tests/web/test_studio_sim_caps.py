"""The studio's simulations are bounded: one run at a time (a new one cancels the run going on and kills its
processes), a time limit for the whole run, and no child left playing when a run is cancelled, runs out of
time, or the server dies."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from bpdsl.web.studio_sim import Simulations, SimRun

ROOT = Path(__file__).resolve().parents[2]


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie waiting to be reaped does not)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def _group(pgid: int) -> list[int]:
    """The live processes of process group ``pgid``."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8") as fh:
                    fields = fh.read().rsplit(")", 1)[1].split()
            except (FileNotFoundError, ProcessLookupError):
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                out.append(int(entry))
    return out


def _child_of(run: SimRun, wait: float = 60) -> int:
    deadline = time.monotonic() + wait
    while run.child is None:
        assert time.monotonic() < deadline and run.state == "running", run.json()
        time.sleep(0.05)
    return int(run.child.pid)


def _ended(pid: int, wait: float = 20) -> bool:
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if not _alive(pid) and not _group(pid):
            return True
        time.sleep(0.1)
    return False


pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


@pytest.fixture()
def sims(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Simulations:
    monkeypatch.setenv("PYTHONPATH", str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    monkeypatch.delenv("BPDSL_DEFINITIONS", raising=False)
    made = Simulations(tmp_path, [])
    yield made
    made.cancel_all("the test ended")


def test_a_new_run_cancels_the_one_going_on_and_kills_its_processes(sims: Simulations) -> None:
    first = sims.start("act8.2", "act8.0", "std", "summon_soldier", 5000)
    pid = _child_of(first)
    second = sims.start("act8.2", "act8.0", "std", "summon_soldier", 5000)
    assert first.state == "cancelled" and "replaced by the simulation " + second.id in first.error
    assert _ended(pid), "the cancelled run's processes still run"
    assert [r.id for r in sims.running()] == [second.id]
    pid2 = _child_of(second)
    assert sims.cancel(second.id).state == "cancelled"
    assert _ended(pid2)
    assert sims.running() == []


def test_a_run_is_stopped_at_its_time_limit(sims: Simulations) -> None:
    sims.timeout = 3.0
    run = sims.start("act8.2", "act8.0", "std", "summon_soldier", 5000)
    pid = _child_of(run)
    deadline = time.monotonic() + 60
    while run.state == "running" and time.monotonic() < deadline:
        time.sleep(0.1)
    assert run.state == "failed" and "stopped after 3 s" in run.error
    assert _ended(pid)


def test_games_beyond_the_cap_are_refused(sims: Simulations) -> None:
    with pytest.raises(ValueError):
        sims.start("act8.2", "act8.0", "std", "summon_soldier", 10**6)


def test_a_server_killed_leaves_no_simulation_playing(tmp_path: Path) -> None:
    script = textwrap.dedent("""
        import sys, time
        from pathlib import Path
        from bpdsl.web.studio_sim import Simulations
        sims = Simulations(Path.cwd(), [])
        run = sims.start("act8.2", "act8.0", "std", "summon_soldier", 5000)
        while run.child is None:
            time.sleep(0.05)
        print(run.child.pid, flush=True)
        time.sleep(600)
    """)
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    server = subprocess.Popen([sys.executable, "-c", script], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                              text=True)
    try:
        assert server.stdout is not None
        pid = int(server.stdout.readline())
        assert _alive(pid)
        server.send_signal(signal.SIGKILL)  # no atexit, no finally: only the kernel can end the child
        server.wait(timeout=30)
        assert _ended(pid), "the simulation outlived the server killed with -9"
    finally:
        if server.poll() is None:
            server.kill()

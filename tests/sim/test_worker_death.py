"""A worker of a local run that dies is noticed: the run fails at once with a message naming the run's seed
and the games that were in flight, and exit status 1 -- it never waits forever on a chunk nobody plays.
And no worker outlives its run: killed with -9, the run's process takes its workers with it (Linux)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="utf-8") as fh:
            return [int(x) for x in fh.read().split()]
    except FileNotFoundError:
        return []


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def _start(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.Popen([sys.executable, "-m", "bpdsl", "simulate", "-e", "act6.1", "-f", "lite", "-n", "200000",
                             "--seed", "77", "--jobs", "2", "--json", *args], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _workers(proc: subprocess.Popen[str], wait: float = 90) -> list[int]:
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        kids = [k for k in _children(proc.pid) if _alive(k)]
        if len(kids) >= 2:
            time.sleep(1.0)  # the workers are playing their first chunks
            return kids
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.1)
    raise AssertionError("the run started no workers")


def test_a_killed_worker_fails_the_run_with_the_seed_and_the_games() -> None:
    proc = _start()
    try:
        workers = _workers(proc)
        os.kill(workers[0], signal.SIGKILL)
        try:
            out, err = proc.communicate(timeout=90)
        except subprocess.TimeoutExpired:
            pytest.fail("the run waits forever on the dead worker's games")
        assert proc.returncode == 1, err
        assert "a worker process was killed by signal 9" in err or "a worker process died" in err, err
        assert "seed 77" in err and "--seed 77 --jobs 1" in err and "Traceback" not in err
        assert "while playing one of the games" in err
        assert out == ""  # no partial result printed as if the run were whole
        for w in workers:
            deadline = time.monotonic() + 20
            while _alive(w) and time.monotonic() < deadline:
                time.sleep(0.1)
            assert not _alive(w), "a worker outlived its run"
    finally:
        if proc.poll() is None:
            proc.kill()


def test_workers_die_with_their_run() -> None:
    proc = _start()
    try:
        workers = _workers(proc)
        os.kill(proc.pid, signal.SIGKILL)  # no finally runs: only the kernel can stop the workers
        proc.wait(timeout=30)
        for w in workers:
            deadline = time.monotonic() + 20
            while _alive(w) and time.monotonic() < deadline:
                time.sleep(0.1)
            assert not _alive(w), "a worker plays on for a run that is gone"
    finally:
        if proc.poll() is None:
            proc.kill()

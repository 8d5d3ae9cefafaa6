"""``bpdsl simulate`` on every core, on Ray and interrupted: the same output for any number of workers."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from bpdsl.sim.backends import run
from bpdsl.sim.job import SimJob
from bpdsl.sim.tally import Tally

ARGS = ["simulate", "--edition", "act6.1", "--format", "lite", "--games", "120", "--seed", "5", "--json", "--no-check"]


def bpdsl(*args: str, timeout: int = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bpdsl", *args], capture_output=True, text=True, timeout=timeout)


def test_jobs_1_and_2_print_the_same_bytes() -> None:
    one = bpdsl(*ARGS, "--jobs", "1")
    two = bpdsl(*ARGS, "--jobs", "2")
    assert one.returncode == 0 and two.returncode == 0, (one.stderr, two.stderr)
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    assert data["games"] == 120 and not data["interrupted"]
    assert data["wins"]["seat0"] + data["wins"]["seat1"] + data["draws"] + data["aborted"] == 120
    assert data["win_rate"]["seat0"]["low"] < data["win_rate"]["seat0"]["rate"] < data["win_rate"]["seat0"]["high"]
    assert sum(data["turns"]["histogram"].values()) == 120
    assert data["first_player"]["went_first"]["seat0"] + data["first_player"]["went_first"]["seat1"] == 120


def test_merging_chunk_tallies_equals_one_tally() -> None:
    job = SimJob("act6.1", "lite", seed=9)
    whole = run(job, 60, jobs=1).tally
    parts = Tally()
    for start, stop in ((40, 60), (0, 15), (15, 40)):  # any order
        from bpdsl.sim.job import play_range

        parts.merge(play_range(job, start, stop))
    assert parts == whole


@pytest.mark.long
def test_ray_backend_on_a_local_instance_gives_the_same_output() -> None:
    pytest.importorskip("ray")
    local = bpdsl(*ARGS, "--jobs", "1")
    on_ray = bpdsl(*ARGS, "--jobs", "2", "--backend", "ray")  # ray.init(num_cpus=2): a bounded local instance
    assert on_ray.returncode == 0, on_ray.stderr
    assert on_ray.stdout == local.stdout


@pytest.mark.long
def test_ctrl_c_prints_the_partial_result_and_exits_130() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "bpdsl", "simulate", "-e", "act6.1", "-f", "lite", "-n", "1000000",
                             "--jobs", "2", "--json", "--no-check"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(20)  # load the definitions, start the workers, finish some chunks
    os.kill(proc.pid, signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()  # never leave a million-game run behind when the assertion fails
    assert proc.returncode == 130, err
    data = json.loads(out)
    assert data["interrupted"] is True and 0 < data["games"] < 1_000_000
    assert data["wins"]["seat0"] + data["wins"]["seat1"] + data["draws"] + data["aborted"] == data["games"]
    assert "interrupted" in err and "Traceback" not in err


def test_bad_options_are_usage_errors() -> None:
    for args in (["--agents", "nobody"], ["--agents", "random,random,random"], ["--backend", "mpi"],
                 ["--address", "auto"], ["--agents", "random:5"]):
        r = bpdsl("simulate", "-n", "1", *args)
        assert r.returncode == 2, (args, r.stderr)
        assert "Traceback" not in r.stderr

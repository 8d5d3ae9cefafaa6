"""The combo search's worker pool: results in the order of the combinations for any number of workers, and a
worker that dies stops the run at once with a message naming the combination it was searching — never a wait
on a result nobody computes (a ``multiprocessing.Pool`` replaced the worker and waited forever) — while the
results that came back are kept and reported."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bpdsl.sim.combo_pool import SearchWorkerDied, run_pool

ROOT = Path(__file__).resolve().parents[2]
linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def _square(n: int) -> dict:
    time.sleep(0.01 * (n % 3))  # finish out of order
    return {"n": n, "square": n * n}


def _die_at_five(n: int) -> dict:
    if n == 5:
        time.sleep(0.3)  # the tasks before it come back first
        os.kill(os.getpid(), signal.SIGKILL)
    return {"n": n}


def test_results_come_in_the_order_of_the_tasks() -> None:
    done: list[int] = []
    out = list(run_pool(_square, list(range(12)), 3, str, done.append))
    assert [r["n"] for r in out] == list(range(12)) and out[7]["square"] == 49
    assert done == list(range(1, 13))  # the progress: results yielded so far


def test_a_killed_worker_names_the_task_it_ran_and_keeps_what_came_back() -> None:
    got: list[dict] = []
    with pytest.raises(SearchWorkerDied) as info:
        for r in run_pool(_die_at_five, list(range(40)), 2, lambda n: f"task {n}"):
            got.append(r)
    exc = info.value
    assert exc.names == ["task 5"], str(exc)
    assert "a worker process was killed by signal 9 while searching task 5" in str(exc)
    assert "task 5" in exc.lost
    kept = [r["n"] for r in got] + [i for i, _ in exc.finished]
    assert kept == sorted(kept) and 5 not in kept and 0 in kept  # what came back before the death is kept


def _children(pid: int) -> list[int]:
    try:
        return [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except FileNotFoundError:
        return []


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@linux
def test_balance_combos_fails_with_the_pair_and_the_partial_report_when_a_worker_is_killed(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-m", "bpdsl", "balance", "combos", "-e", "act9.0", "-f", "extra",
                          "--nodes", "150", "--jobs", "2"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and len([k for k in _children(p.pid) if _alive(k)]) < 2:
            assert p.poll() is None, p.communicate()
            time.sleep(0.1)
        workers = [k for k in _children(p.pid) if _alive(k)]
        assert len(workers) >= 2, "the search started no workers"
        time.sleep(2.0)  # some pairs are searched
        os.kill(workers[0], signal.SIGKILL)
        try:
            out, err = p.communicate(timeout=90)
        except subprocess.TimeoutExpired:
            pytest.fail("the search waits forever on the dead worker's pair")
        assert p.returncode == 1, err
        assert "a worker process was killed by signal 9 while searching " in err and "Traceback" not in err, err
        named = err.split("while searching ", 1)[1].split(";", 1)[0]
        assert " + " in named, err  # a pair of trump ids
        assert f"--explain {named.replace(' + ', ',')} --jobs 1" in err  # how to search it alone
        assert "of 435 combinations" in out and "of 435 searches finished before" in err  # the partial report
        for w in workers:
            stop = time.monotonic() + 20
            while _alive(w) and time.monotonic() < stop:
                time.sleep(0.1)
            assert not _alive(w), "a worker outlived its run"
    finally:
        if p.poll() is None:
            p.kill()

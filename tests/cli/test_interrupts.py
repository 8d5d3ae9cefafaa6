"""Killed, concurrent and interrupted runs, each a real process sent a real signal.

* ``bpdsl docs`` killed (SIGKILL) while Sphinx writes its pages leaves the previous complete build as the
  output, and the next builds succeed with the full search index: two at once into that folder, both
  succeed and the output is complete;
* Ctrl-C (SIGINT) makes ``docs``, ``render``, ``simulate`` and ``play`` exit 130 without a traceback, and a
  ``docs`` build interrupted that way leaves the previous output as it was.

Each waits until the process is visibly at work (its build folder filling up, its first sheet written,
its first board printed) before the signal, so the signal lands mid-run however loaded the machine is.
"""
from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Callable, Iterator

import pytest

pytestmark = pytest.mark.slow

BPDSL = [sys.executable, "-m", "bpdsl"]
SPHINX_PAGES = ("genindex.html", "search.html", "py-modindex.html")


def sigint_as_at_a_terminal() -> None:
    """Run in the child before exec: a job started in the background by a non-interactive shell inherits
    SIGINT ignored, and Python then never raises KeyboardInterrupt; a user's Ctrl-C always arrives."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


_STARTED: list[subprocess.Popen[str]] = []


def start(args: list[str], cwd: Path, stdin: bool = False) -> subprocess.Popen[str]:
    proc = subprocess.Popen([*BPDSL, *args], cwd=cwd, stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=sigint_as_at_a_terminal)
    _STARTED.append(proc)
    return proc


@pytest.fixture(autouse=True)
def _no_process_outlives_its_test() -> Iterator[None]:
    """Whatever happens in a test (a failed wait, an assertion), the processes it started are killed."""
    yield
    while _STARTED:
        proc = _STARTED.pop()
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=60)


def wait_for(ready: Callable[[], bool], proc: subprocess.Popen[str], what: str, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while not ready():
        assert proc.poll() is None, f"the process ended (exit {proc.returncode}) before {what}"
        assert time.monotonic() < deadline, f"{what}: not within {timeout} s"
        time.sleep(0.05)


def docnames(out: Path) -> list[str]:
    """The documents the search index of a built rulebook covers."""
    text = (out / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index("(") + 1:text.rindex(")")])
    return sorted(index["docnames"])


def pages(out: Path) -> list[str]:
    """The documents of a built rulebook, from its HTML pages (Sphinx's own pages left out)."""
    return sorted(str(p.relative_to(out).with_suffix("")) for p in out.rglob("*.html")
                  if not p.relative_to(out).parts[0].startswith(("_", ".")) and p.name not in SPHINX_PAGES)


def snapshot(out: Path) -> dict[str, str]:
    return {str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(out.rglob("*"))
            if p.is_file()}


def build_folders(out: Path) -> list[Path]:
    return sorted(out.parent.glob(f".{out.name}.build-*"))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A complete build of the rulebook and its documents."""
    work = tmp_path_factory.mktemp("docs")
    r = subprocess.run([*BPDSL, "docs", "--out", "site"], cwd=work, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    out = work / "site"
    names = docnames(out)
    assert names == pages(out) and len(names) > 10
    return out, names


@pytest.mark.long
def test_a_killed_docs_build_leaves_the_previous_output_and_two_next_builds_at_once_complete_it(
        built: tuple[Path, list[str]]) -> None:
    out, names = built
    before = snapshot(out)
    proc = start(["docs", "--out", "site"], out.parent)
    wait_for(lambda: any(len(list(d.rglob("*.html"))) >= 3 for d in build_folders(out)), proc,
             "Sphinx wrote pages")
    proc.kill()  # SIGKILL: no clean-up of any kind runs
    proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL
    assert snapshot(out) == before, "the killed build changed the output"
    assert build_folders(out), "the killed build's folder is expected beside the output"

    # the next builds: two at once into the same folder, both succeed and leave it complete
    procs = [start(["docs", "--out", "site"], out.parent) for _ in range(2)]
    results = [p.communicate(timeout=900) for p in procs]
    for p, (_stdout, stderr) in zip(procs, results):
        assert p.returncode == 0, stderr
        assert "Traceback" not in stderr
    assert docnames(out) == names == pages(out)
    assert not build_folders(out) and not list(out.parent.glob(f".{out.name}.old-*"))


def interrupted(proc: subprocess.Popen[str], ready: Callable[[], bool], what: str,
                stdout_read_elsewhere: bool = False) -> tuple[str, str]:
    """SIGINT once ``ready``; exit 130 and no traceback.  Returns (stdout, stderr)."""
    wait_for(ready, proc, what)
    os.kill(proc.pid, signal.SIGINT)
    if stdout_read_elsewhere:
        proc.wait(timeout=120)
        stdout, stderr = "", proc.stderr.read() if proc.stderr is not None else ""
    else:
        stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, f"exit {proc.returncode}\nstdout: {stdout[-2000:]}\nstderr: {stderr[-2000:]}"
    assert "Traceback" not in stdout + stderr
    return stdout, stderr


@pytest.mark.long
def test_ctrl_c_during_docs_exits_130_and_keeps_the_output(built: tuple[Path, list[str]]) -> None:
    out, _names = built
    before = snapshot(out)
    proc = start(["docs", "--out", "site"], out.parent)
    _, stderr = interrupted(proc, lambda: any(len(list(d.rglob("*"))) > 5 for d in build_folders(out)),
                            "the build started")
    assert "warnings count as errors" not in stderr
    assert snapshot(out) == before
    assert not build_folders(out), "an interrupted build leaves its folder behind"


def test_ctrl_c_during_render_exits_130(tmp_path: Path) -> None:
    out = tmp_path / "sheets"
    proc = start(["render", "actionlist", "--all", "--out", str(out)], tmp_path)
    interrupted(proc, lambda: out.is_dir() and any(out.glob("*.html")), "the first sheet was written")


def cpu_seconds(pid: int) -> float:
    """CPU time a process has used (Linux /proc): how far it got, whatever the machine's load."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_ctrl_c_during_simulate_on_one_core_exits_130(tmp_path: Path) -> None:
    proc = start(["simulate", "-e", "bd1", "-f", "std", "-n", "100000000", "--jobs", "1", "--json"], tmp_path)
    # it prints nothing before the end: wait until it has had the CPU time to start and play for a while
    stdout, _ = interrupted(proc, lambda: cpu_seconds(proc.pid) > 4, "the run started")
    result = json.loads(stdout)
    assert result["interrupted"] is True and 0 < result["games"] < 100_000_000


def test_ctrl_c_while_play_waits_for_a_choice_exits_130(tmp_path: Path) -> None:
    proc = start(["play", "-e", "bd1", "-f", "std", "--seed", "1"], tmp_path, stdin=True)
    seen: list[str] = []
    out = proc.stdout
    assert out is not None
    reader = threading.Thread(target=lambda: seen.extend(iter(lambda: out.read(1), "")), daemon=True)
    reader.start()
    interrupted(proc, lambda: len(seen) > 20, "the first board was shown", stdout_read_elsewhere=True)
    reader.join(timeout=10)


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # a process that ended meanwhile
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def test_sigterm_to_simulate_and_its_workers_stops_them_cleanly(tmp_path: Path) -> None:
    """SIGTERM to the whole process group (a service manager or a CI job stopping the run): the workers stop
    without a BrokenPipeError traceback and the run ends like an interrupted one (its tally, exit 130)."""
    proc = subprocess.Popen([*BPDSL, "simulate", "-e", "bd1", "-f", "std", "-n", "100000000", "--jobs", "2",
                             "--json", "--log", str(tmp_path / "game.jsonl")], cwd=tmp_path,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    _STARTED.append(proc)

    def workers_playing() -> bool:
        kids = children(proc.pid)
        return len(kids) >= 2 and all(cpu_seconds(k) > 1 for k in kids[:2])

    wait_for(workers_playing, proc, "the workers started playing")
    os.killpg(proc.pid, signal.SIGTERM)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, f"exit {proc.returncode}\n{stderr[-2000:]}"
    assert "Traceback" not in stdout + stderr and "BrokenPipeError" not in stderr
    assert json.loads(stdout)["interrupted"] is True

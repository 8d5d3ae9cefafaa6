""""Simulate" for the studio: games of the saved edition and of the edition it extends, on the same seeds,
with the figures of the balance report for the entry under the cursor (how often it is raised, how often
its raiser wins) and the seats' win rates.

Each run is ``bpdsl simulate … --json`` in a child process (the saved files as any command reads them, with
the server's own ``-d`` folders): the server keeps answering while they play, and a run never sees the
compiled rules another run cached.

Bounded by construction: one run per studio (a project) at a time -- a new one cancels the run going on,
which ends as ``cancelled`` with the reason (the designer asked for the newer one); at most
:data:`MAX_GAMES` games an edition and :data:`TIMEOUT_SECONDS` for the whole run; only the last
:data:`KEEP_RUNS` runs are remembered.  A child is started in its own process group and the whole group
(``bpdsl simulate``'s worker processes included) is killed when its run is cancelled or runs out of time,
when the server exits (``atexit``), and -- on Linux -- by the kernel if the server dies without a word
(``PR_SET_PDEATHSIG``).
"""
from __future__ import annotations

import atexit
import json
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MAX_GAMES = 5000
TIMEOUT_SECONDS = 600  # the whole run: both editions
KEEP_RUNS = 20  # runs remembered (their figures), the oldest forgotten first


@dataclass
class SimRun:
    id: str
    edition: str
    parent: str
    fmt: str
    entry: str
    games: int
    state: str = "running"  # running | done | failed | cancelled
    results: dict[str, Any] = field(default_factory=dict)
    error: str = ""
    child: Any = None  # the child process playing now (subprocess.Popen)
    stop: str = ""  # why the run was told to stop ("" while it may go on)

    def json(self) -> dict[str, Any]:
        return {"id": self.id, "state": self.state, "edition": self.edition, "parent": self.parent,
                "format": self.fmt, "entry": self.entry, "games": self.games, "results": self.results,
                "error": self.error}


def figures(stats: dict[str, Any], entry: str) -> dict[str, Any]:
    """The balance report's figures of one run for the entry: raise rate and raiser's win rate (with their
    95 % Wilson intervals), raises per game, and the seats' win rates."""
    action = (stats.get("actions") or {}).get(entry)
    out: dict[str, Any] = {"games": stats.get("games"), "win_rate": {
        seat: {k: v.get(k) for k in ("rate", "low", "high")} for seat, v in (stats.get("win_rate") or {}).items()}}
    if action is None:
        out["entry"] = None  # not an action of this edition's format
    else:
        out["entry"] = {"raise_rate": {k: action["games_raised"][k] for k in ("rate", "low", "high")},
                        "raiser_win_rate": {k: action["raiser_win_rate"][k] for k in ("rate", "low", "high")},
                        "raises_per_game": action["raises_per_game"]}
    return out


def _pdeathsig() -> Any:
    """``prctl`` of the C library, looked up once in the server (Linux), or None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


_PRCTL = _pdeathsig()


def _die_with_parent() -> None:
    """In the child, between fork and exec: the kernel kills it when the server's thread that started it
    dies (so a server killed with -9 leaves no simulation playing on).  One foreign call, looked up before
    the fork: nothing here takes a lock another thread of the server may hold."""
    if _PRCTL is not None:
        _PRCTL(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG


def _kill_group(child: Any) -> None:
    """Kill every process of ``child``'s group (the child and the simulation's workers), then reap it.  The
    group outlives a child that ended while its workers did not, and its id cannot be reused while it does."""
    if child is None:
        return
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if child.poll() is None:
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL is not refused
            pass


_LIVE: "weakref.WeakSet[Simulations]" = weakref.WeakSet()


@atexit.register
def _kill_all() -> None:
    for sims in list(_LIVE):
        sims.cancel_all("the server stopped")


class Simulations:
    """The runs of one studio: one at a time, each bounded in games and time."""

    def __init__(self, cwd: Path, extra_definitions: list[Path], timeout: float = TIMEOUT_SECONDS):
        self.cwd = cwd
        self.extra = extra_definitions
        self.timeout = timeout
        self.runs: dict[str, SimRun] = {}
        self.lock = threading.Lock()
        _LIVE.add(self)

    def start(self, edition: str, parent: str, fmt: str, entry: str, games: int) -> SimRun:
        """Start a run; the run going on, if any, is cancelled (its children killed) first."""
        if not 1 <= games <= MAX_GAMES:
            raise ValueError(f"games must be from 1 to {MAX_GAMES}")
        run = SimRun(secrets.token_urlsafe(8), edition, parent, fmt, entry, games)
        with self.lock:
            for old in self.runs.values():
                if old.state == "running":
                    self._cancel(old, f"replaced by the simulation {run.id} started after it")
            self.runs[run.id] = run
            while len(self.runs) > KEEP_RUNS:
                oldest = next(iter(self.runs))
                self._cancel(self.runs.pop(oldest), "forgotten")
        threading.Thread(target=self._play, args=(run,), name="studio-simulate", daemon=True).start()
        return run

    def running(self) -> list[SimRun]:
        return [r for r in self.runs.values() if r.state == "running"]

    def cancel(self, run_id: str, why: str = "cancelled by the designer") -> SimRun | None:
        with self.lock:
            run = self.runs.get(run_id)
            if run is not None:
                self._cancel(run, why)
        return run

    def cancel_all(self, why: str) -> None:
        with self.lock:
            for run in self.runs.values():
                self._cancel(run, why)

    def _cancel(self, run: SimRun, why: str, state: str = "cancelled") -> None:
        """Stop ``run`` (its processes killed), ending it in ``state`` at once: a reader never sees a run
        that ran out of time as cancelled on its way to failed."""
        if run.state != "running":
            return
        run.stop = why
        run.state, run.error = state, why
        _kill_group(run.child)

    def _play(self, run: SimRun) -> None:
        deadline = time.monotonic() + self.timeout
        try:
            for label, edition in (("edition", run.edition), ("parent", run.parent)):
                cmd = [sys.executable, "-m", "bpdsl", "simulate", "-e", edition, "-f", run.fmt, "-n", str(run.games),
                       "--seed", "1", "--json"]
                for d in self.extra:
                    cmd += ["-d", str(d)]
                with self.lock:
                    if run.stop:
                        return
                    run.child = subprocess.Popen(
                        cmd, cwd=self.cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                        start_new_session=True, preexec_fn=_die_with_parent if _PRCTL is not None else None)
                try:
                    out, err = run.child.communicate(timeout=max(0.0, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    with self.lock:
                        self._cancel(run, f"stopped after {self.timeout:.0f} s, the time a simulation may take; "
                                          "ask for fewer games", state="failed")
                    return
                if run.stop:
                    return
                if run.child.returncode != 0:
                    run.state, run.error = "failed", (err.strip().splitlines() or ["simulate failed"])[-1]
                    return
                run.results[label] = figures(json.loads(out), run.entry)
            run.state = "done"
        except (OSError, subprocess.SubprocessError, ValueError) as exc:
            if not run.stop:
                run.state, run.error = "failed", f"{type(exc).__name__}: {exc}"
        finally:
            _kill_group(run.child)  # nothing of a run outlives it
            run.child = None

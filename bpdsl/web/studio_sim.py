""""Simulate" for the studio: games of the saved edition and of the edition it extends, on the same seeds,
with the figures of the balance report for the entry under the cursor (how often it is raised, how often
its raiser wins) and the seats' win rates.

Each run is ``bpdsl simulate … --json`` in a child process (the saved files as any command reads them, with
the server's own ``-d`` folders): the server keeps answering while they play, and a run never sees the
compiled rules another run cached.
"""
from __future__ import annotations

import json
import secrets
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MAX_GAMES = 5000
TIMEOUT_SECONDS = 1800


@dataclass
class SimRun:
    id: str
    edition: str
    parent: str
    fmt: str
    entry: str
    games: int
    state: str = "running"  # running | done | failed
    results: dict[str, Any] = field(default_factory=dict)
    error: str = ""

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


class Simulations:
    def __init__(self, cwd: Path, extra_definitions: list[Path]):
        self.cwd = cwd
        self.extra = extra_definitions
        self.runs: dict[str, SimRun] = {}

    def start(self, edition: str, parent: str, fmt: str, entry: str, games: int) -> SimRun:
        run = SimRun(secrets.token_urlsafe(8), edition, parent, fmt, entry, games)
        self.runs[run.id] = run
        threading.Thread(target=self._play, args=(run,), name="studio-simulate", daemon=True).start()
        return run

    def _play(self, run: SimRun) -> None:
        try:
            for label, edition in (("edition", run.edition), ("parent", run.parent)):
                cmd = [sys.executable, "-m", "bpdsl", "simulate", "-e", edition, "-f", run.fmt, "-n", str(run.games),
                       "--seed", "1", "--json"]
                for d in self.extra:
                    cmd += ["-d", str(d)]
                done = subprocess.run(cmd, cwd=self.cwd, capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
                if done.returncode != 0:
                    run.state, run.error = "failed", (done.stderr.strip().splitlines() or ["simulate failed"])[-1]
                    return
                run.results[label] = figures(json.loads(done.stdout), run.entry)
            run.state = "done"
        except (OSError, subprocess.SubprocessError, ValueError) as exc:
            run.state, run.error = "failed", f"{type(exc).__name__}: {exc}"

"""A long command whose stderr is not a terminal (a CI log, a file) prints plain status lines at a steady
pace — done/total, rate, time left — and ``--quiet`` turns them off; the output on stdout is unchanged."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from bpdsl.commands._progress import StatusLines, clock, status_line

LINE = re.compile(r"^act6\.1 lite: [\d,]+/150 games \(\d+%\)(, [\d.,]+ games/(?:s|min), \d+:\d\d left)?, "
                  r"\d+:\d\d elapsed( — done)?$")


def _simulate(tmp_path: Path, *extra: str) -> tuple[dict, list[str]]:
    out, err = tmp_path / "out.json", tmp_path / "err.txt"
    env = {**os.environ, "BPDSL_PROGRESS_SECONDS": "0.2"}
    with out.open("w") as o, err.open("w") as e:  # both piped to files, as in a CI log
        proc = subprocess.run([sys.executable, "-m", "bpdsl", "simulate", "-e", "act6.1", "-f", "lite", "-n", "150",
                               "--no-check", "-j", "1", "--json", *extra], stdout=o, stderr=e, env=env, timeout=300)
    assert proc.returncode == 0, err.read_text()
    return json.loads(out.read_text()), err.read_text().splitlines()


def test_simulate_piped_to_a_file_prints_status_lines_and_quiet_none(tmp_path: Path) -> None:
    stats, lines = _simulate(tmp_path)
    assert stats["games"] == 150
    assert len(lines) >= 2, lines
    assert all(LINE.match(line) for line in lines), lines
    assert lines[-1].startswith("act6.1 lite: 150/150 games (100%)") and lines[-1].endswith("— done")
    quiet_stats, quiet_lines = _simulate(tmp_path, "--quiet")
    assert quiet_lines == []
    assert quiet_stats["wins"] == stats["wins"]  # the same seeded run


def test_status_line_says_what_is_known() -> None:
    assert status_line("x", 0, 10, "games", 5) == "x: 0/10 games (0%), 0:05 elapsed"
    assert status_line("x", 5, 10, "games", 5) == "x: 5/10 games (50%), 1 games/s, 0:05 left, 0:05 elapsed"
    assert status_line("docs", 0, None, "pages", 75) == "docs: running, 1:15 elapsed"
    assert status_line("slow", 1, 2, "checks", 30) == "slow: 1/2 checks (50%), 2.0 checks/min, 0:30 left, 0:30 elapsed"
    assert clock(3725) == "1:02:05"


def test_status_lines_come_at_a_steady_pace_without_updates(tmp_path: Path) -> None:
    import io
    import time

    stream = io.StringIO()
    with StatusLines("wait", 3, "parts", stream, 0.05):
        time.sleep(0.4)  # no part finishes: the lines still come, with the time elapsed
    lines = stream.getvalue().splitlines()
    assert len(lines) >= 3, lines
    assert all(line.startswith("wait: 0/3 parts (0%)") for line in lines)
    assert lines[-1].endswith("— done")


def test_ctrl_c_during_scenarios_reports_those_run_and_exits_130(tmp_path: Path) -> None:
    """A run of scenarios is made of independent parts: Ctrl-C keeps the lines of those run and counts them."""
    import signal
    import time

    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen([sys.executable, "-m", "bpdsl", "scenario", str(root / "scenarios")], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdout is not None
    first = proc.stdout.readline()  # the first scenario ran: the run is under way
    assert first.startswith(("PASS", "FAIL", "XFAIL", "XPASS", "ERROR")), first
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    said = [line for line in err.splitlines() if line.startswith("interrupted after ")]
    assert said and re.match(r"interrupted after \d+ of \d+ scenarios: \d+ passed, \d+ failed$", said[0]), err
    assert "Traceback" not in err

"""The progress bar of ``bpdsl simulate`` as a user sees it in a terminal (tmux): count, games/s and ETA."""
from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid

import pytest


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_progress_bar_shows_rate_and_eta_in_a_terminal() -> None:
    name = f"bpdsl-sim-{uuid.uuid4().hex[:8]}"
    cmd = f"{sys.executable} -m bpdsl simulate -e act6.1 -f lite -n 100000 --no-check --jobs 2 --json >/dev/null"
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "160", "-y", "8", cmd], check=True)
    try:
        seen = ""
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            seen = subprocess.run(["tmux", "capture-pane", "-p", "-t", name], capture_output=True, text=True).stdout
            if "games/s" in seen and "ETA" in seen:
                break
            time.sleep(1)
        assert "act6.1 lite" in seen and "/100000" in seen, seen
        assert "games/s" in seen and "ETA" in seen, seen
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)

"""``bpdsl serve`` as a command: a port in use and bad definitions are plain errors before anything starts."""
from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path


def test_a_port_in_use_is_a_usage_error() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        r = subprocess.run([sys.executable, "-m", "bpdsl", "serve", "--port", str(port)], capture_output=True,
                           text=True, timeout=60)
    assert r.returncode == 2
    assert "cannot listen on 127.0.0.1" in r.stderr and "Traceback" not in r.stderr


def test_invalid_definitions_are_listed_and_nothing_starts(tmp_path: Path) -> None:
    bad = tmp_path / "edition.yaml"
    bad.write_text("kind: edition\nid: [\n", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "bpdsl", "serve", "-d", str(bad), "--port", "0"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 1
    assert "edition.yaml:" in r.stderr and "the server was not started" in r.stderr

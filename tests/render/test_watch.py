"""``bpdsl render actionlist --watch``: the sheet is rendered again when a designer saves a definitions file
in their own editor; a save with a mistake prints its diagnostics and leaves the last sheet in place; Ctrl-C
stops it cleanly.  Driven as a designer runs it: the real command in a project folder."""
from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.lsp.test_lsp_server import ACTIONS, EDITION

ROOT = Path(__file__).resolve().parents[2]


def _reader(stream, lines: "queue.Queue[str]") -> None:  # type: ignore[no-untyped-def]
    for line in stream:
        lines.put(line.rstrip("\n"))


def _wait_for(lines: "queue.Queue[str]", needle: str, seen: list[str], timeout: float = 60.0) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            line = lines.get(timeout=max(end - time.monotonic(), 0.01))
        except queue.Empty:
            break
        seen.append(line)
        if needle in line:
            return line
    raise AssertionError(f"{needle!r} not printed; output so far:\n" + "\n".join(seen))


def _ctrl_c_delivered() -> None:
    """Ctrl-C reaches the watcher as it does at a terminal, even when the test runs in a background job (whose
    commands the shell starts with SIGINT ignored, a setting a child process inherits)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_watch_renders_again_on_save_and_survives_a_mistake(tmp_path: Path) -> None:
    folder = tmp_path / "definitions" / "my"
    folder.mkdir(parents=True)
    (folder / "edition.yaml").write_text(EDITION, encoding="utf-8")
    actions = folder / "actions.yaml"
    actions.write_text(ACTIONS, encoding="utf-8")
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    env.pop("BPDSL_DEFINITIONS", None)
    proc = subprocess.Popen([sys.executable, "-m", "bpdsl", "render", "actionlist", "-o", str(out), "-e", "my",
                             "-f", "std", "--html-only", "--watch"], cwd=tmp_path, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, preexec_fn=_ctrl_c_delivered)
    lines: "queue.Queue[str]" = queue.Queue()
    threading.Thread(target=_reader, args=(proc.stdout, lines), daemon=True).start()
    seen: list[str] = []
    try:
        _wait_for(lines, "watching", seen)
        html = out / "my-std-official.html"
        assert "一斉射撃" in html.read_text(encoding="utf-8")

        actions.write_text(ACTIONS.replace("一斉射撃", "集中砲火"), encoding="utf-8")
        _wait_for(lines, "changed: definitions/my/actions.yaml", seen)
        _wait_for(lines, "rendered 1 action list(s)", seen)
        text = html.read_text(encoding="utf-8")
        assert "集中砲火" in text and "一斉射撃" not in text

        actions.write_text(ACTIONS.replace("- damage:", "- dammage:"), encoding="utf-8")
        line = _wait_for(lines, "O001", seen)
        assert "definitions/my/actions.yaml:" in line and "unknown op 'dammage'" in line
        _wait_for(lines, "the sheets in", seen)
        assert "集中砲火" in html.read_text(encoding="utf-8")  # the last good sheet stays
        assert proc.poll() is None
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, "\n".join(seen)

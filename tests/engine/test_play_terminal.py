"""``bpdsl play`` in a real pseudo-terminal, typed at as a person would: help, an action's printed text, a
board printed only when it changed, quitting, and the quit game's log replayed by ``bpdsl replay``."""
from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

BPDSL = [sys.executable, "-m", "bpdsl"]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Terminal:
    """A process on a pseudo-terminal: type lines, read the screen text until a pattern appears."""

    def __init__(self, args: list[str], cwd: Path):
        self.master, slave = pty.openpty()
        env = dict(os.environ, COLUMNS="160", LINES="50", TERM="xterm")
        self.proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env,
                                     close_fds=True)
        os.close(slave)
        self.text = ""

    def expect(self, pattern: str, timeout: float = 60) -> str:
        """Read until ``pattern`` (a regex) appears after the current position; returns the text read."""
        start = len(self.text)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if re.search(pattern, self.text[start:]):
                return self.text[start:]
            r, _, _ = select.select([self.master], [], [], 0.2)
            if r:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    break
                if not data:
                    break
                self.text += ANSI.sub("", data.decode("utf-8", "replace")).replace("\r", "")
        if re.search(pattern, self.text[start:]):
            return self.text[start:]
        raise AssertionError(f"{pattern!r} did not appear; screen:\n{self.text[start:][-3000:]}")

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode("utf-8"))

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=30)
        finally:
            os.close(self.master)


def test_play_explains_itself_and_a_quit_game_replays(tmp_path: Path) -> None:
    log = tmp_path / "quit.jsonl"
    root = Path(__file__).resolve().parents[2]
    t = Terminal(BPDSL + ["play", "--seed", "1", "--log", str(log)], root)
    first = t.expect(r"> $")
    assert "? で説明" in first and "│ 手札" in first  # the board, then the question
    assert first.count("│ 手札") == 1
    t.type("?")
    legend = t.expect(r"> $")
    assert "(C) チャージ状態" in legend and "(D) ドライブ状態" in legend and "t 番号" in legend
    assert "│ 手札" not in legend  # the board is not printed again: nothing changed
    t.type("t ツイスト")
    text = t.expect(r"> $")
    assert "ツイスト" in text and "(効果)" in text and "ドライブ状態またはチャージ状態にする" in text
    t.type("t 99")
    assert "見つかりません" in t.expect(r"> $")
    t.type("x")
    assert "番号を入力してください" in t.expect(r"> $")
    # play some decisions: the last option, each time; the board is printed again only when it changed
    boards_before = t.text.count("│ 手札")
    for _ in range(8):
        t.type("0")
        t.expect(r"> $")
    assert t.text.count("│ 手札") - boards_before <= 8
    t.type("q")
    t.expect("終了しました")
    assert t.close() == 0
    r = subprocess.run(BPDSL + ["replay", str(log)], capture_output=True, text=True, cwd=root, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("ok:")

"""Every command that reads a file, fed files made to break parsers: 30,000 levels of nesting (the C YAML
composer recursed until the process died with a segfault) and an alias bomb (nine aliases of nine aliases
..., a billion values once expanded).

Each command runs as a process, as a user would run it.  It must refuse the file with a usage or input
error (exit 1 or 2), name the file with the line and column where the limit was crossed, print no
traceback, and blame the nesting (not anchors and aliases) when the nesting is the problem.

To cover a new command that reads a file, add a row to ``READERS``: ``{file}`` stands for the hostile file.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

# Long: every reader as its own process (scripts/test.sh --long and CI run it).
pytestmark = pytest.mark.long

CONSTRUCTED = "std+constructed40"

# command name -> argv ({file}: the file under test, {out}: a fresh output directory)
READERS: dict[str, list[str]] = {
    "validate": ["validate", "{file}"],
    "render -d": ["render", "actionlist", "-d", "{file}", "-e", "act8.0", "-f", "std", "--html-only", "--out", "{out}"],
    "docs -d": ["docs", "-d", "{file}", "--out", "{out}"],
    "diff -d": ["diff", "act6.1", "act8.0", "-d", "{file}"],
    "deck check": ["deck", "check", "-r", CONSTRUCTED, "{file}"],
    "deck build --deck": ["deck", "build", "-r", CONSTRUCTED, "--deck", "{file}"],
    "simulate --deck": ["simulate", "-r", CONSTRUCTED, "--deck", "{file}", "-n", "1"],
    "match simulate --deck": ["match", "simulate", "-r", CONSTRUCTED, "--deck", "{file}", "-n", "1"],
    "match play --deck": ["match", "play", "-r", CONSTRUCTED, "--deck", "{file}", "--seed", "1"],
    "scenario": ["scenario", "{file}"],
    "replay": ["replay", "{file}"],
    "match replay": ["match", "replay", "{file}"],
}
LOG_READERS = {"replay", "match replay"}

DEPTH = 30_000


def deep_yaml() -> str:
    return "kind: game\nx: " + "[" * DEPTH + "]" * DEPTH + "\n"


def alias_bomb() -> str:
    lines = ['a: &a ["♠A", "♠A", "♠A", "♠A", "♠A", "♠A", "♠A", "♠A", "♠A"]']
    for prev, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    lines.append("cards: *i")
    return "\n".join(lines) + "\n"


def deep_json_log() -> str:
    return "[" * DEPTH + "]" * DEPTH + "\n"


def huge_number_log() -> str:
    return '{"t": "game", "seed": ' + "9" * 5000 + "}\n"


HOSTILE = {
    "deep": (deep_yaml, deep_json_log),
    "alias-bomb": (alias_bomb, huge_number_log),
}


def run_bpdsl(args: list[str], stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bpdsl", *args], input=stdin, capture_output=True, text=True,
                          timeout=timeout)


@pytest.mark.parametrize("kind", sorted(HOSTILE))
@pytest.mark.parametrize("command", sorted(READERS))
def test_hostile_file_is_refused_with_a_position(tmp_path: Path, command: str, kind: str) -> None:
    make_yaml, make_log = HOSTILE[kind]
    is_log = command in LOG_READERS
    f = tmp_path / ("hostile.jsonl" if is_log else "hostile.yaml")
    f.write_text((make_log if is_log else make_yaml)(), encoding="utf-8")
    argv = [a.replace("{file}", str(f)).replace("{out}", str(tmp_path / "out")) for a in READERS[command]]
    r = run_bpdsl(argv)
    output = r.stdout + r.stderr
    assert r.returncode in (1, 2), f"exit {r.returncode}: {output[-2000:]}"
    assert "Traceback" not in output and "internal error" not in output, output[-2000:]
    assert re.search(re.escape(str(f)) + r":\d+:\d+", output), f"no file:line:col in: {output[-2000:]}"
    if kind == "deep":
        assert "nested" in output and "alias" not in output, output[-2000:]
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())

"""A log of a designer's edition names its definitions (its first line, part of the hash chain), so that
``bpdsl replay`` plays it again from anywhere without flags; ``-d`` overrides; definitions missing or
changed since the game are a clear failure; a tamper with the line is detected."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bpdsl.engine.log import CHAIN_KEY, CHAIN_START, chain_digest
from bpdsl.engine.logdefs import replay_named
from bpdsl.engine.replay import ReplayError


def bpdsl(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bpdsl", *args], capture_output=True, text=True, cwd=cwd, timeout=300)


@pytest.fixture(scope="module")
def logged(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the project my/ (its 投擲 deals 20) and logs/game.jsonl of one of its games."""
    base = tmp_path_factory.mktemp("logdefs")
    assert bpdsl("new", "edition", "my", cwd=base).returncode == 0
    actions = base / "my" / "definitions" / "actions.yaml"
    actions.write_text(actions.read_text(encoding="utf-8").replace("amount: key.spade.rank}", "amount: 20}"),
                       encoding="utf-8")
    (base / "logs").mkdir()
    r = bpdsl("simulate", "-n", "1", "-s", "3", "--log", "../logs/game.jsonl", cwd=base / "my")
    assert r.returncode == 0, r.stderr
    return base


def read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_the_log_names_its_definitions_relative_to_itself(logged: Path) -> None:
    first, game = read(logged / "logs" / "game.jsonl")[:2]
    assert first["t"] == "definitions" and first["paths"] == ["../my/definitions"] and first["bundled"] is True
    assert game["t"] == "game" and game["edition"] == "my"


def test_replay_without_flags_from_anywhere(logged: Path, tmp_path: Path) -> None:
    for cwd in (logged, logged / "logs", tmp_path):
        log = logged / "logs" / "game.jsonl"
        r = bpdsl("replay", str(log), cwd=cwd)
        assert r.returncode == 0, (cwd, r.stderr)
        assert r.stdout.startswith("ok:")


def test_missing_definitions_are_a_clear_error_and_d_overrides(logged: Path, tmp_path: Path) -> None:
    moved = tmp_path / "elsewhere" / "game.jsonl"
    moved.parent.mkdir()
    shutil.copy(logged / "logs" / "game.jsonl", moved)
    r = bpdsl("replay", str(moved), cwd=tmp_path)
    assert r.returncode == 1
    assert "names definitions that are not there" in r.stderr and "../my/definitions" in r.stderr
    assert "-d" in r.stderr and "Traceback" not in r.stderr
    r = bpdsl("replay", "-d", str(logged / "my" / "definitions"), str(moved), cwd=tmp_path)
    assert r.returncode == 0, r.stderr


def test_definitions_changed_since_the_game_are_reported_at_event_1(logged: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(logged / "my", copy / "my")
    shutil.copytree(logged / "logs", copy / "logs")
    actions = copy / "my" / "definitions" / "actions.yaml"
    actions.write_text(actions.read_text(encoding="utf-8").replace("amount: 20}", "amount: 19}"), encoding="utf-8")
    r = bpdsl("replay", str(copy / "logs" / "game.jsonl"), cwd=tmp_path)
    assert r.returncode == 1
    assert "event 1 differs" in r.stderr and "digest" in r.stderr, r.stderr


def _genuine(events: list[dict[str, Any]], log: Path) -> bool:
    try:
        return replay_named(events, log).ok
    except ReplayError:
        return False


def _rechained(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out, previous = [], CHAIN_START
    for e in events:
        previous = chain_digest(previous, e)
        out.append({**e, CHAIN_KEY: previous})
    return out


def _edited(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return [*value, "../my"]
    return 0


def test_every_tamper_with_the_definitions_line_is_detected(logged: Path) -> None:
    """Deleted, duplicated, swapped with the game line, each field edited: caught by the chain, and caught
    by the replay too when the forger recomputes the chain."""
    log = logged / "logs" / "game.jsonl"
    events = read(log)
    assert _genuine(events, log)
    first = events[0]
    bad = {"delete": events[1:], "duplicate": [first, *events], "swap": [events[1], first, *events[2:]]}
    for key in ("bundled", "paths", "digest"):
        bad[f"edit {key}"] = [{**first, key: _edited(first[key])}, *events[1:]]
    for what, tampered in bad.items():
        assert not _genuine(tampered, log), what
        assert not _genuine(_rechained(tampered), log), f"{what} (chain recomputed)"


def test_a_match_log_names_them_too(logged: Path, tmp_path: Path) -> None:
    """A game under a regulation played in the project: its log names the definitions before its regulation
    line; ``bpdsl match replay`` reads them from anywhere and checks the line."""
    r = bpdsl("simulate", "-r", "std+entry", "-n", "1", "-s", "7", "--log", "../logs/reg.jsonl", cwd=logged / "my")
    assert r.returncode == 0, r.stderr
    log = logged / "logs" / "reg.jsonl"
    events = read(log)
    assert [e["t"] for e in events[:2]] == ["definitions", "regulation"]
    r = bpdsl("match", "replay", str(log), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    forged = tmp_path / "logs" / "reg.jsonl"
    forged.parent.mkdir()
    forged.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n"
                              for e in _rechained([{**events[0], "digest": "0" * 64}, *events[1:]])), encoding="utf-8")
    shutil.copytree(logged / "my", tmp_path / "my")
    r = bpdsl("match", "replay", str(forged), cwd=tmp_path)
    assert r.returncode == 1 and "event 1 differs" in r.stderr, r.stderr

"""Tamper-evident logs: every single-line deletion, duplication, swap of adjacent lines and field edit of a
logged game is detected — by the hash chain, by the event-by-event replay, or by both — and a forger who
recomputes the chain after an edit is still caught by the replay.

The logs: a Black Doubt game, an act6.1 lite game and a game of a match under a regulation (its own header
line and setup events).  Each tamper is checked in-process through the same functions ``bpdsl replay`` and
``bpdsl match replay`` use; a sample of them also goes through the command as a process.

Every tamper replays a whole game, so by default the lines tampered with are the first and last 30 (the
headers, the set-up, the end) and every fifth line between; ``BPDSL_TAMPER_STRIDE=1`` tampers with every
line (minutes of one core).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from bpdsl.engine.log import CHAIN_KEY, chain_digest, CHAIN_START
from bpdsl.engine.replay import ReplayError, check_log_lines, replay_events

ROOT = Path(__file__).resolve().parents[2]
Events = list[dict[str, Any]]


def bpdsl(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bpdsl", *args], capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("logs")
    out = {"bd1": d / "bd1.jsonl", "act6.1": d / "act61.jsonl", "regulation": d / "reg.jsonl"}
    for args in (["simulate", "-e", "bd1", "-f", "std", "-n", "1", "-s", "4", "--log", str(out["bd1"])],
                 ["simulate", "-e", "act6.1", "-f", "lite", "-n", "1", "-s", "1", "--log", str(out["act6.1"])],
                 ["simulate", "-r", "std+entry", "-n", "1", "-s", "7", "--log", str(out["regulation"])]):
        r = bpdsl(*args)
        assert r.returncode == 0, r.stderr
    return out


def read(path: Path) -> Events:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def genuine(events: Events) -> bool:
    """What the replay commands decide: True only for a log they would answer with exit 0."""
    try:
        if any(e.get("t") == "regulation" for e in events if isinstance(e, dict)):
            from bpdsl.engine import load_definitions
            from bpdsl.games.blackpoker.regulation.play import NotPlayable, replay_regulation_log

            try:
                return bool(replay_regulation_log(load_definitions(), events).ok)
            except NotPlayable:
                return False
        check_log_lines(events)
        return replay_events(events).ok
    except ReplayError:
        return False


def edited(value: Any) -> Any:
    """A different value of the same JSON type where there is one."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return value[:-1] if value else [0]
    if isinstance(value, dict):
        return {**value, "x": 1}
    return 0


STRIDE = max(1, int(os.environ.get("BPDSL_TAMPER_STRIDE", "5")))
EDGE = 30


def positions(n: int) -> list[int]:
    """The lines tampered with: see the module's docstring."""
    return [i for i in range(n) if i < EDGE or i >= n - EDGE or i % STRIDE == 0]


def tampers(events: Events) -> Iterator[tuple[str, Events]]:
    n = len(events)
    for i in positions(n):
        yield f"delete {i + 1}", events[:i] + events[i + 1:]
        yield f"duplicate {i + 1}", events[:i + 1] + [events[i]] + events[i + 1:]
        if i + 1 < n:
            yield f"swap {i + 1},{i + 2}", events[:i] + [events[i + 1], events[i]] + events[i + 2:]
        fields = sorted(k for k in events[i] if k != CHAIN_KEY)
        key = fields[i % len(fields)]
        yield f"edit {i + 1}.{key}", events[:i] + [{**events[i], key: edited(events[i][key])}] + events[i + 1:]


def rechained(events: Events) -> Events:
    """The events with a freshly computed chain, as a forger would write them."""
    out, previous = [], CHAIN_START
    for e in events:
        previous = chain_digest(previous, e)
        out.append({**e, CHAIN_KEY: previous})
    return out


@pytest.mark.long
@pytest.mark.parametrize("name", ["bd1", "act6.1", "regulation"])
def test_every_single_line_tamper_is_detected(logs: dict[str, Path], name: str) -> None:
    events = read(logs[name])
    assert genuine(events)
    tried = 0
    missed = []
    for what, bad in tampers(events):
        tried += 1
        if genuine(bad):
            missed.append(what)
    assert tried >= 3 * len(positions(len(events))) and len(positions(len(events))) >= min(len(events), 2 * EDGE)
    assert missed == [], f"{len(missed)} of {tried} tampers of {name} replay as genuine: {missed[:20]}"


@pytest.mark.long
@pytest.mark.parametrize("name", ["bd1", "regulation"])
def test_a_forger_who_recomputes_the_chain_is_caught_by_the_replay(logs: dict[str, Path], name: str) -> None:
    """The chain has no secret: anyone can recompute it.  The replay still refuses every changed game.
    Not counted: tampers that leave the same events (swapping two equal lines); removing the regulation
    header, which leaves the genuine log of the same game played without the match around it; and the
    header's number of the game in its match, which only the chain protects (the match seed is not logged)."""
    events = read(logs[name])
    header = next(i for i, e in enumerate(events) if e["t"] == "game")
    unchecked = {f"delete {header}", f"edit {header}.game"}
    missed = [what for what, bad in tampers(events)
              if _content(bad) != _content(events) and what not in unchecked and genuine(rechained(bad))]
    assert missed == []


def _content(events: Events) -> list[str]:
    return [json.dumps({k: v for k, v in e.items() if k != CHAIN_KEY}, sort_keys=True) for e in events]


def _write(path: Path, events: Events) -> None:
    path.write_text("".join(json.dumps(e, ensure_ascii=False, sort_keys=True) + "\n" for e in events),
                    encoding="utf-8")


def test_the_commands_report_the_first_diverging_event(logs: dict[str, Path], tmp_path: Path) -> None:
    for name, command in (("act6.1", ["replay"]), ("regulation", ["match", "replay"])):
        events = read(logs[name])
        assert bpdsl(*command, str(logs[name])).returncode == 0
        k = next(i for i, e in enumerate(events) if e["t"] == "resolve")
        bad = tmp_path / f"{name}.jsonl"
        _write(bad, events[:k] + events[k + 1:])  # a resolve event deleted
        r = bpdsl(*command, str(bad))
        assert r.returncode == 1, r.stdout + r.stderr
        assert f"event {k + 1} differs" in r.stderr and '"t":"resolve"' in r.stderr, r.stderr
        assert f"chain breaks at event {k + 1}" in r.stderr
        assert "Traceback" not in r.stderr


def test_a_log_without_the_chain_gets_a_clear_message(logs: dict[str, Path], tmp_path: Path) -> None:
    old = tmp_path / "old.jsonl"
    _write(old, [{k: v for k, v in e.items() if k != CHAIN_KEY} for e in read(logs["act6.1"])])
    for command in (["replay"], ["match", "replay"]):
        r = bpdsl(*command, str(old))
        assert r.returncode == 1
        assert "no hash chain" in r.stderr or "no 'regulation' line" in r.stderr, r.stderr

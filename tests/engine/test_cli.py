"""The engine's commands: simulate (deterministic), replay, scenario, bench."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from bpdsl.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def test_simulate_json_is_deterministic(tmp_path: Path) -> None:
    args = ["simulate", "--edition", "act6.1", "--format", "lite", "--games", "5", "--seed", "3", "--json"]
    a = runner.invoke(app, args + ["--log", str(tmp_path / "g.jsonl")])
    b = runner.invoke(app, args)
    assert a.exit_code == 0 and b.exit_code == 0
    assert a.stdout == b.stdout
    data = json.loads(a.stdout)
    assert data["games"] == 5 and data["aborted"] == 0
    assert data["wins"]["seat0"] + data["wins"]["seat1"] + data["draws"] == 5
    assert data["actions_raised"]["end"] > 0
    r = runner.invoke(app, ["replay", str(tmp_path / "g.jsonl")])
    assert r.exit_code == 0 and r.stdout.startswith("ok:")


def test_replay_detects_a_changed_hash(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    assert runner.invoke(app, ["simulate", "-e", "act8.0", "-f", "std", "-n", "1", "--log", str(log)]).exit_code == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    end = json.loads(lines[-1])
    end["hash"] = "0" * 64
    log.write_text("\n".join(lines[:-1] + [json.dumps(end)]) + "\n", encoding="utf-8")
    r = runner.invoke(app, ["replay", str(log)])
    assert r.exit_code == 1


def test_simulate_usage_errors() -> None:
    assert runner.invoke(app, ["simulate", "--edition", "act99", "--games", "1"]).exit_code == 2
    assert runner.invoke(app, ["simulate", "--edition", "act8.0", "--format", "pro", "--games", "1"]).exit_code == 2


def test_scenario_command(tmp_path: Path) -> None:
    ok = runner.invoke(app, ["scenario", str(ROOT / "scenarios" / "act8.0" / "throwing_damage.yaml")])
    assert ok.exit_code == 0 and "PASS" in ok.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text("edition: act8.0\nformat: std\nplayers: [{hand: ['♠5', '♣7'], life: 3}, {life: 3}]\n"
                   "decisions: ['投擲 (throwing)']\nexpect: {state: {players: [{}, {life: 3}]}}\n", encoding="utf-8")
    r = runner.invoke(app, ["scenario", str(bad)])
    assert r.exit_code == 1 and "FAIL" in r.stdout


def test_bench_json_small() -> None:
    # rendering is timed by tests/engine/test_bench.py on one sheet (every sheet would cost two minutes);
    # the step API on 3 games rather than 200
    r = runner.invoke(app, ["bench", "--games", "2", "--memory-games", "20", "--step-games", "3", "--jobs-games", "0",
                            "--playout-games", "0", "--keystrokes", "0", "--no-render", "--json"])
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert {x["edition"] for x in data["speed"]} >= {"act8.0", "act6.1"}
    assert all(x["games_per_s"] > 0 for x in data["speed"])
    assert data["memory"]["games"] == 20 and "editor" not in data


def test_a_log_path_that_cannot_be_written_is_refused_before_playing(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x\n", encoding="utf-8")
    for args in (["simulate", "-n", "1"], ["play", "--seed", "1"]):
        for log in (blocker / "g.jsonl", tmp_path):
            r = runner.invoke(app, args + ["--log", str(log)], input="q\n")
            assert r.exit_code == 2, r.output
            assert str(log if log == tmp_path else blocker) in r.output
            assert "ゲーム開始" not in r.output and "Traceback" not in r.output


def test_replay_of_a_file_that_is_not_utf8_exits_1(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    log.write_bytes(b"\xff\xfe not text")
    r = runner.invoke(app, ["replay", str(log)])
    assert r.exit_code == 1 and "UTF-8" in r.output, r.output


def test_scenario_files_that_cannot_be_read_are_errors_with_a_position(tmp_path: Path) -> None:
    (tmp_path / "syntax.yaml").write_text("edition: act8.0\nplayers: [1, 2\n", encoding="utf-8")
    (tmp_path / "binary.yaml").write_bytes(b"\xff\xfe")
    r = runner.invoke(app, ["scenario", str(tmp_path)])
    assert r.exit_code == 1, r.output
    errors = [line for line in r.stdout.splitlines() if line.startswith("ERROR")]
    assert len(errors) == 2 and "Traceback" not in r.output
    assert any(f"{tmp_path / 'syntax.yaml'}:3:1: not valid YAML" in line for line in errors)
    assert any("binary.yaml:1:1: not UTF-8 text" in line for line in errors)
    assert all(line.count(str(tmp_path)) == 1 for line in errors)  # the file is named once


def test_a_directory_without_scenarios_is_a_usage_error(tmp_path: Path) -> None:
    r = runner.invoke(app, ["scenario", str(tmp_path)])
    assert r.exit_code == 2 and "no scenario files" in r.output
    source = ROOT / "scenarios" / "act8.0" / "throwing_damage.yaml"
    (tmp_path / "ruling.yml").write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    r = runner.invoke(app, ["scenario", str(tmp_path)])  # .yml counts like .yaml, as for definitions
    assert r.exit_code == 0 and "1 passed" in r.output, r.output


def test_a_scenario_of_the_wrong_shape_names_each_place(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("edition: act8.0\nformat: std\nturn: 7\nplayers: [{life: 3}, {field: [[1]]}, {}]\n"
                   "expect: {state: {players: [[1]]}}\n", encoding="utf-8")
    unknown = tmp_path / "unknown.yaml"
    unknown.write_text("edition: act9.9\nformat: std\n", encoding="utf-8")
    r = runner.invoke(app, ["scenario", str(tmp_path)])
    assert r.exit_code == 1, r.output
    line = next(x for x in r.stdout.splitlines() if "bad.yaml" in x)
    for place in ("turn:", "players:", "players[1].field[0]:", "expect.state.players[0]:"):
        assert place in line, (place, line)
    assert "act9.9" in next(x for x in r.stdout.splitlines() if "unknown.yaml" in x)
    assert "index out of range" not in r.stdout and "Traceback" not in r.output


def test_a_damaged_log_is_a_bad_log_not_a_crash(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    assert runner.invoke(app, ["simulate", "-n", "1", "--seed", "2", "--log", str(log)]).exit_code == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    game_at = next(n for n, line in enumerate(lines) if json.loads(line).get("t") == "game")
    decision_at = next(n for n, line in enumerate(lines) if json.loads(line).get("t") == "decision")
    damages = [(game_at, "format", [1, 2]), (game_at, "format", None), (game_at, "seed", "x"),
               (game_at, "decks", [["♠A", "♠Z"], []]), (game_at, "decks", "♠A"), (decision_at, "i", None)]
    for n, key, value in damages:
        changed = list(lines)
        line = json.loads(changed[n])
        line[key] = value
        changed[n] = json.dumps(line, ensure_ascii=False)
        damaged = tmp_path / "damaged.jsonl"
        damaged.write_text("\n".join(changed) + "\n", encoding="utf-8")
        r = runner.invoke(app, ["replay", str(damaged)])
        assert r.exit_code == 1, (key, value, r.output, r.exception)
        assert "cannot replay" in r.output and repr(key) in r.output, (key, r.output)


def test_simulate_without_a_terminal_prints_nothing_on_stderr() -> None:
    r = runner.invoke(app, ["simulate", "-n", "1", "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["games"] == 1
    assert r.stderr == ""  # no progress bar (nor its blank line) when stderr is not a terminal


def test_replay_and_docs_with_invalid_definitions_list_them_and_exit_1(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    log = tmp_path / "g.jsonl"
    assert runner.invoke(app, ["simulate", "-n", "1", "--log", str(log)]).exit_code == 0
    broken = tmp_path / "defs"
    broken.mkdir()
    (broken / "edition.yaml").write_text("kind: edition\nid: [unclosed\n", encoding="utf-8")
    env = {**os.environ, "BPDSL_DEFINITIONS": str(broken)}  # a fresh process: definitions are cached per process
    for args in (["replay", str(log)], ["docs", "--out", str(tmp_path / "docs")]):
        done = subprocess.run([sys.executable, "-m", "bpdsl", *args], capture_output=True, text=True, env=env,
                              timeout=120)
        assert done.returncode == 1, (args, done.stderr)
        assert f"{broken / 'edition.yaml'}:3:1: Y001" in done.stderr, (args, done.stderr)
        assert "internal error" not in done.stderr and "Traceback" not in done.stderr


def test_an_engine_crash_in_a_scenario_is_an_internal_error_not_a_bad_file(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import shutil

    from bpdsl.engine import new_game
    from bpdsl.scenarios import runner as scenario
    from bpdsl.engine.core import Game

    good = tmp_path / "good.yaml"
    shutil.copy(ROOT / "scenarios" / "act8.0" / "throwing_damage.yaml", good)
    broken = tmp_path / "broken.yaml"
    broken.write_text("edition: act8.0\nformat: std\nturn: [\n", encoding="utf-8")

    def crash() -> None:
        raise RuntimeError("boom in the flow")

    def crashing_game(*args: Any, **kwargs: Any) -> Game:
        game = new_game(*args, **kwargs)
        game.play = crash  # type: ignore[method-assign]  # (the compiled Game's class cannot be patched)
        return game

    monkeypatch.delenv("BPDSL_DEBUG", raising=False)
    monkeypatch.setattr(scenario, "new_game", crashing_game)
    r = runner.invoke(app, ["scenario", str(good), str(broken)])
    assert r.exit_code == 3, r.output
    lines = r.stdout.splitlines()
    crashed = next(x for x in lines if "good.yaml" in x)
    assert crashed.startswith("INTERNAL ERROR") and "RuntimeError: boom in the flow" in crashed, crashed
    assert not crashed.startswith("ERROR")
    bad_file = next(x for x in lines if "broken.yaml" in x)  # the user's mistake stays a one-line file error
    assert bad_file.startswith("ERROR ") and "INTERNAL" not in bad_file, bad_file
    assert "Traceback" not in r.output and "BPDSL_DEBUG=1" in r.output
    monkeypatch.setenv("BPDSL_DEBUG", "1")
    r = runner.invoke(app, ["scenario", str(good)])
    assert isinstance(r.exception, RuntimeError)

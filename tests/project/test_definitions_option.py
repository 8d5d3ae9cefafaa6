"""One way to name definitions on every command: -d adds to the bundled ones, --no-bundled replaces them,
a project folder (bpdsl.toml or definitions/) is picked up from the working directory, and scenarios
carry their definitions.  Every check runs bpdsl as a process, as a designer would."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bpdsl.cli import app

EDITION = """kind: edition
id: my
extends: act8.0
name: 私の版
date: 2026/11/22
"""
ACTIONS = """kind: actions
edition: my
actions:
  - id: end
    name: エンドX
"""


def bpdsl(*args: str, cwd: Path, env: dict[str, str] | None = None, stdin: str = "") -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if k != "BPDSL_DEFINITIONS"}
    return subprocess.run([sys.executable, "-m", "bpdsl", *args], cwd=cwd, capture_output=True, text=True,
                          input=stdin, env={**environ, **(env or {})}, timeout=300)


def edition_folder(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "edition.yaml").write_text(EDITION, encoding="utf-8")
    (root / "actions.yaml").write_text(ACTIONS, encoding="utf-8")
    return root


def test_every_command_that_reads_definitions_takes_the_options() -> None:
    import typer.main

    group = typer.main.get_command(app)

    def leaves(cmd: object, path: tuple[str, ...]) -> list[tuple[tuple[str, ...], object]]:
        subs = getattr(cmd, "commands", None)
        if subs is not None:
            return [leaf for name, sub in subs.items() for leaf in leaves(sub, path + (name,))]
        return [(path, cmd)]

    commands = dict(leaves(group, ()))
    readers = {("validate",), ("diff",), ("render", "actionlist"), ("docs",), ("simulate",), ("play",),
               ("scenario",), ("replay",), ("bench",), ("regulation", "check"), ("regulation", "list"),
               ("regulation", "tables"), ("deck", "check"), ("deck", "build"), ("match", "simulate"),
               ("match", "play"), ("match", "replay")}
    assert readers <= set(commands)
    for path in readers:
        options = {o for p in getattr(commands[path], "params") for o in getattr(p, "opts", [])}
        assert {"-d", "--definitions", "--no-bundled"} <= options, path


def test_d_adds_an_edition_folder_to_the_bundled_definitions(tmp_path: Path) -> None:
    mine = edition_folder(tmp_path / "mine")
    r = bpdsl("validate", str(mine), cwd=tmp_path)  # as the README shows it: extends act8.0 from the bundle
    assert r.returncode == 0, r.stdout + r.stderr
    assert "added: " in r.stdout and "ok:" in r.stdout
    r = bpdsl("simulate", "-d", str(mine), "-e", "my", "-n", "3", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["games"] == 3


def test_no_bundled_replaces_them(tmp_path: Path) -> None:
    mine = edition_folder(tmp_path / "mine")
    r = bpdsl("validate", "--no-bundled", "-d", str(mine), cwd=tmp_path)
    assert r.returncode == 1
    assert "extends unknown edition 'act8.0'" in r.stdout
    r = bpdsl("validate", "--no-bundled", cwd=tmp_path)
    assert r.returncode == 2 and "no definitions to read" in r.stderr


def test_a_project_folder_needs_no_flags_and_its_logs_replay_anywhere(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    edition_folder(project / "definitions")
    (project / "bpdsl.toml").write_text('[defaults]\nedition = "my"\nformat = "std"\n', encoding="utf-8")
    r = bpdsl("validate", cwd=project)
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"project {project / 'bpdsl.toml'}" in r.stdout
    r = bpdsl("diff", cwd=project)  # the project's edition against the one it extends
    assert r.returncode == 0 and "act8.0 (第八版) → my (私の版)" in r.stdout and "エンド → エンドX" in r.stdout
    r = bpdsl("simulate", "-n", "2", "--log", "g.jsonl", "--json", cwd=project)
    assert r.returncode == 0, r.stderr
    r = bpdsl("replay", "g.jsonl", cwd=project)  # the project's log replays in the project, no flags
    assert r.returncode == 0 and r.stdout.startswith("ok:"), r.stdout + r.stderr
    sub = project / "sub"
    sub.mkdir()
    assert "project " in bpdsl("validate", cwd=sub).stdout  # bpdsl.toml is found from below too


def test_a_bare_definitions_folder_is_a_project(tmp_path: Path) -> None:
    edition_folder(tmp_path / "definitions")
    r = bpdsl("simulate", "-e", "my", "-n", "2", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert f"project {tmp_path / 'definitions'}" in bpdsl("validate", cwd=tmp_path).stdout


def test_a_scenario_names_its_definitions(tmp_path: Path) -> None:
    mine = edition_folder(tmp_path / "mine")
    scenario = tmp_path / "s" / "end.yaml"
    scenario.parent.mkdir()
    scenario.write_text(f"""name: エンドXでターンが移る
definitions: [../{mine.name}]
edition: my
format: std
turn: 0
players: [{{life: 5}}, {{life: 5}}]
decisions: ["エンドX (end)"]
expect:
  events:
    - {{t: raise, action: end}}
""", encoding="utf-8")
    r = bpdsl("scenario", str(scenario), cwd=Path("/"))
    assert r.returncode == 0 and "PASS" in r.stdout, r.stdout + r.stderr
    scenario.write_text(scenario.read_text(encoding="utf-8").replace("definitions: [../mine]\n", ""),
                        encoding="utf-8")
    r = bpdsl("scenario", str(scenario), cwd=Path("/"))
    assert r.returncode == 1 and "unknown edition" in r.stdout


@pytest.mark.parametrize("text, message", [
    ("[definitions\n", "not valid TOML"),
    ("[defintions]\n", "unknown table(s) defintions"),
    ("[definitions]\nbundled = 'no'\n", "bundled must be true or false"),
])
def test_a_broken_bpdsl_toml_is_a_usage_error(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "bpdsl.toml").write_text(text, encoding="utf-8")
    r = bpdsl("validate", cwd=tmp_path)
    assert r.returncode == 2 and message in r.stderr, r.stderr


def test_the_environment_variable_replaces_everything(tmp_path: Path) -> None:
    edition_folder(tmp_path / "definitions")  # a project that the variable overrides
    regs = Path(__file__).resolve().parents[2] / "definitions" / "blackpoker" / "regulations"
    r = bpdsl("validate", cwd=tmp_path, env={"BPDSL_DEFINITIONS": str(regs)})
    assert r.returncode == 0 and "$BPDSL_DEFINITIONS" in r.stdout, r.stdout + r.stderr

"""A designer's edition simulated on Ray: the workers get the ``-d`` definitions and play the same games as
local workers — from a working directory that holds no definitions, on a local Ray instance."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ARGS = ["simulate", "--edition", "my", "--format", "std", "--games", "60", "--seed", "3", "--json", "--no-check"]


def bpdsl(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bpdsl", *args], capture_output=True, text=True, timeout=300,
                          cwd=cwd)


@pytest.mark.long
def test_ray_workers_play_the_designer_edition_named_by_d(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    assert bpdsl("new", "edition", "my", cwd=tmp_path).returncode == 0
    actions = tmp_path / "my" / "definitions" / "actions.yaml"
    text = actions.read_text(encoding="utf-8")
    assert "amount: key.spade.rank}" in text
    actions.write_text(text.replace("amount: key.spade.rank}", "amount: 20}"), encoding="utf-8")  # 投擲 kills
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    defs = str(tmp_path / "my" / "definitions")
    local = bpdsl(*ARGS, "-d", defs, "--jobs", "1", cwd=elsewhere)
    assert local.returncode == 0, local.stderr
    on_ray = bpdsl(*ARGS, "-d", defs, "--jobs", "2", "--backend", "ray", cwd=elsewhere)
    assert on_ray.returncode == 0, on_ray.stderr
    assert on_ray.stdout == local.stdout
    mine = json.loads(local.stdout)
    parent = json.loads(bpdsl(*ARGS[:2], "act8.2", *ARGS[3:], "--jobs", "1", cwd=elsewhere).stdout)
    assert mine["games"] == parent["games"] == 60
    assert mine["turns"] != parent["turns"]  # the edited 投擲 changed the games: the edition was played

"""A run names the definitions it really played: bundled or not, and every folder read besides."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from bpdsl.sim.compare import run_name

ROOT = Path(__file__).resolve().parents[2]


def bpdsl(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bpdsl", *args], capture_output=True, text=True, timeout=300,
                          cwd=cwd)


def _draft(folder: Path) -> Path:
    folder.mkdir()
    (folder / "edition.yaml").write_text("kind: edition\nid: my8.3\nextends: act8.2\nname: my8.3\n"
                                         "date: 2026/11/23\n", encoding="utf-8")
    return folder


def test_simulate_names_the_definitions_it_played(tmp_path: Path) -> None:
    run = ["simulate", "-f", "lite", "-n", "4", "--no-check", "--jobs", "1"]
    bundled = bpdsl(*run, "-e", "act8.2", "--json", cwd=tmp_path)
    assert bundled.returncode == 0, bundled.stderr
    assert json.loads(bundled.stdout)["definitions"] == {"bundled": True, "paths": []}
    draft = _draft(tmp_path / "draft")
    added = bpdsl(*run, "-e", "my8.3", "-d", str(draft), "--json", cwd=tmp_path)
    assert added.returncode == 0, added.stderr
    assert json.loads(added.stdout)["definitions"] == {"bundled": True, "paths": [str(draft)]}
    text = bpdsl(*run, "-e", "my8.3", "-d", str(draft), cwd=tmp_path)
    assert text.returncode == 0, text.stderr
    assert f"definitions: bundled + {draft}" in text.stdout
    # --no-bundled with a copy of the bundled tree: the copy alone was read, and it plays the same games
    copy = tmp_path / "copy"
    shutil.copytree(ROOT / "definitions", copy)
    alone = bpdsl(*run, "-e", "act8.2", "--no-bundled", "-d", str(copy), "--json", cwd=tmp_path)
    assert alone.returncode == 0, alone.stderr
    data = json.loads(alone.stdout)
    assert data["definitions"] == {"bundled": False, "paths": [str(copy)]}
    assert {k: v for k, v in data.items() if k != "definitions"} == \
        {k: v for k, v in json.loads(bundled.stdout).items() if k != "definitions"}


def test_a_project_folder_is_named_too(tmp_path: Path) -> None:
    assert bpdsl("new", "edition", "my9", cwd=tmp_path).returncode == 0
    r = bpdsl("simulate", "-n", "3", "--no-check", "--jobs", "1", "--json", cwd=tmp_path / "my9")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["edition"] == "my9"
    assert data["definitions"]["bundled"] is True
    assert [Path(p).resolve() for p in data["definitions"]["paths"]] == [(tmp_path / "my9" / "definitions").resolve()]


def test_the_lab_commands_play_the_projects_edition_without_flags(tmp_path: Path) -> None:
    assert bpdsl("new", "edition", "my9", cwd=tmp_path).returncode == 0  # extends act8.0; defaults my9 std
    here = tmp_path / "my9"
    t = bpdsl("balance", "tournament", "random,first", "-n", "2", "--jobs", "1", "--json", cwd=here)
    assert t.returncode == 0, t.stderr
    assert (json.loads(t.stdout)["edition"], json.loads(t.stdout)["format"]) == ("my9", "std")
    # the combo search takes the project's edition (its format stays one with trumps unless given)
    c = bpdsl("balance", "combos", "-f", "std", "--base", "--depth", "1", "--nodes", "5", "--jobs", "1", "--json",
              cwd=here)
    assert c.returncode == 0, c.stderr
    assert json.loads(c.stdout)["edition"] == "my9"


def test_run_names() -> None:
    base = {"edition": "my8.3", "format": "std"}
    assert run_name({**base, "definitions": {"bundled": True, "paths": []}}) == "my8.3/std"
    assert run_name({**base, "definitions": {"bundled": True, "paths": ["d/"]}}) == "my8.3/std @d/"
    assert run_name({**base, "definitions": {"bundled": False, "paths": ["a", "b"]}}) == \
        "my8.3/std @a,b without bundled"
    assert run_name({**base, "definitions": "bundled"}) == "my8.3/std"  # a report.json of an older run

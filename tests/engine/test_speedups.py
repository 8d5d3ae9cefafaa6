"""The compiled speed-ups (bpdsl.speedups, scripts/build_speedups.py): the compiled modules play the same
games as the pure ones, a build whose source has changed since is never used, and BPDSL_PURE=1 turns them
off.  Each check runs in fresh processes, as a user runs bpdsl."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bpdsl import speedups

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "scripts" / "build_speedups.py"

# plays seeded random games of each (edition, format, games) and prints a digest of their end states
PLAY = """
import hashlib, json, sys
from bpdsl import speedups
from bpdsl.engine import RandomAgent, build_rules, new_game
from bpdsl.engine.bench import game_seeds
out = {}
for edition, fmt, games in json.loads(sys.argv[1]):
    rules = build_rules(edition, fmt)
    digest = hashlib.sha256()
    for gs, s0, s1 in game_seeds(7, games):
        r = new_game(rules, [RandomAgent(s0), RandomAgent(s1)], gs).play()
        digest.update(f"{r.state_hash} {r.decisions} {r.winner}".encode())
    out[f"{edition}/{fmt}"] = digest.hexdigest()
print(json.dumps({"digests": out, "status": speedups.status()}))
"""
FORMATS = [("act8.0", "std", 200), ("act8.2", "mast", 100), ("bd1", "std", 300)]


def _run(code: str, *args: str, cwd: Path = ROOT, **env: str) -> dict:
    full = {k: v for k, v in os.environ.items() if k not in (speedups.PURE_ENV, speedups.DIR_ENV)}
    full.update(env)
    p = subprocess.run([sys.executable, "-c", code, *args], env=full, cwd=cwd, capture_output=True, text=True,
                       timeout=600)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def test_the_compiled_modules_play_the_same_games_as_pure_python() -> None:
    if not speedups.read_manifest(speedups.build_dir()):
        pytest.skip(f"nothing compiled in {speedups.build_dir()} (scripts/setup.sh builds it where a C compiler is)")
    formats = json.dumps(FORMATS)
    compiled = _run(PLAY, formats)
    pure = _run(PLAY, formats, **{speedups.PURE_ENV: "1"})
    assert compiled["status"]["active"], compiled["status"]  # a build exists: some module must have played compiled
    assert "bpdsl.engine.core" in compiled["status"]["active"] or "bpdsl.engine.core" in compiled["status"]["stale"]
    assert pure["status"]["active"] == [] and speedups.PURE_ENV in pure["status"]["note"]
    assert compiled["digests"] == pure["digests"]


MODULE = "bpdsl.games.blackpoker.game_state"  # a small module: compiled in seconds
PROBE = f"""
import json, sys
from bpdsl import speedups
import {MODULE} as m
import bpdsl
print(json.dumps({{"bpdsl": bpdsl.__file__, "file": m.__file__, "source": m.__loader__.get_source(m.__name__), "edited": hasattr(m, "EDITED"), "status": speedups.status(),
                  "usable": speedups.usable()}}))
"""


@pytest.mark.long
def test_a_build_is_used_only_while_its_source_is_unchanged(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "bpdsl", tree / "bpdsl", ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path / "build"
    p = subprocess.run([sys.executable, str(BUILD), "--root", str(tree), "--out", str(out), "--module", MODULE,
                        "--jobs", "1"], capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr
    if p.stdout.startswith("note:"):
        pytest.skip(p.stdout.strip())
    # the build says what it compiles as it goes (scripts/setup.sh shows it): module n of N, with the time
    assert f"bpdsl speed-ups: compiled module 1 of 1: {MODULE} (" in p.stderr, p.stderr
    env = {"PYTHONPATH": str(tree), speedups.DIR_ENV: str(out)}

    fresh = _run(PROBE, cwd=tmp_path, **env)
    assert fresh["bpdsl"] == str(tree / "bpdsl/__init__.py")
    assert fresh["file"].startswith(str(out)) and fresh["file"].endswith(".so")
    assert fresh["status"]["active"] == [MODULE] and fresh["usable"] == [MODULE]
    # tracebacks and debuggers read the lines of a compiled module from its .py source, through its loader
    assert fresh["source"] == (tree / "bpdsl/games/blackpoker/game_state.py").read_text(encoding="utf-8")

    pure = _run(PROBE, cwd=tmp_path, **env, **{speedups.PURE_ENV: "1"})
    assert pure["file"] == str(tree / "bpdsl/games/blackpoker/game_state.py")
    assert pure["status"]["active"] == [] and pure["usable"] == []

    source = tree / "bpdsl/games/blackpoker/game_state.py"
    source.write_text(source.read_text(encoding="utf-8") + "\nEDITED = True\n", encoding="utf-8")
    stale = _run(PROBE, cwd=tmp_path, **env)
    assert stale["file"] == str(source) and stale["edited"]  # the edited source runs, not the old build
    assert stale["status"]["active"] == [] and stale["status"]["stale"] == [MODULE] and stale["usable"] == []

    # building again brings it back, compiled from the edited source
    p = subprocess.run([sys.executable, str(BUILD), "--root", str(tree), "--out", str(out), "--module", MODULE,
                        "--jobs", "1"], capture_output=True, text=True, timeout=600)
    assert p.returncode == 0 and f"compiled {MODULE}" in p.stdout, p.stdout + p.stderr
    rebuilt = _run(PROBE, cwd=tmp_path, **env)
    assert rebuilt["file"].endswith(".so") and rebuilt["edited"]
    # and an up-to-date build compiles nothing
    p = subprocess.run([sys.executable, str(BUILD), "--root", str(tree), "--out", str(out), "--module", MODULE],
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0 and "up to date" in p.stdout, p.stdout + p.stderr


def test_a_manifest_for_another_python_is_ignored(tmp_path: Path) -> None:
    (tmp_path / speedups.MANIFEST).write_text(json.dumps({
        "format": speedups.FORMAT, "abi": "cpython-27-other", "modules": {MODULE: {"source_sha256": "0", "file": "x.so"}},
    }), encoding="utf-8")
    assert speedups.read_manifest(str(tmp_path)) == {}
    (tmp_path / speedups.MANIFEST).write_text("{not json", encoding="utf-8")
    assert speedups.read_manifest(str(tmp_path)) == {}


def test_without_a_compiler_the_build_says_so_and_bpdsl_runs_pure(tmp_path: Path) -> None:
    p = subprocess.run([sys.executable, str(BUILD), "--out", str(tmp_path / "build")], capture_output=True,
                       text=True, timeout=600, env={**os.environ, "CC": "no-such-compiler"})
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("note: bpdsl runs as pure Python"), p.stdout
    assert "no-such-compiler" in p.stdout or "not installed" in p.stdout
    assert not (tmp_path / "build").exists()


# two modules made for the test in a copy of the tree: the second's build reads the first's C fields
BASE, USER = "bpdsl.probe_base", "bpdsl.probe_user"
PAIR = {
    "probe_base.py": "class Box:\n    def __init__(self, n):\n        self.n = n\n",
    "probe_base.pxd": "cdef class Box:\n    cdef public object n\n",
    "probe_user.py": ("import cython\nfrom bpdsl.probe_base import Box\n\n\n@cython.locals(b=Box)\n"
                      "def twice(b):\n    return 2 * b.n\n"),
    "probe_user.pxd": "from bpdsl.probe_base cimport Box\n",
}
PAIR_PROBE = f"""
import json
from bpdsl import speedups
import {BASE}, {USER}
print(json.dumps({{"twice": {USER}.twice({BASE}.Box(21)), "status": speedups.status()}}))
"""


@pytest.mark.long
def test_a_build_that_reads_another_modules_fields_goes_with_that_build(tmp_path: Path) -> None:
    """A module whose .pxd cimports another's classes is compiled against their C layout: it is served only
    while that module's build is served unchanged, and rebuilt with it; editing only a .pxd makes a build stale."""
    pytest.importorskip("Cython")
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "bpdsl", tree / "bpdsl", ignore=shutil.ignore_patterns("__pycache__"))
    for name, text in PAIR.items():
        (tree / "bpdsl" / name).write_text(text, encoding="utf-8")
    out = tmp_path / "build"

    def build() -> str:
        p = subprocess.run([sys.executable, str(BUILD), "--root", str(tree), "--out", str(out), "--module", BASE,
                            "--module", USER, "--jobs", "2"], capture_output=True, text=True, timeout=600)
        assert p.returncode == 0, p.stdout + p.stderr
        if p.stdout.startswith("note:"):
            pytest.skip(p.stdout.strip())
        return p.stdout

    build()
    manifest = json.loads((out / speedups.MANIFEST).read_text(encoding="utf-8"))
    assert manifest["modules"][USER]["requires"] == {BASE: manifest["modules"][BASE]["source_sha256"]}
    env = {"PYTHONPATH": str(tree), speedups.DIR_ENV: str(out)}
    both = _run(PAIR_PROBE, cwd=tmp_path, **env)
    assert both["twice"] == 42 and both["status"]["active"] == [BASE, USER]

    base_pxd = tree / "bpdsl" / "probe_base.pxd"
    base_pxd.write_text(base_pxd.read_text(encoding="utf-8") + "    cdef public object m\n", encoding="utf-8")
    changed = _run(PAIR_PROBE, cwd=tmp_path, **env)  # the base's layout changed: neither build holds now
    assert changed["twice"] == 42 and changed["status"]["active"] == []
    assert sorted(changed["status"]["stale"]) == [BASE, USER]

    assert "compiled 2 modules" in build()  # the user is rebuilt with the base, though its own source is the same
    assert _run(PAIR_PROBE, cwd=tmp_path, **env)["status"]["active"] == [BASE, USER]

    user_pxd = tree / "bpdsl" / "probe_user.pxd"
    user_pxd.write_text(user_pxd.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    only_pxd = _run(PAIR_PROBE, cwd=tmp_path, **env)
    assert only_pxd["status"]["active"] == [BASE] and only_pxd["status"]["stale"] == [USER]

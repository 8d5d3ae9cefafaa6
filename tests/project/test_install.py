"""A real install: the wheel ships the definitions, templates and the Sphinx project as package data, and an
installed bpdsl works from any directory — then the whole designer's loop on an edition of one's own.

The wheel is built from the checkout (hatchling, no network) and installed with the dependencies it
declares, resolved from PyPI, into a fresh virtual environment that shares nothing with the environment
running the tests.  The installer is uv (the one scripts/setup.sh installs, whose cache makes a second
install take seconds where pip took most of a minute); what it installs is what ``pip install`` would.  The checkout is not on that environment's path, so every file bpdsl reads must come from
the wheel, and every module it imports from that environment.  """
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.slow, pytest.mark.long]


@pytest.fixture(scope="module")
def own_dir() -> Iterator[Path]:
    """A folder of this module's own, outside pytest's numbered temporary folders: other pytest sessions of
    the same user (a shared machine) prune those while these minutes-long tests still run in them."""
    with tempfile.TemporaryDirectory(prefix="bpdsl-install-test-") as name:
        yield Path(name)


@pytest.fixture
def tmp_path(own_dir: Path, request: pytest.FixtureRequest) -> Path:
    """A working folder per test, inside :func:`own_dir`."""
    path = own_dir / request.node.name
    path.mkdir()
    return path


@pytest.fixture(scope="module")
def installed(own_dir: Path) -> Path:
    """The bin/ folder of a fresh venv with the wheel installed."""
    base = own_dir / "install"
    dist = base / "dist"
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                        "-w", str(dist), str(ROOT)], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    wheel = next(dist.glob("bpdsl-*.whl"))
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=300)
    python = str(venv / "bin" / "python")
    uv = Path(sys.executable).with_name("uv")
    r = subprocess.run([str(uv), "pip", "install", "-q", "--python", python, str(wheel)],
                       capture_output=True, text=True, timeout=1500, env=clean_env(venv / "bin"))
    assert r.returncode == 0, r.stdout + r.stderr
    return venv / "bin"


def clean_env(bin_dir: Path) -> dict[str, str]:
    """No variable that could point bpdsl at the checkout or at other definitions."""
    env = {k: v for k, v in os.environ.items() if k not in ("BPDSL_DEFINITIONS", "PYTHONPATH")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    return env


def run(bin_dir: Path, *args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([str(bin_dir / "bpdsl"), *args], cwd=cwd, capture_output=True, text=True, input=stdin,
                          env=clean_env(bin_dir), timeout=600)


def test_the_installed_bpdsl_reads_its_own_files(installed: Path, tmp_path: Path) -> None:
    where = subprocess.run([str(installed / "python"), "-c", "import bpdsl.resources as r; import bpdsl; "
                            "print(bpdsl.__file__); print(r.definitions_dir()); print(r.templates_dir()); "
                            "print(r.docs_dir())"], cwd=tmp_path, capture_output=True, text=True, check=True,
                           env=clean_env(installed))
    lines = where.stdout.split()
    assert all(str(installed.parent) in line for line in lines), lines  # nothing from the checkout
    deps = subprocess.run([str(installed / "python"), "-c", "import jinja2, yaml, cerberus, typer, weasyprint, "
                           "sphinx, matplotlib; print(jinja2.__file__); print(yaml.__file__); "
                           "print(cerberus.__file__); print(typer.__file__); print(weasyprint.__file__); "
                           "print(sphinx.__file__); print(matplotlib.__file__)"], cwd=tmp_path,
                          capture_output=True, text=True, check=True, env=clean_env(installed)).stdout.split()
    assert len(deps) == 7 and all(d.startswith(str(installed.parent)) for d in deps), deps  # its own dependencies
    assert run(installed, "validate", cwd=tmp_path).returncode == 0
    r = run(installed, "render", "actionlist", "--edition", "act8.0", "--format", "std", "--html-only",
            "--out", "out", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "投擲" in (tmp_path / "out" / "act8.0-std-official.html").read_text(encoding="utf-8")
    r = run(installed, "simulate", "-e", "act8.0", "-f", "std", "-n", "3", "--json", cwd=tmp_path)
    assert r.returncode == 0 and json.loads(r.stdout)["games"] == 3, r.stderr


def test_a_designer_edition_from_new_to_bench_without_flags(installed: Path, tmp_path: Path) -> None:
    """The issue's own check: new edition, edit one action, then every command on it, no flag, no variable."""
    r = run(installed, "new", "edition", "my", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    project = tmp_path / "my"
    actions = project / "definitions" / "actions.yaml"
    text = actions.read_text(encoding="utf-8")
    assert "amount: key.spade.rank" in text
    actions.write_text(text.replace("amount: key.spade.rank", "amount: key.club.rank"), encoding="utf-8")

    r = run(installed, "validate", cwd=project)
    assert r.returncode == 0 and "project " in r.stdout, r.stdout + r.stderr
    r = run(installed, "diff", cwd=project)
    assert r.returncode == 0 and "~ 投擲 (throwing)" in r.stdout, r.stdout + r.stderr
    r = run(installed, "render", "actionlist", "--html-only", "--out", "out", cwd=project)
    assert r.returncode == 0, r.stderr
    sheet = (project / "out" / "my-std-official.html").read_text(encoding="utf-8")
    assert "♣カードの数字" in sheet or "♣" in sheet
    r = run(installed, "simulate", "-n", "5", "--json", cwd=project)
    assert r.returncode == 0 and json.loads(r.stdout)["games"] == 5, r.stderr
    r = run(installed, "play", "--seed", "3", cwd=project, stdin="q\n")
    assert r.returncode == 0 and "my std" in r.stdout, r.stdout + r.stderr
    r = run(installed, "scenario", cwd=project)  # the scenario pins ♠ damage: the edit to ♣ breaks it
    assert r.returncode == 1 and "FAIL" in r.stdout, r.stdout + r.stderr
    scenario = next((project / "scenarios").glob("*.yaml"))
    scenario.write_text(scenario.read_text(encoding="utf-8").replace("{t: damage, p: 1, n: 5}", "{t: damage, p: 1, n: 7}")
                        .replace("{life: 3}", "{life: 1}"), encoding="utf-8")
    r = run(installed, "scenario", cwd=project)
    assert r.returncode == 0 and "PASS" in r.stdout, r.stdout + r.stderr
    r = run(installed, "bench", "--games", "3", "--memory-games", "0", "--no-render", "--jobs-games", "0",
            "--playout-games", "0", "--step-games", "3", "--keystrokes", "0", "--json", cwd=project)
    assert r.returncode == 0, r.stderr
    from bpdsl.dsl.loader import load_definitions
    from bpdsl.dsl.scaffold import newest_edition

    bundled = load_definitions()
    parent = bundled.editions[newest_edition(bundled, "blackpoker") or ""]
    assert {(s["edition"], s["format"]) for s in json.loads(r.stdout)["speed"]} == {("my", f.id) for f in parent.formats}


def test_the_wheel_runs_its_compiled_modules_and_plays_the_same_games_pure(installed: Path, tmp_path: Path) -> None:
    """The build backend compiled the hot modules into the wheel (where the building machine has a C
    compiler, as every machine running this suite does: scripts/setup.sh installs the compiler's packages
    with Python); BPDSL_PURE=1 turns them off, and both play the same games."""
    from bpdsl import speedups

    built = speedups.read_manifest(speedups.build_dir())
    if not built:
        pytest.fail("this checkout has no compiled build: scripts/setup.sh compiles it")
    r = run(installed, "--version", cwd=tmp_path)
    assert r.returncode == 0 and f"compiled ({len(built)} of {len(built)} hot modules)" in r.stdout, r.stdout + r.stderr
    shipped = list((installed.parent / "lib").rglob("bpdsl/_compiled/*/bpdsl/**/*.so"))
    assert len(shipped) == len(built), shipped
    env = clean_env(installed)
    pure = subprocess.run([str(installed / "bpdsl"), "--version"], cwd=tmp_path, capture_output=True, text=True,
                          env={**env, "BPDSL_PURE": "1"}, timeout=120)
    assert "pure Python (BPDSL_PURE is set)" in pure.stdout, pure.stdout + pure.stderr
    games = ["simulate", "-e", "act8.2", "-f", "mast", "-n", "40", "--seed", "5", "--jobs", "1", "--json"]
    compiled_run = json.loads(run(installed, *games, cwd=tmp_path).stdout)
    pure_run = json.loads(subprocess.run([str(installed / "bpdsl"), *games], cwd=tmp_path, capture_output=True,
                                         text=True, env={**env, "BPDSL_PURE": "1"}, timeout=600).stdout)
    assert compiled_run.pop("compiled") and not pure_run.pop("compiled")
    compiled_run.pop("elapsed_s", None), pure_run.pop("elapsed_s", None)
    assert compiled_run == pure_run

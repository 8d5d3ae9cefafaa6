"""The layers of bpdsl hold: import-linter checks the contracts of pyproject.toml ([tool.importlinter]).

The contracts: commands > games > engine | render > dsl > ops > plugins > base modules (a package imports
only layers below it); the generic packages import no game; typer and rich only under bpdsl.commands; no
import cycle between the modules of any package.  The check runs on the source tree as it is, and on a
copy with one forbidden import added, which must fail -- so the check can fail.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("importlinter", reason="import-linter is part of the test extra: pip install -e '.[test]'")

ROOT = Path(__file__).resolve().parents[2]
LINT = [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command as c; sys.exit(c())"]


def _lint(root: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(LINT + ["--config", str(root / "pyproject.toml"), "--no-cache"], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300)


def _copy(tmp_path: Path) -> Path:
    dst = tmp_path / "src"
    shutil.copytree(ROOT / "bpdsl", dst / "bpdsl", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", dst / "pyproject.toml")
    return dst


def test_the_layer_contracts_are_kept() -> None:
    r = _lint(ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "0 broken" in r.stdout


@pytest.mark.parametrize("module, line, contract", [
    ("bpdsl/engine/core.py", "import bpdsl.games.blackpoker.hooks", "Generic packages import no game"),
    ("bpdsl/dsl/cards.py", "import bpdsl.engine.state", "Layers"),
    ("bpdsl/engine/state.py", "import rich", "Terminal UI"),
    ("bpdsl/dsl/codes.py", "import bpdsl.dsl.checks", "No import cycles"),
    ("bpdsl/engine/replay.py", "import bpdsl.scenarios.runner", "Layers"),
    ("bpdsl/scenarios/runner.py", "import bpdsl.games.blackpoker.hooks", "Generic packages import no game"),
])
def test_a_forbidden_import_breaks_a_contract(tmp_path: Path, module: str, line: str, contract: str) -> None:
    src = _copy(tmp_path)
    path = src / module
    path.write_text(path.read_text(encoding="utf-8") + f"\n{line}  # added by the test\n", encoding="utf-8")
    r = _lint(src)
    assert r.returncode != 0, r.stdout
    broken = r.stdout.split("Broken contracts", 1)[-1]
    assert contract in broken, r.stdout


# The engine's public modules: the package's own API (build_rules, new_game, Game and its step API, the
# agents and errors), the event log, a game put at a position, the per-seat view and the state it shows.
ENGINE_PUBLIC = {"bpdsl.engine", "bpdsl.engine.log", "bpdsl.engine.position", "bpdsl.engine.view",
                 "bpdsl.engine.state"}


def test_the_scenario_package_uses_the_engine_public_api_only() -> None:
    import ast

    seen: dict[str, set[str]] = {}
    for path in sorted((ROOT / "bpdsl" / "scenarios").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                     else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            for name in names:
                if name == "bpdsl.engine" or name.startswith("bpdsl.engine."):
                    seen.setdefault(name, set()).add(path.name)
    assert seen, "the scenario package imports nothing of the engine: the check would pass vacuously"
    private = {m: files for m, files in seen.items() if m not in ENGINE_PUBLIC}
    assert not private, f"engine internals imported by the scenario package: {private}"


_BELOW_THE_WALKER = ("contract", "declared", "gamebase", "legality", "raising", "dispatch", "triggercheck",
                     "stepping", "fused", "abilities", "abilitystate")


@pytest.mark.parametrize("name", _BELOW_THE_WALKER)
def test_no_part_of_the_engine_below_the_walker_imports_it_not_even_for_annotations(name: str) -> None:
    """The contract the games implement, the game's fields and the walker's parts name a game by
    :class:`bpdsl.engine.gamebase.GameBase`: none of them imports bpdsl.engine.core, including under
    ``TYPE_CHECKING`` (which the import-linter contracts leave out), so no circle runs through the walker."""
    import ast

    tree = ast.parse((ROOT / "bpdsl" / "engine" / f"{name}.py").read_text(encoding="utf-8"))
    found = [n.lineno for n in ast.walk(tree)
             if (isinstance(n, ast.ImportFrom) and n.module == "bpdsl.engine.core")
             or (isinstance(n, ast.ImportFrom) and n.module == "bpdsl.engine" and any(a.name == "core" for a in n.names))
             or (isinstance(n, ast.Import) and any(a.name == "bpdsl.engine.core" for a in n.names))]
    assert not found, f"bpdsl/engine/{name}.py imports the walker at line(s) {found}"

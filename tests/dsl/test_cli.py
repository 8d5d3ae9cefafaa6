"""The validate, diff and schema commands: output and exit status (0 valid, 1 invalid, 2 usage)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from bpdsl.cli import app

runner = CliRunner()
FIXTURES = Path(__file__).parent / "fixtures"
FLOW = Path(__file__).parent.parent.parent / "definitions" / "blackpoker" / "flows" / "bp2024.yaml"


def _tree(tmp_path: Path, *cases: str) -> Path:
    for f in (FIXTURES / "base").iterdir():
        shutil.copy(f, tmp_path / f.name)
    for case in cases:
        for f in (FIXTURES / case).iterdir():
            shutil.copy(f, tmp_path / f.name)
    return tmp_path


def test_validate_bundled_definitions_exit_0() -> None:
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0, result.output
    assert "act6.1" in result.output and "act8.0" in result.output
    assert "ok:" in result.output


def test_validate_fixture_tree_exit_0(tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", str(_tree(tmp_path)), str(FLOW)])
    assert result.exit_code == 0, result.output


def test_validate_invalid_exit_1_lists_every_mistake(tmp_path: Path) -> None:
    root = _tree(tmp_path, "D005", "S005")
    result = runner.invoke(app, ["validate", str(root), str(FLOW)])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if ": D005 " in line or ": S005 " in line]
    assert len(lines) == 2
    assert any(line.endswith("unknown category 'basics' in mini") and ":6:15: D005" in line for line in lines)
    assert "hint: did you mean 'basic'?" in result.output
    assert "2 error(s)" in result.output
    assert "Traceback" not in result.output


def test_validate_json(tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", "--json", str(_tree(tmp_path, "C001")), str(FLOW)])
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert [(d["code"], d["line"], d["col"]) for d in data["diagnostics"]] == [("C001", 27, 12)]


def test_validate_missing_path_is_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", str(tmp_path / "nope")])
    assert result.exit_code == 2


def test_validate_unknown_option_is_usage_error() -> None:
    assert runner.invoke(app, ["validate", "--no-such-option"]).exit_code == 2


def test_validate_stats() -> None:
    result = runner.invoke(app, ["validate", "--stats"])
    assert result.exit_code == 0, result.output
    assert "op usage" in result.output
    assert "end_turn" in result.output
    assert "with a text override" in result.output


def test_validate_codes_lists_every_code() -> None:
    result = runner.invoke(app, ["validate", "--codes"])
    assert result.exit_code == 0
    for code in ("Y001", "S001", "D003", "C001", "K001", "X001", "O001", "T003", "I001", "L002"):
        assert code in result.output


def test_diff_act61_act80() -> None:
    result = runner.invoke(app, ["diff", "act6.1", "act8.0"])
    assert result.exit_code == 0, result.output
    assert "+ 魔術士召喚 (summon_magician)" in result.output
    attack = result.output.split("~ アタック (attack)")[1].split("~ ")[0]
    assert "request: @メイン → @直接-通常-メイン" in attack


def test_diff_unknown_edition_is_usage_error() -> None:
    result = runner.invoke(app, ["diff", "act6.1", "act9"])
    assert result.exit_code == 2


def test_diff_invalid_definitions_exit_1(tmp_path: Path) -> None:
    result = runner.invoke(app, ["diff", "mini", "mini", "-d", str(_tree(tmp_path, "C001")), "-d", str(FLOW)])
    assert result.exit_code == 1


def test_schema_prints_every_kind() -> None:
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert {"game", "edition", "actions", "characters", "fogs"} <= set(data["kinds"])
    assert runner.invoke(app, ["schema", "actoins"]).exit_code == 2


def test_warnings_do_not_fail_validation(tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", str(_tree(tmp_path, "W001")), str(FLOW)])
    assert result.exit_code == 0, result.output
    assert "W001 warning:" in result.output


def test_the_error_summary_counts_the_files_with_errors(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("a: [1, 2\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_bytes(b"\xff\xfe")
    (tmp_path / "c.yaml").write_text("kind: edition\nid: 3\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(tmp_path)])
    assert result.exit_code == 1
    files = {line.split(":", 1)[0] for line in result.output.splitlines() if line.startswith(str(tmp_path))}
    assert len(files) == 3
    assert f"error(s) in {len(files)} file(s)" in result.output


def test_version_option_prints_the_package_version() -> None:
    from bpdsl import __version__

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.startswith(f"bpdsl {__version__}, "), result.output


def test_python_dash_m_bpdsl_runs_the_same_command_line() -> None:
    import subprocess
    import sys

    from bpdsl import __version__

    done = subprocess.run([sys.executable, "-m", "bpdsl", "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith(f"bpdsl {__version__}, "), done.stdout  # and its build
    bad = subprocess.run([sys.executable, "-m", "bpdsl", "validate", "--bogus"], capture_output=True, text=True,
                         timeout=60)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr

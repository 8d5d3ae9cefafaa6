"""Exit statuses of ``bpdsl render`` and ``bpdsl docs``: 1 for invalid definitions, 2 for usage errors."""
from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from bpdsl.cli import app


def test_render_with_invalid_definitions_exits_1(tmp_path: Path) -> None:
    broken = tmp_path / "defs"
    broken.mkdir()
    (broken / "edition.yaml").write_text("kind: edition\nid: [unclosed\n", encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["render", "actionlist", "--all", "--definitions", str(broken), "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert "edition.yaml" in result.output and "Traceback" not in result.output
    assert not out.exists()


def test_render_rejects_all_with_edition_and_bad_sheet(tmp_path: Path) -> None:
    runner = CliRunner()
    both = runner.invoke(app, ["render", "actionlist", "--all", "--edition", "act8.0", "--out", str(tmp_path)])
    assert both.exit_code == 2
    sheet = runner.invoke(app, ["render", "actionlist", "--all", "--sheet", "B5", "--out", str(tmp_path)])
    assert sheet.exit_code == 2


def test_docs_without_a_sphinx_project_exits_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["docs", "--source", str(tmp_path), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and "conf.py" in result.output


def test_docs_warning_fails_the_build_with_exit_1(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["bpdsl.render.sphinxext"]\n', encoding="utf-8")
    (src / "index.rst").write_text("Title\n=====\n\n.. bpdsl-entries:: act0 std\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["docs", "--source", str(src), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1, result.output
    assert "unknown edition" in result.output

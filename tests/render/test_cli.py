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


def test_an_output_directory_that_cannot_be_written_is_a_usage_error(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory\n", encoding="utf-8")
    runner = CliRunner()
    for args in (["render", "actionlist", "--edition", "act8.0", "--format", "std", "--html-only"], ["docs"]):
        for out in (blocker, blocker / "sub"):
            result = runner.invoke(app, args + ["--out", str(out)])
            assert result.exit_code == 2, result.output
            assert str(blocker) in result.output and "Traceback" not in result.output
    assert blocker.read_text(encoding="utf-8") == "not a directory\n"


def test_a_refused_write_is_reported_without_a_traceback(tmp_path: Path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    """A disk that refuses a write while rendering: one plain line and exit 1, not the internal-error path."""
    import errno
    import sys

    import pytest

    import bpdsl.render.actionlist as actionlist
    from bpdsl.cli import main

    def refuse(path, data, encoding="utf-8"):  # type: ignore[no-untyped-def]
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(actionlist, "write_atomic", refuse)
    monkeypatch.setattr(sys, "argv", ["bpdsl", "render", "actionlist", "--edition", "act8.0", "--format", "std",
                                      "--html-only", "--out", str(tmp_path)])
    with pytest.raises(SystemExit) as exit_info:
        main()
    assert exit_info.value.code == 1
    err = capsys.readouterr().err
    assert "No space left on device" in err and "act8.0-std-official.html" in err
    assert "internal error" not in err and "Traceback" not in err


def test_docs_with_invalid_definitions_lists_them_and_exits_1(tmp_path: Path) -> None:
    broken = tmp_path / "defs"
    broken.mkdir()
    (broken / "edition.yaml").write_text("kind: edition\nid: [unclosed\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["docs", "--definitions", str(broken), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1, result.output
    assert f"{broken / 'edition.yaml'}:3:1: Y001" in result.output
    assert "Traceback" not in result.output and "Versions" not in result.output
    assert not (tmp_path / "out").exists()


def test_docs_with_an_unknown_builder_says_so_without_a_traceback(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["docs", "--builder", "no-such-builder", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output  # a usage error
    assert "no-such-builder" in result.output
    assert "Traceback" not in result.output and 'File "' not in result.output

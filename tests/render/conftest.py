"""Fixtures shared by the rendering tests.

Writing a sheet's PDF takes seconds, so the PDF checks run on a sample of sheets in which every bundled
edition, every format and every style appears at least once; ``BPDSL_SHEETS=all`` runs them on every
sheet (several minutes of one core per style)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from filelock import FileLock
from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.dsl.loader import load_definitions
from bpdsl.render.docsbuild import build_docs
from bpdsl.resources import definitions_dir, docs_dir

# A designer's own edition beside the bundled ones: the rulebook build gives it pages too.
MY_EDITION = "kind: edition\nid: my\nextends: act8.0\nname: 私の版\ndate: 2026/11/22\n"
MY_ACTIONS = "kind: actions\nedition: my\nactions:\n  - id: end\n    name: エンドX\n"


@pytest.fixture(scope="module")
def defs():
    """The bundled definitions (a test module may override this with hand-made ones)."""
    return load_definitions()


@pytest.fixture(scope="session")
def rulebook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole rulebook built once (warnings as errors) from the bundled definitions and a designer's
    edition, shared by the docs and manual tests of every xdist worker: a Sphinx build of it takes about
    half a minute of CPU, so the first worker to need it builds it under a lock and the others read it."""
    shared = tmp_path_factory.getbasetemp().parent  # the same folder for every worker of one run
    out = shared / "rulebook-html"
    with FileLock(str(shared / "rulebook.lock")):
        if not (out / "index.html").is_file():
            mine = shared / "rulebook-mine"
            mine.mkdir(exist_ok=True)
            (mine / "edition.yaml").write_text(MY_EDITION, encoding="utf-8")
            (mine / "actions.yaml").write_text(MY_ACTIONS, encoding="utf-8")
            status, messages = build_docs(docs_dir(), out, builder="html",
                                          definitions=[definitions_dir(), mine], fresh=True)
            assert status == 0, "\n".join(messages)
    return out


SAMPLE = {
    "official": {("bd1", "std"), ("act6.1", "lite"), ("act8.2", "mast"), ("act9.0", "extra"), ("act9.0-draft", "pro")},
    "a4": {("act8.0", "std"), ("act8.2", "extra"), ("act9.0-draft", "mast"), ("act9.1", "lite")},
    "a5": {("act8.2", "std"), ("act9.0-draft", "extra")},
}


def every_sheet() -> bool:
    return os.environ.get("BPDSL_SHEETS", "sample").strip().lower() == "all"


def sheets_to_lay_out(pairs: list[tuple[str, str]], style: str) -> list[tuple[str, str]]:
    """Every sheet with ``BPDSL_SHEETS=all``, else the style's sample (those of it that are bundled)."""
    return list(pairs) if every_sheet() else [pair for pair in pairs if pair in SAMPLE[style]]


def render_sheets(tmp_path_factory: pytest.TempPathFactory, name: str, pairs: list[tuple[str, str]],
                  *options: str) -> Path:
    """Run ``bpdsl render actionlist -e E -f F`` with ``options`` for each of ``pairs`` into one fresh
    directory (``--all`` when the pairs are every sheet) and return it."""
    out = tmp_path_factory.mktemp(name)
    runs = [["--all"]] if every_sheet() else [["-e", e, "-f", f] for e, f in pairs]
    for selection in runs:
        result = CliRunner().invoke(app, ["render", "actionlist", *selection, *options, "--out", str(out)])
        assert result.exit_code == 0, result.output
    return out


def render_all(tmp_path_factory: pytest.TempPathFactory, name: str, *options: str) -> Path:
    """Run ``bpdsl render actionlist --all`` with ``options`` into a fresh directory and return it."""
    out = tmp_path_factory.mktemp(name)
    result = CliRunner().invoke(app, ["render", "actionlist", "--all", *options, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out

"""The README and the guide cannot go stale without a test failing: the bundled list names every bundled
edition (with its name, the newest marked as the parent of a new edition, the trump count of the エクストラ),
every regulation and game; and every ``bpdsl`` command line they show names a command and options that
exist (``--help`` of that command lists each option)."""
from __future__ import annotations

import functools
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.dsl.scaffold import newest_edition
from bpdsl.engine import load_definitions

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
GUIDE = (ROOT / "docs" / "guide.md").read_text(encoding="utf-8")
runner = CliRunner()


def bundled_paragraph() -> str:
    start = README.index("Bundled: ")
    return " ".join(README[start:README.index("\n\n", start)].split())


def test_the_bundled_list_names_every_edition_regulation_and_game() -> None:
    defs = load_definitions()
    text = bundled_paragraph()
    for edition in defs.editions.values():
        assert re.search(rf"[(, ]{re.escape(edition.id)}[),:]", text), f"{edition.id} is not in: {text}"
        name = edition.name.split(" (")[0]  # 第9.0版 フレーム編 (草案): its words, as the list words a draft
        assert all(word in text for word in name.split()), f"{edition.name} is not in: {text}"
    for reg in defs.regulations:
        year = re.sub(r"\D", "", str(reg))
        assert year in text, f"regulation {reg} ({year}) is not in: {text}"


def test_the_newest_edition_is_the_one_the_list_calls_the_parent_of_a_new_edition() -> None:
    newest = newest_edition(load_definitions(), "blackpoker")
    assert f"({newest}, the newest: the parent of `bpdsl new edition`" in bundled_paragraph()


def test_the_trump_count_and_formats_of_the_extra_edition_are_the_definitions() -> None:
    defs = load_definitions()
    text = bundled_paragraph()
    said = re.search(r"\((act[\d.]+): ([^)]*?) with its (\d+) trumps\)", text)
    assert said is not None, text
    edition = defs.editions[said.group(1)]
    assert int(said.group(3)) == len(edition.trumps)
    for fmt in edition.formats:
        assert fmt.name in said.group(2), (fmt.name, said.group(2))


def command_lines(markdown: str) -> list[str]:
    """Every ``bpdsl …`` line of the document's ``sh`` blocks, without its comment."""
    out = []
    for block in re.findall(r"```sh\n(.*?)```", markdown, re.S):
        for line in block.splitlines():
            line = line.split("  #")[0].strip()
            for part in re.split(r"\s*(?:&&|;)\s*", line):
                if part.startswith("bpdsl "):
                    out.append(part)
    return out


@functools.cache
def _help(path: tuple[str, ...]) -> str:
    r = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "400", "TERMINAL_WIDTH": "400"})
    assert r.exit_code == 0, (path, r.output)
    return r.output


def _check(line: str) -> None:
    words = shlex.split(line)[1:]
    path: list[str] = []
    helps = _help(())
    for w in words:  # the command and its subcommands: the words the help lists as commands
        if w.startswith("-") or not re.search(rf"^\s*[│|]?\s*{re.escape(w)}\s", helps, re.M):
            break
        path.append(w)
        helps = _help(tuple(path))
    assert path or all(w.startswith("-") for w in words), f"{line}: names no bpdsl command"
    for w in words:
        if w.startswith("--") and w != "--help":
            assert w.split("=")[0] in helps, f"{line}: `bpdsl {' '.join(path)}` has no option {w}"


@pytest.mark.parametrize("doc", ["README.md", "docs/guide.md"])
def test_every_command_line_shown_names_a_command_and_options_that_exist(doc: str) -> None:
    lines = command_lines(README if doc == "README.md" else GUIDE)
    assert len(lines) > 10
    for line in dict.fromkeys(lines):
        _check(line)

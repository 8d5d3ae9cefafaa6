"""The designer's tutorial (docs/designer/tutorial.rst) run as written: every command of its ``sh`` blocks in
order, in a fresh folder, the edits its text asks for made as a reader makes them, and what the text quotes
of the output found in the output.  A tutorial that no longer works, or says what the commands no longer
print, fails here.

The everyday run leaves out the commands that take minutes (printing every sheet and the rulebook, two
simulations of 1,000 games, the bench); ``--long`` runs every one of them.
"""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

TUTORIAL = Path(__file__).resolve().parents[2] / "docs" / "designer" / "tutorial.rst"
TEXT = TUTORIAL.read_text(encoding="utf-8")
SLOW = {"bpdsl render actionlist --out out/", "bpdsl docs --out out/docs", "bpdsl bench --games 200",
        "bpdsl simulate --games 1000 --seed 1", "bpdsl simulate --edition act9.1 --games 1000 --seed 1"}


def commands() -> list[str]:
    """The commands of the tutorial's ``sh`` blocks, in order, without their comments."""
    out: list[str] = []
    for block in re.findall(r"\.\. code-block:: sh\n\n((?:   .*\n|\n)+)", TEXT):
        for line in block.splitlines():
            line = line.strip()
            if line:
                out.append(line.split("  #")[0].strip())
    return out


def quoted(after: str) -> str:
    """The literal block (``::``) that follows the words ``after`` in the tutorial."""
    tail = TEXT.split(after, 1)[1]
    block = re.search(r"::\n\n((?:   .*\n|\n)+)", tail)
    assert block is not None, after
    return "\n".join(line[3:] for line in block.group(1).rstrip().splitlines())


def inline(after: str) -> list[str]:
    """The ````literal```` spans of the sentence that starts with ``after``."""
    sentence = re.split(r"\.(?:\s|$)", TEXT.split(after, 1)[1], maxsplit=1)[0]
    return [" ".join(s.split()) for s in re.findall(r"``(.+?)``", sentence, re.S)]


def bpdsl(command: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    args = shlex.split(command)
    assert args[0] == "bpdsl", command
    env = {**os.environ, "BPDSL_PROGRESS_SECONDS": "600"}
    return subprocess.run([sys.executable, "-m", "bpdsl", *args[1:]], cwd=cwd, input=stdin, capture_output=True,
                          text=True, timeout=1800, env=env)


def flat(text: str) -> str:
    return " ".join(text.split())


def walk(tmp_path: Path, slow: bool) -> list[str]:
    """Run the tutorial; returns the commands run."""
    cwd = tmp_path
    ran: list[str] = []
    validated = False
    for command in commands():
        if command.startswith("cd "):
            cwd = cwd / command[3:]
            continue
        if command in SLOW and not slow:
            continue
        r = bpdsl(command, cwd, stdin="q\n" if command == "bpdsl play" else "")
        ran.append(command)
        if command == "bpdsl scenario":
            _scenario(r, cwd)
            continue
        assert r.returncode == 0, (command, r.stdout[-3000:], r.stderr[-3000:])
        if command.startswith("bpdsl new edition"):
            said = next(s for s in inline("and the command says so:") if s.startswith("wrote edition"))
            assert said in r.stdout, r.stdout
            parent = re.search(r"\(extends (\S+)\)", said).group(1)  # type: ignore[union-attr]
            assert f"extends: {parent}" in (tmp_path / "my" / "definitions" / "edition.yaml").read_text("utf-8")
            assert f"today that is ``{parent}``" in TEXT
            assert f"bpdsl simulate --edition {parent} " in TEXT  # "the parent, same seeds"
        elif command == "bpdsl validate" and not validated:
            validated = True
            _validate_and_change(r, cwd)
        elif command == "bpdsl diff":
            for claim in inline("The first shows the change:"):
                assert claim in flat(r.stdout), (claim, r.stdout)
        elif command == "bpdsl docs --out out/docs":
            assert (cwd / "out" / "docs" / "index.html").is_file()
        elif command == "bpdsl render actionlist --out out/":
            assert list((cwd / "out").glob("my-*.pdf")), sorted(p.name for p in (cwd / "out").iterdir())
    return ran


def _validate_and_change(first: subprocess.CompletedProcess[str], cwd: Path) -> None:
    head, tail = inline("The summary starts with")[0].split("...")  # read: … project .../my/bpdsl.toml
    line = first.stdout.splitlines()[0]
    assert line.startswith(head) and line.endswith(tail), (head, tail, line)
    actions = cwd / "definitions" / "actions.yaml"
    text = actions.read_text(encoding="utf-8")
    assert text.count("amount: key.spade.rank") == 1
    actions.write_text(text.replace("amount: key.spade.rank", "amount: key.club.rank"), encoding="utf-8")
    assert bpdsl("bpdsl validate", cwd).returncode == 0
    changed = actions.read_text(encoding="utf-8")
    entry = quoted("with the id misspelled")
    actions.write_text(changed + entry + "\n", encoding="utf-8")
    r = bpdsl("bpdsl validate", cwd)
    assert r.returncode == 1
    assert quoted("and ``bpdsl validate`` says (exit 1)") in r.stdout, r.stdout
    actions.write_text(changed, encoding="utf-8")  # "take the two lines out again"


def _scenario(r: subprocess.CompletedProcess[str], cwd: Path) -> None:
    assert r.returncode == 1 and "FAIL" in r.stdout, r.stdout
    for claim in inline("After the change to ♣ it FAILs"):
        if "{" in claim or "expected" in claim:
            assert claim in flat(r.stdout), (claim, r.stdout)
    scenario = cwd / "scenarios" / "throwing.yaml"
    text = scenario.read_text(encoding="utf-8")
    assert "{t: damage, p: 1, n: 5}" in text and "- {life: 3}" in text
    scenario.write_text(text.replace("{t: damage, p: 1, n: 5}", "{t: damage, p: 1, n: 7}")
                        .replace("- {life: 3}", "- {life: 1}"), encoding="utf-8")
    again = bpdsl("bpdsl scenario", cwd)
    assert again.returncode == 0 and "1 passed, 0 failed" in again.stdout, again.stdout


def test_the_tutorial_runs_as_written(tmp_path: Path) -> None:
    ran = walk(tmp_path, slow=False)
    assert SLOW <= set(commands()), SLOW - set(commands())  # the slow ones are still the tutorial's
    assert "bpdsl scenario" in ran and "bpdsl replay game.jsonl" in ran and "bpdsl play" in ran


@pytest.mark.long
def test_the_tutorial_runs_as_written_with_its_slow_commands(tmp_path: Path) -> None:
    ran = walk(tmp_path, slow=True)
    assert SLOW <= set(ran)

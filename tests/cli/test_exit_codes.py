"""The README's exit-code table, checked command by command, each run as a process:

0 success · 1 invalid input or a failed check (invalid definitions, illegal deck, forbidden regulation,
damaged or changed log, failed scenario, a broken invariant) · 2 usage error (unknown option, id or file; an
output path that cannot be written) · 3 only for a bug in bpdsl itself (never expected here) · 130 Ctrl-C.

To cover a new command, add rows to ``CASES``: (command words, expected exit code, why).  In the
arguments, ``{tmp}`` is a fresh directory and ``{log}``, ``{old_log}``, ``{bad_log}``, ``{deck}``,
``{bad_deck}``, ``{card_deck}``, ``{broken_defs}``, ``{scenario}``, ``{bad_scenario}`` are the files made
by the ``files`` fixture.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# Long: about 60 processes of bpdsl (scripts/test.sh --long and CI run it).
pytestmark = pytest.mark.long

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "tests" / "regulation" / "decks" / "constructed40.yaml"
SCENARIO = ROOT / "scenarios" / "act6.1" / "end_charge_draw.yaml"
C40 = "std+constructed40"

CASES: list[tuple[str, int, str]] = [
    # validate
    ("validate -q", 0, "the bundled definitions are valid"),
    ("validate -q {broken_defs}", 1, "invalid definitions"),
    ("validate {tmp}/nothing-here", 2, "no such path"),
    ("validate --no-such-option", 2, "unknown option"),
    ("validate -q --guidelines --no-play", 0, "only the official lists' known breaches of the guidelines"),
    ("validate --no-baseline", 2, "a guidelines option without --guidelines"),
    ("validate -q --trace --sources {tmp}", 2, "no official data in the folder named"),
    # render / docs / diff
    ("render actionlist -e act8.0 -f std --html-only --out {tmp}/out", 0, "one sheet"),
    ("render actionlist -e act8.0 -f nosuch --html-only --out {tmp}/out", 2, "unknown format"),
    ("render actionlist -e act8.0 -f std --html-only --out {tmp}/out -d {broken_defs}", 1, "invalid definitions"),
    ("render actionlist -e act8.0 -f std --html-only --out {tmp}/out -d {tmp}/nothing-here", 2, "no such -d path"),
    ("docs --out {tmp}/docs -d {broken_defs}", 1, "invalid definitions"),
    ("docs --out {tmp}/docs --source {tmp}/nothing-here", 2, "no Sphinx project"),
    ("diff act6.1 act8.0", 0, "a changelog"),
    ("diff act6.1 nosuch", 2, "unknown edition"),
    ("diff act6.1 act8.0 -d {broken_defs}", 1, "invalid definitions"),
    ("schema game", 0, "one document kind"),
    ("schema nosuch", 2, "unknown kind"),
    ("ops send_to_grave", 0, "one op of the reference in full"),
    ("ops xyzzy", 1, "a search that finds nothing (it says what it searched)"),
    ("ops --kind nosuch", 2, "an unknown kind"),
    # play, simulate
    ("simulate -e bd1 -f std -n 3 --json", 0, "a few games"),
    ("simulate -n 0", 2, "--games below 1"),
    ("simulate -n 1000000000000000000000000000000", 2, "--games beyond any real run"),
    ("simulate -e nosuch", 2, "unknown edition"),
    ("simulate --deck {deck}", 2, "--deck without --regulation"),
    ("simulate -r nosuch -n 1", 2, "unknown regulation"),
    ("simulate -r std+constructed40 --deck {bad_deck} -n 1", 1, "illegal deck"),
    ("play -e act8.0 -f std --seed 1", 0, "quit at once (q)"),
    ("play --seat 7", 2, "no such seat"),
    # replay
    ("replay {log}", 0, "a genuine log"),
    ("replay {bad_log}", 1, "an edited log"),
    ("replay {old_log}", 1, "a log without the hash chain"),
    ("replay {tmp}/nothing-here.jsonl", 2, "no such file"),
    ("replay {deck}", 1, "not a log"),
    ("match replay {log}", 1, "not a game under a regulation"),
    ("match replay {tmp}/nothing-here.jsonl", 2, "no such file"),
    # scenario
    ("scenario {scenario}", 0, "a passing ruling"),
    ("scenario {bad_scenario}", 1, "a card that does not exist in the expected state"),
    ("scenario {tmp}/nothing-here.yaml", 2, "no such file"),
    # migrate (a copy of the project: --check and --dry-run write nothing, but the plain run would)
    ("migrate --check {old_project}", 1, "a project with a retired op and old labels"),
    ("migrate --dry-run {old_project}", 0, "the diff only"),
    ("migrate {tmp}/nothing-here", 2, "no such folder"),
    ("migrate {tmp}", 2, "no project, no scenarios"),
    ("migrate {broken_project}", 1, "a definitions file that is no YAML"),
    # regulations and decks
    ("regulation check std+random-half", 0, "a valid regulation"),
    ("regulation check nosuch", 2, "unknown name"),
    ("regulation list", 0, "the regulation data"),
    ("deck check -r " + C40 + " {deck}", 0, "a legal deck"),
    ("deck check -r " + C40 + " {bad_deck}", 1, "an illegal deck"),
    ("deck check -r " + C40 + " {card_deck}", 1, "a deck file naming a card that does not exist"),
    ("deck check -r " + C40 + " {tmp}/nothing-here.yaml", 2, "no such file"),
    ("deck build -r std+random-half --seed 1", 0, "random decks"),
    ("deck build -r " + C40 + " --deck {bad_deck}", 1, "an illegal deck"),
    ("match simulate -r std+entry -n 1", 0, "one match"),
    ("match simulate -r std+entry -n 100000000000000000000000000000", 2, "--matches beyond any real run"),
    # count options are bounded everywhere, like simulate's --games
    ("bench --games 100000000000000000000000000000", 2, "--games beyond any real run"),
    ("bench --memory-games 100000000000000000000000000000", 2, "--memory-games beyond any real run"),
    ("bench --jobs 100000000000000000000000000000", 2, "--jobs beyond any machine"),
    ("balance compare -n 100000000000000000000000000000 random random", 2, "--games beyond any real run"),
    ("simulate -j 100000000000000000000000000000", 2, "--jobs beyond any machine"),
    ("docs --out {tmp}/docs --builder nosuchbuilder", 2, "unknown Sphinx builder"),
    ("BPDSL_DEFINITIONS={tmp}/nothing-here validate", 2, "$BPDSL_DEFINITIONS names no path"),
    ("BPDSL_DEFINITIONS={tmp}/nothing-here simulate -n 1", 2, "$BPDSL_DEFINITIONS names no path"),
    ("BPDSL_DEFINITIONS={tmp} validate", 2, "$BPDSL_DEFINITIONS names a folder without definitions"),
]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("files")
    log = d / "game.jsonl"
    r = subprocess.run([sys.executable, "-m", "bpdsl", "simulate", "-e", "bd1", "-f", "std", "-n", "1",
                        "--log", str(log)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    bad = [dict(e) for e in events]
    k = next(i for i, e in enumerate(bad) if e["t"] == "decision")
    bad[k]["choice"] = "x"
    out = {"log": log, "bad_log": d / "bad.jsonl", "old_log": d / "old.jsonl"}
    out["bad_log"].write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in bad), encoding="utf-8")
    out["old_log"].write_text("".join(json.dumps({k: v for k, v in e.items() if k != "h"}, ensure_ascii=False)
                                      + "\n" for e in events), encoding="utf-8")
    out["deck"] = DECK
    out["bad_deck"] = d / "bad-deck.yaml"
    out["bad_deck"].write_text("- ♠A\n- ♠A\n", encoding="utf-8")
    out["card_deck"] = d / "card-deck.yaml"
    out["card_deck"].write_text("- ♠A\n- ♡99\n", encoding="utf-8")
    out["broken_defs"] = d / "broken.yaml"
    out["broken_defs"].write_text("kind: game\nid: x\n", encoding="utf-8")
    out["scenario"] = SCENARIO
    out["old_project"] = d / "old-project"
    shutil.copytree(ROOT / "tests" / "compat" / "projects" / "retired-op", out["old_project"])
    out["broken_project"] = d / "broken-project"
    shutil.copytree(ROOT / "tests" / "compat" / "projects" / "retired-op", out["broken_project"])
    (out["broken_project"] / "definitions" / "trumps.yaml").write_text("kind: [trumps\n", encoding="utf-8")
    out["bad_scenario"] = d / "bad-scenario.yaml"
    lines = SCENARIO.read_text(encoding="utf-8").split("\n")
    out["bad_scenario"].write_text("\n".join(line.replace('life: ["♡4"]', 'life: ["♡99"]') for line in lines),
                                   encoding="utf-8")
    assert "♡99" in out["bad_scenario"].read_text(encoding="utf-8")
    return out


@pytest.mark.parametrize("command, code, why", CASES, ids=[f"{c} -> {n}" for c, n, _ in CASES])
def test_exit_code(files: dict[str, Path], tmp_path: Path, command: str, code: int, why: str) -> None:
    names = {k: str(v) for k, v in files.items()} | {"tmp": str(tmp_path)}
    argv = [word.format(**names) for word in command.split()]
    env = dict(os.environ)
    while argv and "=" in argv[0]:  # VAR=value before the command words: its environment
        key, _, value = argv.pop(0).partition("=")
        env[key] = value
    r = subprocess.run([sys.executable, "-m", "bpdsl", *argv], input="q\n", capture_output=True, text=True,
                       timeout=600, env=env)
    output = r.stdout + r.stderr
    assert r.returncode == code, f"{why}: exit {r.returncode}, expected {code}\n{output[-3000:]}"
    assert "Traceback" not in output and "internal error" not in output
    if code == 1 and "{bad_scenario}" in command:
        assert f"{files['bad_scenario']}:" in output and "♡99" in output


def test_black_doubt_played_to_its_end_at_the_terminal() -> None:
    """Black Doubt through `bpdsl play`, answering the first option until the match ends: the pack runs out
    on the way (the board's 山札 row once failed there with exit 3)."""
    r = subprocess.run([sys.executable, "-m", "bpdsl", "play", "--seed", "1", "--edition", "bd1", "--format",
                        "std"], input="0\n" * 5000, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "internal error" not in r.stdout + r.stderr and "ターン" in r.stdout


def test_the_documented_exit_codes_are_the_ones_checked() -> None:
    """The exit-status table of the guide and the README's word on ``validate`` say what ``CASES`` check:
    every documented code is one this file (or ``test_interrupts.py``, for 130) expects of some command,
    and no case expects a code the table does not document."""
    import re

    guide = (ROOT / "docs" / "guide.md").read_text(encoding="utf-8")
    start = guide.index("| exit | meaning |")
    rows = re.findall(r"^\| (\d+) \| (.+) \|$", guide[start:guide.index("\n\n", start)], re.M)
    table = {int(code): meaning for code, meaning in rows}
    assert set(table) == {0, 1, 2, 3, 130}, table
    assert "bug in bpdsl" in table[3] and "usage error" in table[2] and "interrupted" in table[130]
    checked = {code for _, code, _ in CASES}
    assert checked == set(table) - {3, 130}  # 3 never expected; 130: tests/cli/test_interrupts.py
    assert "returncode == 130" in (ROOT / "tests" / "cli" / "test_interrupts.py").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    said = re.search(r"exit (\d)\s+valid,\s+(\d)\s+invalid,\s+(\d)\s+usage\s+error", readme)
    assert said is not None, "the README's exit codes of validate"
    validate = {code for command, code, _ in CASES if command.startswith("validate")}
    assert {int(c) for c in said.groups()} == validate == {0, 1, 2}

"""The faults of the archived official lists: every YAML fault of a file reported at once with its line,
column and a fix; the known quirks (a comma after a value, a stray '}', the older layouts and spellings)
read with a warning that names them; a field's problem told at the field; an action the core flow needs
that no op prints is an import error, never an edition without combat.

The 2019 lists are not in ../shared/upstream/: :mod:`messy` puts their faults into a copy of the 第六版 list."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import messy
import upstream
from bpdsl.dsl.loader import load
from bpdsl.resources import definitions_dir
from bpdsl.sim.job import SimJob
from bpdsl.sim.run import simulate

V6 = upstream.ACT.parent / "v6-act.yaml"
V6_EXTRA = upstream.ACT.parent / "v6-extra.yaml"
pytestmark = pytest.mark.skipif(not V6.is_file(), reason="../shared/upstream/ not beside the checkout")


def bpdsl(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bpdsl", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=900)


def _at(stderr: str, code: str) -> list[tuple[int, int, str]]:
    """(line, column, message) of each diagnostic of ``code`` printed."""
    return [(int(m.group(1)), int(m.group(2)), m.group(3)) for m in
            re.finditer(rf"^(?:warning: )?[^\n]*?\.yaml:(\d+):(\d+): {code} ([^\n]*)", stderr, re.M)]


@pytest.fixture(scope="module")
def older(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, list[int]], subprocess.CompletedProcess[str]]:
    where = tmp_path_factory.mktemp("older")
    faults = messy.older_list(V6, where / "v5-act.yaml")
    r = bpdsl("import", "official", "v5-act.yaml", "--edition", "v5", "--out", "out", cwd=where)
    return where, faults, r


def test_the_quirks_are_read_with_a_warning_naming_each(older) -> None:
    where, faults, r = older
    assert r.returncode == 0, r.stderr
    quirks = _at(r.stderr, "Q001")
    lines = {line for line, _, _ in quirks}
    assert set(faults["comma"]) <= lines and set(faults["plain comma"]) <= lines
    assert all("comma" in msg for line, _, msg in quirks if line in faults["comma"] + faults["plain comma"])
    assert any(line == faults["brace"][0] and "stray '}'" in msg for line, _, msg in quirks)
    assert any(line == faults["master"][0] and "'master'" in msg and "'mast'" in msg for line, _, msg in quirks)
    # each told at the comma itself: the column of the ',' on its line
    text = (where / "v5-act.yaml").read_text(encoding="utf-8").split("\n")
    for line, col, msg in quirks:
        if line in faults["comma"]:
            assert text[line - 1][col - 1] == ","
    # a plain value's comma is told at the field and the value read without it
    actions = yaml.safe_load((where / "out" / "definitions" / "actions.yaml").read_text(encoding="utf-8"))["actions"]
    assert not any(str(a.get("cost", "")).endswith(",") for a in actions)
    assert {"mast"} <= {f for a in actions for f in a["formats"]} and "master" not in {f for a in actions
                                                                                    for f in a["formats"]}


def test_the_older_attack_sentence_is_found_and_the_edition_fights(older) -> None:
    where, _, r = older
    folder = where / "out"
    actions = yaml.safe_load((folder / "definitions" / "actions.yaml").read_text(encoding="utf-8"))["actions"]
    attack = next(a for a in actions if a["name"] == "アタック")
    assert {"raise_action": {"action": "block"}} in attack["effect"]
    assert "アタック" not in (folder / "IMPORT-REPORT.md").read_text(encoding="utf-8").split("## Left out")[1] \
        .split("##")[0]
    stats = simulate(SimJob("v5", "std", definitions=(str(folder / "definitions"),), seed=3), 4, jobs=1)
    assert stats["aborted"] == 0
    assert all(stats["actions_raised"][a] > 0 for a in ("attack", "block", "damage_judgement"))


def test_every_fault_of_a_file_is_reported_at_once(tmp_path: Path) -> None:
    faults = messy.older_list(V6, tmp_path / "v5-act.yaml", extra_faults=True)
    r = bpdsl("import", "official", "v5-act.yaml", "--edition", "v5", "--out", "out", cwd=tmp_path)
    assert r.returncode == 1 and "nothing written" in r.stderr and not (tmp_path / "out").exists()
    assert "Traceback" not in r.stderr
    errors = _at(r.stderr, "Y001")
    assert {line for line, _, _ in errors} == set(faults["open quote"] + faults["after quote"])
    assert "2 error(s)" in r.stderr
    # each with a fix, and the quirks after them still read (they are warnings, not faults)
    blocks = r.stderr.split("\n")
    for n, line in enumerate(blocks):
        if " Y001 " in line:
            assert blocks[n + 1].strip().startswith("hint: ")
    assert {line for line, _, _ in _at(r.stderr, "Q001")} >= set(faults["comma"])


def test_a_core_action_no_op_prints_is_an_import_error(tmp_path: Path) -> None:
    sentence = "ブロックに進めてください。"
    messy.older_list(V6, tmp_path / "v5-act.yaml", attack_step=sentence)
    r = bpdsl("import", "official", "v5-act.yaml", "--edition", "v5", "--out", "out", cwd=tmp_path)
    assert r.returncode == 1 and not (tmp_path / "out").exists()
    (line, col, msg), = _at(r.stderr, "Q002")
    assert msg.startswith("アタック:") and f"「{sentence}」" in msg and "raise_action" in msg
    # told at the sentence itself, in the block of the effect
    written = (tmp_path / "v5-act.yaml").read_text(encoding="utf-8").split("\n")[line - 1]
    assert written[col - 1:].startswith(sentence)
    assert "could not play アタック" in r.stderr


def test_a_field_problem_is_told_at_the_field(tmp_path: Path) -> None:
    text = V6.read_text(encoding="utf-8").split("\n")
    at = next(n for n, line in enumerate(text) if line.strip() == "actTime: メイン" and n > 200)
    text[at] = text[at].replace("メイン", "メインX")
    (tmp_path / "bad.yaml").write_text("\n".join(text), encoding="utf-8")
    r = bpdsl("import", "official", "bad.yaml", "--edition", "v6b", "--out", "out", cwd=tmp_path)
    assert r.returncode == 1
    (line, col, msg), = _at(r.stderr, "S004")
    assert line == at + 1 and msg.startswith("actTime 'メインX'")


def test_a_problem_of_the_whole_edition_is_told_in_the_list(tmp_path: Path) -> None:
    # a format of its own that only the list knows: the edition then has no エンド in it (T003) -- told at
    # the entry that names it, never in a file of the folder that is not written
    text = V6.read_text(encoding="utf-8").replace("'pro,mast'", "'pro,mast,solo'", 1)
    (tmp_path / "solo.yaml").write_text(text, encoding="utf-8")
    r = bpdsl("import", "official", "solo.yaml", "--edition", "v6s", "--out", "out", cwd=tmp_path)
    assert r.returncode == 1
    assert "(imported)" not in r.stderr and "definitions/edition.yaml" not in r.stderr
    (line, _, msg), = _at(r.stderr, "T003")
    assert "'solo'" in msg and "'pro,mast,solo'" in text.split("\n")[line - 1]


def test_the_older_extra_layout_imports(tmp_path: Path) -> None:
    r = bpdsl("import", "official", str(V6_EXTRA), "--edition", "v6x", "--out", "out", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    quirks = [msg for _, _, msg in _at(r.stderr, "Q001")]
    assert any("carry a number" in m and "actName1" in m for m in quirks)
    assert any("'actName' written on the trump ability" in m for m in quirks)
    result = load([definitions_dir(), tmp_path / "out" / "definitions"])
    assert result.ok
    names = {a.name for a in result.definitions.editions["v6x"].actions.values()}
    assert {"幻影", "チャリオット召喚"} <= names

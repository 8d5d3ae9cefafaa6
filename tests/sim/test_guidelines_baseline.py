"""Known breaches of the design guidelines (a baseline, as linters keep one): ``bpdsl validate --guidelines``
leaves out the official lists' own breaches (definitions/blackpoker/guidelines-baseline.yaml), says how many
it hid and how to see them, and still fails on a breach a designer writes."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bpdsl.dsl.guidelines import split_known
from bpdsl.dsl.loader import load
from bpdsl.resources import definitions_dir
from bpdsl.sim.guidelines import check_guidelines
from tests.sim.test_guidelines import EDITION, draft

ROOT = Path(__file__).resolve().parents[2]


class _Run:
    def __init__(self, returncode: int, stdout: str) -> None:
        self.returncode, self.stdout, self.stderr = returncode, stdout, ""


def _validate(tmp_path: Path, *args: str) -> _Run:
    """``bpdsl validate --guidelines --no-play -q ARGS`` in-process (a subprocess each would take many seconds)."""
    from typer.testing import CliRunner

    from bpdsl.cli import app

    r = CliRunner().invoke(app, ["validate", "--guidelines", "--no-play", "-q", *args], terminal_width=400)
    return _Run(r.exit_code, r.output)


def _known(defs):  # type: ignore[no-untyped-def]
    return [k for ks in defs.extra["guidelines_baseline"].values() for k in ks]


def test_every_static_breach_of_the_bundled_editions_is_known_and_every_record_is_found() -> None:
    defs = load([definitions_dir()]).definitions
    new, known, stale = split_known(check_guidelines(defs, play=False).breaches, _known(defs), defs.editions)
    assert not new, [b.detail for b in new]
    assert len(known) >= 10
    assert [(k.guideline, k.edition, k.entry) for k in stale] == [("single_main_trigger", "act8.2", "draw")]  # by play


def test_an_edition_that_inherits_the_official_entries_inherits_their_known_breaches(tmp_path: Path) -> None:
    folder = tmp_path / "defs" / "my8.3"
    folder.mkdir(parents=True)
    (folder / "edition.yaml").write_text(EDITION, encoding="utf-8")
    r = _validate(tmp_path, "-d", str(folder.parent))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "guidelines: 0 breach(es) of 6 guideline(s); 16 known breach(es) hidden" in r.stdout
    assert "see them with --no-baseline" in r.stdout
    shown = _validate(tmp_path, "-d", str(folder.parent), "--no-baseline")
    assert "L102" in shown.stdout and "my8.3" in shown.stdout and "known breach" not in shown.stdout


def test_a_breach_the_designer_writes_still_fails(tmp_path: Path) -> None:
    r = _validate(tmp_path, "-d", str(draft(tmp_path, "keyed_normal_quick")))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "my8.3/actions.yaml:4:5: L101 [keyed_normal_quick 必須]" in r.stdout
    assert "guidelines: 1 breach(es) of 6 guideline(s); 16 known breach(es) hidden" in r.stdout


def test_rewriting_an_inherited_entry_makes_its_breach_the_designers(tmp_path: Path) -> None:
    folder = tmp_path / "defs" / "my8.3"
    folder.mkdir(parents=True)
    (folder / "edition.yaml").write_text(EDITION, encoding="utf-8")
    (folder / "actions.yaml").write_text("kind: actions\nedition: my8.3\nactions:\n  - id: draw\n    since: v8.3\n",
                                         encoding="utf-8")
    r = _validate(tmp_path, "-d", str(folder.parent))
    assert "my8.3/actions.yaml:4:5: L102 warning: [triggered_instant_quick 推奨]" in r.stdout, r.stdout + r.stderr


def test_a_designer_records_their_own_baseline_and_a_stale_record_is_said(tmp_path: Path) -> None:
    defs = draft(tmp_path, "keyed_normal_quick")
    baseline = defs / "my8.3" / "guidelines-baseline.yaml"
    wrote = _validate(tmp_path, "-d", str(defs), "--write-baseline", str(baseline))
    assert wrote.returncode == 0, wrote.stdout + wrote.stderr
    assert '{guideline: "keyed_normal_quick", edition: "my8.3", entry: "keyless_quick"}' in baseline.read_text("utf-8")
    again = shutil.copytree(defs, tmp_path / "again")  # a new folder: the process loads each selection once
    r = _validate(tmp_path, "-d", str(again))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "17 known breach(es) hidden" in r.stdout
    rewrite = _validate(tmp_path, "-d", str(again), "--write-baseline", str(again / "my8.3" / "guidelines-baseline.yaml"))
    assert "wrote 0 breach(es)" in rewrite.stdout  # written again, the file keeps its records that still hold
    assert "keyless_quick" in (again / "my8.3" / "guidelines-baseline.yaml").read_text("utf-8")
    (again / "my8.3" / "actions.yaml").unlink()  # the breach is gone: its record is stale
    stale = _validate(tmp_path, "-d", str(shutil.copytree(again, tmp_path / "stale")))
    assert stale.returncode == 0
    assert "baseline record keyed_normal_quick my8.3 keyless_quick: no such breach any more; remove it" in stale.stdout


def test_the_baseline_flags_go_with_guidelines(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from bpdsl.cli import app

    r = CliRunner().invoke(app, ["validate", "--write-baseline", str(tmp_path / "b.yaml")])
    assert r.exit_code == 2 and "--write-baseline goes with --guidelines" in r.output
    assert not (tmp_path / "b.yaml").exists()


def test_a_record_written_twice_is_an_error_at_its_place(tmp_path: Path) -> None:
    folder = tmp_path / "defs"
    folder.mkdir()
    record = "  - {guideline: single_target, edition: act8.2, entry: attack}\n"
    (folder / "b.yaml").write_text("kind: guidelines_baseline\ngame: blackpoker\nbreaches:\n" + record * 2,
                                   encoding="utf-8")
    r = _validate(tmp_path, "-d", str(folder))
    assert r.returncode == 1
    assert "b.yaml:5:5: L001 the breach single_target act8.2 attack is recorded twice" in r.stdout


@pytest.mark.long
def test_the_readme_tour_runs_clean_with_play(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-m", "bpdsl", "validate", "--guidelines", "-q"], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "17 known breach(es) hidden" in r.stdout and "no such breach" not in r.stdout

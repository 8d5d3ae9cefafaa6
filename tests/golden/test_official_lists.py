"""Every official list of ../shared/upstream/ as it is: imported raw, validated, and played in every format
of the imported edition with attacks, blocks and damage judgements in the games and none aborted.

The reading is general, not per file: the lists of 第六版 (2021, older layouts and spellings), 第七版's
extra list, 第8.2版 and the 第9.0版 frame draft go through the same command with no option of their own.
The everyday run plays a few games per format; the ``long`` run plays BPDSL_OFFICIAL_GAMES (300) per format.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import upstream
from bpdsl.dsl.loader import load
from bpdsl.resources import definitions_dir
from bpdsl.sim.job import SimJob
from bpdsl.sim.run import simulate

SHARED = upstream.ACT.parent
_LIST_KEY = re.compile(r"^(actList|charList|fogList|trumpList|abiList):", re.M)
LISTS = sorted(p.stem for p in SHARED.glob("*.yaml") if _LIST_KEY.search(p.read_text(encoding="utf-8"))) \
    if SHARED.is_dir() else []
COMBAT = ("アタック", "ブロック", "ダメージ判定")
pytestmark = pytest.mark.skipif(not LISTS, reason="../shared/upstream/ not beside the checkout")


def bpdsl(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bpdsl", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=900)


def test_the_lists_are_all_there() -> None:
    # the official action lists of the folder (frame.yaml lists game setups, not actions: not one of them)
    assert {"act", "act-frame", "extra", "v6-act", "v6-extra"} <= set(LISTS)


@pytest.fixture(scope="module", params=LISTS)
def imported(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, str]:
    name = request.param
    where = tmp_path_factory.mktemp(name)
    eid = "raw_" + name.replace("-", "_")
    r = bpdsl("import", "official", str(SHARED / f"{name}.yaml"), "--edition", eid, "--out", "out", cwd=where)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    return eid, where / "out", r.stderr


def _combat_ids(eid: str, folder: Path) -> tuple[dict[str, str], list[str], list[str]]:
    """The ids of アタック, ブロック and ダメージ判定, the formats of the edition, and the actions validate
    says are never played (T001 '... never played')."""
    result = load([definitions_dir(), folder / "definitions"])
    assert result.ok, [d.format() for d in result.errors]
    edition = result.definitions.editions[eid]
    ids = {a.name: a.id for a in edition.actions.values() if a.name in COMBAT}
    assert set(ids) == set(COMBAT)
    never = [re.search(r"'([^']+)'", d.message).group(1) for d in result.diagnostics  # type: ignore[union-attr]
             if d.severity == "warning" and d.code == "T001" and d.pos.file.startswith(str(folder))]
    return ids, [f.id for f in sorted(edition.formats, key=lambda f: f.order)], never


def _play(eid: str, folder: Path, games: int) -> dict[str, dict]:
    _, formats, _ = _combat_ids(eid, folder)
    return {fmt: simulate(SimJob(eid, fmt, definitions=(str(folder / "definitions"),), seed=41), games, jobs=1)
            for fmt in formats}


def _assert_combat(eid: str, folder: Path, played: dict[str, dict]) -> None:
    ids, _, _ = _combat_ids(eid, folder)
    for fmt, stats in played.items():
        assert stats["aborted"] == 0, (fmt, stats["problems"])
        for name, aid in ids.items():
            assert stats["actions_raised"].get(aid, 0) > 0, f"{eid} {fmt}: no {name} in {stats['games']} games"


def test_every_list_imports_raw_and_validates(imported: tuple[str, Path, str]) -> None:
    eid, folder, _ = imported
    r = bpdsl("validate", cwd=folder)
    assert r.returncode == 0, r.stdout + r.stderr


def test_every_format_plays_with_combat(imported: tuple[str, Path, str]) -> None:
    eid, folder, _ = imported
    played = _play(eid, folder, 4)
    _assert_combat(eid, folder, played)
    # a "never played" warning of validate only where the games agree (世代交代 is raised by the characters
    # going to the grave, an ability validate counts)
    _, _, never = _combat_ids(eid, folder)
    for aid in never:
        assert all(stats["actions_raised"].get(aid, 0) == 0 for stats in played.values()), \
            f"validate says {aid} is never played, the games raise it"


@pytest.mark.long
def test_every_format_plays_300_games(imported: tuple[str, Path, str]) -> None:
    eid, folder, _ = imported
    games = int(os.environ.get("BPDSL_OFFICIAL_GAMES", "300"))
    played = _play(eid, folder, games)
    _assert_combat(eid, folder, played)
    assert all(stats["games"] == games for stats in played.values())

"""``bpdsl export official`` of an imported official list gives the list back field for field: the ids in
the official camelCase, ♢, the list markers, spaces and line breaks as the list writes them, the format
slots and the frames by name.  The fields that do not come back are listed here with the reason.

The lists of today's layout are compared (第8.2版's act.yaml, the 第9.0版 frame draft); the older layouts are
read (test_official_lists) and exported in today's layout."""
from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import upstream

SHARED = upstream.ACT.parent
pytestmark = pytest.mark.skipif(not (SHARED / "act-frame.yaml").is_file(), reason="../shared/upstream/ not beside the checkout")
# (kind, name, field) -> why the export writes it otherwise
NOT_BACK = {
    ("trump", "裏切札", "trumpId"): "the face-down trump is the edition's face_down_trump, not an entry: its id is "
                                 "bpdsl's faceDownTrump",
    ("trump", "裏切札", "frame"): "the face-down trump is the edition's face_down_trump: written with format ids",
    ("trump", "裏切札", "trumpAbility"): "the face-down trump is the edition's face_down_trump: its なし is "
                                      "written without the line break the list's block keeps",
}
# the generator's own switches and per-entry headings, which carry nothing (source.KEPT_ASIDE)
ASIDE = ("output", "etc", "beta", "type", "name", "image", "changed")


def bpdsl(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bpdsl", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=900)


def rows(doc: dict) -> dict[tuple[str, str], dict]:
    out = {}
    for list_key, items_key, kind in (("actList", "acts", "action"), ("charList", "chars", "character"),
                                      ("fogList", "fogs", "fog"), ("trumpList", "trumps", "trump")):
        prefix = {"action": "act", "character": "char", "fog": "fog", "trump": "trump"}[kind]
        for group in doc.get(list_key) or []:
            for row in group.get(items_key) or []:
                out[(kind, str(row[f"{prefix}Name"]))] = row
    return out


@pytest.mark.parametrize("name", ["act", "act-frame"])
def test_an_imported_list_exports_back_unchanged(name: str, tmp_path: Path) -> None:
    r = bpdsl("import", "official", str(SHARED / f"{name}.yaml"), "--edition", "back", "--out", "back", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    old = os.umask(0o022)
    try:
        r = bpdsl("export", "official", "--out", "again.yaml", cwd=tmp_path / "back")
    finally:
        os.umask(old)
    assert r.returncode == 0, r.stderr
    written = tmp_path / "back" / "again.yaml"
    assert stat.S_IMODE(written.stat().st_mode) == 0o644  # the user's usual permissions, not the owner's only
    official = rows(yaml.safe_load((SHARED / f"{name}.yaml").read_text(encoding="utf-8")))
    exported = rows(yaml.safe_load(written.read_text(encoding="utf-8")))
    # every entry of the list comes back (the edition also exports what it inherits and the list does not
    # replace: act8.2's trumps and the entries they bring under act.yaml)
    assert set(official) <= set(exported)
    compared, differ = 0, []
    for key, row in official.items():
        for field, value in row.items():
            if value in (None, "") or field in ASIDE:
                continue
            compared += 1
            got = exported[key].get(field)
            if (*key, field) in NOT_BACK:
                assert got != value  # still written otherwise: drop it from the list when it comes back
            elif str(value) != str(got):
                differ.append((key, field, value, got))
    print(f"{name}: {compared} fields compared, {len(differ)} differ, {sum(k[:2] in official for k in NOT_BACK)} "
          "listed with the reason")
    assert not differ, differ[:5]
    assert compared > 500
    assert "◇" not in written.read_text(encoding="utf-8")

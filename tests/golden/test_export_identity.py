"""``bpdsl export official`` of an imported official list gives the list back field for field: the ids in
the official camelCase, ♢, the list markers, spaces and line breaks as the list writes them, the format
slots and the frames by name, the face-down trump's own id (secretTrump) -- every field.

The lists of today's layout are compared (第8.2版's act.yaml, the 第9.0版 frame draft); the older layouts are
read (test_official_lists) and exported in today's layout."""
from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import upstream

SHARED = upstream.ACT.parent
pytestmark = pytest.mark.skipif(not (SHARED / "act-frame.yaml").is_file(), reason="../shared/upstream/ not beside the checkout")
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
            if str(value) != str(got):
                differ.append((key, field, value, got))
    print(f"{name}: {compared} fields compared, {len(differ)} differ")
    assert not differ, differ[:5]
    assert compared > 500
    assert "◇" not in written.read_text(encoding="utf-8")


def _bundled_with_lists() -> list[tuple[str, str]]:
    from bpdsl.dsl.loader import load_or_raise
    from bpdsl.resources import definitions_dir

    defs = load_or_raise([definitions_dir()])
    return [(eid, e.official["file"]) for eid, e in defs.editions.items() if e.official.get("file")]


FIGURE = re.compile(r"against (\S+): ([\d,]+) of ([\d,]+) fields identical \(([\d.]+) %\)")
DIFFER = re.compile(r"^  (\d+) differ: (.+)$")


@pytest.mark.parametrize("edition,file", _bundled_with_lists())
def test_a_bundled_edition_exports_the_official_list_it_was_written_from(edition: str, file: str,
                                                                          tmp_path: Path) -> None:
    """An exported bundled edition gives back >= 99 % of the fields of its official list (edition.yaml's
    ``official: {file: ...}``), and each other field is listed under the reason it differs -- none of them a
    form or a fact the definitions could keep (an id, a format slot, a spacing, a devNote)."""
    r = bpdsl("export", "official", "--edition", edition, "--out", "x.yaml", "--compare", str(SHARED / file),
              cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    figure = FIGURE.search(r.stdout)
    assert figure is not None, r.stdout
    identical, compared = (int(figure.group(n).replace(",", "")) for n in (2, 3))
    print(edition, figure.group(0))
    assert compared > 500 and identical >= 0.99 * compared, r.stdout
    listed = {m.group(2): int(m.group(1)) for m in map(DIFFER.match, r.stdout.splitlines()) if m}
    assert sum(listed.values()) == compared - identical  # every other field has its reason
    from bpdsl.games.blackpoker.official import compare

    keepable = (compare.WHY_ID, compare.WHY_SLOTS, compare.WHY_FORM, compare.WHY_NOT_CARRIED, compare.WHY_NO_ENTRY)
    assert not set(listed) & set(keepable), listed
    text = (tmp_path / "x.yaml").read_text(encoding="utf-8")
    assert "◇" not in text and "♢" in text  # the official glyph
    # the official list markers only: the generator knows ・, 1. and A. (nested: one '-' per level)
    markers = re.findall(r"^\s+(-+)(\S{1,3})", text, re.M)
    assert markers and all(m[1][0] == "・" or re.match(r"[0-9A-Z]\.", m[1]) for m in markers), markers


def test_each_difference_is_given_the_reason_it_differs() -> None:
    """The reasons are told from what differs, here over a pair that differs in every way: act6.1 (the
    ライト sheet of 2021, which keeps no official forms) against the 第六版 list of all four formats."""
    from bpdsl.dsl.loader import load_or_raise
    from bpdsl.games.blackpoker.official import compare
    from bpdsl.games.blackpoker.official.export import official_document
    from bpdsl.games.blackpoker.official.forms import names_of
    from bpdsl.games.blackpoker.official.source import read
    from bpdsl.resources import definitions_dir

    edition = load_or_raise([definitions_dir()]).editions["act6.1"]
    doc = yaml.safe_load(yaml.safe_dump(official_document(edition), allow_unicode=True))
    result = compare.compare(doc, read(SHARED / "v6-act.yaml"), names_of(edition.formats))
    why = {(d.kind, d.name, d.field): d.reason for d in result.differences}
    assert why[("action", "防壁設置", "actId")] == compare.WHY_ID  # setBulwark, bpdsl's place_bulwark
    assert why[("action", "防壁設置", "format")] == compare.WHY_FORMATS  # all four formats; act6.1 has ライト only
    assert why[("action", "クイック召喚", "actName")] == compare.WHY_NO_ENTRY  # not on the ライト sheet
    assert why[("action", "防壁設置", "story")] == compare.WHY_NOT_CARRIED
    assert why[("action", "防壁設置", "actEffect")] == compare.WHY_FORM  # １ written full width
    assert result.compared == result.identical + len(result.differences)
    lines = compare.report_lines(result, "v6-act.yaml")
    assert lines[0] == f"against v6-act.yaml: {result.summary()}"
    assert sum(1 for line in lines if line.startswith("    ")) == len(result.differences)

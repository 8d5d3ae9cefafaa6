"""``bpdsl export official``: an edition in the official data format, valid against the official
act.schema.json (checked with jsonschema), and the two round trips:

* export → import: the imported edition prints the same text as the bundled one, format by format;
* import → export: the official 第8.2版 file comes back field by field after the golden normalisation
  (upstream.norm, the comparison of test_upstream_act82).

Every command runs as a process, as a designer runs it."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml

import upstream
from bpdsl.dsl.loader import load_or_raise
from bpdsl.engine import play_game
from bpdsl.engine.compiled import compile_rules
from bpdsl.engine.decisions import RandomAgent
from bpdsl.render.text import edition_texts
from bpdsl.resources import definitions_dir

SCHEMA = upstream.ACT.parent / "act.schema.json"
pytestmark = pytest.mark.skipif(not SCHEMA.is_file(), reason="../shared/upstream/ not beside the checkout")


def bpdsl(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bpdsl", *args], capture_output=True, text=True, cwd=cwd, timeout=300)


def _printed(texts: list) -> dict[tuple[str, str], list[tuple[str, str]]]:
    # by printed name, the diamond as one glyph (the export writes the official ♢ where bpdsl prints ◇)
    return {(t.entry, t.name.replace("♢", "◇")): [("header", upstream.norm(t.header))]
            + [(s.kind, upstream.norm(s.label + s.text)) for s in t.sections] for t in texts}


@pytest.mark.parametrize("edition", ["act8.2", "act8.0", "act6.1"])
def test_the_export_is_valid_against_the_official_schema(edition: str, tmp_path: Path) -> None:
    r = bpdsl("export", "official", "--edition", edition, "--out", "act.yaml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    data = yaml.safe_load((tmp_path / "act.yaml").read_text(encoding="utf-8"))
    jsonschema.validate(data, json.loads(SCHEMA.read_text(encoding="utf-8")))
    defs = load_or_raise([definitions_dir()])
    assert sum(len(g["acts"]) for g in data["actList"]) == len(defs.editions[edition].actions)


def test_export_then_import_prints_the_same_edition(tmp_path: Path) -> None:
    r = bpdsl("export", "official", "--edition", "act8.2", "--out", "x.yaml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = bpdsl("import", "official", "x.yaml", "--edition", "rt8.2", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["extends"] == "act8.2"
    assert report["fields"]["overridden"] == 0 and not report["left_out_of_play"]  # every text as ops, all played
    defs = load_or_raise([definitions_dir(), tmp_path / "rt8.2" / "definitions"])
    bundled, back = defs.editions["act8.2"], defs.editions["rt8.2"]
    assert set(back.trumps) == set(bundled.trumps)
    for fmt in ("lite", "std", "pro", "mast", "extra"):
        want, got = _printed(edition_texts(bundled, fmt)), _printed(edition_texts(back, fmt))
        assert list(got) == list(want), fmt  # the same entries in the same printed order
        wrong = [k for k in want if got[k] != want[k]]
        assert not wrong, (fmt, [(k, want[k], got[k]) for k in wrong[:3]])
    # an action a trump brings is still brought by it (offered only while the trump is face up)
    assert {a.id: a.trump for a in back.actions.values()} == {a.id: a.trump for a in bundled.actions.values()}
    # and the same games: seeded random games end in the same state (its digest), format by format
    for fmt in ("lite", "mast", "extra"):
        rules = compile_rules(defs, "act8.2", fmt), compile_rules(defs, "rt8.2", fmt)
        assert list(rules[0].actions) == list(rules[1].actions)
        for seed in range(3):
            a, b = (play_game(r, [RandomAgent(seed), RandomAgent(seed + 100)], seed) for r in rules)
            assert (a.winner, a.turns, a.decisions, a.state_hash) == (b.winner, b.turns, b.decisions, b.state_hash)


def test_import_then_export_gives_back_the_official_file(tmp_path: Path) -> None:
    r = bpdsl("import", "official", str(upstream.ACT), "--edition", "off8.2", "--out", "off", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = bpdsl("export", "official", "--out", "back.yaml", cwd=tmp_path / "off")  # the project's edition
    assert r.returncode == 0, r.stderr
    official = upstream.load()
    # the imported edition keeps the trumps (format extra) it inherits; the official file lists the four others
    back = [e for e in upstream.load(tmp_path / "off" / "back.yaml") if set(e.formats) & set(upstream.FORMATS)]
    assert [(e.kind, e.name, e.formats) for e in back] == [(e.kind, e.name, e.formats) for e in official]
    problems = []
    for want, got in zip(official, back):
        for field in sorted(set(want.fields) | set(got.fields)):
            if upstream.norm(want.fields.get(field)) != upstream.norm(got.fields.get(field)):
                problems.append(f"{want.name} {field}: {want.fields.get(field)!r} != {got.fields.get(field)!r}")
    assert not problems, "\n".join(problems)
    raw = yaml.safe_load(upstream.ACT.read_text(encoding="utf-8"))
    mine = yaml.safe_load((tmp_path / "off" / "back.yaml").read_text(encoding="utf-8"))
    ids = [a["actId"] for g in mine["actList"] for a in g["acts"] if a["format"] != "extra"]
    assert len(ids) == sum(len(g["acts"]) for g in raw["actList"])


def test_usage_errors(tmp_path: Path) -> None:
    r = bpdsl("export", "official", "--edition", "act9x", "--out", "x.yaml", cwd=tmp_path)
    assert r.returncode == 2 and "unknown edition" in r.stderr and "Traceback" not in r.stderr
    r = bpdsl("export", "official", "--edition", "act8.2", "--out", str(tmp_path), cwd=tmp_path)
    assert r.returncode == 2 and "directory" in r.stderr
    assert not (tmp_path / "x.yaml").exists()


@pytest.mark.slow  # imports a whole edition (about 10 s of CPU), as the act8.2 round trip does
def test_a_frame_edition_exported_then_imported_prints_and_plays_the_same(tmp_path: Path) -> None:
    """act9.0-draft (trumps printed the frame way) through the official format and back: its units ($C and
    「「騎士」1体」), its trump conditions and its triggers through trumps and characters are read back as the
    links they print from -- every text as ops, every entry played, the same printed text and the same games."""
    r = bpdsl("export", "official", "--edition", "act9.0-draft", "--out", "x.yaml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "actUnit: 「騎士」1体" in (tmp_path / "x.yaml").read_text(encoding="utf-8")
    r = bpdsl("import", "official", "x.yaml", "--edition", "rt9", "--extends", "act9.0-draft", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "E001" not in r.stderr  # the 裏切札 row is read back as the edition's face_down_trump
    assert "face_down_trump:" in (tmp_path / "rt9" / "definitions" / "edition.yaml").read_text(encoding="utf-8")
    report = json.loads(r.stdout)
    assert report["fields"]["overridden"] == 0 and not report["left_out_of_play"], report["left_out_of_play"]
    defs = load_or_raise([definitions_dir(), tmp_path / "rt9" / "definitions"])
    bundled, back = defs.editions["act9.0-draft"], defs.editions["rt9"]
    want, got = _printed(edition_texts(bundled, "extra")), _printed(edition_texts(back, "extra"))
    wrong = [k for k in want if got.get(k) != want[k]]
    assert not wrong, [(k, want[k], got.get(k)) for k in wrong[:3]]
    assert {a.id: a.trump for a in back.actions.values()} == {a.id: a.trump for a in bundled.actions.values()}
    # the import lists the entries in the file's (printed) order, the bundled draft in its parent's with its own
    # after them: the rules are compared in one order, where a random agent meets the same choices
    assert set(back.actions) == set(bundled.actions) and set(back.characters) == set(bundled.characters)
    back.actions = {k: back.actions[k] for k in bundled.actions}
    back.characters = {k: back.characters[k] for k in bundled.characters}
    rules = compile_rules(defs, "act9.0-draft", "extra"), compile_rules(defs, "rt9", "extra")
    for seed in range(2):
        a, b = (play_game(r, [RandomAgent(seed), RandomAgent(seed + 100)], seed) for r in rules)
        assert (a.winner, a.turns, a.decisions, a.state_hash) == (b.winner, b.turns, b.decisions, b.state_hash)


def test_the_face_down_trump_goes_to_the_trump_list_and_reads_back() -> None:
    """act9.0-draft's ``face_down_trump`` (the frame list's 裏切札: any card lying face down, no ability) is
    exported as the frame list writes it, the row the import reads as the edition's face_down_trump (the
    frame round trip below, and the import of the official frame list)."""
    from bpdsl.games.blackpoker.official.export import official_document

    edition = load_or_raise([definitions_dir()]).editions["act9.0-draft"]
    doc = official_document(edition)
    (row,) = [r for g in doc["trumpList"] for r in g["trumps"] if r["trumpType"] == "裏切札"]
    # the draft's list names frames (official: {layout: frames}) and the 裏切札's own id (official: trumpId)
    assert (row["trumpName"], row["trumpId"], row["trumpKey"], row["trumpAbility"], row["frame"]) == \
        ("裏切札", "secretTrump", "全て(裏向き)", "なし\n", "・エクストラ")
    assert len([r for g in doc["trumpList"] for r in g["trumps"]]) == len(edition.trumps) + 1

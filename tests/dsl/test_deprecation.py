"""Deprecation before retirement: a deprecated op or argument still works and warns (W003) with what to write
instead; ``bpdsl migrate`` rewrites a call with the deprecation's migration.  No op is deprecated today, so
the test declares one on an op the fixture uses and takes it back afterwards."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bpdsl.dsl.loader import load
from bpdsl.ops import registry

HERE = Path(__file__).parent
FLOW = HERE.parent.parent / "definitions" / "blackpoker" / "flows" / "bp2024.yaml"


@pytest.fixture
def deprecated_charge_all(monkeypatch: pytest.MonkeyPatch) -> registry.Deprecation:
    registry.load_all()
    monkeypatch.setattr(registry, "DEPRECATED", dict(registry.DEPRECATED))
    monkeypatch.setattr(registry, "DEPRECATED_ARGS", dict(registry.DEPRECATED_ARGS))
    dep = registry.deprecate("charge_all", "set_state: {cards: all_own, state: charge}", since="0.2.0",
                             retire_in="0.3.0",
                             migrate=lambda a: [{"set_state": {"cards": "all_own", "state": "charge"}}])
    registry.deprecate("put_onto_field", "face: up is the default", since="0.2.0", retire_in="0.3.0",
                       argument="face")
    return dep


def _base(tmp_path: Path) -> Path:
    for f in (HERE / "fixtures" / "base").iterdir():
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


def test_a_deprecated_op_and_argument_warn_w003_and_still_load(tmp_path: Path, deprecated_charge_all) -> None:  # type: ignore[no-untyped-def]
    result = load([_base(tmp_path), FLOW])
    assert result.ok  # still valid: a warning, not an error
    got = [(d.code, Path(d.pos.file).name, d.pos.line, d.message, d.hint) for d in result.diagnostics]
    assert [(c, f, line) for c, f, line, _, _ in got] == [("W003", "actions.yaml", 21), ("W003", "actions.yaml", 31)]
    assert "op 'charge_all' is deprecated since 0.2.0 and may be retired in 0.3.0" in got[0][3]
    assert got[0][4] == "write instead: set_state: {cards: all_own, state: charge} (bpdsl migrate writes it)"
    assert "argument 'face' is deprecated" in got[1][3] and "(bpdsl migrate" not in got[1][4]


def test_without_the_deprecation_there_is_no_warning(tmp_path: Path) -> None:
    result = load([_base(tmp_path), FLOW])
    assert result.ok and result.diagnostics == []


def test_migrate_rewrites_a_deprecated_call_and_keeps_the_rest(deprecated_charge_all) -> None:  # type: ignore[no-untyped-def]
    from bpdsl.migrate.ops import migrate_ops
    from bpdsl.migrate.roundtrip import Edit

    text = (HERE / "fixtures" / "base" / "actions.yaml").read_text(encoding="utf-8")
    edit = Edit(text)
    changes = migrate_ops(edit)
    assert [c.op for c in changes] == ["charge_all"] and changes[0].written is not None
    after = edit.text()
    assert "charge_all" not in after and "      - set_state: {cards: all_own, state: charge}\n" in after
    old, new = text.splitlines(), after.splitlines()
    assert len(old) == len(new) and sum(a != b for a, b in zip(old, new)) == 1  # one line changed


def test_a_retired_call_without_a_mechanical_replacement_is_left_and_reported() -> None:
    from bpdsl.migrate.ops import migrate_ops
    from bpdsl.migrate.roundtrip import Edit

    edit = Edit("effect:\n  - if_target_key_sum: {at_least: many}   # kept\n  - if_target_key_sum: {at_least: 5}\n")
    changes = migrate_ops(edit)
    assert [c.written is None for c in changes] == [True, False]
    assert "need your judgement" in changes[0].describe() and "target.key_sum >= N" in changes[0].describe()
    assert edit.text() == ("effect:\n  - if_target_key_sum: {at_least: many}   # kept\n"
                           "  - proceed_if: {if: target.key_sum >= 5}\n")


def test_lines_ruamel_would_rewrap_keep_their_text() -> None:
    from bpdsl.migrate.roundtrip import Edit

    text = ("# a comment\nitems:\n    - {a: 1,\n       b: 2}     # wrapped by hand\n    - old   # the old one\n"
            "    - z\nother:   {x: 1}\n")
    edit = Edit(text)
    edit.replace_item(edit.doc["items"], 1, [{"new": True}])
    assert edit.text() == text.replace("- old   #", "- {new: true}   #")
    edit = Edit(text)
    edit.replace_item(edit.doc["items"], 0, [{"a": 2}, "two"])  # one item becomes two, wrapped text and all
    assert edit.text() == text.replace("{a: 1,\n       b: 2}", "{a: 2}\n    - two")
    edit = Edit(text)
    edit.replace_value(edit.doc, "other", "plain")
    assert edit.text() == text.replace("{x: 1}", "plain")


@pytest.fixture
def renamed_term(monkeypatch: pytest.MonkeyPatch) -> None:
    registry.load_all()
    monkeypatch.setattr(registry, "DEPRECATED_TERMS", dict(registry.DEPRECATED_TERMS))
    registry.deprecate_term("old_life", "life", since="0.2.0", retire_in="0.3.0")


def test_a_deprecated_term_still_words_the_sheet_and_warns(tmp_path: Path, renamed_term) -> None:  # type: ignore[no-untyped-def]
    base = _base(tmp_path)
    edition = base / "edition.yaml"
    text = edition.read_text(encoding="utf-8")
    assert "terms: {life: ライフ}\n" in text
    edition.write_text(text.replace("terms: {life: ライフ}", "terms: {old_life: いのち}"), encoding="utf-8")
    result = load([base, FLOW])
    assert result.ok, [d.format() for d in result.errors]
    got = [(d.code, d.pos.line, d.message, d.hint) for d in result.diagnostics]
    assert len(got) == 1 and got[0][0] == "W003" and "term 'old_life' is deprecated" in got[0][2]
    assert got[0][3] == "write 'life' (bpdsl migrate renames it)"
    assert result.definitions.editions["mini"].terms.get("life") == "いのち"  # read as the new key

    from bpdsl.migrate.ops import migrate_ops
    from bpdsl.migrate.roundtrip import Edit

    edit = Edit(edition.read_text(encoding="utf-8"))
    migrate_ops(edit)
    assert edit.text() == text.replace("ライフ", "いのち")

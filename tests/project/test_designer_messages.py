"""Messages for a designer's mistakes in an edition that extends another."""
from __future__ import annotations

from pathlib import Path

from bpdsl.dsl.loader import load

EDITION = "kind: edition\nid: my\nextends: act8.0\nname: 私の版\ndate: 2026/11/22\n"


def test_a_misspelt_override_is_not_an_inherited_action(tmp_path: Path) -> None:
    (tmp_path / "edition.yaml").write_text(EDITION, encoding="utf-8")
    (tmp_path / "actions.yaml").write_text(
        "kind: actions\nedition: my\nactions:\n  - id: place_bulwrk\n    name: 防壁設置\n", encoding="utf-8")
    from bpdsl.resources import definitions_dir

    errors = load([definitions_dir(), tmp_path]).errors
    assert len(errors) == 1
    d = errors[0]
    assert (d.code, d.pos.line) == ("S002", 4)
    assert d.message.startswith("'place_bulwrk' is not an inherited action of act8.0; did you mean 'place_bulwark'?")
    assert "as a new action it misses required key(s): category, type, formats, effect" in d.message


def test_an_edition_states_its_name_and_date_even_when_it_inherits_the_rest(tmp_path: Path) -> None:
    (tmp_path / "edition.yaml").write_text("kind: edition\nid: my\nextends: act8.0\n", encoding="utf-8")
    from bpdsl.resources import definitions_dir

    errors = load([definitions_dir(), tmp_path]).errors
    assert [e.message for e in errors] == ["edition 'my' misses required key(s): name, date"]

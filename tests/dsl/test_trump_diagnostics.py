"""A trump definition (document kind ``trumps``) becomes part of its edition; its mistakes (E001-E003) have
their fixtures with the other codes' in test_diagnostics."""
from __future__ import annotations

from pathlib import Path

from tests.dsl.test_diagnostics import FLOW, load_case


def test_a_valid_trump_becomes_part_of_its_edition(tmp_path: Path) -> None:
    load_case(tmp_path, None)
    (tmp_path / "trumps.yaml").write_text(
        "kind: trumps\nedition: mini\nformat: lite\ntrumps:\n"
        "  - id: drain\n    card: ♡2\n    name: ドレイン\n    abilities:\n      - may_raise: {action: drain}\n"
        "    actions:\n      - id: drain\n        name: ドレイン\n        category: basic\n        type: 通常魔法\n"
        "        effect:\n          - draw_top: {count: 1}\n", encoding="utf-8")
    from bpdsl.dsl.loader import load

    result = load([tmp_path, FLOW])
    assert result.diagnostics == []
    edition = result.definitions.editions["mini"]
    trump = edition.trumps["drain"]
    assert (trump.suit, trump.number, trump.actions, trump.formats) == ("heart", "2", ["drain"], ["lite"])
    assert edition.actions["drain"].trump == "drain" and edition.actions["drain"].formats == ["lite"]


EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "designer" / "examples" / "ninth" / "definitions"


def _example_errors(tmp_path: Path, file: str, old: str, new: str) -> list[str]:
    import shutil

    from bpdsl.dsl.loader import default_paths, load

    shutil.copytree(EXAMPLE, tmp_path / "defs")
    path = tmp_path / "defs" / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return [d.format() for d in load([*default_paths(), tmp_path / "defs"]).diagnostics]


def test_an_inherited_action_left_untriggered_is_reported_in_the_designers_file(tmp_path: Path) -> None:
    errors = _example_errors(tmp_path, "edition.yaml", "remove: {actions: [trump_reset]}", "")
    assert len(errors) == 1 and "T001" in errors[0], errors
    assert errors[0].startswith(str(tmp_path / "defs" / "edition.yaml")), errors
    assert "inherited from act8.2" in errors[0] and "remove: {actions: [trump_reset]}" in errors[0]


def test_a_trump_action_no_ability_raises_is_refused(tmp_path: Path) -> None:
    errors = _example_errors(tmp_path, "trumps.yaml", "      - may_raise: {action: quick_intimidate}\n", "")
    assert len(errors) == 1 and "T005" in errors[0] and "'quick_intimidate'" in errors[0], errors
    assert errors[0].startswith(str(tmp_path / "defs" / "trumps.yaml"))


def test_an_inherited_trump_action_not_written_stays_with_its_trump(tmp_path: Path) -> None:
    from bpdsl.dsl.loader import default_paths, load

    result = load([*default_paths(), EXAMPLE])
    assert result.diagnostics == []
    edition = result.definitions.editions["ex9"]
    assert edition.trumps["intimidation"].actions == ["intimidate", "quick_intimidate"]
    assert edition.actions["intimidate"].trump == "intimidation"


def test_an_action_removed_while_an_inherited_trump_raises_it_is_reported_at_the_removal(tmp_path: Path) -> None:
    """The mistake is the designer's ``remove:``, so the diagnostic points there (not at the bundled trump that
    still names the action) and names the inherited trump to change with it."""
    errors = _example_errors(tmp_path, "edition.yaml", "remove: {actions: [trump_reset]}",
                             "remove: {actions: [trump_reset, slash]}")
    assert len(errors) == 1 and "D003" in errors[0], errors
    assert errors[0].startswith(str(tmp_path / "defs" / "edition.yaml") + ":"), errors
    assert "removes action 'slash'" in errors[0] and "the trump 'slash'" in errors[0], errors


def test_hints_for_a_wrong_argument_value_and_name_suggest_the_right_kind(tmp_path: Path) -> None:
    old = "          - destroy_all: {what: [soldier], max_size: 10}\n"
    errors = _example_errors(tmp_path, "trumps.yaml", old, old + "          - damage: {to: attacker_ownr, amount: 2}\n"
                             "          - proceed_if: {if: target.drivn}\n")
    assert len(errors) == 2, errors
    assert all(e.startswith(str(tmp_path / "defs" / "trumps.yaml") + ":") for e in errors), errors
    assert "O002" in errors[0] and "did you mean 'attacker_owner'" in errors[0], errors
    # a condition is told a condition's name (a bool), not a number's
    assert "X001" in errors[1] and "did you mean 'target.charged'" in errors[1], errors

"""Designers' files written against earlier versions of bpdsl still work: each ruling, lesson and example
project of the corpus (tests/compat/README.md) passes as it is, or after ``bpdsl migrate``."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bpdsl.scenarios.lesson import check_lesson, read_lesson
from bpdsl.scenarios.runner import run_scenario

HERE = Path(__file__).resolve().parent
SNAPSHOTS = HERE / "snapshots"

# rulings that fail today because the rule they pin was corrected, with the commit that corrected it
RULE_CHANGES = {
    "2026-11-25-45403b8/scenarios/rulings/act8.2-extra/instant_kill.yaml":
        "2617a38: 瞬殺 asks which soldiers go to the grave from the first one (it took the first unasked)",
}


def _scenarios() -> list[Path]:
    return sorted(p for p in SNAPSHOTS.rglob("*.yaml") if "lessons" not in p.parts and "definitions" not in p.parts)


def _id(p: Path) -> str:
    return str(p.relative_to(SNAPSHOTS))


def test_the_corpus_holds_rulings_of_several_earlier_versions() -> None:
    found = _scenarios()
    assert len(found) >= 150, len(found)
    assert len({p.relative_to(SNAPSHOTS).parts[0] for p in found}) >= 3


@pytest.mark.parametrize("path", _scenarios(), ids=_id)
def test_an_earlier_ruling_passes_unchanged(path: Path) -> None:
    definitions = None
    project = path.parent.parent / "bpdsl.toml"
    if project.is_file():  # the example project's own scenarios read its definitions
        from bpdsl.dsl.loader import load
        from bpdsl.dsl.project import select_for_file

        selection = select_for_file(path)
        assert selection is not None
        loaded = load(selection.roots())
        assert loaded.ok, [d.format() for d in loaded.errors]
        definitions = loaded.definitions
    result = run_scenario(path, definitions)
    reason = RULE_CHANGES.get(_id(path))
    if reason is not None:
        assert not result.ok, f"{_id(path)} passes again: take it off RULE_CHANGES ({reason})"
        return
    assert result.ok, result.failures


def test_old_labels_are_chosen_with_a_warning_naming_the_selector() -> None:
    path = SNAPSHOTS / "2026-11-25-45403b8" / "scenarios" / "act8.0" / "combat_soldiers.yaml"
    result = run_scenario(path)
    assert result.ok, result.failures
    assert len(result.warnings) == 2
    assert "W101 decisions[3].choose: label '自分の一般兵[◇3](チャージ)' is the form of 0.1.0" in result.warnings[0]
    assert "write {block: {by: ◇3, attacker: ♠8}}" in result.warnings[0]
    assert result.warnings[0].startswith(f"{path}:19:")


@pytest.mark.parametrize("path", sorted((SNAPSHOTS / "2026-11-25-6df1c52-lessons").rglob("*.yaml")), ids=_id)
def test_an_earlier_lesson_is_still_solved(path: Path) -> None:
    problems = check_lesson(read_lesson(path))
    assert problems and not any(problems.values()), problems


def test_a_project_with_a_retired_op_and_old_labels_passes_after_migrate(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from bpdsl.migrate.project import plan, write

    project = tmp_path / "project"
    shutil.copytree(HERE / "projects" / "retired-op", project)
    monkeypatch.chdir(project)
    p = plan(project)
    assert p.before.scenarios and all(v.startswith("ERROR") for v in p.before.scenarios.values())
    assert not p.after.errors and p.after.passed == 2 and p.safe
    trumps = next(f for f in p.changed if f.path.name == "trumps.yaml")
    assert "bulwark_from_life_if_behind" not in trumps.after and "put_onto_field:" in trumps.after
    assert "# only when behind in bulwarks" in trumps.after  # comments kept
    assert trumps.after.splitlines()[:8] == trumps.before.splitlines()[:8]  # untouched lines kept as written
    write(p)
    again = plan(project)
    assert not again.changed and again.after.passed == 2


# the rulings whose labels changed on 2026-11-25 (git show --stat 03265f9 -- scenarios), as written before
LABELLED = ["act6.1/hero_next_generation.yaml", "act8.0/armed_soldier_two_triggers.yaml",
            "act8.0/bulwark_block_other_rank.yaml", "act8.0/combat_soldiers.yaml",
            "rulings/act8.2-extra/demon_king_leaves.yaml", "rulings/act8.2-extra/revolution_draw.yaml"]


def test_migrate_rewrites_a_suite_of_old_rulings_to_selectors(tmp_path: Path) -> None:
    from bpdsl.migrate.project import plan, write

    suite = tmp_path / "rulings"
    for name in LABELLED:
        (suite / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(SNAPSHOTS / "2026-11-25-45403b8" / "scenarios" / name, suite / name)
    before = {p: p.read_text(encoding="utf-8") for p in suite.rglob("*.yaml")}
    p = plan(suite)  # a folder of scenarios alone: the bundled editions
    assert p.before.passed == len(LABELLED) and p.after.passed == len(LABELLED) and p.safe
    assert len(p.changed) == len(LABELLED)
    assert {f.path: f.before for f in p.files} == before  # nothing written yet
    assert all(path.read_text(encoding="utf-8") == text for path, text in before.items())
    write(p)
    for path in suite.rglob("*.yaml"):
        r = run_scenario(path)
        assert r.ok and not r.warnings, (path, r.failures, r.warnings)
        old, new = before[path].splitlines(), path.read_text(encoding="utf-8").splitlines()
        assert len(old) == len(new)  # labels replaced in place, nothing else moved
        assert all(a == b or "choose" in a or a.lstrip().startswith("- ") for a, b in zip(old, new))


def test_bpdsl_scenario_passes_an_old_ruling_and_prints_w101_with_its_place() -> None:
    from typer.testing import CliRunner

    from bpdsl.cli import app

    path = SNAPSHOTS / "2026-11-25-45403b8" / "scenarios" / "act8.0" / "combat_soldiers.yaml"
    r = CliRunner().invoke(app, ["scenario", str(path)])
    assert r.exit_code == 0, r.output
    assert f"PASS  {path}" in r.stdout
    assert f"{path}:19:20: W101 decisions[3].choose:" in r.stderr
    assert "2 option(s) named by an earlier release's label (W101); `bpdsl migrate` rewrites them" in r.stderr


def test_migrate_checks_a_scenario_that_names_definitions_outside_the_project(tmp_path: Path) -> None:
    """A scenario of the project may read a folder beside it (``definitions: [../../shared]``): the migrated
    copy still finds it, so the migration is judged on the same definitions."""
    from bpdsl.migrate.project import plan

    shared = tmp_path / "shared"
    shutil.copytree(HERE / "projects" / "retired-op" / "definitions", shared)
    (shared / "trumps.yaml").unlink()  # the edition alone, no retired op
    suite = tmp_path / "suite"
    suite.mkdir()
    text = (HERE / "projects" / "retired-op" / "scenarios" / "combat_soldiers.yaml").read_text(encoding="utf-8")
    (suite / "combat.yaml").write_text("definitions: [../shared]\n" + text, encoding="utf-8")
    p = plan(suite)
    assert p.before.passed == 1 and p.after.passed == 1 and p.safe, (p.before, p.after)
    assert len(p.changed) == 1 and "{block: {by: ◇3, attacker: ♠8}}" in p.changed[0].after

"""The designer's manual: reference pages generated from the registries (compared with them here), and
rulebook pages for every edition and format the definitions declare, a designer's own included."""
from __future__ import annotations

import html
from pathlib import Path

import pytest

from bpdsl.diagnostics import CODES
from bpdsl.dsl.expr_names import names
from bpdsl.ops.registry import load_all
from bpdsl.resources import docs_dir

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def built(rulebook: Path) -> Path:
    """The rulebook with a designer's edition ``my`` (私の版) beside the bundled ones: tests/render/conftest.py."""
    return rulebook


def page(built: Path, name: str) -> str:
    return html.unescape((built / f"{name}.html").read_text(encoding="utf-8"))


def test_the_op_reference_lists_every_registered_op_and_who_uses_it(built: Path) -> None:
    text = page(built, "dsl")
    for op in load_all():
        assert f'id="op-{op.replace("_", "-")}"' in text, op
    assert text.count("used by") == len(load_all())
    assert "act8.0:throwing" in text


def test_the_expression_reference_lists_every_declared_name(built: Path) -> None:
    text = page(built, "designer/expressions")
    for name, info in names().items():
        assert name in text and info.phrase_ja in text, name


def test_every_diagnostic_code_is_listed_with_its_example_message(built: Path) -> None:
    text = page(built, "designer/diagnostics")
    for code, meaning in CODES.items():
        assert f"{code} — {meaning}" in text, code
    assert text.count("bpdsl validate says:") >= 30  # every code of the DSL has a bundled broken example
    assert "did you mean 'ruby'" in text  # the S001 example's real message


def test_key_patterns_and_scenario_format_come_from_the_code(built: Path) -> None:
    patterns = page(built, "designer/patterns")
    assert "same_suit" in patterns and "♠A〜K と ♣A〜K" in patterns
    assert "act8.0:throwing" in patterns
    assert "decisions:" in page(built, "designer/scenarios")


def test_every_edition_and_format_has_a_page_the_designers_too(built: Path) -> None:
    from bpdsl.dsl.loader import load_definitions
    from bpdsl.render.sheet import sheet_formats

    index = page(built, "actionlists/index")
    for edition, fmt in sheet_formats(load_definitions()):
        assert (built / "actionlists" / f"{edition}-{fmt}.html").is_file(), (edition, fmt)
    mine = page(built, "actionlists/my-std")
    assert "エンドX" in mine
    assert "エンドX" in page(built, "actionlists/my-changes")
    assert "私の版" in index
    hand = {p.stem for p in docs_dir().glob("actionlists/*.rst")}  # pages with prose of their own
    generated = [f"{e}-{f}" for e, f in sheet_formats(load_definitions()) if f"{e}-{f}" not in hand]
    assert len(generated) > len(hand)
    for name in generated:  # the others come from the definitions alone
        assert (built / ".source" / "actionlists" / f"{name}.rst").read_text(encoding="utf-8").startswith(":orphan:")

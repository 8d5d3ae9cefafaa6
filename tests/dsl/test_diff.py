"""The edition diff compares the model (not the YAML text) and names what changed."""
from __future__ import annotations

import copy
import dataclasses

import pytest

from bpdsl.dsl.diff import diff_editions
from bpdsl.dsl.loader import load_or_raise
from bpdsl.model import Definitions, Request


@pytest.fixture(scope="module")
def defs() -> Definitions:
    return load_or_raise()


def test_act61_to_act80(defs: Definitions) -> None:
    d = diff_editions(defs.editions["act6.1"], defs.editions["act8.0"])
    added = {e.id for e in d.of("added", "action")}
    assert "summon_magician" in added
    attack = d.find("attack")
    assert attack is not None and attack.status == "changed"
    request = next(f for f in attack.fields if f.field == "request")
    assert (request.old, request.new) == ("@メイン", "@直接-通常-メイン")
    assert any(f.field == "notation" for f in d.edition)


def test_an_edition_equals_itself(defs: Definitions) -> None:
    e = defs.editions["act8.0"]
    d = diff_editions(e, e)
    assert d.entries == [] and d.edition == []


def test_positions_do_not_count_but_values_do(defs: Definitions) -> None:
    old = defs.editions["act8.0"]
    new = copy.copy(old)
    new.actions = dict(old.actions)
    throwing = old.actions["throwing"]
    moved = [dataclasses.replace(c, pos=dataclasses.replace(c.pos, line=c.pos.line + 100)) for c in throwing.effect]
    new.actions["throwing"] = dataclasses.replace(throwing, effect=moved, pos=dataclasses.replace(throwing.pos, line=1))
    assert diff_editions(old, new).entries == []
    new.actions["throwing"] = dataclasses.replace(throwing, cost="B", request=Request("direct", "normal", "quick"))
    change = diff_editions(old, new).find("throwing")
    assert change is not None
    assert {f.field for f in change.fields} == {"cost", "request"}
    del new.actions["throwing"]
    removed = diff_editions(old, new).of("removed")
    assert [e.id for e in removed] == ["throwing"]


def test_category_headings_name_their_list_when_a_heading_repeats(defs: Definitions) -> None:
    d = diff_editions(defs.editions["act6.1"], defs.editions["act8.0"])
    change = next(f for f in d.edition if f.field == "categories")
    new = [c.strip() for c in change.new.split(",")]
    assert len(new) == len(set(new)) == len(defs.editions["act8.0"].categories)


def test_trumps_and_their_abilities_are_listed() -> None:
    from pathlib import Path

    from bpdsl.dsl.loader import default_paths

    example = Path(__file__).resolve().parents[2] / "docs" / "designer" / "examples" / "ninth" / "definitions"
    ex = load_or_raise([*default_paths(), example])
    d = diff_editions(ex.editions["act8.2"], ex.editions["ex9"])
    renamed = d.find("encouragement")
    assert renamed is not None and renamed.kind == "trump"
    assert [(f.field, f.old, f.new) for f in renamed.fields if f.field == "name"] == [("name", "激励", "誘惑")]
    fortress = d.find("fortress")
    assert fortress is not None and {f.field for f in fortress.fields} == {"abilities", "actions"}
    assert "card_moved" in next(f.new for f in fortress.fields if f.field == "abilities")
    assert {e.id for e in d.of("changed", "trump")} == {"intimidation", "encouragement", "add_bulwark", "loss",
                                                          "reset", "fortress"}

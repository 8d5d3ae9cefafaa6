"""How bpdsl.render.text arranges op phrases: nesting, list styles, header order, marks and overrides."""
from __future__ import annotations

import copy

from bpdsl.model import OpCall
from bpdsl.render.text import action_text, character_text, count_overrides, parse_lines


def test_indented_phrase_lines_nest() -> None:
    item = parse_lines("head\n  one\n    one-a\n  two")
    assert item.text == "head"
    assert [i.text for i in item.children[0].items] == ["one", "two"]
    assert item.children[0].items[0].children[0].items[0].text == "one-a"


def test_numbered_steps_nest_alpha_then_roman(definitions) -> None:
    ed = definitions.editions["act8.0"]
    effect = action_text(ed, ed.actions["damage_judgement"], "std").section("effect")[0]
    lead, steps = effect.blocks
    assert lead.text and not lead.items
    assert steps.style == "decimal" and len(steps.items) == len(ed.actions["damage_judgement"].effect)
    bulwark = steps.items[1].children[0]
    assert bulwark.style == "alpha"
    assert bulwark.items[0].children[0].style == "roman"


def test_classic_steps_are_bulleted_and_abilities_nest_numbers(definitions) -> None:
    ed = definitions.editions["act6.1"]
    effect = action_text(ed, ed.actions["charge"], "lite").section("effect")[0]
    assert effect.blocks[-1].style == "bullet"
    abilities = character_text(ed, ed.characters["bulwark"], "lite").section("ability")[0].blocks[0]
    judgement = abilities.items[-1]
    assert abilities.style == "bullet" and judgement.children[0].style == "decimal"
    assert judgement.children[0].items[0].children[0].style == "alpha"


def test_single_step_with_sub_items_is_a_paragraph_with_bullets(definitions) -> None:
    ed = definitions.editions["act8.0"]
    block = action_text(ed, ed.actions["attack"], "std").section("effect")[0].blocks[0]
    assert block.text and block.children and block.children[0].style == "bullet"


def test_header_follows_the_edition_notation(definitions) -> None:
    six, eight = definitions.editions["act6.1"], definitions.editions["act8.0"]
    h6 = action_text(six, six.actions["summon_soldier"], "lite").header_parts
    h8 = action_text(eight, eight.actions["summon_soldier"], "std").header_parts
    assert h6[1].startswith("★") and h6[2] == "@メイン" and h6[0].endswith("[lite]")
    assert h8[1] == "@直接-通常-メイン" and h8[-1].startswith("★")


def test_marks_by_format(definitions) -> None:
    ed = definitions.editions["act8.0"]
    assert action_text(ed, ed.actions["summon_magician"], "std").mark == "○"
    assert action_text(ed, ed.actions["summon_soldier"], "std").mark == "■"
    assert action_text(ed, ed.actions["summon_soldier"]).mark == ""


def test_text_override_is_printed_and_counted(definitions) -> None:
    ed = copy.deepcopy(definitions.editions["act8.0"])
    before = count_overrides(ed)
    ed.actions["twist"].effect = [OpCall("toggle_state", {}, text="上書きされた文")]
    text = action_text(ed, ed.actions["twist"], "std")
    assert text.section("effect")[0].text == "上書きされた文"
    assert text.overrides == 1 and count_overrides(ed) == before + 1

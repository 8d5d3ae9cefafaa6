"""``bpdsl lsp`` driven over stdio by a scripted client, as an editor drives it: a designer's project whose
edition extends act8.2, a typo and its quick fix, hover, completion, definition across ``extends``, and a
retired op replaced by the composition its retirement names.

The session runs once (one server process); each test checks one part of what it recorded.
"""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types as T

from tests.lsp.lspclient import ROOT, ScriptedClient, apply_edits

EDITION = """kind: edition
id: my
name: 私の版
extends: act8.2
date: 2026/11/25
"""
ACTIONS = """kind: actions
edition: my
actions:
  - id: summon_soldier
    cost: B
  - id: volley
    after: summon_ace
    name: 一斉射撃
    ruby: いっせいしゃげき
    category: normal_magic
    type: 通常魔法
    request: {trigger: direct, speed: normal, timing: main}
    key: "♠A〜K"
    target: {target_player: {who: opponent}}
    formats: [std]
    effect:
      - damage: {to: target, amount: key.spade.rank}
"""


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.split("\n")) if needle in line)


async def _session(project: Path) -> dict[str, Any]:
    rec: dict[str, Any] = {}
    client = ScriptedClient(project)
    await client.start()
    try:
        actions = project / "definitions" / "my" / "actions.yaml"
        uri = await client.open(actions)
        rec["clean"] = await client.wait_diagnostics(uri, lambda ds: True)

        typo = ACTIONS.replace("- damage:", "- dammage:")
        await client.change(uri, typo)
        diags = await client.wait_diagnostics(uri, lambda ds: any(d.code == "O001" for d in ds))
        rec["typo"] = diags
        o001 = next(d for d in diags if d.code == "O001")
        rec["typo_actions"] = actions_ = await client.code_actions(uri, o001)
        fixed = apply_edits(typo, list(actions_[0].edit.changes[uri]))
        rec["fixed_text"] = fixed
        await client.change(uri, fixed)
        rec["after_fix"] = await client.wait_diagnostics(uri, lambda ds: not ds)

        line = _line_of(fixed, "- id: summon_soldier")
        rec["hover_entry"] = await client.hover(uri, line, 12)
        line = _line_of(fixed, "- damage:")
        rec["hover_op"] = await client.hover(uri, line, 9)
        rec["hover_key"] = await client.hover(uri, _line_of(fixed, 'key: "♠A'), 11)

        typing = fixed.replace("      - damage: {to: target, amount: key.spade.rank}", "      - dam")
        await client.change(uri, typing)
        line = _line_of(typing, "      - dam")
        rec["complete_op"] = await client.complete(uri, line, len("      - dam"))
        typing2 = fixed.replace("{to: target, amount: key.spade.rank}", "{to: ")
        await client.change(uri, typing2)
        line = _line_of(typing2, "{to: ")
        rec["complete_arg"] = await client.complete(uri, line, len("      - damage: {to: "))
        typing3 = fixed.replace("  - id: summon_soldier", "  - id: summ")
        await client.change(uri, typing3)
        rec["complete_id"] = await client.complete(uri, _line_of(typing3, "id: summ"), len("  - id: summ"))
        await client.change(uri, fixed)

        rec["definition"] = await client.definition(uri, _line_of(fixed, "- id: summon_soldier"), 12)
        edition_uri = await client.open(project / "definitions" / "my" / "edition.yaml")
        rec["definition_extends"] = await client.definition(edition_uri, 3, 11)

        bd = ROOT / "definitions" / "blackdoubt" / "editions" / "bd1" / "actions.yaml"
        original = bd.read_text(encoding="utf-8")
        retired = original.replace("      - draw_to_field: {face: choose, where: beside}\n"
                                   "      - add_counter: {counter: drawn, amount: 1}\n", "      - bd_draw\n", 1)
        assert retired != original
        bd_uri = await client.open(bd, retired)
        diags = await client.wait_diagnostics(bd_uri, lambda ds: any(d.code == "O001" for d in ds))
        rec["retired"] = next(d for d in diags if d.code == "O001")
        rec["retired_actions"] = await client.code_actions(bd_uri, rec["retired"])
        replaced = apply_edits(retired, list(rec["retired_actions"][0].edit.changes[bd_uri]))
        rec["retired_text"] = replaced
        await client.change(bd_uri, replaced)
        rec["retired_after"] = await client.wait_diagnostics(bd_uri, lambda ds: not any(d.code == "O001" for d in ds))
    finally:
        await client.stop()
    return rec


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    project = tmp_path_factory.mktemp("designer")
    folder = project / "definitions" / "my"
    folder.mkdir(parents=True)
    (folder / "edition.yaml").write_text(EDITION, encoding="utf-8")
    (folder / "actions.yaml").write_text(ACTIONS, encoding="utf-8")
    return asyncio.run(_session(project))


def _text(hover: T.Hover | None) -> str:
    assert hover is not None
    assert isinstance(hover.contents, T.MarkupContent)
    return hover.contents.value


def test_a_valid_file_gets_no_diagnostics(session: dict[str, Any]) -> None:
    assert session["clean"] == []


def test_a_typo_is_diagnosed_with_its_code_and_hint_and_fixed_by_its_code_action(session: dict[str, Any]) -> None:
    o001 = next(d for d in session["typo"] if d.code == "O001")
    assert "unknown op 'dammage'" in o001.message and "did you mean 'damage'" in o001.message
    assert o001.range.start.line == _line_of(ACTIONS, "- damage:")
    assert session["typo_actions"][0].title == "change 'dammage' to 'damage'"
    assert session["fixed_text"] == ACTIONS
    assert session["after_fix"] == []


def test_hover_on_an_entry_shows_its_printed_text_with_the_changed_cost(session: dict[str, Any]) -> None:
    text = _text(session["hover_entry"])
    assert "兵士召喚 (召喚) @直接-通常-メイン $ B ★ 2〜10" in text
    assert "inherited from 第8.2版 act8.2" in text


def test_hover_on_an_op_call_shows_its_phrase_and_manual_entry(session: dict[str, Any]) -> None:
    text = _text(session["hover_op"])
    assert "prints: 対象の対戦相手にX点のダメージを与える。Xはキーカードの♠カードの数字に等しい。" in text
    assert "**damage** (effect op)" in text and "`amount`: expr; required" in text


def test_hover_on_a_key_pattern_shows_its_printed_form(session: dict[str, Any]) -> None:
    text = _text(session["hover_key"])
    assert "printed: ★ ♠A〜K" in text and "13 of the 54 cards" in text


def test_completion_of_op_names_arguments_and_inherited_ids(session: dict[str, Any]) -> None:
    ops = {i.label for i in session["complete_op"]}
    assert "damage" in ops and "once_per_turn" not in ops  # effect ops only
    assert {i.label for i in session["complete_arg"]} >= {"target", "opponent", "self"}
    ids = {i.label for i in session["complete_id"]}
    assert {"summon_soldier", "summon_hero", "summon_ace"} <= ids


def test_definition_of_an_overridden_entry_opens_the_parent_editions_file(session: dict[str, Any]) -> None:
    loc = session["definition"]
    loc = loc[0] if isinstance(loc, list) else loc
    assert loc.uri.endswith("/definitions/blackpoker/editions/act8.2/actions.yaml")
    parent = (ROOT / "definitions/blackpoker/editions/act8.2/actions.yaml").read_text(encoding="utf-8")
    assert "id: summon_soldier" in parent.split("\n")[loc.range.start.line]
    ext = session["definition_extends"]
    ext = ext[0] if isinstance(ext, list) else ext
    assert ext.uri.endswith("/definitions/blackpoker/editions/act8.2/edition.yaml")


def test_a_retired_op_is_replaced_by_the_composition_it_names(session: dict[str, Any]) -> None:
    assert "bd_draw" in session["retired"].message and "retired" in session["retired"].message
    action = session["retired_actions"][0]
    assert action.title.startswith("write instead: draw_to_field: {face: choose} then add_counter:")
    assert ("      - draw_to_field: {face: choose}\n      - add_counter: {counter: drawn, amount: 1}\n"
            in session["retired_text"])
    assert not any(d.code == "O001" for d in session["retired_after"])

"""The editor-neutral answers of bpdsl.lsp, without a server: where the cursor is in YAML being typed,
completion at typical places, and the quick fixes of a diagnostic's hint."""
from __future__ import annotations

from pathlib import Path

import pytest

from bpdsl.diagnostics import Diagnostic, Pos
from bpdsl.dsl.yamlload import load_text
from bpdsl.lsp.complete import complete
from bpdsl.lsp.fixes import fixes
from bpdsl.lsp.workspace import Workspace
from bpdsl.lsp.yamltext import ITEM, where

TEXT = """kind: actions
edition: act8.2
actions:
  - id: a
    effect:
      - dam
      - damage: {to: ta
      - choose_one:
          options:
            - - 
    formats: [lite, s
"""


@pytest.mark.parametrize("line, chain, mode, token", [
    (4, ["actions", ITEM, "id"], "value", "a"),
    (6, ["actions", ITEM, "effect", ITEM], "item", "dam"),
    (7, ["actions", ITEM, "effect", ITEM, "damage", "to"], "value", "ta"),
    (10, ["actions", ITEM, "effect", ITEM, "choose_one", "options", ITEM, ITEM], "item", ""),
    (11, ["actions", ITEM, "formats", ITEM], "item", "s"),
])
def test_where_reads_the_chain_of_unfinished_yaml(line: int, chain: list, mode: str, token: str) -> None:
    text_line = TEXT.split("\n")[line - 1]
    w = where(TEXT, line, len(text_line) + 1)
    assert (w.chain, w.mode, w.token) == (chain, mode, token)


@pytest.fixture(scope="module")
def snapshot():  # type: ignore[no-untyped-def]
    return Workspace().check()


def _labels(snapshot, line: int) -> set[str]:  # type: ignore[no-untyped-def]
    text_line = TEXT.split("\n")[line - 1]
    return {i.label for i in complete(snapshot, TEXT, {"kind": "actions", "edition": "act8.2"}, line, len(text_line) + 1)}


def test_completion_from_the_registries_and_definitions(snapshot) -> None:  # type: ignore[no-untyped-def]
    assert _labels(snapshot, 6) == {"damage"}  # a retired op (damage_per_discard) is not offered
    assert _labels(snapshot, 7) == {"target", "target_owner"}
    assert _labels(snapshot, 11) == {"std"}
    options = _labels(snapshot, 10)
    assert "damage" in options and "once_per_turn" not in options  # choose_one's options: lists of effect steps


def test_a_did_you_mean_hint_becomes_one_fix_per_suggestion() -> None:
    text = "kind: actions\nedition: x\nactions:\n  - id: a\n    effect:\n      - dammage: {to: target}\n"
    d = Diagnostic(Pos("f.yaml", 6, 9), "O001", "unknown op 'dammage'", "did you mean 'damage' or 'damage_x'?")
    found = fixes(d, text, None)
    assert [(f.title, f.edits[0].start, f.edits[0].end, f.edits[0].text) for f in found] == [
        ("change 'dammage' to 'damage'", (6, 9), (6, 16), "damage"),
        ("change 'dammage' to 'damage_x'", (6, 9), (6, 16), "damage_x")]
    assert found[0].preferred and not found[1].preferred


def test_a_retired_op_in_flow_style_gets_its_composition() -> None:
    text = ("kind: actions\nedition: bd1\nactions:\n  - id: a\n    effect:\n"
            "      - bd_point_limit: {}\n      - next: x\n")
    doc, _ = load_text(text, "f.yaml")
    d = Diagnostic(Pos("f.yaml", 6, 9), "O001", "op 'bd_point_limit' was retired: it is a composition of general ops now",
                   "write instead: ...")
    (fix,) = fixes(d, text, doc)
    assert fix.title == "write instead: lose_at: {counter: points, at_least: 100}"
    e = fix.edits[0]
    lines = text.split("\n")
    before = "\n".join(lines[: e.start[0] - 1] + [lines[e.start[0] - 1][: e.start[1] - 1]])
    assert before.endswith("      - ")

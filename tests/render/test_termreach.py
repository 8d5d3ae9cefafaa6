"""An edition-wide wording term is reported with every entry whose printed text it changes, so that a term
set for one entry's sake cannot reword another unseen (`bpdsl diff`)."""
from __future__ import annotations

import dataclasses
import json

from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.render.termreach import term_reach


def test_a_term_meant_for_one_entry_names_every_entry_it_rewords(defs) -> None:
    old = defs.editions["act8.2"]
    new = dataclasses.replace(defs.editions["act9.0-draft"],
                              terms={**defs.editions["act9.0-draft"].terms, "owner_form": "オーナー"})
    reach = term_reach(old, new, {("action", "salvation")})
    owner = {r.id: r for r in reach["owner_form"]}
    assert set(owner) == {"death_lance", "salvation"}
    assert owner["death_lance"].fields == ["effect"] and not owner["death_lance"].written  # inherited, reworded
    assert owner["salvation"].written


def test_terms_that_print_nothing_different_reach_no_entry(defs) -> None:
    old = defs.editions["act8.2"]
    new = dataclasses.replace(old, terms={**old.terms, "no_phrase_reads_this": "x"})
    assert term_reach(old, new) == {"no_phrase_reads_this": []}


def test_diff_lists_the_entries_under_each_changed_term() -> None:
    result = CliRunner().invoke(app, ["diff", "act8.2", "act9.0-draft"], terminal_width=400)
    assert result.exit_code == 0, result.output
    assert "  terms.size_word: - → サイズ\n      changes the printed text of 1 entry: 威圧 (intimidate: effect) [inherited]" \
        in result.output
    data = json.loads(CliRunner().invoke(app, ["diff", "act8.2", "act9.0-draft", "--json"]).output)
    stage = next(f for f in data["edition"] if f["field"] == "terms.stage_ref")
    assert any(r.startswith("相殺 (offset:") for r in stage["reaches"])

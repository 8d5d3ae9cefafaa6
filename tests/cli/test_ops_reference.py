"""``bpdsl ops``: the DSL's vocabulary at the terminal, from the same data as the manual's reference
(bpdsl.render.reference): every op, expression name and wording term, its arguments, its printed phrase and
an example; searchable by name or by any word, Japanese included."""
from __future__ import annotations

from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.dsl.expr_names import names
from bpdsl.engine import load_definitions
from bpdsl.ops.registry import WORDING, load_all
from bpdsl.render import reference
from bpdsl.render.sphinxext import opsref

runner = CliRunner()


def test_the_index_lists_every_op_expression_name_and_wording_term() -> None:
    r = runner.invoke(app, ["ops"])
    assert r.exit_code == 0, r.output
    rows = {line.split(" | ")[0].removeprefix("| ") for line in r.output.splitlines() if line.startswith("| ")}
    expected = set(load_all()) | set(names()) | set(WORDING)
    assert expected <= rows, sorted(expected - rows)
    assert f"{len(load_all())} ops, {len(names())} expression names and {len(WORDING)} wording terms" in r.output


def test_one_op_in_full_has_its_arguments_phrase_and_example_as_the_manual() -> None:
    defs = load_definitions()
    op = load_all()["send_to_grave"]
    phrase = reference.render_example(op, reference.phrase_context(defs, "act8.0"))
    r = runner.invoke(app, ["ops", "send_to_grave"])
    assert r.exit_code == 0, r.output
    assert "send_to_grave — 効果 (effect)" in r.output
    assert "| from_field | boolean |  | default: True |" in r.output  # the arguments
    assert f"printed: {phrase}" in r.output and phrase == "対象の防壁を場から墓地に移す。"
    assert "  send_to_grave:\n    cards: target" in r.output  # the example, as YAML
    assert "used by: " in r.output
    # the manual's directive renders from the very same functions: the two cannot differ
    assert opsref.render_example is reference.render_example and opsref.arg_rows is reference.arg_rows


def test_a_japanese_word_finds_the_entries_that_print_it() -> None:
    r = runner.invoke(app, ["ops", "墓地に移す", "--kind", "effect"])
    assert r.exit_code == 0, r.output
    rows = [line for line in r.output.splitlines() if line.startswith("| ") and not line.startswith("| name")
            and not line.startswith("| ---")]
    shown = [row.split(" | ")[0].removeprefix("| ") for row in rows]
    entries = reference.op_entries(load_definitions(), "act8.0")
    hits = [e for e in entries if e.kind == "effect" and "墓地に移す" in e.phrase + e.summary + e.example]
    assert len(hits) > 3 and shown == [e.name for e in hits], shown  # every effect that says it, only those
    assert "send_to_grave" in shown


def test_an_expression_name_and_a_wording_term_in_full() -> None:
    r = runner.invoke(app, ["ops", "deck.count"])
    assert r.exit_code == 0 and "printed as: 山札の枚数" in r.output
    assert "deck.count" in r.output.split("example:")[1]  # a line of the bundled definitions that uses it
    r = runner.invoke(app, ["ops", "target_ref"])
    assert r.exit_code == 0 and "words: 対象の / 対象とした" in r.output
    assert "terms: {target_ref: 対象とした}" in r.output


def test_nothing_found_says_what_was_searched() -> None:
    r = runner.invoke(app, ["ops", "send_to_grav"])
    assert r.exit_code == 0  # a part of a name is a search: it finds the op
    r = runner.invoke(app, ["ops", "xyzzy"])
    assert r.exit_code == 1
    assert "nothing matches 'xyzzy': searched the names, summaries, arguments, printed phrases and examples" in r.output
    r = runner.invoke(app, ["ops", "--kind", "nope"])
    assert r.exit_code == 2 and "--kind must be one of" in r.output

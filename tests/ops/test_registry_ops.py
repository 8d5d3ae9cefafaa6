"""Every registered op is complete: its example is valid for its own schema and renders through its phrase.

The op registry is read by the validator (args), the engine (executor) and the renderer (phrase); these
tests check the declaration side of every op, so a new op cannot be declared with an example its schema
rejects or a phrase that fails on its own example.
"""
from __future__ import annotations

import importlib
import typing
from pathlib import Path

import pytest
import yaml

from bpdsl.ops import registry
from bpdsl.ops.registry import PhraseContext

OPS = registry.load_all()
ROOT = Path(__file__).resolve().parents[2]
EDITIONS = ROOT / "definitions" / "blackpoker" / "editions"


def _contexts() -> list[PhraseContext]:
    """The wording of each bundled edition (terms from its edition.yaml) plus a context with no terms."""
    out = [PhraseContext({}, {})]
    for path in sorted(EDITIONS.glob("*/edition.yaml")):
        terms = yaml.safe_load(path.read_text(encoding="utf-8")).get("terms", {})
        out.append(PhraseContext(terms, {}))
    return out


CONTEXTS = _contexts()


def _validator(schema):
    from bpdsl.dsl.schema import DSLValidator

    return DSLValidator(dict(schema), allow_unknown=False)


def test_ops_are_declared() -> None:
    assert len(OPS) >= 40
    kinds = set(typing.get_args(registry.OpKind))
    assert {op.kind for op in OPS.values()} <= kinds


@pytest.mark.parametrize("name", sorted(OPS))
def test_example_names_the_op_and_fits_its_schema(name: str) -> None:
    op = OPS[name]
    assert list(op.example) == [name], "an example is one call of the op itself"
    args = op.example[name] or {}
    v = _validator(op.args)
    assert v.validate(args), f"{name}: example rejected by its own schema: {v.errors}"


@pytest.mark.parametrize("name", sorted(OPS))
def test_phrase_renders_its_example(name: str) -> None:
    op = OPS[name]
    args = _validator(op.args).normalized(op.example[name] or {})
    for ctx in CONTEXTS:
        text = op.render(ctx, args)
        assert isinstance(text, str) and text.strip(), f"{name}: empty phrase"
        assert "None" not in text and "{" not in text and "}" not in text, f"{name}: unfilled phrase {text!r}"
        assert text == text.strip("\n"), f"{name}: stray line breaks"


@pytest.mark.parametrize("name", sorted(OPS))
def test_summary_and_module_docstring(name: str) -> None:
    op = OPS[name]
    assert len(op.summary) > 20, f"{name}: summary too short to document the op"
    module = importlib.import_module(op.module)
    assert module.__doc__ and len(module.__doc__.strip()) > 40, f"{op.module}: module docstring missing"
    # an op module, also when it is compiled (bpdsl.speedups: no Python frame for the declaring module)
    assert op.module.startswith(("bpdsl.ops.", "bpdsl.games.")) and ".ops" in op.module, op.module


def test_some_op_passes_the_turn() -> None:
    assert [op.name for op in OPS.values() if op.extra.get("passes_turn")], "no op hands the turn over"


def test_phrase_follows_the_edition_terms() -> None:
    """Words that differ by edition come from the terms: デッキ (act6.1) / ライフ (act8.0)."""
    draw = OPS["draw"]
    six = PhraseContext({"life": "デッキ"}, {})
    eight = PhraseContext({"life": "ライフ"}, {})
    assert "デッキ" in draw.render(six, {"count": 1}) and "ライフ" not in draw.render(six, {"count": 1})
    assert "ライフ" in draw.render(eight, {"count": 1})


def test_game_cost_kinds_print_their_paying_op() -> None:
    """コストの意味 of game.yaml is the phrase of the op that pays each cost letter."""
    game = yaml.safe_load((ROOT / "definitions" / "blackpoker" / "game.yaml").read_text(encoding="utf-8"))
    ctx = PhraseContext({}, {})
    for cost in game["costs"]:
        op = OPS[cost["op"]]
        assert op.kind == "cost"
        assert op.render(ctx, {}) == cost["text"], cost["id"]

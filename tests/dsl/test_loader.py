"""Loading the bundled definitions, inheritance, and a fuzz test: mutated YAML never escapes as an exception."""
from __future__ import annotations

import os
import tempfile
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bpdsl
from bpdsl.diagnostics import DefinitionError
from bpdsl.dsl import loader, schema
from bpdsl.dsl.cards import KeyPattern
from bpdsl.dsl.expr import Expr
from bpdsl.dsl.yamlload import load_text
from bpdsl.ops.registry import load_all

BUNDLED = Path(bpdsl.__file__).resolve().parent.parent / "definitions"
FLOW = BUNDLED / "blackpoker" / "flows" / "bp2024.yaml"
FIXTURES = Path(__file__).parent / "fixtures"


def test_bundled_definitions_are_valid() -> None:
    result = loader.load()
    assert result.ok, "\n".join(d.format() for d in result.diagnostics)
    assert {"act6.1", "act8.0"} <= set(result.definitions.editions)


def test_default_paths_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert loader.default_paths() == [BUNDLED]
    monkeypatch.setenv(loader.ENV_VAR, f"{tmp_path}{os.pathsep}{FLOW}")
    assert loader.default_paths() == [tmp_path, FLOW]


def test_load_or_raise(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("kind: nonsense\n")
    with pytest.raises(DefinitionError) as info:
        loader.load_or_raise([tmp_path])
    assert info.value.diagnostics[0].code == "S006"


def test_parsed_values_in_the_model() -> None:
    defs = loader.load_or_raise()
    for edition in defs.editions.values():
        for action in edition.actions.values():
            assert action.key is None or isinstance(action.key, KeyPattern)
        for ch in edition.characters.values():
            assert isinstance(ch.key, KeyPattern)
    exprs = [v for e in defs.editions.values() for a in e.actions.values() for c in a.effect
             for v in c.args.values() if isinstance(v, Expr)]
    assert exprs, "some effect argument is an expression"


def test_kind_and_op_schemas_are_valid_cerberus() -> None:
    """Schemas are trusted at load time (for speed); here cerberus checks every one of them."""
    for kind in loader.load_kinds().values():
        schema.strict_validator(kind.schema)
    for op in load_all().values():
        schema.strict_validator(op.args)


def _write(path: Path, text: str) -> None:
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")


def test_edition_inheritance(tmp_path: Path) -> None:
    base = FIXTURES / "base"
    for f in base.iterdir():
        (tmp_path / f.name).write_bytes(f.read_bytes())
    _write(tmp_path / "child.yaml", """
        kind: edition
        id: mini2
        name: ミニ版2
        date: 2025/2/1
        extends: mini
        terms: {size: サイズ}
        formats:
          - {id: lite, name: ライト}
          - {id: std, name: スタンダード}
        remove:
          actions: [summon_soldier]
        """)
    _write(tmp_path / "child_actions.yaml", """
        kind: actions
        edition: mini2
        actions:
          - id: end
            formats: [lite, std]
          - id: charge
            request: "@誘発-通常-メイン"
            formats: [lite, std]
          - id: draw
            name: ドロー
            category: basic
            type: 基本
            request: {trigger: triggered, speed: normal, timing: main}
            when: {on_resolved: {action: charge, by: turn_player}}
            formats: [std]
            effect: [{draw: {count: 1}}]
        """)
    result = loader.load([tmp_path, FLOW])
    assert result.ok, [d.format() for d in result.diagnostics]
    parent = result.definitions.editions["mini"]
    child = result.definitions.editions["mini2"]
    assert child.game == parent.game and child.flow == parent.flow
    assert child.terms == {"life": "ライフ", "size": "サイズ"}
    assert list(child.actions) == ["end", "charge", "draw"]
    assert child.actions["charge"].request.speed == "normal"
    assert parent.actions["charge"].request.speed == "instant"
    assert child.actions["charge"].name == "チャージ"  # inherited field
    assert child.actions["charge"].formats == ["lite", "std"]
    assert "summon_soldier" in parent.actions


MUTATIONS = st.sampled_from(["delete", "insert", "swap", "dup_line", "del_line", "tab", "indent"])
CHARS = st.sampled_from(list(":-[]{}\"'#&*!|>%@` \n\t,?") + ["〜", "♠", "key.rank", "xx", "0", "null"])

# the bundled game, the 2024 core flow and the act8.0 edition: the fuzzed texts are real definitions
_FUZZED = [BUNDLED / "blackpoker" / "game.yaml", FLOW, *sorted((BUNDLED / "blackpoker" / "editions" / "act8.0").glob("*.yaml"))]
_SOURCES = [p.read_text(encoding="utf-8") for p in _FUZZED]


@pytest.mark.long
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_yaml_never_raises(tmp_path: Path, data: st.DataObject) -> None:
    """Any mutation of the bundled definitions gives diagnostics (or a valid load), never an exception."""
    texts = list(_SOURCES)
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(texts) - 1))
        text = texts[i]
        pos = data.draw(st.integers(0, max(0, len(text) - 1)))
        how = data.draw(MUTATIONS)
        lines = text.splitlines(keepends=True)
        ln = data.draw(st.integers(0, max(0, len(lines) - 1)))
        if how == "delete":
            text = text[:pos] + text[pos + data.draw(st.integers(1, 8)):]
        elif how == "insert":
            text = text[:pos] + data.draw(CHARS) + text[pos:]
        elif how == "swap" and len(lines) > 1:
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[ln], lines[j] = lines[j], lines[ln]
            text = "".join(lines)
        elif how == "dup_line" and lines:
            text = "".join(lines[:ln + 1] + lines[ln:])
        elif how == "del_line" and lines:
            text = "".join(lines[:ln] + lines[ln + 1:])
        elif how == "tab":
            text = text[:pos] + "\t" + text[pos:]
        elif how == "indent" and lines:
            lines[ln] = "  " + lines[ln]
            text = "".join(lines)
        texts[i] = text
    d = Path(tempfile.mkdtemp(dir=tmp_path))
    for n, text in enumerate(texts):
        (d / f"{n}_{_FUZZED[n].name}").write_text(text, encoding="utf-8")
    result = loader.load([d])
    for diag in result.diagnostics:
        assert diag.code and diag.pos.file and diag.message
    assert "L002" not in [x.code for x in result.diagnostics], [x.format() for x in result.diagnostics]


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_never_raises(text: str) -> None:
    doc, diags = load_text(text, "x.yaml")
    assert doc is not None or diags


def _base(tmp_path: Path) -> None:
    for f in (FIXTURES / "base").iterdir():
        (tmp_path / f.name).write_bytes(f.read_bytes())


def test_cost_letters_outside_the_cost_field_are_checked(tmp_path: Path) -> None:
    """The cost legend of an edition and cost arguments of ops (meta ref: cost) name declared costs."""
    _base(tmp_path)
    edition = (tmp_path / "edition.yaml").read_text(encoding="utf-8")
    (tmp_path / "edition.yaml").write_text(edition + "supplements:\n  costs: [B, Q]\n", encoding="utf-8")
    _write(tmp_path / "magician.yaml", """
        kind: characters
        edition: mini
        characters:
          - id: magician
            name: 魔術士
            kind: soldier
            type: 兵士
            key: Joker
            abilities:
              - waive_cost: {name: 魔力増加, type: 速攻魔法, cost: D}
            formats: [lite]
        """)
    result = loader.load([tmp_path, FLOW])
    got = sorted((d.code, Path(d.pos.file).name, d.pos.line) for d in result.diagnostics)
    assert got == [("C001", "edition.yaml", 16), ("C001", "magician.yaml", 10)], [d.format() for d in result.diagnostics]


def test_if_arguments_must_be_conditions(tmp_path: Path) -> None:
    _base(tmp_path)
    actions = (tmp_path / "actions.yaml").read_text(encoding="utf-8")
    actions = actions.replace("{action: end, by: turn_player}", "{action: end, by: turn_player, if: key.rank}")
    (tmp_path / "actions.yaml").write_text(actions, encoding="utf-8")
    result = loader.load([tmp_path, FLOW])
    assert [(d.code, d.pos.line) for d in result.diagnostics] == [("X001", 18)]
    assert "condition" in result.diagnostics[0].message


def test_a_wrong_required_value_is_reported_once(tmp_path: Path) -> None:
    """A wrong value of a required key is one mistake: no 'missing key' and no dangling reference follow."""
    _base(tmp_path)
    chars = (tmp_path / "characters.yaml").read_text(encoding="utf-8").replace("kind: soldier", "kind: soldir")
    (tmp_path / "characters.yaml").write_text(chars, encoding="utf-8")
    acts = (tmp_path / "actions.yaml").read_text(encoding="utf-8").replace('key: "2〜10"', 'key: "2〜1O"')
    (tmp_path / "actions.yaml").write_text(acts, encoding="utf-8")
    result = loader.load([tmp_path, FLOW])
    assert [(d.code, Path(d.pos.file).name, d.pos.line) for d in result.diagnostics] == [
        ("K001", "actions.yaml", 28), ("D006", "characters.yaml", 6)]  # D006: not a kind of the game's
    assert "did you mean 'soldier'" in result.diagnostics[1].hint


def test_extends_cycle(tmp_path: Path) -> None:
    for a, b in (("e1", "e2"), ("e2", "e1")):
        _write(tmp_path / f"{a}.yaml", f"""
            kind: edition
            id: {a}
            name: {a}
            date: 2025/1/1
            extends: {b}
            """)
    result = loader.load([tmp_path])
    cycle = [d for d in result.diagnostics if d.code == "I001"]
    assert cycle and all("cycle" in d.message for d in cycle)


def test_category_of_another_list(tmp_path: Path) -> None:
    _base(tmp_path)
    ed = (tmp_path / "edition.yaml").read_text(encoding="utf-8")
    (tmp_path / "edition.yaml").write_text(ed + "  - {id: fog_magic, name: 速攻魔法, section: fog}\n", encoding="utf-8")
    acts = (tmp_path / "actions.yaml").read_text(encoding="utf-8").replace("category: summon", "category: fog_magic")
    (tmp_path / "actions.yaml").write_text(acts, encoding="utf-8")
    result = loader.load([tmp_path, FLOW])
    assert [(d.code, d.pos.line, d.pos.col) for d in result.diagnostics] == [("D005", 24, 15)]
    assert "fog list" in result.diagnostics[0].message


def test_inherited_fields_must_fit_the_child(tmp_path: Path) -> None:
    """An override that keeps the parent's formats is checked against the child's formats."""
    _base(tmp_path)
    _write(tmp_path / "child.yaml", """
        kind: edition
        id: mini2
        name: ミニ版2
        date: 2025/2/1
        extends: mini
        formats:
          - {id: std, name: スタンダード}
        """)
    _write(tmp_path / "child_actions.yaml", """
        kind: actions
        edition: mini2
        actions:
          - id: end
            formats: [std]
          - id: charge
            name: チャージ!
        """)
    result = loader.load([tmp_path, FLOW])
    got = [(d.code, Path(d.pos.file).name) for d in result.diagnostics if d.severity == "error"]
    # charge (overridden, formats inherited) and summon_soldier (unchanged) name the parent's 'lite';
    # so does the inherited character
    assert sorted(got) == [("D004", "actions.yaml"), ("D004", "characters.yaml"), ("D004", "child_actions.yaml")]


def test_declared_defaults_are_filled(tmp_path: Path) -> None:
    """An op argument with a declared default is present in the model even when the YAML omits it."""
    _base(tmp_path)
    acts = (tmp_path / "actions.yaml").read_text(encoding="utf-8")
    (tmp_path / "actions.yaml").write_text(acts.replace("      - end_turn\n", "      - end_turn\n      - declare_attackers\n"),
                                           encoding="utf-8")
    result = loader.load([tmp_path, FLOW])
    assert result.ok, [d.format() for d in result.diagnostics]
    call = result.definitions.editions["mini"].actions["end"].effect[1]
    assert call.op == "declare_attackers"
    declared = load_all()["declare_attackers"].args
    assert {k: r["default"] for k, r in declared.items() if "default" in r}.items() <= call.args.items()
    assert call.args  # the op declares a default, so it is filled

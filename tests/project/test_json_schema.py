"""``bpdsl schema --json-schema DIR``: JSON Schemas (draft 2020-12) an editor's YAML language server uses.
Every bundled definitions file validates against the schema of its kind; broken files are rejected."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml

from bpdsl.resources import definitions_dir


@pytest.fixture(scope="module")
def schemas(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    out = tmp_path_factory.mktemp("schemas")
    r = subprocess.run([sys.executable, "-m", "bpdsl", "schema", "--json-schema", str(out)], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    found = {p.name.removesuffix(".schema.json"): json.loads(p.read_text(encoding="utf-8"))
             for p in out.glob("*.schema.json")}
    for schema in found.values():
        jsonschema.Draft202012Validator.check_schema(schema)
    return found


def validator(schemas: dict[str, dict], kind: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schemas[kind])


BUNDLED = sorted(definitions_dir().rglob("*.yaml"))


@pytest.mark.parametrize("path", BUNDLED, ids=[p.relative_to(definitions_dir()).as_posix() for p in BUNDLED])
def test_every_bundled_file_validates(schemas: dict[str, dict], path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
              for e in validator(schemas, data["kind"]).iter_errors(data)]
    assert not errors, errors[:5]


def test_every_kind_has_a_schema(schemas: dict[str, dict]) -> None:
    from bpdsl.dsl.loader import load_kinds

    assert set(schemas) == set(load_kinds()) | {"scenario"}


SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios").rglob("*.yaml"))


def test_every_scenario_validates_against_the_scenario_schema(schemas: dict[str, dict]) -> None:
    """scenario.schema.json (made from the runner's own shape check) accepts every scenario on record and
    knows the constructs of rulings (contains/excludes, expect_decision, combat, inline definitions)."""
    assert len(SCENARIOS) >= 100
    check = validator(schemas, "scenario")
    for path in SCENARIOS:
        errors = [e.message for e in check.iter_errors(yaml.safe_load(path.read_text(encoding="utf-8")))]
        assert not errors, (path, errors[:3])
    text = json.dumps(schemas["scenario"])
    for word in ("contains", "excludes", "expect_decision", "combat", "where", "actions"):
        assert f'"{word}"' in text
    assert list(check.iter_errors({"edition": "act8.0", "format": "std", "turn": 3}))


def test_op_calls_and_their_arguments_are_spelled_out(schemas: dict[str, dict]) -> None:
    from bpdsl.ops.registry import load_all

    defs = schemas["actions"]["$defs"]
    assert {f"op.{name}" for name in load_all()} <= set(defs)
    damage = defs["op.damage"]["properties"]["damage"]
    assert "to" in json.dumps(damage) and "amount" in json.dumps(damage)
    effect = schemas["actions"]["properties"]["actions"]["items"]["properties"]["effect"]
    assert effect["anyOf"][0]["items"] == {"$ref": "#/$defs/opcall_effect"}


ACTION = {"id": "throwing", "name": "投擲", "category": "normal_magic", "type": "通常魔法", "formats": ["std"],
          "effect": [{"damage": {"to": "target", "amount": "key.spade.rank"}}]}


@pytest.mark.parametrize("broken, where", [
    ({"kind": "actions", "edition": "x", "actions": [{**ACTION, "efect": []}]}, "efect"),          # misspelt key
    ({"kind": "actions", "edition": "x", "actions": [{**ACTION, "effect": [{"damag": {}}]}]}, "damag"),  # unknown op
    ({"kind": "actions", "edition": "x", "actions": [{**ACTION, "effect": [{"damage": {"too": 1}}]}]}, "too"),
    ({"kind": "actions", "edition": "x", "actions": [{**ACTION, "effect": ["once_per_turn"]}]}, "condition op"),
    ({"kind": "actions", "edition": "x", "actions": [{**ACTION, "id": "Bad Id"}]}, "id pattern"),
    ({"kind": "actions", "actions": [ACTION]}, "edition missing"),
    ({"kind": "edition", "id": "x", "notation": "nonsense"}, "notation"),
])
def test_broken_documents_are_rejected(schemas: dict[str, dict], broken: dict, where: str) -> None:
    assert not validator(schemas, broken["kind"]).is_valid(broken), where


def test_a_correct_document_is_accepted(schemas: dict[str, dict]) -> None:
    doc = {"kind": "actions", "edition": "x", "actions": [ACTION, {"id": "end", "name": "エンドX"}]}
    assert validator(schemas, "actions").is_valid(doc)

"""The nesting limit is bpdsl's, not the parser's: the depth read from the characters (bpdsl.yamldepth)
equals the parser's own count on every document people write, and the same deep input gets the same
diagnostic with the PyYAML that refuses more than 1,000 levels itself (6.0.4) and the one that does not
(6.0.3)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bpdsl.yamldepth import first_too_deep

ROOT = Path(__file__).resolve().parents[2]


def parser_depth(text: str) -> int:
    """The deepest nesting of collections, counted on the parser's events."""
    depth = deepest = 0
    for ev in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(ev, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            depth += 1
            deepest = max(deepest, depth)
        elif isinstance(ev, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            depth -= 1
    return deepest


def scanned_depth(text: str) -> int:
    """The smallest limit the scanner lets ``text`` through."""
    limit = 0
    while first_too_deep(text, limit) is not None:
        limit += 1
    return limit


scalars = st.sampled_from(["x", "'a: b'", '"[c]"', "♠A〜K", "1", "'it''s'", '"q\\"r"', "a # note", "true"])
keys = st.sampled_from(["id", "name", "'quoted key'", "effect", "k1"])
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, min_size=1, max_size=3).map(lambda v: ("seq", v)),
                            st.dictionaries(keys, inner, min_size=1, max_size=3).map(lambda v: ("map", v)),
                            st.lists(inner, max_size=3).map(lambda v: ("flow", v))),
    max_leaves=12)


def dump(value: object, indent: int) -> list[str]:
    """Block YAML as designers write it: one collection per line, compact '- key: value' entries, flow
    lists in brackets."""
    pad = " " * indent
    if isinstance(value, str):
        return [pad + value]
    kind, items = value  # type: ignore[misc]
    if kind == "flow":
        return [pad + "[" + ", ".join(flow(i) for i in items) + "]"]
    lines: list[str] = []
    entries = items.items() if kind == "map" else [(None, i) for i in items]
    for key, item in entries:
        head = pad + (f"{key}:" if kind == "map" else "-")
        if isinstance(item, str):
            lines.append(f"{head} {item}")
        elif item[0] == "flow":
            lines.append(f"{head} " + dump(item, 0)[0])
        else:
            lines.append(head)
            lines.extend(dump(item, indent + 2))
    return lines


def flow(value: object) -> str:
    if isinstance(value, str):
        return value if not value.startswith(("a #", "'a: b'")) else "'s'"
    kind, items = value  # type: ignore[misc]
    if kind == "map":
        return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in items.items()) + "}"
    return "[" + ", ".join(flow(i) for i in items) + "]"


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(keys, values, min_size=1, max_size=3), st.sampled_from(["", "|\n  text\n  - not: a node\n"]))
def test_the_scanned_depth_is_the_parsers_depth(doc: dict, block_scalar: str) -> None:
    text = "\n".join(dump(("map", doc), 0)) + "\n"
    if block_scalar:
        text += "notes: " + block_scalar
    assert scanned_depth(text) == parser_depth(text), text


@pytest.mark.parametrize("text, where", [
    ("kind: game\nx: " + "[" * 101 + "]" * 101 + "\n", (2, 3 + 100)),  # the mapping is level 1: the 100th bracket is level 101
    ("kind: game\nx:\n" + "".join(" " * i + "-\n" for i in range(1, 200)), (102, 101)),
    ("kind: game\nx: " + "- " * 150 + "y\n", None),  # a plain scalar, not 150 sequences
    ("kind: game\nx:\n  " + "- " * 150 + "y\n", (3, 2 + 2 * 99 + 1)),
    ("kind: game\ntext: |\n" + "".join("  " + "[" * 200 + "\n" for _ in range(3)), None),
    ("kind: game\ntext: '" + "[" * 200 + "\n  " + "{" * 200 + "'\n", None),
])
def test_the_first_node_past_the_limit(text: str, where: tuple[int, int] | None) -> None:
    assert first_too_deep(text, 100) == where


VERSIONS = ("6.0.3", "6.0.4")
PROBE = """
import json, sys
from bpdsl.dsl.loader import load
import yaml
out = []
for f in sys.argv[1:]:
    out.append([d.format() for d in load([f]).diagnostics])
print(json.dumps({"yaml": yaml.__version__, "libyaml": yaml.__with_libyaml__, "diagnostics": out}))
"""


@pytest.fixture(scope="module")
def pyyaml_versions(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each PyYAML version installed into a folder of its own (from the package index, through pip's cache)."""
    out = {}
    for version in VERSIONS:
        target = tmp_path_factory.mktemp(f"pyyaml-{version}")
        r = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                            "--only-binary", ":all:", "--no-deps", "--target", str(target), f"pyyaml=={version}"],
                           capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, r.stderr
        out[version] = target
    return out


def test_the_same_deep_input_gets_the_same_diagnostic_with_every_pyyaml(pyyaml_versions: dict[str, Path],
                                                                       tmp_path: Path) -> None:
    files = {
        "flow.yaml": "kind: game\nx: " + "[" * 30_000 + "]" * 30_000 + "\n",
        "block.yaml": "kind: game\nx:\n" + "".join(" " * i + "- \n" for i in range(1, 3000)),
        "near.yaml": "kind: game\nx: " + "[" * 1_001 + "]" * 1_001 + "\n",
        "fine.yaml": "kind: game\nx: " + "[" * 99 + "]" * 99 + "\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    seen = {}
    for version, target in pyyaml_versions.items():
        env = {**os.environ, "PYTHONPATH": f"{target}{os.pathsep}{ROOT}"}
        r = subprocess.run([sys.executable, "-c", PROBE, *(str(tmp_path / n) for n in files)], cwd=tmp_path,
                           capture_output=True, text=True, env=env, timeout=300)
        assert r.returncode == 0, r.stderr
        got = json.loads(r.stdout)
        assert got["yaml"] == version and got["libyaml"], got  # the C parser, where the limits differ
        seen[version] = got["diagnostics"]
    assert seen["6.0.3"] == seen["6.0.4"]
    flow_diags, block_diags, near_diags, fine_diags = seen["6.0.4"]
    for diags in (flow_diags, block_diags, near_diags):
        assert len(diags) == 1 and "Y009" in diags[0] and "nested more than 100 levels" in diags[0], diags
    assert flow_diags[0].startswith("flow.yaml:2:103: Y009")  # named as given, relative to the working folder
    assert not any("Y009" in d or "Y001" in d for d in fine_diags), fine_diags

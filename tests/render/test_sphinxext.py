"""The bpdsl Sphinx extension loads every submodule that has setup(app), and draws flows as dot."""
from __future__ import annotations

import importlib
import pkgutil

from bpdsl import plugins

import bpdsl.render.sphinxext as ext
from bpdsl.dsl.loader import load_definitions
from bpdsl.render.sphinxext.flow import flow_to_dot


class FakeApp:
    def __init__(self) -> None:
        self.directives: dict[str, object] = {}
        self.config_values: list[str] = []

    def add_directive(self, name: str, cls: object, override: bool = False) -> None:
        self.directives[name] = cls

    def add_config_value(self, name: str, *args: object) -> None:
        self.config_values.append(name)

    def __getattr__(self, name: str):  # connect, add_node, setup_extension ...: accepted and ignored
        return lambda *a, **k: None


def test_setup_loads_every_submodule_with_setup() -> None:
    app = FakeApp()
    ext.setup(app)
    expected = [i.name for i in pkgutil.iter_modules(ext.__path__)
                if callable(getattr(importlib.import_module(f"{ext.__name__}.{i.name}"), "setup", None))]
    expected += [m.rsplit(".", 1)[-1] for p in plugins.games().values() for m in p.sphinx]  # a game's directives
    assert sorted(app.bpdsl_modules) == sorted(expected)
    for name in ("bpdsl-entries", "bpdsl-format-table", "bpdsl-flow", "bpdsl-ops", "bpdsl-ranks", "bpdsl-costs"):
        assert name in app.directives, name


def test_dot_has_one_node_per_flow_node_and_one_edge_per_transition() -> None:
    defs = load_definitions()
    for flow in defs.flows.values():
        dot = flow_to_dot(flow)
        assert dot.count(" -> ") == len(flow.edges())
        for node in flow.nodes.values():
            assert f'"n{node.id}" [label=' in dot

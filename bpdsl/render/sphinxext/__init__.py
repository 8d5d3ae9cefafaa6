"""The ``bpdsl`` Sphinx extension: directives that pull the definitions into the rulebook.

``extensions = ["bpdsl.render.sphinxext"]`` in ``conf.py`` loads this package; :func:`setup` then loads
every submodule that has its own ``setup(app)`` (the entries, format table, flow diagram and DSL
reference here) and the modules a game plugin lists (BlackPoker's regulation tables), so a new family of directives plugs in by
adding a module.  Directives read the definitions once per build through :mod:`.data`.
"""
from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from typing import Any

from bpdsl import plugins

STATIC_DIR = Path(__file__).resolve().parent / "static"


def setup(app: Any) -> dict[str, Any]:
    app.add_config_value("bpdsl_definitions", None, "env")  # list of paths; None = bundled definitions
    app.add_config_value("bpdsl_default_edition", "act8.0", "env")
    app.connect("builder-inited", _add_static)
    loaded: list[str] = []
    names = [f"{__name__}.{info.name}"
             for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name)]  # type: ignore[name-defined]
    names += [m for plugin in plugins.games().values() for m in plugin.sphinx]  # directives of a game
    for name in names:
        module = importlib.import_module(name)
        sub_setup = getattr(module, "setup", None)
        if callable(sub_setup):
            sub_setup(app)
            loaded.append(name.rsplit(".", 1)[-1])
    app.bpdsl_modules = loaded  # which directive families are present (used by the docs' own checks)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


def _add_static(app: Any) -> None:
    if app.builder.format == "html":
        app.config.html_static_path.append(str(STATIC_DIR))
        app.add_css_file("bpdsl.css")

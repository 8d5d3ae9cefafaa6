"""Where the bundled data lives: definitions, templates and the Sphinx project.

In a checkout (or an editable install) they are the repository's top-level ``definitions/``,
``templates/`` and ``docs/``.  A built wheel ships them as package data under ``bpdsl/_data/`` (see
``[tool.hatch.build]`` in pyproject.toml), found through :mod:`importlib.resources`, so that an installed
bpdsl finds its own files from any working directory.
"""
from __future__ import annotations

from importlib import resources
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parent.parent
# where each shipped folder lives in the checkout (the wheel's mapping is [tool.hatch...force-include])
_IN_CHECKOUT = {"definitions": "definitions", "templates": "templates", "docs": "docs",
                "diagnostic-examples": "tests/dsl/fixtures"}


def bundled(name: str) -> Path:
    """The directory of bundled data ``name`` ("definitions", "templates", "docs" or "diagnostic-examples":
    the broken example of each diagnostic code, shown by the manual)."""
    shipped = resources.files("bpdsl") / "_data" / name
    if shipped.is_dir():
        return Path(str(shipped))
    return _CHECKOUT / _IN_CHECKOUT[name]


def definitions_dir() -> Path:
    return bundled("definitions")


def templates_dir() -> Path:
    return bundled("templates")


def docs_dir() -> Path:
    return bundled("docs")

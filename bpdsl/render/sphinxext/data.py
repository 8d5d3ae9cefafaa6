"""The definitions as the Sphinx build sees them: loaded once per build and shared by every directive.

Every definitions file is recorded as a dependency of each page that uses a directive, so an edit in
the YAML rebuilds exactly the pages that show it.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.errors import ExtensionError

from bpdsl.model import Definitions
from bpdsl.diagnostics import DefinitionError
from bpdsl.dsl.loader import load_definitions

_CACHE: dict[tuple[str, ...], Definitions] = {}


def definitions(env: Any, extra: str | None = None) -> Definitions:
    """Load (or reuse) the definitions named by ``bpdsl_definitions`` (None = the bundled tree); ``extra``: a
    designer's definitions folder (relative to the docs' source folder) added to them, as a project adds its
    own (the manual's example projects)."""

    configured = env.config.bpdsl_definitions
    if isinstance(configured, str):  # from the command line: -D bpdsl_definitions=a,b
        configured = [p for p in configured.split(",") if p]
    paths = [Path(env.srcdir, p) for p in configured] if configured else None
    key = tuple(str(p) for p in paths) if paths else ("<bundled>",)
    if extra:
        key += (str(Path(env.srcdir, extra)),)
    if key not in _CACHE:
        try:
            if extra:
                base = paths if paths else None
                _CACHE[key] = load_definitions([*(base or []), Path(env.srcdir, extra)], bundled=base is None)
            else:
                _CACHE[key] = load_definitions(paths, bundled=False) if paths else load_definitions()
        except DefinitionError as exc:
            raise ExtensionError("the definitions are invalid:\n"
                                 + "\n".join(d.format() for d in exc.diagnostics)) from None
    defs = _CACHE[key]
    for file in defs.files:
        if Path(file).is_file():
            env.note_dependency(str(Path(file).resolve()))
    return defs


def clear_cache() -> None:
    _CACHE.clear()

"""Load the definitions for the renderer's commands and the Sphinx extension, reporting problems the
project's way (diagnostics, exit status 1) instead of raising tracebacks at the user."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from bpdsl.model import Definitions


class DefinitionsInvalid(Exception):
    """The definitions did not load; ``messages`` are formatted diagnostics (file:line:col: CODE ...)."""

    def __init__(self, messages: list[str]):
        super().__init__("\n".join(messages))
        self.messages = messages


def load_definitions(paths: Sequence[Path] | None = None) -> Definitions:
    """The bundled definitions (or ``paths``) through the project's loader; errors -> DefinitionsInvalid."""
    from bpdsl.dsl import loader

    result = loader.load(list(paths) if paths else None)
    diagnostics = list(getattr(result, "diagnostics", []) or [])
    errors = [d for d in diagnostics if getattr(d, "severity", "error") == "error"]
    if errors:
        raise DefinitionsInvalid([d.format() if hasattr(d, "format") else str(d) for d in errors])
    return result.definitions

"""Getting the regulation systems through the project's loader (``bpdsl.dsl.loader``).

There is one way in: a regulation is always checked against the same definitions that are played, and
the regulation files alone load through the same loader (``load_or_raise([REGULATIONS_DIR])``).
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from bpdsl.diagnostics import DefinitionError, Diagnostic, Pos, code
from bpdsl.model import Definitions
from bpdsl.games.blackpoker.regulation.model import RegulationSystem
from bpdsl.resources import definitions_dir

R_NOT_FOUND = code("R107", "no regulation system is defined")

REGULATIONS_DIR = definitions_dir() / "blackpoker" / "regulations"


def systems(definitions: Definitions) -> dict[str, RegulationSystem]:
    """The regulation systems of ``definitions`` (newest first: bp2024 before bp2021)."""
    found = {k: v for k, v in definitions.regulations.items() if isinstance(v, RegulationSystem)}
    if not found:
        raise DefinitionError([Diagnostic(Pos("<definitions>"), R_NOT_FOUND, "no regulation system is defined",
                                          "add definitions/blackpoker/regulations/*.yaml")])
    return dict(sorted(found.items(), key=lambda kv: kv[0], reverse=True))

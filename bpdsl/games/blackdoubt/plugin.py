"""The registration of Black Doubt (entry point ``bpdsl.games: blackdoubt`` in pyproject.toml)."""
from __future__ import annotations

from bpdsl.plugins import GamePlugin

PLUGIN = GamePlugin(
    id="blackdoubt",
    hooks="bpdsl.games.blackdoubt.hooks:BlackDoubtHooks",
    zones=("pack:deck", "field:characters"),
    character_kinds=("card",),
    events="bpdsl.games.blackdoubt.events:EVENTS",
    ops=("bpdsl.games.blackdoubt.ops",),
)

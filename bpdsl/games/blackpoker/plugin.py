"""The registration of BlackPoker (entry point ``bpdsl.games: blackpoker`` in pyproject.toml)."""
from __future__ import annotations

from bpdsl.plugins import GamePlugin

PLUGIN = GamePlugin(
    id="blackpoker",
    hooks="bpdsl.games.blackpoker.hooks:BlackPokerHooks",
    zones=("life:deck", "hand:keys", "grave:spent", "fog", "trump", "pack", "field:characters", "stage:stage",
           "rare"),
    character_kinds=("soldier", "bulwark"),
    full_deck=True,
    events="bpdsl.games.blackpoker.events:EVENTS",
    ops=("bpdsl.games.blackpoker.ops", "bpdsl.games.blackpoker.regulation.ops"),
    expr_names="bpdsl.games.blackpoker.expr_names:NAMES",
    kinds=("bpdsl.games.blackpoker.regulation.kind",),
    sphinx=("bpdsl.games.blackpoker.regulation.sphinx",),
    rules_extensions=("bpdsl.games.blackpoker.trumps",),
)

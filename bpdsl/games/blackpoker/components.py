"""What BlackPoker's Python relies on of its ``game.yaml``: its zones by number and its deck size.

The engine numbers a game's zones with the zones its plugin lists first, in that order
(:func:`bpdsl.engine.zones.zone_table`), and the validator refuses a BlackPoker ``game.yaml`` that lacks one
of them (G001), so these numbers hold for every BlackPoker game the engine plays.  Any other zone the game
declares comes after them; its number is ``rules.zones.index(id)``.  Likewise the plugin asks for the card
grammar's whole deck (``full_deck``: 4 suits × 13 ranks + the Jokers of :mod:`bpdsl.dsl.cards`), so the
engine's deck size (``rules.zones.deck_size``, from game.yaml) is :data:`DECK_SIZE`: a card of seat ``s`` is
``s * DECK_SIZE + Card.index``.
"""
from __future__ import annotations

from bpdsl.dsl.cards import full_deck
from bpdsl.engine.state import OUT
from bpdsl.games.blackpoker.plugin import PLUGIN

ZONES = PLUGIN.zone_ids()  # life, hand, grave, fog, trump, pack, field, stage, rare
Z_LIFE, Z_HAND, Z_GRAVE, Z_FOG, Z_TRUMP, Z_PACK, Z_FIELD, Z_STAGE, Z_RARE = (
    ZONES.index(z) for z in ("life", "hand", "grave", "fog", "trump", "pack", "field", "stage", "rare"))
Z_OUT = OUT
DECK_SIZE = len(full_deck())  # the validator checks that game.yaml declares this deck (G001)

__all__ = ["DECK_SIZE", "ZONES", "Z_FIELD", "Z_FOG", "Z_GRAVE", "Z_HAND", "Z_LIFE", "Z_OUT", "Z_PACK", "Z_RARE", "Z_STAGE", "Z_TRUMP"]

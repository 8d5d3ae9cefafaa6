""""Play this" for the studio: a scenario that puts the entry under the cursor in the first player's hand
with its key cards, on a table where the costs and targets the rules know can be found.

Everything comes from the declarations: the key cards are the first choice the entry's key pattern accepts;
each player's field gets one character of every character kind the game declares (the first of the
edition's characters of that kind in the format, on a card its key accepts), so that costs which use a
character (BlackPoker's B and S) and actions that target one can be played; two more cards in hand pay
discards, and a draw pile of :data:`DECK_CARDS` cards (the zone of role ``deck``) pays damage.
"""
from __future__ import annotations

from typing import Any

from bpdsl.dsl.cards import full_deck
from bpdsl.model import Definitions

EXTRA_HAND = 2
DECK_CARDS = 20  # cards in each player's draw pile (a count: the scenario draws them from the unused cards)


def _first_accepted(pattern: Any, used: set[str]) -> str | None:
    for card in full_deck():
        if card.text not in used and pattern is not None and pattern.accepts(card):
            return card.text
    return None


def entry_scenario(defs: Definitions, edition_id: str, fmt: str, entry_id: str) -> dict[str, Any] | None:
    """The scenario (as the scenario files write it) of an action of the edition; None for an entry that is
    not an action of the format (a character, a fog: a plain game is played instead)."""
    edition = defs.editions.get(edition_id)
    if edition is None:
        return None
    action = edition.actions.get(entry_id)
    if action is None or fmt not in action.formats:
        return None
    used: set[str] = set()
    hand: list[str] = []
    if action.key is not None:
        choices = action.key.choices(full_deck())
        if choices:
            hand = [c.text for c in choices[0]]
            used.update(hand)
    for card in full_deck():
        if len(hand) >= len(used) + EXTRA_HAND:
            break
        if card.text not in used:
            hand.append(card.text)
    used.update(hand)
    game = defs.games.get(getattr(edition, "game", "") or "")
    kinds = [k.id for k in (game.character_kinds if game is not None else [])]
    field: list[dict[str, Any]] = []
    for kind in kinds:
        ch = next((c for c in edition.characters.values() if c.kind == kind and fmt in c.formats), None)
        card = _first_accepted(ch.key, used) if ch is not None else None
        if ch is not None and card is not None:
            field.append({"as": ch.id, "cards": [card]})
            used.add(card)
    deck = next((z.id for z in (game.zones if game is not None else []) if getattr(z, "role", None) == "deck"), None)
    players: list[dict[str, Any]] = [{"hand": hand, "field": field}, {"field": [dict(f) for f in field]}]
    if deck is not None:  # a draw pile (BlackPoker's life) to draw from and to pay with
        for p in players:
            p[deck] = DECK_CARDS
    return {
        "name": f"{action.name} を試す",
        "edition": edition_id,
        "format": fmt,
        "turn": 0,
        "players": players,
    }

"""Putting cards onto the field as characters: ``draw_to_field`` draws the top card of the deck and puts it
in front of the player face up, face down, or as the player chooses after looking at it.

Black Doubt's turn starts with it (ドロー: 「山札からカードを1枚引いて確認し、表向きか裏向きで…並べる」) and its
rounds are dealt with it; the card becomes a one-card character of the game's character kind (the hooks'
``put_onto_field``), so the field's visibility (face_up for the opponent) hides a face-down card by itself.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.ops.context import ExecContext
from bpdsl.ops.registry import PhraseContext, declare

_FACE = {"choose": "表向きか裏向きで", "up": "表向きで", "down": "裏向きで"}


def draw_to_field(game: Any, seat: int, face: str = "choose") -> bool:
    """The top card of ``seat``'s deck (or the shared deck) onto ``seat``'s field in ``game``; False when the
    deck is empty.  ``face: choose`` asks ``seat`` (decision ``face``: face up, face down) after showing the
    card.  Called by the op and by the default start of a round (game.yaml ``round: {deal: N}``)."""
    hooks, s = game.hooks, game.state
    zones = hooks.zones
    deck = zones.deck
    if deck < 0:
        zones.role("deck")  # raises: the game declares no deck
    pile = s.players[zones.holder(deck, seat)].zone(deck)
    if not pile:
        return False
    c = pile[-1]
    text = hooks.card_text(c)
    if face == "choose":
        up = game.decide(seat, "face", [True, False], {"card": text},
                         lambda: [f"{text}を表向きで並べる", f"{text}を裏向きで並べる"]) == 0
    else:
        up = face == "up"
    hooks.put_onto_field(game, seat, [c], None, up, False)
    if game.log is not None:
        game.log.write({"t": "place", "p": seat, "card": text if up else "?", "face_up": up})
    return True


# where the sheet says the card goes (the op always puts it at the right end of the player's field)
_WHERE = {"field": "自分の場に", "beside": "自分のカードの右隣に"}


def _phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    look = "確認し、" if a.get("face", "choose") == "choose" else ""
    where = _WHERE.get(a.get("where") or "field", _WHERE["field"])
    return f"山札からカードを1枚引いて{look}{_FACE.get(a.get('face', 'choose'), '')}{where}並べる。"


DRAW_TO_FIELD = declare(
    "draw_to_field", "effect",
    args={"face": {"type": "string", "allowed": list(_FACE), "default": "choose"},
          "where": {"type": "string", "allowed": list(_WHERE), "default": "field"}},
    phrase=_phrase,
    summary=("Draw the top card of the controller's deck (the shared one when the deck is shared) and put it "
             "to the right of the controller's field as a one-card character of the game's character kind, "
             "face up, face down, or as the controller chooses after looking at it (`face`); `where` words the "
             "place on the sheet (field: 自分の場に, beside: 自分のカードの右隣に). "
             "With an empty deck nothing happens and the rest of the effect is skipped."),
    example={"draw_to_field": {"face": "choose"}},
)

@DRAW_TO_FIELD.executor
def _draw_to_field(ctx: ExecContext, a: Mapping[str, Any]) -> bool:
    return draw_to_field(ctx.game, ctx.seat, a.get("face") or "choose")

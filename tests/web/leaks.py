"""The check of the sandbox tests: a payload addressed to a seat names no card that seat may not see.

A payload (the JSON the server sends to a seat) is checked against the same game played again from its full
log up to the same decision, with the per-seat view in strict mode (which raises on any hidden card): every
card name in the payload's board and question must be one the seat may see there (the game's visibility
rules, 3.12.1, plus the seat's own cards a question may show it), and its event lines must be exactly the
lines that strict view tells the seat.  Nothing of the table's secrets (seed, decks) may be in it.
"""
from __future__ import annotations

import json
from typing import Any

from bpdsl.engine.view import CARD_TOKEN, strings_in
from bpdsl.web.starts import log_start
from bpdsl.web.tables import Table


def tokens(data: Any) -> set[str]:
    return {m.group(0) for s in strings_in(data) for m in CARD_TOKEN.finditer(s)}


class Checker:
    def __init__(self, events: list[dict[str, Any]]):
        self.start, self.indices = log_start(events, None)
        self.players = [int(e["p"]) for e in events if e.get("t") == "decision"]
        self.checked = 0

    def position(self, seat: int, decision_no: int) -> Any:
        """The game where ``seat`` had taken ``decision_no`` decisions and was asked its next one (or ended)."""
        taken = 0
        cut = len(self.indices)
        for n, p in enumerate(self.players):
            if p == seat:
                if taken == decision_no:
                    cut = n
                    break
                taken += 1
        table = Table(self.start, ["person", "person"], bot_seed=0, strict=True)
        table.choices = list(self.indices[:cut])
        return table.position()

    def check(self, payload: dict[str, Any], seat: int) -> None:
        text = json.dumps(payload, ensure_ascii=False)
        assert '"seed"' not in text and '"decks"' not in text, "a table's secrets reached the seat"
        pos = self.position(seat, payload["decision_no"])
        hooks = pos.game.hooks
        visible = {hooks.card_text(c) for c in hooks.visible_cards(pos.game, seat)}
        hidden = tokens(payload["board"]) - visible
        assert not hidden, f"the board sent to seat {seat} names {hidden}"
        if payload.get("prompt"):
            state = pos.game.state
            own = {hooks.card_text(c) for c in range(len(state.loc)) if state.owner[c] == seat}
            hidden = tokens(payload["prompt"]) - visible - own
            assert not hidden, f"the question sent to seat {seat} names {hidden}"
            assert pos.pending is not None and pos.pending.player == seat
        assert payload["lines"] == [t for _i, t in pos.log.told[seat]], "the lines sent are not the seat's own"
        self.checked += 1

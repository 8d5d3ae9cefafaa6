"""JSON Lines event log, canonical state hash, and replay.

A game is (definitions, edition, format, seed, decks, decisions).  The log's first line records what is
needed to start the same game again (edition, format, seed, decks); every decision line records the index
of the option taken.  :func:`replay` starts the game again with those indices and compares the sha256 of
the canonical final state with the hash in the log's last line.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, TextIO
from bpdsl.fsutil import write_atomic



class EventLog:
    """Collects events as dicts; ``dump`` writes them as JSON Lines (atomically)."""

    def __init__(self) -> None:
        self.lines: list[dict[str, Any]] = []

    def write(self, event: dict[str, Any]) -> None:
        self.lines.append(event)

    def text(self) -> str:
        return "".join(json.dumps(e, ensure_ascii=False, sort_keys=True) + "\n" for e in self.lines)

    def dump(self, path: str | Path) -> None:

        write_atomic(path, self.text())


class StreamLog(EventLog):
    """An event log that also streams every line to an open text file (for long interactive games)."""

    def __init__(self, fh: TextIO):
        super().__init__()
        self.fh = fh

    def write(self, event: dict[str, Any]) -> None:
        super().write(event)
        self.fh.write(json.dumps(event, ensure_ascii=False, sort_keys=True) + "\n")


def canonical_state(game: Any) -> dict[str, Any]:
    """A JSON-able, order-stable picture of the whole state (both players' hidden cards included)."""
    s = game.state
    text = game.hooks.card_text
    players = []
    for p in s.players:
        players.append({
            "life": [text(c) for c in p.life], "hand": sorted(text(c) for c in p.hand),
            "grave": [text(c) for c in p.grave], "fog": [text(c) for c in p.fog],
            "trump": [text(c) + ("(表)" if c in s.trump_up else "") for c in p.trump],
            "pack": [text(c) for c in p.pack],
            "field": [{"as": ch.char_id, "kind": ch.kind, "cards": [text(c) for c in ch.cards],
                       "face_up": ch.face_up, "driven": ch.driven, "entered": ch.entered_turn,
                       "mod": ch.size_mod} for ch in p.field],
        })
    out = {"players": players, "turn": s.turn, "turn_no": s.turn_no, "chance": s.chance,
           "stage": [{"action": x.action.id, "p": x.controller, "keys": [text(c) for c in x.keys]} for x in s.stage],
           "winner": s.winner, "over": s.over}
    extra = getattr(game.hooks, "canonical_extra", None)  # state a game keeps beyond the core's (points ...)
    if extra is not None:
        out["game"] = extra(game)
    return out


def state_hash(game: Any) -> str:
    data = json.dumps(canonical_state(game), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


def read_log(path: str | Path) -> list[dict[str, Any]]:
    """The events of a log file, through the safe reader (size and depth limits): a damaged file is a
    ``DataFileError`` (a ValueError) naming its line, never a crash."""
    from bpdsl.datafile import read_json_lines

    return [value for _, value in read_json_lines(path)]


__all__ = ["EventLog", "StreamLog", "canonical_state", "read_log", "state_hash"]

"""JSON Lines event log with a hash chain, canonical state hash.

A game is (definitions, edition, format, seed, decks, decisions).  The log's ``game`` line records what is
needed to start the same game again (edition, format, seed, decks); every decision line records the index
of the option taken; the ``end`` line the sha256 of the canonical final state.

Every line also carries ``h``, a running digest: the sha256 of the previous line's ``h`` and this line's
event (canonical JSON without ``h``).  The chain is added here, by the writer, whatever part of the engine
or of a game wrote the event, and :func:`chain_break` recomputes it: a line edited, removed, repeated or
moved breaks the chain at that line.  :mod:`bpdsl.engine.replay` then plays the game again and compares
the events one by one, which also catches a forger who recomputed the chain.
"""
from __future__ import annotations

import hashlib
import json
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from bpdsl.datafile import read_json_lines
from bpdsl.engine.events import LogEvent
from bpdsl.fsutil import write_atomic

CHAIN_KEY = "h"
CHAIN_START = "bpdsl-log-1"  # the "previous digest" of the first line; names the log format


def canonical_event(event: dict[str, Any]) -> str:
    """The event as one canonical JSON text (sorted keys, no spaces), without its chain digest."""
    return json.dumps({k: v for k, v in event.items() if k != CHAIN_KEY}, ensure_ascii=False, sort_keys=True,
                      separators=(",", ":"))


def chain_digest(previous: str, event: dict[str, Any]) -> str:
    return hashlib.sha256(f"{previous}\n{canonical_event(event)}".encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True)
class ChainBreak:
    """The first line whose digest is not the one its predecessors and its own content give."""

    index: int  # 0-based event index (= line number - 1 when the log has no blank lines)
    expected: str
    found: str


def chain_break(events: list[dict[str, Any]]) -> ChainBreak | None:
    """Where the hash chain of ``events`` breaks, or None when every line carries the right digest."""
    previous = CHAIN_START
    for i, e in enumerate(events):
        want = chain_digest(previous, e)
        if e.get(CHAIN_KEY) != want:
            return ChainBreak(i, want, str(e.get(CHAIN_KEY)))
        previous = want
    return None


def has_chain(events: list[dict[str, Any]]) -> bool:
    """Whether the log was written with the hash chain (older logs carry no ``h`` at all)."""
    return any(isinstance(e, dict) and CHAIN_KEY in e for e in events)


def chained(lines: list[dict[str, Any]], more: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``lines`` (already chained) followed by the events ``more``, chained on from the last digest: for a
    line added after the game's own log was written (the ``end`` line of a game quit in the browser)."""
    digest = str(lines[-1].get(CHAIN_KEY, CHAIN_START)) if lines else CHAIN_START
    out = list(lines)
    for event in more:
        digest = chain_digest(digest, event)
        out.append({**event, CHAIN_KEY: digest})
    return out


class EventLog:
    """Collects events as dicts, each with its chain digest ``h``; ``dump`` writes them as JSON Lines
    (atomically)."""

    def __init__(self) -> None:
        self.lines: list[dict[str, Any]] = []
        self.digest = CHAIN_START

    def write(self, event: dict[str, Any] | LogEvent) -> None:
        """Record one event: a declared event (bpdsl.engine.events) or a game's own event as a dict."""
        if isinstance(event, LogEvent):
            event = event.json()
        self.digest = chain_digest(self.digest, event)
        self.lines.append({**event, CHAIN_KEY: self.digest})

    def truncate(self, n: int) -> None:
        """Forget the events after the first ``n`` (the step API going back to a checkpoint)."""
        del self.lines[n:]
        self.digest = str(self.lines[-1][CHAIN_KEY]) if self.lines else CHAIN_START

    def fork(self) -> "EventLog":
        """An independent log with the same events so far (for a cloned game)."""
        other = EventLog()
        other.lines = list(self.lines)
        other.digest = self.digest
        return other

    def text(self) -> str:
        return "".join(json.dumps(e, ensure_ascii=False, sort_keys=True) + "\n" for e in self.lines)

    def dump(self, path: str | Path) -> None:

        write_atomic(path, self.text())


class StreamLog(EventLog):
    """An event log that also streams every line to an open text file (for long interactive games)."""

    def __init__(self, fh: TextIO):
        super().__init__()
        self.fh = fh

    def write(self, event: dict[str, Any] | LogEvent) -> None:
        super().write(event)
        self.fh.write(json.dumps(self.lines[-1], ensure_ascii=False, sort_keys=True) + "\n")

    def truncate(self, n: int) -> None:
        raise ValueError("a streamed log cannot take back lines: drive a step game with an EventLog")


def canonical_state(game: Any) -> dict[str, Any]:
    """A JSON-able, order-stable picture of the whole state (both players' hidden cards included)."""
    s = game.state
    text = game.hooks.card_text
    zones = game.rules.zones
    up = s.trump_up

    def card(c: int) -> str:
        return text(c) + "(表)" if c in up else text(c)  # a card of a hidden zone lying face up

    players = []
    for p in s.players:
        picture: dict[str, Any] = {}
        for z in zones.card_zones:  # every zone of cards the game declares; an unordered one sorted
            cards = [card(c) for c in p.zone(z)]
            picture[zones.ids[z]] = cards if zones.ordered[z] else sorted(cards)
        picture["field"] = [{"as": ch.char_id, "kind": ch.kind, "cards": [text(c) for c in ch.cards],
                             "face_up": ch.face_up, "driven": ch.driven, "entered": ch.entered_turn,
                             "mod": ch.size_mod} for ch in p.field]
        players.append(picture)
    out = {"players": players, "turn": s.turn, "turn_no": s.turn_no, "chance": s.chance,
           "stage": [{"action": x.action.id, "p": x.controller, "keys": [text(c) for c in x.keys]} for x in s.stage],
           "winner": s.winner, "over": s.over}
    if s.counters:  # the per-player counters a game declares (points ...)
        out["counters"] = {k: list(v) for k, v in sorted(s.counters.items())}
    if s.marks:  # what abilities remember: counters on cards, limits used, this turn's records
        out["marks"] = dict(sorted(s.marks.items()))
    extra = game.hooks.canonical_extra(game)  # state a game keeps beyond the core's (points ...)
    if extra is not None:
        out["game"] = extra
    return out


def quit_end_event(game: Any) -> dict[str, Any]:
    """The ``end`` line of a game quit before its end, with the state hash where it stopped: the replay
    plays the logged decisions and writes the same line where they run out."""
    return {"t": "end", "quit": True, "winner": None, "draw": False, "aborted": True,
            "turns": game.state.turn_no, "decisions": game.decisions, "reason": "quit", "hash": state_hash(game)}


def canonical_json(picture: dict[str, Any]) -> str:
    """The canonical JSON text of a state picture (sorted keys, no spaces): what the state hash digests."""
    return json.dumps(picture, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def state_hash(game: Any) -> str:
    """The sha256 of :func:`canonical_state`'s canonical JSON (written out directly, see :func:`_canonical_text`)."""
    return hashlib.sha256(_canonical_text(game).encode("utf-8")).hexdigest()


class _Texts:
    """JSON texts of a game's cards, per compiled rules: card -> its JSON string, face down and face up."""

    __slots__ = ("down", "up", "zones")

    def __init__(self, down: list[str], up: list[str], zones: list[tuple[int, bool, str]]):
        self.down = down
        self.up = up
        self.zones = zones  # per key of a player's picture, in sorted order: (zone number, ordered, key) (-1: field)


_TEXTS: "weakref.WeakKeyDictionary[Any, _Texts | None]" = weakref.WeakKeyDictionary()
_JSON_STR: dict[str, str] = {}  # ids (characters, kinds, actions) -> their JSON strings


def _jstr(text: str) -> str:
    j = _JSON_STR.get(text)
    if j is None:
        j = _JSON_STR[text] = json.dumps(text, ensure_ascii=False)
    return j


def _plain(j: str) -> bool:
    """Whether a JSON string's order among others is its text's: nothing escaped, and no character that sorts
    before the closing quote (then sorting the JSON texts sorts the cards as :func:`canonical_state` does)."""
    return all(ch > '"' and ch != "\\" for ch in j[1:-1]) and len(j) >= 2


def _texts(game: Any) -> "_Texts | None":
    """The card texts of ``game``'s rules (a card's text depends on the card alone), or None when some text
    would not sort as itself once quoted (the state hash then takes the slow way)."""
    rules = game.rules
    try:
        return _TEXTS[rules]
    except KeyError:
        pass
    text = game.hooks.card_text
    n = len(game.state.loc)
    down = [json.dumps(text(c), ensure_ascii=False) for c in range(n)]
    up = [json.dumps(text(c) + "(表)", ensure_ascii=False) for c in range(n)]
    zones = rules.zones
    keys = sorted([(zones.ids[z], z) for z in zones.card_zones] + [("field", -1)])
    table: _Texts | None = _Texts(down, up, [(z, z < 0 or zones.ordered[z], _jstr(k)) for k, z in keys])
    if not all(_plain(j) for j in down + up) or len({k for k, _ in keys}) != len(keys):
        table = None
    _TEXTS[rules] = table
    return table


def _canonical_text(game: Any) -> str:
    """``canonical_json(canonical_state(game))``, written out directly (the state hash of every game)."""
    t = _texts(game)
    if t is None:
        return canonical_json(canonical_state(game))
    s = game.state
    down = t.down
    jstr = _JSON_STR.get
    cards = down if not s.trump_up else [t.up[c] if c in s.trump_up else down[c] for c in range(len(down))]
    players = []
    for p in s.players:
        parts = []
        for z, ordered, key in t.zones:
            if z < 0:
                parts.append(key + ":[" + ",".join([
                    '{"as":%s,"cards":[%s],"driven":%s,"entered":%s,"face_up":%s,"kind":%s,"mod":%s}' % (
                        jstr(ch.char_id) or _jstr(ch.char_id), ",".join([down[c] for c in ch.cards]),
                        _json(ch.driven), _json(ch.entered_turn), _json(ch.face_up),
                        jstr(ch.kind) or _jstr(ch.kind), _json(ch.size_mod))
                    for ch in p.field]) + "]")
            elif ordered:
                parts.append(key + ":[" + ",".join([cards[c] for c in p.zone(z)]) + "]")
            else:
                parts.append(key + ":[" + ",".join(sorted([cards[c] for c in p.zone(z)])) + "]")
        players.append("{" + ",".join(parts) + "}")
    out = ['{"chance":', _json(s.chance)]
    if s.counters:
        out += [',"counters":', canonical_json({k: list(v) for k, v in s.counters.items()})]
    extra = game.hooks.canonical_extra(game)
    if extra is not None:
        out += [',"game":', canonical_json(extra)]
    if s.marks:  # (sorted keys: after "game")
        out += [',"marks":', canonical_json(s.marks)]
    out += [',"over":', _json(s.over), ',"players":[', ",".join(players), '],"stage":[',
            ",".join(['{"action":%s,"keys":[%s],"p":%s}' % (_jstr(x.action.id), ",".join([down[c] for c in x.keys]),
                                                            _json(x.controller)) for x in s.stage]),
            '],"turn":', _json(s.turn), ',"turn_no":', _json(s.turn_no), ',"winner":', _json(s.winner), "}"]
    return "".join(out)


def _json(v: Any) -> str:
    """A scalar's JSON text."""
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v is None:
        return "null"
    if type(v) is int:
        return int.__repr__(v)
    return canonical_json(v)


def read_log(path: str | Path) -> list[dict[str, Any]]:
    """The events of a log file, through the safe reader (size and depth limits): a damaged file is a
    ``DataFileError`` (a ValueError) naming its line, never a crash."""
    return [value for _, value in read_json_lines(path)]


__all__ = ["ChainBreak", "EventLog", "StreamLog", "canonical_event", "canonical_state", "chain_break", "chained", "has_chain",
           "quit_end_event", "read_log", "state_hash"]

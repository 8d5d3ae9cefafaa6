"""The leak property over every format: no payload a seat is sent names a card that seat may not see (3.12.1),
and every payload has the shape the page reads (``bpdsl/web/static/seat-payload.schema.json``).

Every edition's every format, the example regulations (decks, packs) and a scenario are played with random
choices by both seats; at every decision the payload of *both* seats is built by the server's own
:func:`bpdsl.web.payload.seat_payload` from the live game (the per-seat views in strict mode, which raise on a
hidden card in an event line), and checked: its board and question name only cards the seat may see then
(plus its own cards a question may show it), its lines are the seat's own, it validates against the schema.
The log a seat may download while the game runs is its own lines only, and the replay viewer's steps from a
seat's view are checked the same way.  The pushed updates (server-sent events) carry these same payloads
(``tests/web/test_two_browsers.py`` checks what they carry).
"""
from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from bpdsl.engine import new_game
from bpdsl.engine.view import ViewLog
from bpdsl.web.payload import replay_payload, seat_payload, watch_payload
from bpdsl.web.starts import EXAMPLE_REGULATIONS, catalog, new_start
from bpdsl.web.tables import Position, Table
from tests.web.leaks import tokens

# the share of decisions (after the first ones) whose payloads are checked; BPDSL_LEAK_SHARE=1 checks them all
CHECKED = float(os.environ.get("BPDSL_LEAK_SHARE", "0.3"))
SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "bpdsl" / "web" / "static" /
                     "seat-payload.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)

GAMES: list[dict[str, str]] = (
    [{"edition": e["id"], "format": f["id"]} for e in catalog(None)["editions"] for f in e["formats"]]
    + [{"regulation": r} for r in EXAMPLE_REGULATIONS]
    + [{"scenario_file": "act8.0/combat_soldiers.yaml"}, {"scenario_file": "rulings/act8.2/recruit_reveal_four.yaml"}])


def schema_problems(payload: dict[str, Any]) -> list[str]:
    """What of ``payload`` (as the JSON the page receives) the schema refuses."""
    sent = json.loads(json.dumps(payload, ensure_ascii=False))
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in VALIDATOR.iter_errors(sent)]


class _Live:
    """The table :func:`seat_payload` reads, at a decision of a live game (no replay from the start)."""

    id = "live"
    quit = False
    seats = ["person", "person"]

    def __init__(self, start: Any, pos: Position, decision_no: int):
        self.start, self._pos, self.decision_no = start, pos, decision_no

    def position(self) -> Position:
        return self._pos

    @property
    def over(self) -> bool:
        return self._pos.pending is None


def check_payload(payload: dict[str, Any], game: Any, seat: int, log: ViewLog, request: Any = None) -> None:
    assert not schema_problems(payload), schema_problems(payload)
    text = json.dumps(payload, ensure_ascii=False)
    assert '"seed"' not in text and '"decks"' not in text, "a table's secrets reached the seat"
    hooks = game.hooks
    visible = {hooks.card_text(c) for c in hooks.visible_cards(game, seat)}
    hidden = tokens(payload["board"]) - visible
    assert not hidden, f"the board sent to seat {seat} names {hidden}: {payload['board']}"
    if payload["prompt"]:
        state = game.state
        own = {hooks.card_text(c) for c in range(len(state.loc)) if state.owner[c] == seat}
        shown = {str(request.context["card"])} if "card" in request.context else set()  # a drawn card it looks at
        hidden = tokens(payload["prompt"]) - visible - own - shown
        assert not hidden, f"the question sent to seat {seat} names {hidden}"
    assert payload["lines"] == [t for _i, t in log.told[seat]]
    assert [e["text"] for e in log.seat_log(seat)[1:]] == payload["lines"]  # the log a seat may download


def check_spectator(payload: dict[str, Any], game: Any) -> None:
    """A spectator is shown only cards both seats may see."""
    hooks = game.hooks
    public = set.intersection(*({hooks.card_text(c) for c in hooks.visible_cards(game, s)} for s in (0, 1)))
    hidden = (tokens(payload["board"]) | tokens(payload["lines"])) - public
    assert not hidden, f"the spectator was sent {hidden}"
    assert not payload["judge"]


def start_game(start: Any, agents: list[Any], log: ViewLog) -> Any:
    """The game of a sandbox start, as a table starts it: its head lines logged, ``log`` attached, at the
    start's position."""
    for line in start.head:
        log.write(dict(line))
    game = new_game(start.rules, agents, start.seed, decks=start.decks, setup=start.setup, log=log)
    log.attach(game)
    if start.position is not None:
        start.position(game)
    return game


def play_checking(fields: dict[str, str], seed: int) -> tuple[Any, list[int], int]:
    """One game with random choices by both seats, every payload of both seats checked at every decision;
    the start, the choices and the number of payloads checked."""
    start = new_start(fields, seed, None)
    rng = random.Random(seed)
    sample = random.Random(seed + 1)
    log = ViewLog(2, strict=True)
    choices: list[int] = []
    checked = [0]

    class Inspector:
        name = "inspector"

        def decide(self, request: Any, observe: Any) -> int:
            # the first decisions (the set-up: trumps, packs, the first turn) always, then a random third
            if len(choices) < 12 or sample.random() < CHECKED:
                live = _Live(start, Position(game, log, request, None), len(choices))
                for s in (0, 1):
                    payload = seat_payload(live, s)  # type: ignore[arg-type]
                    assert (payload["prompt"] is not None) == (s == request.player)
                    check_payload(payload, game, s, log, request)
                    checked[0] += 1
                check_spectator(watch_payload(live, "spectator"), game)  # type: ignore[arg-type]
            i = rng.randrange(len(request.options))
            choices.append(i)
            return i

    game = start_game(start, [Inspector(), Inspector()], log)
    result = game.play()
    end = _Live(start, Position(game, log, None, result), len(choices))
    for s in (0, 1):
        payload = seat_payload(end, s)  # type: ignore[arg-type]
        assert payload["over"] and payload["result"] is not None
        check_payload(payload, game, s, log)
    return start, choices, checked[0]


@pytest.mark.parametrize("fields", GAMES, ids=lambda f: "-".join(f.values()))
def test_no_payload_names_a_card_its_seat_may_not_see(fields: dict[str, str]) -> None:
    start, choices, checked = play_checking(fields, seed=11)
    assert checked >= 2 * 5, "a game of a few decisions at least"
    # the replay viewer from each seat's view, at a step of the game: the same views, the same check
    table = Table(start, ["person", "person"], bot_seed=0, strict=True)
    for step in (len(choices) // 2,):
        table.choices = choices[:step]
        table._position = None
        pos = table.position()
        for seat in (0, 1):
            p = replay_payload(table, step, len(choices), seat, choices)
            hooks = pos.game.hooks
            visible = {hooks.card_text(c) for c in hooks.visible_cards(pos.game, seat)}
            assert not tokens(p["board"]) - visible
            assert p["lines"] == [t for _i, t in pos.log.told[seat]]
            if p["pending"] and p["pending"]["player"] != seat:
                assert p["pending"]["options"] == []


def test_the_opponent_sees_face_down_trumps_as_a_count_only() -> None:
    """エクストラ: the owner is sent its face-down trumps, the opponent only how many there are."""
    start = new_start({"edition": "act9.0", "format": "extra"}, 3, None)
    table = Table(start, ["person", "person"], bot_seed=0, strict=True)
    while table.position().pending.kind == "trump_place":
        table.apply(table.position().pending.player, table.decision_no, 1)  # place the first card offered
    for seat in (0, 1):
        board = seat_payload(table, seat)["board"]
        mine, theirs = board["players"][seat]["trump"], board["players"][1 - seat]["trump"]
        assert len(mine["face_down"]) + len(mine["face_up"]) == 2
        assert "face_down" not in theirs and theirs["face_down_count"] + len(theirs["face_up"]) == 2
        assert not schema_problems(seat_payload(table, seat))

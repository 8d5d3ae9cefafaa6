"""The browser sandbox as an ASGI app (Starlette): pages, a JSON API, and the static client shipped here.

Pages (static HTML + a small hand-written script each, no build step, no CDN): ``/`` new game, ``/play``
a seat's table, ``/replay`` the replay viewer.  API (JSON; every error is ``{"error": ...}`` with a 4xx
status and leaves the game unchanged):

* ``GET  /api/catalog`` — editions and formats, bots, example regulations, bundled scenarios;
* ``POST /api/tables`` — a new game: ``{edition, format}`` or ``{regulation}`` or ``{scenario}`` (a scenario
  file's text), ``seat``, ``opponent`` (a bot kind or ``"person"``), ``seed``; answers each person seat's
  private address (seat and token);
* ``GET  /api/tables/{id}/seats/{seat}?token=`` — the seat's payload (:func:`bpdsl.web.payload.seat_payload`);
* ``POST /api/tables/{id}/seats/{seat}/choose?token=`` ``{decision, option}``; ``.../quit``;
* ``GET  /api/tables/{id}/seats/{seat}/log?token=`` — while the game runs: the lines the seat was told;
  once it is over (or quit): the full JSON Lines log, replayable with ``bpdsl replay``;
* ``GET  /api/tables/{id}/texts`` — printed texts of the game's actions, characters and fogs;
* ``POST /api/replays`` (a log's text) and ``GET /api/replays/{id}?step=&view=0|1|judge``.

A seat's token is its address: the bot's seat has none, so nothing of the bot's view can be asked for.
"""
from __future__ import annotations

import json
import random
import secrets
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from bpdsl.engine.log import chained
from bpdsl.engine.view import JUDGE
from bpdsl.web.payload import printed_texts, replay_payload, seat_payload
from bpdsl.web.starts import StartError, catalog, log_start, new_start
from bpdsl.web.studio import studio_routes
from bpdsl.web.tables import BOTS, Refused, Table, Tables
from bpdsl.web.lessons import lesson_routes

STATIC = Path(__file__).resolve().parent / "static"
MAX_JSON = 64 * 1024  # a request body of the API (a scenario file's text included)
MAX_LOG = 8 * 1024 * 1024  # a log opened in the replay viewer


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, refused with 413 beyond ``limit`` bytes (read no further than that)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise Refused(413, f"the request body is larger than {limit} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise Refused(413, f"the request body is larger than {limit} bytes")
    return bytes(body)


async def read_json(request: Request, limit: int = MAX_JSON) -> dict[str, Any]:
    raw = await read_body(request, limit)
    try:
        data = json.loads(raw.decode("utf-8") or "{}")
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise Refused(400, f"the request body is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise Refused(400, "the request body must be a JSON object")
    return data


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool):
        raise Refused(400, f"{what} must be an integer")
    try:
        return int(value)
    except (TypeError, ValueError):
        raise Refused(400, f"{what} must be an integer, not {value!r}") from None


def create_app(definitions: Any = None) -> Starlette:
    """The sandbox app; ``definitions``: the definitions to play (None: the bundled ones)."""
    tables = Tables()
    replays = Tables()

    def seat_of(request: Request) -> tuple[Table, int]:
        table = tables.get(request.path_params["table"])
        seat = _int(request.path_params["seat"], "seat")
        token = request.query_params.get("token") or request.headers.get("x-seat-token") or ""
        expected = table.tokens.get(seat)
        if expected is None or not secrets.compare_digest(expected, token):
            raise Refused(403, f"seat {seat} of this game is not yours (a bot's seat, or a wrong token)")
        return table, seat

    async def page(request: Request) -> Response:
        name = {"/": "new.html", "/play": "play.html", "/replay": "replay.html"}[request.url.path]
        return FileResponse(STATIC / name, media_type="text/html; charset=utf-8")

    async def api_catalog(request: Request) -> Response:
        return JSONResponse(catalog(definitions))

    async def api_new_table(request: Request) -> Response:
        data = await read_json(request)
        seat = _int(data.get("seat", 0), "seat")
        if seat not in (0, 1):
            raise Refused(400, "seat must be 0 or 1")
        opponent = str(data.get("opponent", "random"))
        if opponent != "person" and opponent not in BOTS:
            raise Refused(400, f"unknown opponent {opponent!r}; choose one of: person, {', '.join(BOTS)}")
        raw_seed = data.get("seed")
        seed = random.SystemRandom().randrange(2**31) if raw_seed in (None, "") else _int(raw_seed, "seed")
        try:
            start = new_start(data, seed, definitions)
        except StartError as exc:
            raise Refused(400, str(exc)) from None
        seats = ["person", "person"] if opponent == "person" else [opponent, opponent]
        seats[seat] = "person"
        table = tables.add(Table(start, seats, bot_seed=seed + 1))
        table.position()  # play up to the first decision of a person (the bot may begin)
        return JSONResponse({"table": table.id, "title": start.title,
                             "seats": [{"seat": s, "token": tok, "url": f"/play?table={table.id}&seat={s}&token={tok}"}
                                       for s, tok in table.tokens.items()]})

    async def api_seat(request: Request) -> Response:
        table, seat = seat_of(request)
        return JSONResponse(seat_payload(table, seat))

    async def api_choose(request: Request) -> Response:
        table, seat = seat_of(request)
        data = await read_json(request, 4096)
        decision = _int(data.get("decision"), "decision")
        option = _int(data.get("option"), "option")
        with table.lock:
            table.apply(seat, decision, option)
        return JSONResponse(seat_payload(table, seat))

    async def api_quit(request: Request) -> Response:
        table, seat = seat_of(request)
        await read_body(request, 4096)
        with table.lock:
            table.quit = True
        return JSONResponse(seat_payload(table, seat))

    async def api_log(request: Request) -> Response:
        table, seat = seat_of(request)
        pos = table.position()
        name = f"bpdsl-{table.id[:8]}"
        if table.over:  # the game is over: the whole log (every card), replayable
            lines = chained(pos.log.lines, table.end_lines())
            name += ".jsonl"
        else:  # still playing: only what this seat was told
            lines = pos.log.seat_log(seat, {"title": table.start.title, "decision_no": table.decision_no})
            name += f"-seat{seat}.jsonl"
        text = "".join(json.dumps(e, ensure_ascii=False, sort_keys=True) + "\n" for e in lines)
        return PlainTextResponse(text, media_type="application/x-ndjson; charset=utf-8",
                                 headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def api_texts(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        return JSONResponse(printed_texts(table.start.rules))

    async def api_new_replay(request: Request) -> Response:
        raw = await read_body(request, MAX_LOG)
        try:
            events = [json.loads(line) for line in raw.decode("utf-8").splitlines() if line.strip()]
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise Refused(400, f"not a JSON Lines log: {exc}") from None
        try:
            start, indices = log_start(events, definitions)
        except StartError as exc:
            raise Refused(400, str(exc)) from None
        table = Table(start, ["person", "person"], bot_seed=0)
        table.recorded = indices  # type: ignore[attr-defined]
        table.events = events  # type: ignore[attr-defined]
        replays.add(table)
        return JSONResponse({"replay": table.id, "steps": len(indices), "title": start.title})

    async def api_replay(request: Request) -> Response:
        table = replays.get(request.path_params["replay"])
        recorded: list[int] = table.recorded  # type: ignore[attr-defined]
        step = _int(request.query_params.get("step", "0"), "step")
        if not 0 <= step <= len(recorded):
            raise Refused(400, f"step must be between 0 and {len(recorded)}")
        view = request.query_params.get("view", "0")
        seat = JUDGE if view == "judge" else _int(view, "view")
        if seat not in (JUDGE, 0, 1):
            raise Refused(400, "view must be 0, 1 or judge")
        with table.lock:
            if table.choices != recorded[:step]:
                table.choices = list(recorded[:step])
                table._position = None
            try:
                payload = replay_payload(table, step, len(recorded), seat, table.events)  # type: ignore[attr-defined]
            except Exception as exc:  # a decision of the log that is not legal in this game
                raise Refused(400, f"the log cannot be replayed to step {step}: {exc}") from None
        return JSONResponse(payload)

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Refused)
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)

    async def internal(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": f"internal error of bpdsl ({type(exc).__name__}); the game is unchanged"},
                            status_code=500)

    routes = [
        Route("/", page), Route("/play", page), Route("/replay", page),
        Route("/api/catalog", api_catalog),
        Route("/api/tables", api_new_table, methods=["POST"]),
        Route("/api/tables/{table}/texts", api_texts),
        Route("/api/tables/{table}/seats/{seat}", api_seat),
        Route("/api/tables/{table}/seats/{seat}/choose", api_choose, methods=["POST"]),
        Route("/api/tables/{table}/seats/{seat}/quit", api_quit, methods=["POST"]),
        Route("/api/tables/{table}/seats/{seat}/log", api_log),
        Route("/api/replays", api_new_replay, methods=["POST"]),
        Route("/api/replays/{replay}", api_replay),
        *lesson_routes(read_json, definitions),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    routes[-1:-1] = studio_routes(tables, read_json)  # the designer's studio (bpdsl.web.studio)
    return Starlette(routes=routes, exception_handlers={Refused: refused, HTTPException: http_error,
                                                        Exception: internal})


__all__ = ["create_app"]

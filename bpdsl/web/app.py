"""The browser sandbox as an ASGI app (Starlette): pages, a JSON API, and the static client shipped here.

Pages (static HTML + a small hand-written script each, no build step, no CDN): ``/`` new game, ``/play``
a seat's table, ``/replay`` the replay viewer.  API (JSON; every error is ``{"error": ...}`` with a 4xx
status and leaves the game unchanged):

* ``GET  /api/catalog`` — editions and formats, bots, example regulations, bundled scenarios;
* ``POST /api/tables`` — a new game: ``{edition, format}`` or ``{regulation}`` or ``{scenario}`` (a scenario
  file's text), ``seat``, ``opponent`` (a bot kind or ``"person"``), ``seed``; answers each person seat's
  private address (seat and token);
* ``GET  /api/tables/{id}/seats/{seat}?token=`` — the seat's payload (:func:`bpdsl.web.payload.seat_payload`);
* ``GET  /api/tables/{id}/seats/{seat}/explain?token=&agent=heuristic`` — an agent's values of the seat's
  pending options, from the seat's own observation (:mod:`bpdsl.web.advice`);
* ``POST /api/tables/{id}/seats/{seat}/choose?token=`` ``{decision, option}``; ``.../quit``;
  ``.../notes`` ``{text}`` — a note on the game at the current decision (sent back to its seat only);
* ``POST /api/tables/{id}/seats/{seat}/undo?token=`` — ask to take the last decision back; the other seat
  answers with ``.../undo/answer`` ``{accept}`` through its own link (a bot agrees at once); the undo is an
  ``undo`` line of the log (:mod:`bpdsl.engine.undo`), replayed and checked like every line;
* ``GET  /api/tables/{id}/seats/{seat}/events?token=`` — server-sent events: the seat's payload now and
  after every change of the game (the other seat's choice, a quit), so the other seat's page follows the
  game without polling; the browser's EventSource reconnects by itself after a dropped connection;
* ``GET  /api/tables/{id}/watch/{spectator|judge}?token=`` (and ``.../events``, pushed) — a watcher's view
  (:func:`bpdsl.web.payload.watch_payload`): the spectator what both seats see, the judge every card;
* ``GET  /api/tables/{id}/watch/judge/scenario?token=`` — the position at the last chance asked as a scenario
  file (:mod:`bpdsl.scenarios.save`), which ``bpdsl scenario`` runs and the new-game page starts from; the
  judge's link only, as the file holds every card;
* ``GET  /api/tables/{id}/seats/{seat}/log?token=`` — while the game runs: the lines the seat was told;
  once it is over (or quit): the full JSON Lines log, replayable with ``bpdsl replay``;
* ``GET  /api/tables/{id}/texts`` — printed texts of the game's actions, characters and fogs;
* ``POST /api/replays`` (a log's text) and ``GET /api/replays/{id}?step=&view=0|1|judge``.

A seat's token is its address: the bot's seat has none, so nothing of the bot's view can be asked for.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, TypeVar

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from bpdsl.engine.log import chained
from bpdsl.engine.view import JUDGE
from bpdsl.web.guard import SEED_MAX, draw_seed, integer, parse_json, query_integer, text, token_matches
from bpdsl.web.advice import seat_advice
from bpdsl.web.payload import WATCHERS, printed_texts, replay_payload, seat_payload, watch_payload
from bpdsl.web.replays import MAX_LOG, Replay, ReplayStore, read_log
from bpdsl.web.sameorigin import SameOrigin
from bpdsl.web.starts import StartError, catalog, log_start, new_start
from bpdsl.web.studio import studio_routes
from bpdsl.web.tables import BOTS, MAX_NOTES, Refused, Table, Tables
from bpdsl.web.lessons import lesson_routes
from bpdsl.web.helppages import help_routes

STATIC = Path(__file__).resolve().parent / "static"
MAX_JSON = 64 * 1024  # a request body of the API (a scenario file's text included)
MAX_NOTE = 1000  # characters of a seat's note on a game
MAX_TEXT = 200  # an edition, format, opponent, regulation or scenario file name
PUSH_EVERY = 0.25  # seconds between two looks of a pushed-updates stream at its table (in the server)
HEAVY_AT_ONCE = 2  # games played through in worker threads at once (the others wait their turn)
T = TypeVar("T")


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, refused with 413 beyond ``limit`` bytes (read no further than that)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise Refused(413, f"the request body is larger than {limit} bytes")
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise Refused(413, f"the request body is larger than {limit} bytes")
    except ClientDisconnect:  # nobody is left to answer; the answer says why, for the record
        raise Refused(400, "the client went away before the request body was sent") from None
    return bytes(body)


async def read_json(request: Request, limit: int = MAX_JSON) -> dict[str, Any]:
    """The request body as a JSON object (:func:`bpdsl.web.guard.parse_json`: depth, numbers, text)."""
    data = parse_json(await read_body(request, limit) or b"{}")
    if not isinstance(data, dict):
        raise Refused(400, "the request body must be a JSON object")
    return data


def _optional_text(data: dict[str, Any], key: str, default: str, limit: int = MAX_TEXT) -> str:
    value = data.get(key)
    return default if value is None or value == "" else text(value, key, limit)


def scenario_text(data: dict[str, Any], table_id: str, taken: int, now: int) -> str:
    """A saved position as a scenario file's YAML, with a comment saying where it was taken."""
    import yaml

    where = ("the current decision" if taken == now else
             f"the last chance before the current decision {now} (a position is taken where a chance is asked)")
    head = (f"# A position of the sandbox's game {table_id[:8]}, after {taken} decisions of the people: {where}.\n"
            "# Run it with `bpdsl scenario FILE`; add `decisions:` and `expect:` to make it a ruling.\n")
    return head + yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=None, width=100)


def create_app(definitions: Any = None, hosts: tuple[str, ...] = (), store: Any = None) -> Starlette:
    """The sandbox app; ``definitions``: the definitions to play (None: the bundled ones); ``hosts``: host
    names besides this machine's addresses and ``localhost`` that the app answers to
    (:mod:`bpdsl.web.sameorigin`, in front of every route); ``store``: a :class:`bpdsl.web.store.TableStore`
    the tables are kept in (a table not in memory is resumed from it), or None."""

    def resume(table_id: str) -> Table | None:
        stored = store.load(table_id) if store is not None else None
        if stored is None:
            return None
        try:
            begun = new_start(dict(stored.recipe["data"]), int(stored.recipe["seed"]), definitions)
        except StartError:  # the definitions changed since: the game cannot be started again
            return None
        table = Table(begun, stored.seats, bot_seed=stored.bot_seed)
        table.id, table.tokens, table.choices, table.quit = stored.id, stored.tokens, stored.choices, stored.quit
        table.watchers, table.notes = stored.watchers, stored.notes
        table.undos, table.undo_ask = stored.undos, stored.undo_ask
        table.recipe = stored.recipe
        return table

    def keep(table: Table) -> None:
        if store is not None and getattr(table, "recipe", None) is not None:
            store.save(table)

    tables = Tables(resume=resume)
    replays = ReplayStore()
    heavy: list[anyio.CapacityLimiter] = []

    async def off_loop(work: Callable[[], T]) -> T:
        """Run ``work`` (playing a game through) in a worker thread, at most :data:`HEAVY_AT_ONCE` at once:
        a long replay step does not stall the other requests."""
        if not heavy:
            heavy.append(anyio.CapacityLimiter(HEAVY_AT_ONCE))
        return await anyio.to_thread.run_sync(work, limiter=heavy[0])

    def seat_of(request: Request) -> tuple[Table, int]:
        table = tables.get(request.path_params["table"])
        seat = query_integer(request.path_params["seat"], "seat", 0, len(table.seats) - 1)
        token = request.query_params.get("token") or request.headers.get("x-seat-token") or ""
        if not token_matches(table.tokens.get(seat), token):
            raise Refused(403, f"seat {seat} of this game is not yours (a bot's seat, or a wrong token)")
        return table, seat

    def watcher_of(request: Request) -> tuple[Table, str]:
        table = tables.get(request.path_params["table"])
        role = request.path_params["role"]
        if role not in WATCHERS:
            raise Refused(404, f"no watcher {role[:40]!r}; watchers: {', '.join(WATCHERS)}")
        token = request.query_params.get("token") or request.headers.get("x-seat-token") or ""
        if not token_matches(table.watchers.get(role), token):
            raise Refused(403, f"this is not the {role}'s link of this game (a wrong token)")
        return table, role

    async def api_watch(request: Request) -> Response:
        table, role = watcher_of(request)

        def look() -> dict[str, Any]:
            with table.lock:
                return watch_payload(table, role)

        return JSONResponse(await off_loop(look))

    async def api_watch_events(request: Request) -> Response:
        table, role = watcher_of(request)

        def look() -> tuple[int, str]:
            with table.lock:
                return table.version, json.dumps(watch_payload(table, role), ensure_ascii=False)

        return pushed(request, table, look)

    async def api_watch_scenario(request: Request) -> Response:
        """The position as a scenario file (the judge's link only: a scenario holds every card)."""
        table, role = watcher_of(request)
        if role != "judge":
            raise Refused(403, "only the judge's link saves a position: a scenario file holds every card, "
                               "hidden ones included")

        def write() -> tuple[str, int]:
            with table.lock:
                title = table.start.title.removeprefix("リプレイ: ")
                data, taken = table.chance_scenario(f"{title} — 決定 {table.decision_no} までの局面")
                return scenario_text(data, table.id, taken, table.decision_no), taken

        body, taken = await off_loop(write)
        name = f"bpdsl-{table.id[:8]}-d{taken}.yaml"
        return PlainTextResponse(body, media_type="application/yaml; charset=utf-8",
                                 headers={"Content-Disposition": f'attachment; filename="{name}"'})

    def pushed(request: Request, table: Table, look: Callable[[], tuple[int, str]]) -> Response:
        """Server-sent events: ``look()`` now and after every change of ``table``."""

        async def stream() -> Any:
            sent = -1
            while not await request.is_disconnected():
                if table.version != sent:
                    sent, data = await off_loop(look)
                    yield f"event: payload\nid: {sent}\ndata: {data}\n\n"
                else:
                    yield ": waiting\n\n"  # a comment line: a dropped connection is noticed
                await anyio.sleep(PUSH_EVERY)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    async def page(request: Request) -> Response:
        name = {"/": "new.html", "/play": "play.html", "/replay": "replay.html", "/watch": "watch.html"}[request.url.path]
        return FileResponse(STATIC / name, media_type="text/html; charset=utf-8")

    async def api_catalog(request: Request) -> Response:
        return JSONResponse(catalog(definitions))

    async def api_new_table(request: Request) -> Response:
        data = await read_json(request)
        seat = integer(data.get("seat", 0), "seat", 0, 1)
        opponent = _optional_text(data, "opponent", "random")
        if opponent != "person" and opponent not in BOTS:
            raise Refused(400, f"unknown opponent {opponent!r}; choose one of: person, {', '.join(BOTS)}")
        raw_seed = data.get("seed")
        if raw_seed in (None, ""):
            seed = draw_seed()
        elif isinstance(raw_seed, str):  # the page sends the field's text: a 64-bit seed is no JS number
            seed = query_integer(raw_seed, "seed", 0, SEED_MAX)
        else:
            seed = integer(raw_seed, "seed", 0, SEED_MAX)
        for key in ("edition", "format", "regulation", "scenario_file"):
            _optional_text(data, key, "")
        _optional_text(data, "scenario", "", MAX_JSON)

        def start() -> Table:
            try:
                begun = new_start(data, seed, definitions)
            except StartError as exc:
                raise Refused(400, str(exc)) from None
            seats = ["person", "person"] if opponent == "person" else [opponent, opponent]
            seats[seat] = "person"
            table = Table(begun, seats, bot_seed=seed + 1)
            table.recipe = {"data": {k: data[k] for k in ("edition", "format", "regulation", "scenario",
                                                          "scenario_file") if data.get(k)}, "seed": seed}
            table.position()  # play up to the first decision of a person (the bot may begin)
            keep(table)
            return table

        table = tables.add(await off_loop(start))
        return JSONResponse({"table": table.id, "title": table.start.title,
                             "seats": [{"seat": s, "token": tok, "url": f"/play?table={table.id}&seat={s}&token={tok}"}
                                       for s, tok in table.tokens.items()],
                             "watch": [{"role": role, "url": f"/watch?table={table.id}&role={role}&token={tok}"}
                                       for role, tok in table.watchers.items()]})

    async def api_seat(request: Request) -> Response:
        table, seat = seat_of(request)

        def look() -> dict[str, Any]:
            with table.lock:
                return seat_payload(table, seat)

        return JSONResponse(await off_loop(look))

    async def api_events(request: Request) -> Response:
        table, seat = seat_of(request)

        def look() -> tuple[int, str]:
            with table.lock:
                return table.version, json.dumps(seat_payload(table, seat), ensure_ascii=False)

        return pushed(request, table, look)

    async def api_choose(request: Request) -> Response:
        table, seat = seat_of(request)
        data = await read_json(request, 4096)
        decision = integer(data.get("decision"), "decision", 0, 2**31)
        option = integer(data.get("option"), "option", 0, 2**31)

        def choose() -> dict[str, Any]:
            with table.lock:
                table.apply(seat, decision, option)
                try:
                    payload = seat_payload(table, seat)
                except Exception:  # the answer cannot be built: the choice is taken back, the game unchanged
                    table.choices.pop()
                    table._position = None
                    raise
                keep(table)
                return payload

        return JSONResponse(await off_loop(choose))

    async def api_note(request: Request) -> Response:
        table, seat = seat_of(request)
        data = await read_json(request, 4096)
        note = text(data.get("text"), "text", MAX_NOTE).strip()
        if not note:
            raise Refused(400, "a note needs some text")

        def write() -> dict[str, Any]:
            with table.lock:
                if len(table.notes) >= MAX_NOTES:
                    raise Refused(409, f"this game has {MAX_NOTES} notes already")
                table.notes.append({"seat": seat, "decision_no": table.decision_no, "text": note})
                keep(table)
                return seat_payload(table, seat)

        return JSONResponse(await off_loop(write))

    async def api_quit(request: Request) -> Response:
        table, seat = seat_of(request)
        await read_body(request, 4096)

        def quit_() -> dict[str, Any]:
            with table.lock:
                table.quit = True
                table.version += 1
                keep(table)
                return seat_payload(table, seat)

        return JSONResponse(await off_loop(quit_))

    async def api_undo(request: Request) -> Response:
        """Ask to take the last decision back (the other seat answers; a bot agrees at once)."""
        table, seat = seat_of(request)
        await read_body(request, 4096)

        def ask() -> dict[str, Any]:
            with table.lock:
                table.ask_undo(seat)
                keep(table)
                return seat_payload(table, seat)

        return JSONResponse(await off_loop(ask))

    async def api_undo_answer(request: Request) -> Response:
        """The other seat's answer to the undo asked: ``{"accept": true|false}``."""
        table, seat = seat_of(request)
        data = await read_json(request, 4096)
        accept = data.get("accept")
        if not isinstance(accept, bool):
            raise Refused(400, "'accept' must be true or false")

        def answer() -> dict[str, Any]:
            with table.lock:
                table.answer_undo(seat, accept)
                keep(table)
                return seat_payload(table, seat)

        return JSONResponse(await off_loop(answer))

    async def api_explain(request: Request) -> Response:
        table, seat = seat_of(request)
        agent = request.query_params.get("agent", "heuristic")

        def advise() -> dict[str, Any]:
            with table.lock:
                return seat_advice(table, seat, agent)

        return JSONResponse(await off_loop(advise))

    async def api_log(request: Request) -> Response:
        table, seat = seat_of(request)

        def lines() -> list[dict[str, Any]]:
            with table.lock:
                pos = table.position()
                if table.over:  # the game is over: the whole log (every card), replayable
                    return chained(pos.log.lines, table.end_lines())
                return pos.log.seat_log(seat, {"title": table.start.title, "decision_no": table.decision_no})

        over = table.over
        written = await off_loop(lines)
        name = f"bpdsl-{table.id[:8]}" + (".jsonl" if over else f"-seat{seat}.jsonl")
        body = "".join(json.dumps(e, ensure_ascii=False, sort_keys=True) + "\n" for e in written)
        return PlainTextResponse(body, media_type="application/x-ndjson; charset=utf-8",
                                 headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def api_texts(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        return JSONResponse(await off_loop(lambda: printed_texts(table.start.rules)))

    async def api_new_replay(request: Request) -> Response:
        raw = await read_body(request, MAX_LOG)

        def open_log() -> Replay:
            log = read_log(raw)
            try:
                start, indices = log_start(log.start_lines, definitions, log.decisions.tolist())
            except StartError as exc:
                raise Refused(400, str(exc)) from None
            table = Table(start, ["person", "person"], bot_seed=0)
            table.undos = log.undos  # both seats are people here: a choice's number is its decision's
            return Replay(table, log, len(raw))

        replay = replays.add(await off_loop(open_log))
        return JSONResponse({"replay": replay.id, "steps": replay.steps, "title": replay.table.start.title,
                             "genuine": replay.log.broken is None, "not_genuine": replay.log.broken})

    async def api_replay(request: Request) -> Response:
        replay = replays.get(request.path_params["replay"])
        step = query_integer(request.query_params.get("step", "0"), "step", 0, replay.steps)
        view = request.query_params.get("view", "0")
        seat = JUDGE if view == "judge" else query_integer(view, "view", 0, 1)

        def show() -> dict[str, Any]:
            table = replay.table
            with table.lock:
                replay.at(step)
                try:
                    payload = replay_payload(table, step, replay.steps, seat, replay.log.decisions)
                except Exception as exc:  # a decision of the log that is not legal in this game
                    raise Refused(400, f"the log cannot be replayed to step {step}: {exc}") from None
            payload["not_genuine"] = replay.log.broken
            return payload

        return JSONResponse(await off_loop(show))

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Refused)
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)

    async def internal(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": f"internal error of bpdsl ({type(exc).__name__})"},
                            status_code=500)

    routes = [
        Route("/", page), Route("/play", page), Route("/replay", page), Route("/watch", page),
        Route("/api/catalog", api_catalog),
        Route("/api/tables", api_new_table, methods=["POST"]),
        Route("/api/tables/{table}/texts", api_texts),
        Route("/api/tables/{table}/seats/{seat}", api_seat),
        Route("/api/tables/{table}/seats/{seat}/choose", api_choose, methods=["POST"]),
        Route("/api/tables/{table}/seats/{seat}/quit", api_quit, methods=["POST"]),
        Route("/api/tables/{table}/seats/{seat}/notes", api_note, methods=["POST"]),
        Route("/api/tables/{table}/seats/{seat}/undo", api_undo, methods=["POST"]),
        Route("/api/tables/{table}/seats/{seat}/undo/answer", api_undo_answer, methods=["POST"]),
        Route("/api/tables/{table}/seats/{seat}/log", api_log),
        Route("/api/tables/{table}/seats/{seat}/events", api_events),
        Route("/api/tables/{table}/watch/{role}", api_watch),
        Route("/api/tables/{table}/watch/{role}/events", api_watch_events),
        Route("/api/tables/{table}/watch/{role}/scenario", api_watch_scenario),
        Route("/api/tables/{table}/seats/{seat}/explain", api_explain),
        Route("/api/replays", api_new_replay, methods=["POST"]),
        Route("/api/replays/{replay}", api_replay),
        *lesson_routes(read_json, definitions),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    routes[-1:-1] = studio_routes(tables, read_json)  # the designer's studio (bpdsl.web.studio)
    routes[-1:-1] = help_routes(tables)  # the trump list and the manual (bpdsl.web.helppages)
    return Starlette(routes=routes, middleware=[Middleware(SameOrigin, names=hosts)],
                     exception_handlers={Refused: refused, HTTPException: http_error, Exception: internal})


__all__ = ["create_app", "read_body", "read_json"]

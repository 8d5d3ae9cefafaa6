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

The routes live in :mod:`bpdsl.web.routes`, one module a resource; what every route shares is in one place
each: who may ask (:mod:`bpdsl.web.context`), where the work runs and how much of it at once
(:mod:`bpdsl.web.schedule`: a seat's own requests never wait behind the heavy ones, which get a 503 with
``Retry-After`` when their queue is full), how a body is read and how large it may be
(:mod:`bpdsl.web.bodies`), and the studio's files (:mod:`bpdsl.web.studio_files`).  A new endpoint goes in
the module of its resource and uses those; ``tests/web/test_routes_shape.py`` checks that none starts a
thread or reads a body by itself.
"""
from __future__ import annotations

from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from bpdsl.web.bodies import MAX_JSON, read_body, read_json
from bpdsl.web.context import Sandbox
from bpdsl.web.helppages import help_routes
from bpdsl.web.lessons import lesson_routes
from bpdsl.web.routes import games, pages, replays, seats, watch
from bpdsl.web.routes.pages import STATIC
from bpdsl.web.sameorigin import SameOrigin
from bpdsl.web.schedule import Busy, Scheduler
from bpdsl.web.routes.studio import studio_routes
from bpdsl.web.tables import Refused


async def refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Refused)
    headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, Busy) else None
    return JSONResponse({"error": exc.message}, status_code=exc.status, headers=headers)


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return JSONResponse({"error": exc.detail}, status_code=exc.status_code)


async def internal(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": f"internal error of bpdsl ({type(exc).__name__})"}, status_code=500)


def create_app(definitions: Any = None, hosts: tuple[str, ...] = (), store: Any = None,
               scheduler: Scheduler | None = None) -> Starlette:
    """The sandbox app; ``definitions``: the definitions to play (None: the bundled ones); ``hosts``: host
    names besides this machine's addresses and ``localhost`` that the app answers to
    (:mod:`bpdsl.web.sameorigin`, in front of every route); ``store``: a :class:`bpdsl.web.store.TableStore`
    the tables are kept in (a table not in memory is resumed from it), or None; ``scheduler``: the lanes
    the work runs in (:class:`bpdsl.web.schedule.Scheduler`; tests give a small one)."""
    sandbox = Sandbox(definitions, store, scheduler)
    routes = [
        *pages.routes(sandbox),
        *games.routes(sandbox),
        *seats.routes(sandbox),
        *watch.routes(sandbox),
        *replays.routes(sandbox),
        *lesson_routes(read_json, definitions, schedule=sandbox.schedule),
        *studio_routes(sandbox.tables, read_json, schedule=sandbox.schedule),  # the designer's studio
        *help_routes(sandbox.tables),  # the trump list and the manual (bpdsl.web.helppages)
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, middleware=[Middleware(SameOrigin, names=hosts)],
                    exception_handlers={Refused: refused, HTTPException: http_error, Exception: internal})
    app.state.sandbox = sandbox
    return app


__all__ = ["MAX_JSON", "create_app", "read_body", "read_json"]

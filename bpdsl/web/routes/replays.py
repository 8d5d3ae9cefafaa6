"""The replay viewer's API: a log uploaded (``POST /api/replays``) and stepped (``GET /api/replays/{id}``),
both in the heavy lane: their cost is the log's length, which the client chooses."""
from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from bpdsl.engine.view import JUDGE
from bpdsl.web import payload
from bpdsl.web.bodies import read_body
from bpdsl.web.context import Sandbox
from bpdsl.web.guard import query_integer
from bpdsl.web.replays import MAX_LOG, Replay, read_log
from bpdsl.web.starts import StartError, log_start
from bpdsl.web.tables import Refused, Table


def routes(sandbox: Sandbox) -> list[BaseRoute]:
    async def api_new_replay(request: Request) -> Response:
        raw = await read_body(request, MAX_LOG)

        def open_log() -> Replay:
            log = read_log(raw)
            try:
                start, indices = log_start(log.start_lines, sandbox.definitions, log.decisions.tolist())
            except StartError as exc:
                raise Refused(400, str(exc)) from None
            table = Table(start, ["person", "person"], bot_seed=0)
            table.undos = log.undos  # both seats are people here: a choice's number is its decision's
            return Replay(table, log, len(raw))

        replay = sandbox.replays.add(await sandbox.schedule.heavy(open_log))
        return JSONResponse({"replay": replay.id, "steps": replay.steps, "title": replay.table.start.title,
                             "genuine": replay.log.broken is None, "not_genuine": replay.log.broken})

    async def api_replay(request: Request) -> Response:
        replay = sandbox.replays.get(request.path_params["replay"])
        step = query_integer(request.query_params.get("step", "0"), "step", 0, replay.steps)
        view = request.query_params.get("view", "0")
        seat = JUDGE if view == "judge" else query_integer(view, "view", 0, 1)

        def show() -> dict[str, Any]:
            table = replay.table
            with table.lock:
                replay.at(step)
                try:
                    shown = payload.replay_payload(table, step, replay.steps, seat, replay.log.decisions)
                except Exception as exc:  # a decision of the log that is not legal in this game
                    raise Refused(400, f"the log cannot be replayed to step {step}: {exc}") from None
            shown["not_genuine"] = replay.log.broken
            return shown

        return JSONResponse(await sandbox.schedule.heavy(show))

    return [Route("/api/replays", api_new_replay, methods=["POST"]),
            Route("/api/replays/{replay}", api_replay)]

"""A seat's own requests, through the seat's private address (its token): the seat's payload, pushed
updates, a choice, a note, quit, undo and its answer, the log, and an agent's advice.  All but the advice
run in the seat lane (:mod:`bpdsl.web.schedule`): never queued behind uploads, replays or the studio."""
from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from bpdsl.engine.log import chained
from bpdsl.web.advice import seat_advice
from bpdsl.web.bodies import MAX_SMALL, read_body, read_json
from bpdsl.web.context import Sandbox
from bpdsl.web.guard import integer, text
from bpdsl.web.payload import seat_payload
from bpdsl.web.tables import MAX_NOTES, Refused

MAX_NOTE = 1000  # characters of a seat's note on a game


def routes(sandbox: Sandbox) -> list[BaseRoute]:
    seat_of, keep, seat_lane = sandbox.seat_of, sandbox.keep, sandbox.schedule.seat

    async def api_seat(request: Request) -> Response:
        table, seat = seat_of(request)

        def look() -> dict[str, Any]:
            with table.lock:
                return seat_payload(table, seat)

        return JSONResponse(await seat_lane(look))

    async def api_events(request: Request) -> Response:
        table, seat = seat_of(request)

        def look() -> tuple[int, str]:
            with table.lock:
                return table.version, json.dumps(seat_payload(table, seat), ensure_ascii=False)

        return sandbox.pushed(request, table, look)

    async def api_choose(request: Request) -> Response:
        table, seat = seat_of(request)
        data = await read_json(request, MAX_SMALL)
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

        return JSONResponse(await seat_lane(choose))

    async def api_note(request: Request) -> Response:
        table, seat = seat_of(request)
        data = await read_json(request, MAX_SMALL)
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

        return JSONResponse(await seat_lane(write))

    async def api_quit(request: Request) -> Response:
        table, seat = seat_of(request)
        await read_body(request, MAX_SMALL)

        def quit_() -> dict[str, Any]:
            with table.lock:
                table.quit = True
                table.version += 1
                keep(table)
                return seat_payload(table, seat)

        return JSONResponse(await seat_lane(quit_))

    async def api_undo(request: Request) -> Response:
        """Ask to take the last decision back (the other seat answers; a bot agrees at once)."""
        table, seat = seat_of(request)
        await read_body(request, MAX_SMALL)

        def ask() -> dict[str, Any]:
            with table.lock:
                table.ask_undo(seat)
                keep(table)
                return seat_payload(table, seat)

        return JSONResponse(await seat_lane(ask))

    async def api_undo_answer(request: Request) -> Response:
        """The other seat's answer to the undo asked: ``{"accept": true|false}``."""
        table, seat = seat_of(request)
        data = await read_json(request, MAX_SMALL)
        accept = data.get("accept")
        if not isinstance(accept, bool):
            raise Refused(400, "'accept' must be true or false")

        def answer() -> dict[str, Any]:
            with table.lock:
                table.answer_undo(seat, accept)
                keep(table)
                return seat_payload(table, seat)

        return JSONResponse(await seat_lane(answer))

    async def api_explain(request: Request) -> Response:
        """An agent's values of the seat's options: a search may take long, so it runs in the heavy lane."""
        table, seat = seat_of(request)
        agent = request.query_params.get("agent", "heuristic")

        def advise() -> dict[str, Any]:
            with table.lock:
                return seat_advice(table, seat, agent)

        return JSONResponse(await sandbox.schedule.heavy(advise))

    async def api_log(request: Request) -> Response:
        table, seat = seat_of(request)

        def lines() -> list[dict[str, Any]]:
            with table.lock:
                pos = table.position()
                if table.over:  # the game is over: the whole log (every card), replayable
                    return chained(pos.log.lines, table.end_lines())
                return pos.log.seat_log(seat, {"title": table.start.title, "decision_no": table.decision_no})

        over = table.over
        written = await seat_lane(lines)
        name = f"bpdsl-{table.id[:8]}" + (".jsonl" if over else f"-seat{seat}.jsonl")
        body = "".join(json.dumps(e, ensure_ascii=False, sort_keys=True) + "\n" for e in written)
        return PlainTextResponse(body, media_type="application/x-ndjson; charset=utf-8",
                                 headers={"Content-Disposition": f'attachment; filename="{name}"'})

    seat = "/api/tables/{table}/seats/{seat}"
    return [
        Route(seat, api_seat),
        Route(f"{seat}/choose", api_choose, methods=["POST"]),
        Route(f"{seat}/quit", api_quit, methods=["POST"]),
        Route(f"{seat}/notes", api_note, methods=["POST"]),
        Route(f"{seat}/undo", api_undo, methods=["POST"]),
        Route(f"{seat}/undo/answer", api_undo_answer, methods=["POST"]),
        Route(f"{seat}/log", api_log),
        Route(f"{seat}/events", api_events),
        Route(f"{seat}/explain", api_explain),
    ]

"""A new game (``POST /api/tables``) and the printed texts of a game's actions, characters and fogs."""
from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from bpdsl.web.bodies import MAX_JSON, optional_text, read_json
from bpdsl.web.context import Sandbox
from bpdsl.web.guard import SEED_MAX, draw_seed, integer, query_integer
from bpdsl.web.payload import printed_texts
from bpdsl.web.starts import StartError, new_start
from bpdsl.web.tables import BOTS, Refused, Table


def routes(sandbox: Sandbox) -> list[BaseRoute]:
    async def api_new_table(request: Request) -> Response:
        data = await read_json(request)
        seat = integer(data.get("seat", 0), "seat", 0, 1)
        opponent = optional_text(data, "opponent", "random")
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
            optional_text(data, key, "")
        optional_text(data, "scenario", "", MAX_JSON)

        def start() -> Table:
            try:
                begun = new_start(data, seed, sandbox.definitions)
            except StartError as exc:
                raise Refused(400, str(exc)) from None
            seats = ["person", "person"] if opponent == "person" else [opponent, opponent]
            seats[seat] = "person"
            table = Table(begun, seats, bot_seed=seed + 1)
            table.recipe = {"data": {k: data[k] for k in ("edition", "format", "regulation", "scenario",
                                                          "scenario_file") if data.get(k)}, "seed": seed}
            table.position()  # play up to the first decision of a person (the bot may begin)
            sandbox.keep(table)
            return table

        table = sandbox.tables.add(await sandbox.schedule.heavy(start))
        return JSONResponse({"table": table.id, "title": table.start.title,
                             "seats": [{"seat": s, "token": tok, "url": f"/play?table={table.id}&seat={s}&token={tok}"}
                                       for s, tok in table.tokens.items()],
                             "watch": [{"role": role, "url": f"/watch?table={table.id}&role={role}&token={tok}"}
                                       for role, tok in table.watchers.items()]})

    async def api_texts(request: Request) -> Response:
        table = sandbox.tables.get(request.path_params["table"])
        texts: Any = await sandbox.schedule.seat(lambda: printed_texts(table.start.rules))
        return JSONResponse(texts)

    return [Route("/api/tables", api_new_table, methods=["POST"]),
            Route("/api/tables/{table}/texts", api_texts)]

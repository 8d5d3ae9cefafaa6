"""What the studio runs: "play this" (a sandbox game of the edited definitions) and the background
simulations of the saved edition against its parent (one at a time: :mod:`bpdsl.web.studio_sim`)."""
from __future__ import annotations

import json
import time

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from bpdsl.web.routes.studio_common import StudioContext
from bpdsl.web.studio import MAX_BODY
from bpdsl.web.studio_play import entry_scenario
from bpdsl.web.studio_sim import MAX_GAMES
from bpdsl.web.tables import Refused, Start, Table


def routes(sc: StudioContext) -> list[BaseRoute]:
    studio_, off_loop, read_json = sc.studio, sc.heavy, sc.read_json
    text_of, str_field = sc.text_of, sc.str_field

    async def api_play(request: Request) -> Response:
        from bpdsl.engine import build_rules
        from bpdsl.engine.compiled import CompileError
        from bpdsl.web.starts import StartError, scenario_start

        data = await read_json(request, MAX_BODY)
        name, text = text_of(data)
        edition, fmt = str_field(data, "edition"), str_field(data, "format")
        entry = data.get("entry") if isinstance(data.get("entry"), str) else None

        def start() -> Table:
            defs = studio_().valid(name, text)
            scenario = entry_scenario(defs, edition, fmt, entry) if entry else None
            try:
                if scenario is not None:
                    begun = scenario_start({"scenario": json.dumps(scenario, ensure_ascii=False)}, defs)
                else:
                    if edition not in defs.editions:
                        raise Refused(400, f"unknown edition {edition!r}")
                    rules = build_rules(edition, fmt, defs)
                    begun = Start(rules, int(time.time()) % 100000, title=f"{rules.edition.name} {edition} {fmt}")
            except (StartError, CompileError) as exc:
                raise Refused(400, str(exc)) from None
            table = Table(begun, ["person", "random"], bot_seed=begun.seed + 1)
            table.position()
            return table

        table = sc.tables.add(await off_loop(start))
        token = table.tokens[0]
        return JSONResponse({"table": table.id, "title": table.start.title,
                             "url": f"/play?table={table.id}&seat=0&token={token}"})

    async def api_simulate(request: Request) -> Response:
        data = await read_json(request)
        eid, fmt, entry = str_field(data, "edition"), str_field(data, "format"), str_field(data, "entry")
        games = data.get("games", 1000)
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
            raise Refused(400, f"games must be an integer from 1 to {MAX_GAMES}")
        studio = studio_()  # made on the event loop, not in a worker thread
        defs = await off_loop(lambda: studio.valid(None, None))  # the saved files: what the children read
        edition = defs.editions.get(eid)
        if edition is None or fmt not in [f.id for f in edition.formats]:
            raise Refused(400, f"no edition {eid!r} with format {fmt!r} in the saved definitions")
        if entry not in edition.actions:
            raise Refused(400, f"{entry!r} is not an action of {eid} (simulate follows an action)")
        if not edition.extends:
            raise Refused(400, f"edition {eid} extends no other edition to compare with")
        replaced = [r.id for r in studio.sims.running()]
        run = studio.sims.start(eid, edition.extends, fmt, entry, games)  # the run going on is cancelled
        return JSONResponse({**run.json(), "replaced": replaced})

    async def api_simulation(request: Request) -> Response:
        run = studio_().sims.runs.get(request.path_params["run"])
        if run is None:
            raise Refused(404, "no such simulation (the studio remembers its last runs only)")
        return JSONResponse(run.json())

    async def api_simulation_cancel(request: Request) -> Response:
        run = studio_().sims.cancel(request.path_params["run"])
        if run is None:
            raise Refused(404, "no such simulation (the studio remembers its last runs only)")
        return JSONResponse(run.json())

    return [
        Route("/api/studio/play", api_play, methods=["POST"]),
        Route("/api/studio/simulate", api_simulate, methods=["POST"]),
        Route("/api/studio/simulate/{run}", api_simulation),
        Route("/api/studio/simulate/{run}/cancel", api_simulation_cancel, methods=["POST"]),
    ]

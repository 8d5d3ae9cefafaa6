"""The watchers' links of a game: the spectator's view (what both seats see), the judge's (every card),
their pushed updates, and the judge's position saved as a scenario file."""
from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from bpdsl.web.context import Sandbox
from bpdsl.web.payload import watch_payload
from bpdsl.web.tables import Refused


def scenario_text(data: dict[str, Any], table_id: str, taken: int, now: int) -> str:
    """A saved position as a scenario file's YAML, with a comment saying where it was taken."""
    import yaml

    where = ("the current decision" if taken == now else
             f"the last chance before the current decision {now} (a position is taken where a chance is asked)")
    head = (f"# A position of the sandbox's game {table_id[:8]}, after {taken} decisions of the people: {where}.\n"
            "# Run it with `bpdsl scenario FILE`; add `decisions:` and `expect:` to make it a ruling.\n")
    return head + yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=None, width=100)


def routes(sandbox: Sandbox) -> list[BaseRoute]:
    watcher_of = sandbox.watcher_of

    async def api_watch(request: Request) -> Response:
        table, role = watcher_of(request)

        def look() -> dict[str, Any]:
            with table.lock:
                return watch_payload(table, role)

        return JSONResponse(await sandbox.schedule.seat(look))

    async def api_watch_events(request: Request) -> Response:
        table, role = watcher_of(request)

        def look() -> tuple[int, str]:
            with table.lock:
                return table.version, json.dumps(watch_payload(table, role), ensure_ascii=False)

        return sandbox.pushed(request, table, look)

    async def api_watch_scenario(request: Request) -> Response:
        """The position as a scenario file (the judge's link only: a scenario holds every card).  The game is
        played again from its start to find it: heavy lane."""
        table, role = watcher_of(request)
        if role != "judge":
            raise Refused(403, "only the judge's link saves a position: a scenario file holds every card, "
                               "hidden ones included")

        def write() -> tuple[str, int]:
            with table.lock:
                title = table.start.title.removeprefix("リプレイ: ")
                data, taken = table.chance_scenario(f"{title} — 決定 {table.decision_no} までの局面")
                return scenario_text(data, table.id, taken, table.decision_no), taken

        body, taken = await sandbox.schedule.heavy(write)
        name = f"bpdsl-{table.id[:8]}-d{taken}.yaml"
        return PlainTextResponse(body, media_type="application/yaml; charset=utf-8",
                                 headers={"Content-Disposition": f'attachment; filename="{name}"'})

    watch = "/api/tables/{table}/watch/{role}"
    return [Route(watch, api_watch), Route(f"{watch}/events", api_watch_events),
            Route(f"{watch}/scenario", api_watch_scenario)]

"""What every route of one sandbox server shares: its definitions, its tables (and the store they are kept
in), its replays, its :class:`~bpdsl.web.schedule.Scheduler`, and who may ask what (a seat's token, a
watcher's link) -- checked here once, for every route that names a seat or a watcher."""
from __future__ import annotations

from typing import Any, Callable

import anyio
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from bpdsl.web.guard import query_integer, token_matches
from bpdsl.web.payload import WATCHERS
from bpdsl.web.replays import ReplayStore
from bpdsl.web.schedule import Scheduler
from bpdsl.web.starts import StartError, new_start
from bpdsl.web.tables import Refused, Table, Tables

PUSH_EVERY = 0.25  # seconds between two looks of a pushed-updates stream at its table (in the server)


class Sandbox:
    """One server's state; ``store``: a :class:`bpdsl.web.store.TableStore` the tables are kept in (a table
    not in memory is resumed from it), or None."""

    def __init__(self, definitions: Any = None, store: Any = None, scheduler: Scheduler | None = None):
        self.definitions = definitions
        self.store = store
        self.tables = Tables(resume=self.resume)
        self.replays = ReplayStore()
        self.schedule = scheduler or Scheduler()

    # ------------------------------------------------------------------ kept tables

    def resume(self, table_id: str) -> Table | None:
        stored = self.store.load(table_id) if self.store is not None else None
        if stored is None:
            return None
        try:
            begun = new_start(dict(stored.recipe["data"]), int(stored.recipe["seed"]), self.definitions)
        except StartError:  # the definitions changed since: the game cannot be started again
            return None
        table = Table(begun, stored.seats, bot_seed=stored.bot_seed)
        table.id, table.tokens, table.choices, table.quit = stored.id, stored.tokens, stored.choices, stored.quit
        table.watchers, table.notes = stored.watchers, stored.notes
        table.undos, table.undo_ask = stored.undos, stored.undo_ask
        table.recipe = stored.recipe
        return table

    def keep(self, table: Table) -> None:
        if self.store is not None and getattr(table, "recipe", None) is not None:
            self.store.save(table)

    # ------------------------------------------------------------------ who asks

    def seat_of(self, request: Request) -> tuple[Table, int]:
        """The table and seat a request names, refused (403) unless it carries that seat's token."""
        table = self.tables.get(request.path_params["table"])
        seat = query_integer(request.path_params["seat"], "seat", 0, len(table.seats) - 1)
        token = request.query_params.get("token") or request.headers.get("x-seat-token") or ""
        if not token_matches(table.tokens.get(seat), token):
            raise Refused(403, f"seat {seat} of this game is not yours (a bot's seat, or a wrong token)")
        return table, seat

    def watcher_of(self, request: Request) -> tuple[Table, str]:
        """The table and watcher role a request names, refused (403) unless it carries that link's token."""
        table = self.tables.get(request.path_params["table"])
        role = request.path_params["role"]
        if role not in WATCHERS:
            raise Refused(404, f"no watcher {role[:40]!r}; watchers: {', '.join(WATCHERS)}")
        token = request.query_params.get("token") or request.headers.get("x-seat-token") or ""
        if not token_matches(table.watchers.get(role), token):
            raise Refused(403, f"this is not the {role}'s link of this game (a wrong token)")
        return table, role

    # ------------------------------------------------------------------ pushed updates

    def pushed(self, request: Request, table: Table, look: Callable[[], tuple[int, str]]) -> Response:
        """Server-sent events: ``look()`` (in the seat lane) now and after every change of ``table``."""

        async def stream() -> Any:
            sent = -1
            while not await request.is_disconnected():
                if table.version != sent:
                    sent, data = await self.schedule.seat(look)
                    yield f"event: payload\nid: {sent}\ndata: {data}\n\n"
                else:
                    yield ": waiting\n\n"  # a comment line: a dropped connection is noticed
                await anyio.sleep(PUSH_EVERY)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


__all__ = ["PUSH_EVERY", "Sandbox"]

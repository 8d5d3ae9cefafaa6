"""What the studio's route modules share: the studio of the server (made on its first request), the heavy
lane its checks, renders and games run in (:mod:`bpdsl.web.schedule`), the body reader, and the checks of
the fields every studio request names (a file of the tree, its text, a cursor).  The files themselves are
read and written only through :class:`bpdsl.web.studio_files.FileTree`, which keeps them in the project."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Awaitable, Callable

from bpdsl.web.schedule import Scheduler
from bpdsl.web.studio import Studio
from bpdsl.web.tables import Refused, Tables


class StudioContext:
    def __init__(self, tables: Tables, read_json: Callable[..., Awaitable[dict[str, Any]]],
                 roots: list[Path] | None = None, schedule: Scheduler | None = None):
        self.tables = tables
        self.read_json = read_json
        self.roots = roots
        self.lanes = schedule or Scheduler()
        self._made: list[Studio] = []

    def studio(self) -> Studio:
        """The studio, made on the first request: a sandbox that never opens it pays nothing.  Called on the
        event loop first (the files list does), so it is never made twice by two threads."""
        if not self._made:
            self._made.append(Studio(self.tables, self.roots))
        return self._made[0]

    async def heavy(self, work: Callable[[], Any]) -> Any:
        """A check, a render or a game start in the heavy lane: the seats' requests go on, and a burst of
        checks is refused with 503 rather than queued without end."""
        return await self.lanes.heavy(work)

    def text_of(self, data: dict[str, Any]) -> tuple[str, str]:
        """The file a request names (one of the tree, else 404) and the text it sends for it."""
        name, text = data.get("name"), data.get("text")
        if not isinstance(name, str) or not isinstance(text, str):
            raise Refused(400, "give 'name' (a file of the tree) and 'text'")
        self.studio().files.get(name)
        return name, text

    @staticmethod
    def cursor(value: Any) -> int:
        """The cursor's line or column as the page sends it: a positive integer (1 when left out)."""
        if value is None:
            return 1
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10**7:
            raise Refused(400, "line and col must be positive integers")
        return value

    @staticmethod
    def str_field(data: dict[str, Any], key: str) -> str:
        value = data.get(key)
        if not isinstance(value, str) or not value:
            raise Refused(400, f"give {key!r}")
        return value


__all__ = ["StudioContext"]

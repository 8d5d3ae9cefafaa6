"""The designer's studio's routes (``/studio`` and ``/api/studio/...``, described in :mod:`bpdsl.web.studio`),
one module a concern: :mod:`.studio_tree` (the page, the files, saving), :mod:`.studio_check` (checks and
printed previews), :mod:`.studio_runs` (play this, simulate)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Awaitable, Callable

from starlette.routing import BaseRoute

from bpdsl.web.routes import studio_check, studio_runs, studio_tree
from bpdsl.web.routes.studio_common import StudioContext
from bpdsl.web.schedule import Scheduler
from bpdsl.web.tables import Tables


def studio_routes(tables: Tables, read_json: Callable[..., Awaitable[dict[str, Any]]],
                  roots: list[Path] | None = None, schedule: Scheduler | None = None) -> list[BaseRoute]:
    """The studio's page and API, to be added to the sandbox app's routes."""
    sc = StudioContext(tables, read_json, roots, schedule)
    return [*studio_tree.routes(sc), *studio_check.routes(sc), *studio_runs.routes(sc)]


__all__ = ["studio_routes"]

"""The sandbox's pages (static HTML with a small script each) and the catalogue a new game is chosen from."""
from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from bpdsl.web.context import Sandbox
from bpdsl.web.starts import catalog

STATIC = Path(__file__).resolve().parent.parent / "static"
PAGES = {"/": "new.html", "/play": "play.html", "/replay": "replay.html", "/watch": "watch.html"}


def routes(sandbox: Sandbox) -> list[BaseRoute]:
    async def page(request: Request) -> Response:
        return FileResponse(STATIC / PAGES[request.url.path], media_type="text/html; charset=utf-8")

    async def api_catalog(request: Request) -> Response:
        return JSONResponse(catalog(sandbox.definitions))

    return [*(Route(path, page) for path in PAGES), Route("/api/catalog", api_catalog)]

"""The studio's page and its files: the tree, a file's text and version, an atomic save over the version the
editor started from, and the sheets rendered on save (the PDF fetched when ready)."""
from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from bpdsl.web.routes.studio_common import StudioContext
from bpdsl.web.studio import MAX_BODY, STATIC
from bpdsl.web.tables import Refused


def routes(sc: StudioContext) -> list[BaseRoute]:
    studio_, off_loop, read_json = sc.studio, sc.heavy, sc.read_json
    text_of = sc.text_of

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "studio.html", media_type="text/html; charset=utf-8")

    async def api_files(request: Request) -> Response:
        studio = studio_()  # made here, on the event loop: never twice by two threads
        snap = await off_loop(lambda: studio.check(None, None))
        editions = [{"id": e.id, "name": e.name, "extends": e.extends,
                     "formats": [{"id": f.id, "name": f.name} for f in e.formats]}
                    for e in snap.definitions.editions.values()]
        from bpdsl.web.starts import default_start

        return JSONResponse({"files": [{"name": f.name, "editable": f.editable, "label": studio_().files.label(f)}
                                       for f in studio_().files.files()],
                             "editions": editions, "default": default_start(snap.definitions)})

    async def api_file(request: Request) -> Response:
        f, text, version = studio_().files.read(request.query_params.get("name", ""))
        return JSONResponse({"name": f.name, "text": text, "version": version, "editable": f.editable})

    async def api_version(request: Request) -> Response:
        return JSONResponse({"version": studio_().files.version(request.query_params.get("name", ""))})

    async def api_save(request: Request) -> Response:
        data = await read_json(request, MAX_BODY)
        name, text = text_of(data)

        def save() -> dict[str, Any]:
            version = studio_().files.save(name, text, str(data.get("version") or ""))
            snap = studio_().check(None, None)
            sheets: list[str] = []
            doc = snap.documents.get(studio_().files.get(name).path)
            edition = snap.edition_of(doc) if doc is not None else None
            if snap.result.ok and edition is not None:
                studio_().render_saved(snap.definitions, edition.id)
                sheets = [f"{edition.id}-{f.id}" for f in edition.formats]
            return {"version": version, "ok": snap.result.ok, "sheets": sheets}

        return JSONResponse(await off_loop(save))

    async def api_pdf(request: Request) -> Response:
        stem = f"{request.query_params.get('edition', '')}-{request.query_params.get('format', '')}"
        state = studio_().pdf_jobs.get(stem)
        if state is None:
            raise Refused(404, "no sheet of that edition and format was rendered yet; save a file of the edition")
        if state != "ready":
            return JSONResponse({"state": state}, status_code=202)
        return FileResponse(studio_().rendered(f"{stem}.pdf"), media_type="application/pdf")

    return [
        Route("/studio", page),
        Route("/api/studio/files", api_files),
        Route("/api/studio/file", api_file),
        Route("/api/studio/version", api_version),
        Route("/api/studio/save", api_save, methods=["POST"]),
        Route("/api/studio/pdf", api_pdf),
    ]

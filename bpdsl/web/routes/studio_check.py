"""The studio's checks of the text being typed: its diagnostics and the entry under the cursor, the entry and
the sheet as printed, and the edition against the one it extends."""
from __future__ import annotations

import time
from dataclasses import asdict

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from bpdsl.lsp.workspace import file_of
from bpdsl.web.routes.studio_common import StudioContext
from bpdsl.web.studio import _SECTIONS, MAX_BODY, _entry_document, _entry_under
from bpdsl.web.tables import Refused


def routes(sc: StudioContext) -> list[BaseRoute]:
    studio_, off_loop, read_json = sc.studio, sc.heavy, sc.read_json
    text_of, cursor, str_field = sc.text_of, sc.cursor, sc.str_field

    async def api_check(request: Request) -> Response:
        data = await read_json(request, MAX_BODY)
        name, text = text_of(data)
        line, col = cursor(data.get("line")), cursor(data.get("col"))
        started = time.perf_counter()
        snap = await off_loop(lambda: studio_().check(name, text))
        path = studio_().files.get(name).path
        mine, elsewhere = [], {}
        for d in snap.result.diagnostics:
            if d.pos.line >= 1 and file_of(d.pos.file) == path:
                mine.append({"line": d.pos.line, "col": d.pos.col, "code": d.code, "message": d.message,
                             "hint": d.hint, "severity": d.severity})
            else:
                elsewhere[d.pos.file] = elsewhere.get(d.pos.file, 0) + 1
        return JSONResponse({"diagnostics": mine, "elsewhere": elsewhere, "ok": snap.result.ok,
                             "entry": _entry_under(snap, path, line, col),
                             "ms": round((time.perf_counter() - started) * 1000)})

    async def api_entry(request: Request) -> Response:
        data = await read_json(request, MAX_BODY)
        name, text = text_of(data)
        edition, fmt, eid = str_field(data, "edition"), str_field(data, "format"), str_field(data, "id")
        section = _SECTIONS.get(str(data.get("kind")), "action")
        sheet = await off_loop(lambda: studio_().sheet_html(studio_().check(name, text).definitions, edition, fmt))
        html = _entry_document(sheet, f"{section}-{eid}")
        if html is None:
            raise Refused(404, f"{eid} is not printed on the {edition} {fmt} sheet")
        return HTMLResponse(html)

    async def api_sheet(request: Request) -> Response:
        data = await read_json(request, MAX_BODY)
        name, text = text_of(data)
        edition, fmt = str_field(data, "edition"), str_field(data, "format")
        return HTMLResponse(await off_loop(
            lambda: studio_().sheet_html(studio_().check(name, text).definitions, edition, fmt)))

    async def api_diff(request: Request) -> Response:
        from bpdsl.dsl.diff import diff_editions

        data = await read_json(request, MAX_BODY)
        name, text = text_of(data)
        eid = str_field(data, "edition")
        defs = (await off_loop(lambda: studio_().check(name, text))).definitions
        edition = defs.editions.get(eid)
        if edition is None:
            raise Refused(400, f"unknown edition {eid!r} (or its file has errors)")
        parent = defs.editions.get(edition.extends or "")
        if parent is None:
            raise Refused(400, f"edition {eid} extends no other edition")
        return JSONResponse({"old": parent.id, "old_name": parent.name, "new": edition.id,
                             "new_name": edition.name, **asdict(diff_editions(parent, edition))})

    return [
        Route("/api/studio/check", api_check, methods=["POST"]),
        Route("/api/studio/entry", api_entry, methods=["POST"]),
        Route("/api/studio/sheet", api_sheet, methods=["POST"]),
        Route("/api/studio/diff", api_diff, methods=["POST"]),
    ]

"""The designer's studio (``/studio``): the project's definitions as a file tree and an editor, with what
the designer types checked, printed and played at once.  A page of the sandbox server: "play this" opens a
sandbox table (``/play``) of the edition as it is in the editor, saved or not.

API (JSON; errors ``{"error": ...}`` with a 4xx status, as the sandbox's):

* ``GET  /api/studio/files`` — the files (name, editable) and the editions with their formats;
* ``GET  /api/studio/file?name=`` — a file's text and version; ``GET /api/studio/version?name=`` its version
  (the page asks every two seconds: a file another program changed is reloaded, or, with unsaved changes,
  the designer is asked — never overwritten silently);
* ``POST /api/studio/check`` ``{name, text, line, col}`` — the diagnostics of the definitions with this text
  (this file's, and how many in others), and the entry under the cursor (edition, format, id);
* ``POST /api/studio/entry`` ``{name, text, kind, id, edition, format}`` — that entry as its sheet prints it
  (an HTML document with the sheet's own CSS);
* ``POST /api/studio/sheet`` ``{name, text, edition, format}`` — the whole sheet, as HTML;
* ``POST /api/studio/save`` ``{name, text, version}`` — atomic save over ``version`` (409 when the file
  changed since); the sheets of the saved definitions are rendered again (HTML at once, PDF in the
  background: ``GET /api/studio/pdf?edition=&format=``);
* ``POST /api/studio/play`` ``{name, text, edition, format, entry}`` — a sandbox game against the random bot
  from a scenario with the entry in hand with its keys (:mod:`bpdsl.web.studio_play`), or from the start;
* ``POST /api/studio/diff`` ``{name, text, edition}`` — the edition against the one it extends;
* ``POST /api/studio/simulate`` ``{edition, format, entry, games}`` — games of the *saved* edition and of its
  parent on the same seeds, in the background (:mod:`bpdsl.web.studio_sim`); ``GET /api/studio/simulate/{id}``
  its state and, when done, the entry's raise rate and raiser's win rate and the seats' win rates.
"""
from __future__ import annotations

import json
import re
import tempfile
import threading
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any, Awaitable, Callable

import anyio
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from bpdsl.dsl import project
from bpdsl.dsl.doccache import DocumentCache
from bpdsl.lsp.locate import entry_at, spot_at
from bpdsl.lsp.workspace import Snapshot, Workspace, file_of
from bpdsl.web.studio_files import MAX_FILE, FileTree
from bpdsl.web.studio_play import entry_scenario
from bpdsl.web.studio_sim import MAX_GAMES, Simulations
from bpdsl.web.tables import Refused, Start, Table, Tables

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = MAX_FILE + 64 * 1024
_SECTIONS = {"actions": "action", "characters": "character", "fogs": "fog", "trumps": "trump"}


class Studio:
    """The studio of one server: its files, one check at a time, the sheets rendered on save."""

    def __init__(self, tables: Tables, roots: list[Path] | None = None):
        from bpdsl.resources import definitions_dir

        selection = project.current()
        self.roots = roots if roots is not None else selection.roots()
        self.files = FileTree(self.roots, [definitions_dir()])
        self.tables = tables
        self.lock = threading.Lock()
        self.documents = DocumentCache()  # the files of earlier checks: a keystroke re-reads only its file
        self._out: Path | None = None
        self.pdf_jobs: dict[str, str] = {}  # stem -> "rendering" | "ready" | "failed: ..."
        self.played: list[Any] = []  # the definitions of every game started here (their rules are cached by id)
        self.sims = Simulations(Path.cwd(), list(project.chosen_paths()))

    @property
    def out(self) -> Path:
        """Where the sheets rendered on save are kept (a temporary folder of this server)."""
        if self._out is None:
            self._out = Path(tempfile.mkdtemp(prefix="bpdsl-studio-"))
        return self._out

    # ------------------------------------------------------------------ checking

    def check(self, name: str | None, text: str | None) -> Snapshot:
        """The definitions with ``text`` in place of file ``name`` (None: as saved)."""
        ws = Workspace(self.roots, self.documents)
        if name is not None and text is not None:
            ws.open(self.files.get(name).path, text)
        with self.lock:
            return ws.check()

    def valid(self, name: str | None, text: str | None) -> Any:
        snap = self.check(name, text)
        if not snap.result.ok:
            first = snap.result.errors[0]
            raise Refused(400, f"the definitions have {len(snap.result.errors)} error(s); the first: "
                               f"{first.pos}: {first.code} {first.message}")
        return snap.definitions

    # ------------------------------------------------------------------ sheets

    def sheet_html(self, defs: Any, edition: str, fmt: str) -> str:
        from bpdsl.render.html import render_sheet_html
        from bpdsl.render.sheet import SheetError, build_sheet

        try:
            return render_sheet_html(build_sheet(defs, edition, fmt))
        except (SheetError, KeyError) as exc:
            raise Refused(400, f"no sheet of {edition} {fmt}: {exc}") from None

    def render_saved(self, defs: Any, edition: str) -> None:
        """Write the HTML of every format of the edition now, and the PDFs in a background thread."""
        from bpdsl.fsutil import write_atomic

        ed = defs.editions.get(edition)
        if ed is None:
            return
        htmls = []
        for f in ed.formats:
            html = self.sheet_html(defs, edition, f.id)
            write_atomic(self.out / f"{edition}-{f.id}.html", html)
            htmls.append((f"{edition}-{f.id}", html))
            self.pdf_jobs[f"{edition}-{f.id}"] = "rendering"

        def pdfs() -> None:
            from bpdsl.render.html import TEMPLATES_DIR
            from bpdsl.render.pdf import html_to_pdf

            for stem, html in htmls:
                try:
                    write_atomic(self.out / f"{stem}.pdf", html_to_pdf(html, base_url=TEMPLATES_DIR))
                    self.pdf_jobs[stem] = "ready"
                except Exception as exc:  # noqa: BLE001 - told to the page, the HTML stays
                    self.pdf_jobs[stem] = f"failed: {type(exc).__name__}"

        threading.Thread(target=pdfs, name="studio-pdf", daemon=True).start()


def _entry_under(snap: Snapshot, path: Path, line: int, col: int) -> dict[str, Any] | None:
    doc = snap.documents.get(path)
    if doc is None:
        return None
    spot = spot_at(doc, line, col)
    entry = entry_at(doc, spot.path) if spot is not None else None
    edition = snap.edition_of(doc)
    if entry is None or edition is None or not entry.id:
        return None
    table = getattr(edition, entry.spec.attr, None) or {}
    model = table.get(entry.id)
    if model is None:
        return None
    formats = [f.id for f in edition.formats if f.id in (getattr(model, "formats", None) or [])]
    return {"edition": edition.id, "kind": entry.spec.attr, "id": entry.id, "name": getattr(model, "name", ""),
            "formats": formats, "format": formats[0] if formats else None}


def _entry_document(sheet: str, anchor: str) -> str | None:
    """The sheet's head (its CSS) and the one entry ``anchor``: the entry exactly as the sheet prints it."""
    found = re.search(r'<article class="entry[^"]*" id="' + re.escape(anchor) + r'">.*?</article>', sheet, re.S)
    body = re.search(r"<body[^>]*>", sheet)
    if found is None or body is None:
        return None
    return sheet[: body.end()] + '<main class="studio-entry">' + found.group(0) + "</main></body></html>"


def studio_routes(tables: Tables, read_json: Callable[..., Awaitable[dict[str, Any]]],
                  roots: list[Path] | None = None) -> list[Route]:
    """The studio's page and API, to be added to the sandbox app's routes."""
    made: list[Studio] = []

    def studio_() -> Studio:  # made on the first request: a sandbox that never opens the studio pays nothing
        if not made:
            made.append(Studio(tables, roots))
        return made[0]

    async def off_loop(work: Callable[[], Any]) -> Any:
        """A check, a render or a game start in a worker thread: the sandbox's other requests go on."""
        return await anyio.to_thread.run_sync(work)

    def text_of(data: dict[str, Any]) -> tuple[str, str]:
        name, text = data.get("name"), data.get("text")
        if not isinstance(name, str) or not isinstance(text, str):
            raise Refused(400, "give 'name' (a file of the tree) and 'text'")
        studio_().files.get(name)
        return name, text

    def cursor(value: Any) -> int:
        """The cursor's line or column as the page sends it: a positive integer (1 when left out)."""
        if value is None:
            return 1
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10**7:
            raise Refused(400, "line and col must be positive integers")
        return value

    def str_field(data: dict[str, Any], key: str) -> str:
        value = data.get(key)
        if not isinstance(value, str) or not value:
            raise Refused(400, f"give {key!r}")
        return value

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
        return FileResponse(studio_().out / f"{stem}.pdf", media_type="application/pdf")

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
            studio_().played.append(defs)
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

        table = tables.add(await off_loop(start))
        token = table.tokens[0]
        return JSONResponse({"table": table.id, "title": table.start.title,
                             "url": f"/play?table={table.id}&seat=0&token={token}"})

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
        return JSONResponse(studio_().sims.start(eid, edition.extends, fmt, entry, games).json())

    async def api_simulation(request: Request) -> Response:
        run = studio_().sims.runs.get(request.path_params["run"])
        if run is None:
            raise Refused(404, "no such simulation")
        return JSONResponse(run.json())

    return [
        Route("/studio", page),
        Route("/api/studio/simulate", api_simulate, methods=["POST"]),
        Route("/api/studio/simulate/{run}", api_simulation),
        Route("/api/studio/files", api_files),
        Route("/api/studio/file", api_file),
        Route("/api/studio/version", api_version),
        Route("/api/studio/check", api_check, methods=["POST"]),
        Route("/api/studio/entry", api_entry, methods=["POST"]),
        Route("/api/studio/sheet", api_sheet, methods=["POST"]),
        Route("/api/studio/save", api_save, methods=["POST"]),
        Route("/api/studio/pdf", api_pdf),
        Route("/api/studio/play", api_play, methods=["POST"]),
        Route("/api/studio/diff", api_diff, methods=["POST"]),
    ]

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
  its state and, when done, the entry's raise rate and raiser's win rate and the seats' win rates; one run
  at a time (a new one cancels the run going on, named in ``replaced``), ``POST .../{id}/cancel`` stops one.

This module is the studio itself (:class:`Studio`: its files, checks and renders); its routes are in
:mod:`bpdsl.web.routes.studio`.
"""
from __future__ import annotations

import re
import tempfile
import threading
from pathlib import Path
from typing import Any

from bpdsl.dsl import project
from bpdsl.dsl.doccache import DocumentCache
from bpdsl.lsp.locate import entry_at, spot_at
from bpdsl.lsp.workspace import Snapshot, Workspace
from bpdsl.web.studio_files import MAX_FILE, FileTree, inside
from bpdsl.web.studio_sim import Simulations
from bpdsl.web.tables import Refused, Tables

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
        self.sims = Simulations(Path.cwd(), list(project.chosen_paths()))

    @property
    def out(self) -> Path:
        """Where the sheets rendered on save are kept (a temporary folder of this server)."""
        if self._out is None:
            self._out = Path(tempfile.mkdtemp(prefix="bpdsl-studio-"))
        return self._out

    def rendered(self, name: str) -> Path:
        """A file rendered on save, by its name: only one directly inside :attr:`out` (a name of the
        render jobs, never a path a request built)."""
        path = self.out / name
        if path.parent != self.out or not inside(path, [self.out]):
            raise Refused(404, f"no rendered file {name[:60]!r}")
        return path

    # ------------------------------------------------------------------ checking

    def check(self, name: str | None, text: str | None) -> Snapshot:
        """The definitions with ``text`` in place of file ``name`` (None: as saved): the files of the tree
        only, so a symlink leading out of the project is never read, even to be checked."""
        ws = Workspace([f.path for f in self.files.files()] or self.roots, self.documents)
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

"""Benchmarks outside the interpreter: validating the definitions and rendering the action lists.

Like the play benchmark (:mod:`bpdsl.engine.bench`) these measure CPU time (``time.process_time``) of this
process, so that a busy shared machine disturbs them less than wall-clock time would.
"""
from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any, Sequence

from bpdsl.model import Definitions
from bpdsl.dsl.loader import load
from bpdsl.render.actionlist import render_actionlist


def play_pairs(defs: Definitions) -> list[tuple[str, str]]:
    """Every (edition, format) the definitions declare, in their order: what the play benchmark covers."""
    return [(ed.id, fmt.id) for ed in defs.editions.values() for fmt in ed.formats]


def bench_validate(runs: int = 3) -> dict[str, Any]:
    """Best CPU time of ``runs`` loads and checks of the bundled definitions (the work of ``bpdsl validate``).

    The best run is the steady cost of checking; the first is reported too, as it also pays for any import
    of the document kinds and ops not yet done in this process.
    """

    times: list[float] = []
    files = errors = 0
    for _ in range(max(1, runs)):
        t0 = time.process_time()
        result = load()
        times.append(max(time.process_time() - t0, 1e-9))
        files, errors = len(result.definitions.files), len(result.errors)
    return {"runs": len(times), "files": files, "errors": errors,
            "best_seconds": round(min(times), 4), "first_seconds": round(times[0], 4)}


def bench_render(defs: Definitions, pairs: Sequence[tuple[str, str]], pdf: bool = True) -> list[dict[str, Any]]:
    """CPU time to render each sheet into a temporary directory: HTML only, then (``pdf``) HTML+PDF+2-up.

    HTML is cheap, so it is the best of three renders; the PDF sheet is rendered once (it takes seconds).
    """

    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="bpdsl-bench-") as tmp:
        out = Path(tmp)
        for ed, fmt in pairs:
            html = min(_cpu(lambda: render_actionlist(defs, ed, fmt, out, html_only=True)) for _ in range(3))
            row: dict[str, Any] = {"edition": ed, "format": fmt, "html_seconds": round(html, 5)}
            if pdf:
                pages: list[int] = []
                full = _cpu(lambda: pages.append(render_actionlist(defs, ed, fmt, out).pages))
                row.update(pdf_seconds=round(full, 3), pages=pages[0])
            rows.append(row)
    return rows


def _cpu(work: Any) -> float:
    """CPU seconds spent by ``work()`` in this process (never zero, so rates stay finite)."""
    t0 = time.process_time()
    work()
    return max(time.process_time() - t0, 1e-9)

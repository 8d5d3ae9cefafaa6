"""How soon an editor shows the diagnostics of a keystroke: the check the studio and ``bpdsl lsp`` run after
each change, timed on the bundled editions (part of ``bpdsl bench``).

A keystroke is simulated in each edition's actions file (a character added to the first ``name:``, a
new text each time, so the file is read again as it would be); the rest of the selection is unchanged, as
while a designer types.  Times are CPU time of this process (``time.process_time``), like the other
benchmarks, so a busy machine disturbs them less; the latency is the pause the editors wait after the last
keystroke (:data:`bpdsl.lsp.server.DEBOUNCE_SECONDS`, the studio page waits as long) plus the median check.
"""
from __future__ import annotations

import re
import statistics
import time
from pathlib import Path
from typing import Any

from bpdsl.dsl.loader import load
from bpdsl.lsp.workspace import Workspace

_NAME = re.compile(r"^(\s*-?\s*name:\s*)(\S.*)$", re.M)


def keystroke(text: str, n: int) -> str:
    """``text`` with the ``n``-th keystroke typed into its first ``name:`` value (at its end when none)."""
    found = _NAME.search(text)
    if found is None:
        return text + f"\n# {n}\n"
    return text[: found.end(2)] + "x" * (n % 7 + 1) + text[found.end(2):]


def bench_editor_check(keystrokes: int = 5) -> dict[str, Any]:
    """The check after a keystroke in each bundled edition's actions file: CPU ms best and median, and the
    latency to the diagnostics (pause + median check); the first check (every file read) and one check that
    reads every file again (no cache) for reference."""
    from bpdsl.lsp.server import DEBOUNCE_SECONDS

    ws = Workspace()
    t0 = time.process_time()
    snap = ws.check()
    first = time.process_time() - t0
    pause_ms = DEBOUNCE_SECONDS * 1000
    rows = []
    for doc in snap.result.documents:
        data = doc.data if isinstance(doc.data, dict) else {}
        edition = data.get("edition")
        if data.get("kind") != "actions" or edition not in snap.definitions.editions:
            continue
        if any(r["edition"] == edition for r in rows):
            continue
        path = Path(doc.file).resolve()
        text = path.read_text(encoding="utf-8")
        times = []
        for n in range(max(1, keystrokes)):
            ws.change(path, keystroke(text, n))
            t0 = time.process_time()
            ws.check()
            times.append(time.process_time() - t0)
        t0 = time.process_time()  # the same check reading every file again: what the cache saves
        load([*ws.roots, *ws.extra], texts={path: keystroke(text, keystrokes)})
        uncached = time.process_time() - t0
        ws.close(path)
        median = statistics.median(times) * 1000
        rows.append({"edition": edition, "file": doc.file, "keystrokes": len(times),
                     "best_ms": round(min(times) * 1000, 1), "median_ms": round(median, 1),
                     "latency_ms": round(pause_ms + median, 1),
                     "uncached_ms": round(uncached * 1000, 1)})
    return {"first_check_ms": round(first * 1000, 1), "pause_ms": pause_ms, "files": len(snap.result.documents),
            "editions": rows, "worst_latency_ms": max((r["latency_ms"] for r in rows), default=0.0)}


__all__ = ["bench_editor_check", "keystroke"]

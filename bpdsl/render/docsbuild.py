"""Run sphinx-build on the rulebook in-process, with warnings as errors."""
from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Sequence


def build_docs(
    source: Path,
    out: Path,
    *,
    builder: str = "html",
    definitions: Sequence[Path] | None = None,
    fresh: bool = False,
) -> tuple[int, list[str]]:
    """Build ``source`` into ``out``; returns (status, warning/error lines). Status 0 means clean."""
    from sphinx.cmd.build import build_main

    from bpdsl.render.sphinxext import data

    data.clear_cache()
    args = ["-W", "--keep-going", "-q", "-b", builder, "-d", str(Path(out) / ".doctrees")]
    if fresh:
        args.append("-E")
    if definitions:
        joined = ",".join(str(Path(p).resolve()) for p in definitions)
        args += ["-D", f"bpdsl_definitions={joined}"]
    args += [str(source), str(out)]
    err = io.StringIO()
    with redirect_stdout(io.StringIO()), redirect_stderr(err):
        status = build_main(args)
    lines = [line for line in err.getvalue().splitlines() if line.strip()]
    return status, lines

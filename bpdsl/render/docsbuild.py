"""Run sphinx-build on the rulebook in-process, with warnings as errors."""
from __future__ import annotations

import io
import re
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Sequence
from bpdsl.render.sphinxext import data


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


    data.clear_cache()
    source = _staged(Path(source), Path(out), definitions)
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
    return status, condense_crash_report(lines)


def _staged(source: Path, out: Path, definitions: Sequence[Path] | None) -> Path:
    """The project plus its generated pages (bpdsl.render.docsgen) in ``out/.source``; when the definitions
    do not load, the project as it is (the build then reports them)."""
    from bpdsl.diagnostics import DefinitionError
    from bpdsl.dsl.loader import load_definitions
    from bpdsl.render.docsgen import stage

    try:
        defs = load_definitions(definitions, bundled=False) if definitions else load_definitions()
    except DefinitionError:
        return source
    return stage(source, out / ".source", defs)


_EXCEPTION_LINE = re.compile(r"^\s*(?:[\w]+\.)*(\w+(?:Error|Exception)): (.*)$")


def condense_crash_report(lines: list[str]) -> list[str]:
    """Sphinx's crash report (versions, traceback, where it saved it) cut to its error message and the
    report's path: an unknown builder or a failing extension must not show a traceback to the user."""
    if "Traceback" not in lines:
        return lines
    start = lines.index("Traceback") + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("The full traceback")), len(lines))
    body = lines[start:end]
    first = next((i for i, line in enumerate(body) if _EXCEPTION_LINE.match(line)), None)
    if first is None:
        message = ["Sphinx stopped with an error"]
    else:
        match = _EXCEPTION_LINE.match(body[first])
        assert match is not None
        message = [f"{match.group(1)}: {match.group(2)}"] + [line.strip() for line in body[first + 1:]]
    saved = lines[end + 1].strip() if end + 1 < len(lines) else ""
    return message + ([f"(the full report is in {saved})"] if saved else [])

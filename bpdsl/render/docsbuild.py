"""Run sphinx-build on the rulebook in-process, with warnings as errors, into its output folder atomically.

Every build is complete and goes into a fresh folder beside the output (``.<name>.build-<pid>``); only a
clean build replaces the output, by exchanging the two folders in one step.  A build that is killed, fails
or runs beside another one never leaves a half-written output or an incomplete search index behind: the
output is always the last complete build.  Ctrl-C stops the build and is raised again as
``KeyboardInterrupt`` (the command exits 130) instead of passing for a failed build.
"""
from __future__ import annotations

import ctypes
import fcntl
import io
import os
import re
import shutil
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Sequence

from sphinx.cmd.build import build_main

from bpdsl.interrupts import remembered_interrupt
from bpdsl.render.sphinxext import data


def known_builders() -> set[str]:
    """The Sphinx builders that can be named (Sphinx's own and those of installed packages): a name not among
    them is a usage error, said before a build starts."""
    import importlib
    import inspect
    from importlib.metadata import entry_points

    from sphinx.application import builtin_extensions
    from sphinx.builders import Builder

    names = {ep.name for ep in entry_points(group="sphinx.builders")}
    for module in builtin_extensions:
        if module.startswith("sphinx.builders"):
            m = importlib.import_module(module)
            names |= {c.name for _, c in inspect.getmembers(m, inspect.isclass) if issubclass(c, Builder) and c.name}
    return names


def build_docs(
    source: Path,
    out: Path,
    *,
    builder: str = "html",
    definitions: Sequence[Path] | None = None,
    fresh: bool = False,
) -> tuple[int, list[str]]:
    """Build ``source`` into ``out``; returns (status, warning/error lines). Status 0 means clean.
    ``fresh`` is kept for callers: every build starts from nothing."""
    out = Path(out).resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale_builds(out)
    work = out.parent / f".{out.name}.build-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    try:
        status, lines = _sphinx(source, work, builder, definitions)
        if status == 0:
            shutil.rmtree(work / ".doctrees", ignore_errors=True)
            _swap_in(work, out)
        return status, lines
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _sphinx(source: Path, work: Path, builder: str, definitions: Sequence[Path] | None) -> tuple[int, list[str]]:
    data.clear_cache()
    source = _staged(Path(source), work, definitions)
    args = ["-W", "--keep-going", "-q", "-E", "-b", builder, "-d", str(work / ".doctrees")]
    if definitions:
        joined = ",".join(str(Path(p).resolve()) for p in definitions)
        args += ["-D", f"bpdsl_definitions={joined}"]
    args += [str(source), str(work)]
    err = io.StringIO()
    with remembered_interrupt():  # Sphinx turns Ctrl-C into a failed build: it is raised again at the end
        with redirect_stdout(io.StringIO()), redirect_stderr(err):
            status = build_main(args)
    lines = [line for line in err.getvalue().splitlines() if line.strip()]
    return status, condense_crash_report(lines)


_RENAME_EXCHANGE = 2


def _exchange(a: Path, b: Path) -> bool:
    """Swap two directories in one step (Linux renameat2 RENAME_EXCHANGE); False where not available."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd = -100
    return renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), _RENAME_EXCHANGE) == 0


def _swap_in(work: Path, out: Path) -> None:
    """Make the finished build ``work`` the output ``out``; builds finishing at once take turns (a lock
    beside the output), and the last to finish is the output."""
    with open(out.parent / f".{out.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not out.exists():
            os.rename(work, out)
            return
        if out.is_dir() and _exchange(work, out):
            return  # ``work`` now holds the previous output; the caller removes it
        old = out.parent / f".{out.name}.old-{os.getpid()}"
        os.rename(out, old)
        os.rename(work, out)
        shutil.rmtree(old, ignore_errors=True)


def _remove_stale_builds(out: Path) -> None:
    """Folders left by builds that were killed (their process is gone)."""
    for p in out.parent.glob(f".{out.name}.*-*"):
        pid = p.name.rsplit("-", 1)[-1]
        if p.is_dir() and pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(p, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True

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

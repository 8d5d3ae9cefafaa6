"""Progress of long work on stderr, for every command: never silent, never in the way.

At a terminal it is rich's bar (done/total, rate, time left), drawn over itself and gone at the end.  When
stderr is not a terminal (a CI log, ``2> file``, a pipe) a bar would print nothing useful, and printing on
every update would flood the log: a plain status line is printed instead at a steady pace, whatever the
rhythm of the work (a background thread wakes every ``BPDSL_PROGRESS_SECONDS``, 10 s by default)::

    act8.2 mast: 1,200/20,000 games (6%), 95 games/s, 3:17 left, 0:12 elapsed

and one last line when the work ends.  ``--quiet`` on a command (:func:`with_quiet`) turns both off.  The
interface is one context manager::

    with progress("act8.2 mast", total=games, unit="games") as update:
        for done in ...:
            update(done)          # how many are done so far (not an increment)

``total=None`` is work of unknown size (a docs build): the status line then says only what runs and for how
long.
"""
from __future__ import annotations

import functools
import inspect
import os
import sys
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Optional, TextIO, TypeVar

import typer

F = TypeVar("F", bound=Callable[..., Any])

DEFAULT_SECONDS = 10.0
QUIET_HELP = "print no progress on stderr (neither the bar at a terminal nor the status lines elsewhere)"

_quiet = False


def set_quiet(value: bool) -> None:
    """Turn the progress of this process off (``--quiet``) or on."""
    global _quiet
    _quiet = value


def is_quiet() -> bool:
    return _quiet


def interval() -> float:
    """Seconds between two status lines when stderr is not a terminal (``BPDSL_PROGRESS_SECONDS``)."""
    try:
        value = float(os.environ.get("BPDSL_PROGRESS_SECONDS", DEFAULT_SECONDS))
    except ValueError:
        return DEFAULT_SECONDS
    return value if value > 0 else DEFAULT_SECONDS


def clock(seconds: float) -> str:
    """``seconds`` as h:mm:ss, or m:ss under an hour."""
    s = max(0, int(seconds))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def status_line(label: str, done: int, total: Optional[int], unit: str, elapsed: float) -> str:
    """One status line: what, done/total, share, rate, time left and elapsed (only what is known)."""
    if total:
        parts = [f"{done:,}/{total:,} {unit} ({done / total:.0%})"]
    else:  # work of unknown size: what is done, if it is counted at all
        parts = [f"{done:,} {unit}" if done else "running"]
    if done > 0 and elapsed > 0:
        rate = done / elapsed  # the whole run's mean: steady although parts finish in bursts
        parts.append(f"{rate * 60:,.1f} {unit}/min" if rate < 1 else
                     f"{rate:,.3g} {unit}/s" if rate < 10 else f"{rate:,.0f} {unit}/s")
        if total:
            parts.append(f"{clock((total - done) / rate)} left")
    parts.append(f"{clock(elapsed)} elapsed")
    return f"{label}: " + ", ".join(parts)


class StatusLines:
    """The plain status lines of one piece of work, printed by a daemon thread every ``every`` seconds."""

    def __init__(self, label: str, total: Optional[int], unit: str, stream: TextIO, every: float) -> None:
        self.label, self.total, self.unit, self.stream, self.every = label, total, unit, stream, every
        self.done = 0
        self.start = time.monotonic()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="bpdsl-progress", daemon=True)

    def update(self, done: int) -> None:
        self.done = done

    def line(self) -> str:
        return status_line(self.label, self.done, self.total, self.unit, time.monotonic() - self.start)

    def _print(self, text: str) -> None:
        try:
            print(text, file=self.stream, flush=True)
        except (OSError, ValueError):  # a closed pipe: the work goes on without its status
            self._stop.set()

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self._print(self.line())

    def __enter__(self) -> "StatusLines":
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._stop.set()
        self._thread.join()
        if time.monotonic() - self.start >= self.every:  # work that printed status lines says it ended
            end = "stopped" if exc[0] is not None else "done"
            self._print(f"{self.line()} — {end}")


@contextmanager
def progress(label: str, total: Optional[int], unit: str = "games") -> Iterator[Callable[[int], None]]:
    """Report the progress of ``total`` ``unit`` on stderr; yields ``update(done)``.  See the module."""
    if _quiet:
        yield lambda done: None
        return
    from bpdsl.commands._console import CommandConsole

    err = CommandConsole(stderr=True)
    if not err.is_terminal:
        with StatusLines(label, total, unit, sys.stderr, interval()) as lines:
            yield lines.update
        return
    yield from _bar(err, label, total, unit)


def _bar(err: Any, label: str, total: Optional[int], unit: str) -> Iterator[Callable[[int], None]]:
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TaskProgressColumn,
                               TextColumn, TimeElapsedColumn)

    columns = ((TextColumn(label), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
                TextColumn("[cyan]{task.fields[rate]}"), TimeElapsedColumn(), TextColumn("{task.fields[eta]}"))
               if total else (SpinnerColumn(), TextColumn(label), TimeElapsedColumn()))
    with Progress(*columns, console=err, transient=True) as bar:
        task = bar.add_task(unit, total=total, rate="", eta="")
        start = time.monotonic()

        def update(done: int) -> None:
            elapsed = time.monotonic() - start
            if done <= 0 or elapsed <= 0:
                return
            rate = done / elapsed
            left = ((total or done) - done) / rate
            bar.update(task, completed=done, rate=f"{rate:,.0f} {unit}/s", eta=f"ETA {clock(left)}")

        yield update


def with_quiet(func: F) -> F:
    """Give the typer command ``func`` the ``--quiet/-q`` option that turns its progress off."""
    signature = inspect.signature(func)
    extra = inspect.Parameter("quiet", inspect.Parameter.KEYWORD_ONLY, annotation=bool,
                              default=typer.Option(False, "--quiet", "-q", help=QUIET_HELP))

    @functools.wraps(func)
    def wrapper(*args: Any, quiet: bool = False, **kw: Any) -> Any:
        before = _quiet
        set_quiet(quiet)
        try:
            return func(*args, **kw)
        finally:  # the choice is the command's: a caller in the same process is unaffected
            set_quiet(before)

    wrapper.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[*signature.parameters.values(), extra])
    return wrapper  # type: ignore[return-value]

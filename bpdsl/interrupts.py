"""Ctrl-C that a library cannot swallow.

Python turns SIGINT into ``KeyboardInterrupt`` at the next bytecode, wherever that is.  When it lands inside
a library that catches everything (Sphinx turns it into a failed build; a C callback of a PDF or font
library prints nothing and goes on), the command would carry on or even report success.  Inside
:class:`remembered_interrupt` the signal is also written down, so the command stops at its next safe point
(:meth:`remembered_interrupt.check`) or when the block ends, and exits 130 as for any Ctrl-C.
"""
from __future__ import annotations

import signal
import threading
from types import FrameType, TracebackType
from typing import Any


class remembered_interrupt:  # noqa: N801 - used as a context manager, like contextlib's lower-case ones
    """Record SIGINT while the block runs; raise ``KeyboardInterrupt`` at :meth:`check` and at the end."""

    def __init__(self) -> None:
        self.seen = False
        self._previous: Any = None
        self._installed = False

    def _on_interrupt(self, signum: int, frame: FrameType | None) -> None:
        self.seen = True
        raise KeyboardInterrupt

    def __enter__(self) -> remembered_interrupt:
        # a handler can only be installed from the main thread; elsewhere the default behaviour stays
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._on_interrupt)
            self._installed = True
        return self

    def check(self) -> None:
        """Raise ``KeyboardInterrupt`` if Ctrl-C came, even if something caught it since."""
        if self.seen:
            raise KeyboardInterrupt

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, self._previous)
            self._installed = False
        if self.seen and exc_type is None:
            raise KeyboardInterrupt


__all__ = ["remembered_interrupt"]

"""Cython's pure-Python-mode declarations, for running without Cython installed: each is a no-op.

The hot modules declare the extension types of a few locals with ``@cython.locals(...)`` for their compiled
build (scripts/build_speedups.py, bpdsl.speedups).  They import Cython's own ``cython`` module when it is
installed (the ``speed`` extra; its pure-Python shadow module, equally a no-op, when run uncompiled) and this
one otherwise, so bpdsl runs without Cython exactly as with it.
"""
from __future__ import annotations

from typing import Any, Callable, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def locals(**types: Any) -> Callable[[F], F]:  # noqa: A001 - the name Cython gives this declaration
    """``@cython.locals(name=Type, ...)``: the types of a function's locals and arguments when compiled."""
    return lambda fn: fn


__all__ = ["locals"]

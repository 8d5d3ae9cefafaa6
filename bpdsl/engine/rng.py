"""Draws from a :class:`random.Random` without its per-draw method calls, giving the very numbers it gives.

``random.Random.shuffle`` calls ``_randbelow`` (a Python method) once per card; every game shuffles both
lives, so the game start does the same draws here with ``getrandbits`` directly (as
:meth:`bpdsl.engine.decisions.RandomAgent.pick` does for a bot's choices).
"""
from __future__ import annotations

import random
from typing import Any


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """``rng.shuffle(x)``: the same permutation and the same state of ``rng`` afterwards."""
    if type(rng) is not random.Random:  # a subclass may draw otherwise
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    for i, k in _steps(len(x)):
        j = getrandbits(k)
        while j > i:  # j in range(i + 1), drawn as _randbelow(i + 1) draws it
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


_STEPS: dict[int, tuple[tuple[int, int], ...]] = {}


def _steps(size: int) -> tuple[tuple[int, int], ...]:
    """The swaps of a shuffle of ``size`` items: (position, bits drawn for it), last position first."""
    steps = _STEPS.get(size)
    if steps is None:
        steps = _STEPS[size] = tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    return steps

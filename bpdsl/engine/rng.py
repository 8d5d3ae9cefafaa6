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
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]

"""The game start's shuffle draws exactly what random.Random.shuffle draws (the same games from the same seeds)."""
from __future__ import annotations

import random

from bpdsl.engine.rng import shuffle


def test_the_shuffle_gives_randoms_permutation_and_leaves_the_rng_where_random_leaves_it() -> None:
    for seed in range(200):
        for size in (0, 1, 2, 3, 7, 54, 100):
            mine, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(size)), list(range(size))
            shuffle(mine, a)
            theirs.shuffle(b)
            assert a == b
            assert mine.getstate() == theirs.getstate()


def test_a_subclass_of_random_is_asked_to_shuffle_itself() -> None:
    class Fixed(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    x = [1, 2, 3]
    shuffle(Fixed(1), x)
    assert x == [3, 2, 1]

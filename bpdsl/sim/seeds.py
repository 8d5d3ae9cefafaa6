"""Per-game seeds derived from the run seed.

Game ``i`` of a run with seed ``S`` gets its game seed and its two agents' seeds from a hash of ``(S, i)``
alone, so any game can be played by any worker in any order and a run gives the same result whether it is
split over one process, many processes or a cluster.  Two runs with the same seed (two editions compared,
say) play the same deals with the same agents' random streams.
"""
from __future__ import annotations

import hashlib


def game_seed(run_seed: int, index: int) -> tuple[int, int, int]:
    """(game seed, seat 0 agent seed, seat 1 agent seed) of game ``index`` of the run ``run_seed``."""
    h = hashlib.blake2b(f"bpdsl-sim/{run_seed}/{index}".encode(), digest_size=12).digest()
    return (int.from_bytes(h[0:4], "little"), int.from_bytes(h[4:8], "little"), int.from_bytes(h[8:12], "little"))

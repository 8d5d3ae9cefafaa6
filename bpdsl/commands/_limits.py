"""Upper bounds of the count options (games, matches, workers): a number beyond them is a typo, not a plan,
and is refused as a usage error (exit 2) before anything runs, instead of running until killed."""
from __future__ import annotations

MAX_GAMES = 100_000_000  # a few days of one core
MAX_MATCHES = 10_000_000  # matches of several games each
MAX_JOBS = 1024  # worker processes

__all__ = ["MAX_GAMES", "MAX_JOBS", "MAX_MATCHES"]

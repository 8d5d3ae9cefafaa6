"""The error of a scenario file that is itself wrong (kept apart so that every scenario module can raise it)."""
from __future__ import annotations


class ScenarioError(Exception):
    """The scenario file itself is wrong (unknown card, edition, key ...)."""


__all__ = ["ScenarioError"]

"""The engine's exceptions that games raise too (kept apart so that the contract and the core share them)."""
from __future__ import annotations


class GameAborted(Exception):
    """The game could not be played to its end (step limit reached or a definitions error at run time)."""


__all__ = ["GameAborted"]

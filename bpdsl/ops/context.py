"""What an op's executor is given: the typed executor context (the engine's ``Ctx`` implements it).

Declared here, beside the registry, so that the ops -- generic ones in this package and a game's own --
are typed against the context without importing the engine (which sits above the ops).
"""
from __future__ import annotations

from typing import Any, Callable, Protocol


class ExecContext(Protocol):
    """``game``: the game being played (state, rng, log, ``decide``); ``inst``: the action instance being
    raised or resolved (None while a trigger condition is matched); ``seat``: its controller (or the seat an
    event concerns); ``event``: the event a trigger condition is matched against; ``hooks``: the game's
    common rules (bpdsl.engine.contract.GameHooks)."""

    game: Any
    inst: Any
    seat: int
    event: Any

    @property
    def state(self) -> Any: ...

    @property
    def hooks(self) -> Any: ...

    def decide(self, seat: int, kind: str, options: list[Any], context: dict[str, Any] | None = None,
               labels: list[str] | Callable[[], list[str]] | None = None) -> int:
        """Ask ``seat`` to choose one of ``options`` (a decision request); returns the index.  ``labels``
        (the options' texts) may be a function: it is called only if someone reads them."""
        ...

    def value(self, v: Any) -> Any:
        """Evaluate an expression argument."""
        ...



__all__ = ["ExecContext"]

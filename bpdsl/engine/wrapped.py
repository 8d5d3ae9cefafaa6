"""Effects a game's rules wrap in one step of their own, described for the tools that read effects as written.

A game may wrap the whole effect of an action in one step (BlackPoker's trumps: ``prevent_damage`` guards it,
``replace_effect`` runs other steps in place of some of it).  The wrapper's function then carries, as
attributes, what it runs:

* ``wrapped_steps`` (:data:`WRAPPED`): the action's own steps as written, the same list object the wrapper runs;
* ``inserted_steps`` (:data:`INSERTED`): an :class:`InsertedSteps` per rule whose steps it may run instead.

Rule coverage (``bpdsl.sim``) counts and lists both through these attributes, so a designer sees every step
written, wherever a game's rules put it.  Nothing here runs during play.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from bpdsl.model import OpCall

Step = tuple[Callable[..., Any], dict[str, Any], str]  # (executor, args, op name), as in bpdsl.engine.compiled

WRAPPED = "wrapped_steps"
INSERTED = "inserted_steps"


@dataclass(frozen=True)
class InsertedSteps:
    """Steps written in one rule (e.g. a trump's ``replace_effect: {with: ...}``) that a wrapper runs in an
    action's effect.  ``rule`` names where they are written (``trump_id@n``, the n-th ability from 1), ``name``
    is that rule's owner as printed, ``action`` the action whose effect they go into, ``calls`` the model's op
    calls they were compiled from (their printed sentences) and ``steps`` the compiled list the wrapper runs —
    the same object, so an instrument put into it runs."""

    rule: str
    name: str
    action: str
    calls: tuple[OpCall, ...]
    steps: list[Step]


def written_steps(effect: list[Step]) -> list[Step]:
    """The effect steps of an action as its designer wrote them: through any number of wrappers, the list the
    innermost one runs (the same object, so instruments put into it run)."""
    while len(effect) == 1 and isinstance(getattr(effect[0][0], WRAPPED, None), list):
        effect = getattr(effect[0][0], WRAPPED)
    return effect


def inserted_steps(effect: list[Step]) -> list[InsertedSteps]:
    """Every :class:`InsertedSteps` carried by the wrappers around ``effect``, outermost first."""
    found: list[InsertedSteps] = []
    while len(effect) == 1 and isinstance(getattr(effect[0][0], WRAPPED, None), list):
        found += getattr(effect[0][0], INSERTED, ())
        effect = getattr(effect[0][0], WRAPPED)
    return found

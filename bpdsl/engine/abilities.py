"""The subscribers of the event spine that are not triggers: replacements and static rules.

A game's compiled rules carry one :class:`Abilities` (``Rules.abilities``; None when no ability of the format
needs one, and then nothing here is ever asked).  The game's rules fill it from the abilities its definitions
declare, and ask it at the points where the event would happen:

* **replacements** (「…する場合、代わりに…」): before an event of their kind takes place — the damage about to
  be taken, the game about to end — each one that applies may reduce its amount, prevent it or run steps of
  its own instead (:meth:`Abilities.replace`);
* **cost changes**: the cost letters of an action a player raises, added or waived while a condition holds
  (:meth:`Abilities.cost_letters`), where the change may depend on the chosen target;
* **prohibitions**: actions a player cannot raise, or cards they cannot turn face up, while a condition holds
  (:meth:`Abilities.forbids`).

Everything a subscriber needs of the game (whether its card lies face up, what its filter means) is in its
callables, made by the game's package from the declared op calls: this module knows no game.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from bpdsl.engine.abilitystate import passes
from bpdsl.engine.events import Instead

# (game, event, seat holding the ability) -> whether the event is one it is about
Applies = Callable[[Any, Any, int], bool]
# game -> the seats holding the ability now (a trump face up, a character on the field ...)
Holders = Callable[[Any], list[int]]
# (game, action, seat raising it, target or None) -> whether the action is one the rule is about
ActionMatch = Callable[[Any, Any, int, Any], bool]


@dataclass(eq=False)
class Replacement:
    """What happens instead of an event of ``kind`` (「代わりに」): its amount reduced by ``reduce`` (to no less
    than 0), or ``prevent``-ed outright, and/or ``steps`` run as the holder (its effect, an op step list)."""

    kind: str
    key: str  # the ability's name in limits (<trump id>@<n>)
    holders: Holders
    applies: Applies
    limit: str | None = None
    condition: Any = None  # an expression asked as the holder, after the limit's first-time test
    reduce: int = 0
    prevent: bool = False
    steps: list[Any] = field(default_factory=list)  # (executor, args, op name) as an action's effect
    card: int = -1  # the card holding it (named ``this`` by its steps)
    action: Any = None  # the compiled action its steps run as (their controller is the holder)


@dataclass(eq=False)
class CostChange:
    """While it applies, the cost of the actions it matches gains ``add`` (cost letters) or, with ``waive``,
    loses its letters.  ``by_target``: whether the match depends on the chosen target (the cost is then known
    only once a target is chosen, and only targets the raiser can pay for are offered)."""

    holders: Holders
    matches: ActionMatch
    add: str = ""
    waive: bool = False
    by_target: bool = False


@dataclass(eq=False)
class Prohibition:
    """While it applies, what a player cannot do: ``raise`` an action it matches, or ``open`` (turn face up)
    a trump."""

    what: str  # "raise" | "open"
    holders: Holders
    matches: ActionMatch


@dataclass(eq=False)
class Abilities:
    replacements: dict[str, list[Replacement]] = field(default_factory=dict)
    cost_changes: list[CostChange] = field(default_factory=list)
    prohibitions: list[Prohibition] = field(default_factory=list)

    def kinds(self) -> frozenset[str]:
        """The event kinds some replacement waits for (the game then announces them)."""
        return frozenset(k for k, v in self.replacements.items() if v)

    def replace(self, game: Any, event: Any, run: Callable[[Any, Replacement, int, Any], None]) -> Any:
        """Apply the replacements of ``event.type`` to ``event`` (its ``amount`` changed in place), each holder
        from the turn player on; ``run(game, replacement, seat, event)`` runs a replacement's steps.  Returns the
        event."""
        found = self.replacements.get(event.type)
        if not found:
            return event
        state = game.state
        n = len(state.players)
        order = [(state.turn + k) % n for k in range(n)]
        for r in found:
            holders = r.holders(game)
            for seat in order:
                if seat not in holders or not r.applies(game, event, seat):
                    continue
                check = None
                if r.condition is not None:
                    def check(r: Replacement = r, seat: int = seat) -> bool:
                        return bool(_holder_value(game, r, seat, event))
                if not passes(state, (r.limit, r.key, None) if r.limit else None, seat, check):
                    continue
                if r.prevent:
                    event.amount = 0
                elif r.reduce:
                    event.amount = max(0, event.amount - r.reduce)
                if game.log is not None:
                    game.log.write(Instead(event.type, seat, r.key, event.amount))
                if r.steps:
                    run(game, r, seat, event)
        return event

    def forbids(self, game: Any, what: str, action: Any, seat: int) -> bool:
        """Whether some prohibition keeps ``seat`` from doing ``what`` (``raise`` ``action``; ``open``)."""
        for p in self.prohibitions:
            if p.what == what and p.holders(game) and p.matches(game, action, seat, None):
                return True
        return False

    def cost_letters(self, game: Any, action: Any, seat: int, letters: str, target: Any = None,
                     listing: bool = False) -> str:
        """``letters`` (the action's cost after its own waivers) with the cost changes that apply.  While
        ``listing`` (no target chosen yet), a change that depends on the target is left out."""
        for c in self.cost_changes:
            if (listing and c.by_target) or not c.holders(game):
                continue
            if not c.matches(game, action, seat, target):
                continue
            letters = "" if c.waive else letters + c.add
        return letters

    def costed_by_target(self, action: Any) -> bool:
        return any(c.by_target for c in self.cost_changes)


def _holder_value(game: Any, r: Replacement, seat: int, event: Any) -> Any:
    from bpdsl.engine.gamebase import Ctx
    from bpdsl.engine.state import ActionInstance

    inst = ActionInstance(0, r.action, seat, None, None, False, False,
                          {"event": event, "holder": r.card})
    return Ctx(game, inst, seat, event).value(r.condition)


__all__ = ["Abilities", "CostChange", "Prohibition", "Replacement"]

"""The subscribers of the event spine that are not triggers: replacements and static rules.

A game's compiled rules carry one :class:`Abilities` (``Rules.abilities``; None when no ability of the format
needs one, and then nothing here is ever asked).  The game's rules fill it from the abilities its definitions
declare, and ask it at the points where the event would happen:

* **replacements** (「…する場合、代わりに…」): before an event of their kind takes place — the damage about to
  be taken, the game about to end — each one that applies may reduce its amount, prevent it or run steps of
  its own instead (:meth:`Abilities.replace`); a card about to move is sent elsewhere by the first one that
  applies (:meth:`Abilities.redirect`);
* **cost changes**: the cost letters of an action a player raises, added, removed or waived while a condition
  holds (:meth:`Abilities.cost_letters`), where the change may depend on the chosen target;
* **prohibitions**: actions a player cannot raise, cards they cannot turn face up, or characters and players
  an action cannot choose as its target, while a condition holds (:meth:`Abilities.forbids`,
  :meth:`Abilities.untargetable`).

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
# action -> whether the rule's filter can name it at all (the state left aside: fixed for a compiled action)
About = Callable[[Any], bool]


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
    move_to: str = ""  # a card about to move goes to this zone (its id) of its owner instead
    bottom: bool = False  # ... at the bottom of it


@dataclass(eq=False)
class CostChange:
    """While it applies, the cost of the actions it matches gains ``add`` (cost letters), loses one of each
    letter of ``remove`` that it has, or, with ``waive``, loses all its letters.  ``by_target``: whether the
    match depends on the chosen target (the cost is then known only once a target is chosen, and only targets
    the raiser can pay for are offered); ``about``: whether the change can concern an action at all."""

    holders: Holders
    matches: ActionMatch
    add: str = ""
    waive: bool = False
    by_target: bool = False
    remove: str = ""
    about: About | None = None

    def apply(self, letters: str) -> str:
        if self.waive:
            return ""
        for letter in self.remove:
            letters = letters.replace(letter, "", 1)
        return letters + self.add


@dataclass(eq=False)
class Prohibition:
    """While it applies, what a player cannot do: ``raise`` an action it matches, ``open`` (turn face up) a
    trump, or ``target`` with an action it matches what ``protects`` names (a chosen target)."""

    what: str  # "raise" | "open" | "target"
    holders: Holders
    matches: ActionMatch
    protects: Callable[[Any, Any, int, Any], bool] | None = None  # (game, action, raiser, target) -> protected
    about: About | None = None


@dataclass(eq=False)
class Abilities:
    replacements: dict[str, list[Replacement]] = field(default_factory=dict)
    cost_changes: list[CostChange] = field(default_factory=list)
    prohibitions: list[Prohibition] = field(default_factory=list)
    _by_target: dict[int, bool] = field(default_factory=dict)  # id(action) -> costed_by_target(action)

    def kinds(self) -> frozenset[str]:
        """The event kinds some replacement waits for (the game then announces them)."""
        return frozenset(k for k, v in self.replacements.items() if v)

    def _applying(self, game: Any, event: Any) -> Any:
        """(replacement, holder seat) for each replacement of ``event.type`` that applies to ``event``, each
        holder from the turn player on; the limit of each is used as it is yielded."""
        state = game.state
        n = len(state.players)
        order = [(state.turn + k) % n for k in range(n)]
        for r in self.replacements.get(event.type) or ():
            holders = r.holders(game)
            for seat in order:
                if seat not in holders or not r.applies(game, event, seat):
                    continue
                check = None
                if r.condition is not None:
                    def check(r: Replacement = r, seat: int = seat) -> bool:
                        return bool(_holder_value(game, r, seat, event))
                if passes(state, (r.limit, r.key, None) if r.limit else None, seat, check):
                    yield r, seat

    def replace(self, game: Any, event: Any, run: Callable[[Any, Replacement, int, Any], None]) -> Any:
        """Apply the replacements of ``event.type`` to ``event`` (its ``amount`` changed in place), each holder
        from the turn player on; ``run(game, replacement, seat, event)`` runs a replacement's steps.  Returns the
        event."""
        if not self.replacements.get(event.type):
            return event
        for r, seat in self._applying(game, event):
            if r.prevent:
                event.amount = 0
            elif r.reduce:
                event.amount = max(0, event.amount - r.reduce)
            if game.log is not None:
                game.log.write(Instead(event.type, seat, r.key, event.amount))
            if r.steps:
                run(game, r, seat, event)
        return event

    def redirect(self, game: Any, event: Any, run: Callable[[Any, Replacement, int, Any], None]
                 ) -> tuple[str, bool] | None:
        """Where a card about to move (``event``: its ``card_moved``, not yet happened) goes instead: (zone id,
        at the bottom) of the first replacement that applies (its steps run), or None.  One replacement
        replaces a move: the card's new way is not replaced again."""
        for r, seat in self._applying(game, event):
            if game.log is not None:
                game.log.write(Instead(event.type, seat, r.key, event.amount))
            if r.steps:
                run(game, r, seat, event)
            if r.move_to:
                return r.move_to, r.bottom
            return None  # steps only: the card moves as it would have
        return None

    def forbids(self, game: Any, what: str, action: Any, seat: int) -> bool:
        """Whether some prohibition keeps ``seat`` from doing ``what`` (``raise`` ``action``; ``open``)."""
        for p in self.prohibitions:
            if p.what == what and p.holders(game) and p.matches(game, action, seat, None):
                return True
        return False

    def untargetable(self, game: Any, action: Any, seat: int, target: Any) -> bool:
        """Whether some prohibition keeps ``action`` raised by ``seat`` from choosing ``target``."""
        for p in self.prohibitions:
            if p.what == "target" and p.protects is not None and p.holders(game) and \
                    p.protects(game, action, seat, target):
                return True
        return False

    def guards_targets(self, action: Any) -> bool:
        """Whether some prohibition of targeting can concern ``action`` (its targets are then filtered)."""
        return any(p.what == "target" and (p.about is None or p.about(action)) for p in self.prohibitions)

    def cost_letters(self, game: Any, action: Any, seat: int, letters: str, target: Any = None,
                     listing: bool = False) -> str:
        """``letters`` (the action's cost after its own waivers) with the cost changes that apply.  While
        ``listing`` (no target chosen yet), a change that depends on the target counts only if it makes the
        cost smaller (the actions are listed by the least they may cost; the targets then by their own)."""
        for c in self.cost_changes:
            if (listing and c.by_target and (c.add or not (c.remove or c.waive))) or not c.holders(game):
                continue
            if not c.matches(game, action, seat, None if listing else target):
                continue
            letters = c.apply(letters)
        return letters

    def costed_by_target(self, action: Any) -> bool:
        """Whether the cost of ``action`` may depend on its chosen target: some change that depends on the
        target can name this action (asked once per action; the answer is kept)."""
        got = self._by_target.get(id(action))
        if got is None:
            got = self._by_target[id(action)] = any(
                c.by_target and (c.about is None or c.about(action)) for c in self.cost_changes)
        return got


def _holder_value(game: Any, r: Replacement, seat: int, event: Any) -> Any:
    from bpdsl.engine.gamebase import Ctx
    from bpdsl.engine.state import ActionInstance

    inst = ActionInstance(0, r.action, seat, None, None, False, False,
                          {"event": event, "holder": r.card})
    return Ctx(game, inst, seat, event).value(r.condition)


__all__ = ["Abilities", "CostChange", "Prohibition", "Replacement"]

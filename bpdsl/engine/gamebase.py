"""What every part of the walker shares: a game's fields, the event, and the context executors see.

The interpreter is split by job — the walk of the flow (:mod:`bpdsl.engine.core`), the legal actions
(:mod:`~bpdsl.engine.legality`), raising and resolving (:mod:`~bpdsl.engine.raising`), the dispatch of events
to what listens (:mod:`~bpdsl.engine.dispatch`), the trigger check (:mod:`~bpdsl.engine.triggercheck`) and the
step API (:mod:`~bpdsl.engine.stepping`).  Each part is a module of functions of the game; they read and write
its fields, declared once here.  :class:`GameBase` has no behaviour: it is the record those functions type
their ``game`` argument with, so that the compiled build reads the fields from their C slots
(``gamebase.pxd``) as the methods of one class did, and so that the hooks contract names a game without
importing the walker that calls it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bpdsl.dsl.expr import parse
from bpdsl.engine.decisions import Context, Labels
from bpdsl.engine.state import ActionInstance, State


@dataclass
class Event:
    """Something that happened and may trigger an action."""

    type: str  # "resolved" | "left_field" | "damage" | ...
    seat: int = -1  # the player concerned (controller of a resolved action, owner of a moved card)
    card: int = -1
    char_id: str = ""  # character definition of a card leaving the field
    inst: ActionInstance | None = None
    to: str = ""
    first: bool = True  # the first card of its character (a character moves as one, 3.8.3)
    # why a card moved, for triggers that name a cause: "" (an effect), "blocker" / "attacker" (judged in
    # combat: ダメージ判定 sent it to the grave as a blocker / as an attacker)
    cause: str = ""
    other: int = -1  # the seat on the other side of that cause (a judged blocker: the attacker's owner)
    amount: int = 0  # how much: the damage taken, a counter's change
    origin: str = ""  # the zone a moved card left (its id); ``to`` the zone it reached


class GameBase:
    """The fields of one game (set by :class:`bpdsl.engine.core.Game`; in the compiled build, C slots).

    ``state``: the game state; ``rules``/``hooks``: the compiled rules and the game's common rules;
    ``events``: the events not yet matched by a trigger check; ``hears``: the kinds of event something
    listens to (an event of another kind is never announced); the fields with a leading underscore are
    the walker's caches and the step API's bookkeeping (see core.Game.__init__)."""

    def decide(self, seat: int, kind: str, options: list[Any], context: Context = None,
               labels: Labels = None) -> int:
        raise NotImplementedError


class Ctx:
    """What an executor sees: the game, the action instance, its controller, and the matched event."""

    __slots__ = ("game", "inst", "seat", "event")

    def __init__(self, game: GameBase, inst: ActionInstance | None, seat: int, event: Event | None = None):
        self.game = game
        self.inst = inst
        self.seat = seat
        self.event = event

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def hooks(self) -> Any:
        """The game's common-rules hooks (the contract of bpdsl.engine.contract)."""
        return self.game.hooks

    @property
    def rules(self) -> Any:
        """The former name of ``hooks``, kept for op modules written against it."""
        return self.game.hooks

    def decide(self, seat: int, kind: str, options: list[Any], context: Context = None,
               labels: Labels = None) -> int:
        return self.game.decide(seat, kind, options, context, labels)

    def value(self, v: Any) -> Any:
        """Evaluate an expression argument (a parsed Expr, its source text, or a plain number)."""
        if v is None or isinstance(v, (int, bool)):
            return v
        if isinstance(v, str):
            v = parse_expr(v)
        return self.game.hooks.evaluate(v, self)


_EXPR_CACHE: dict[str, Any] = {}


def parse_expr(text: str) -> Any:
    """An expression's source parsed once per process (the same texts come back at every evaluation)."""
    e = _EXPR_CACHE.get(text)
    if e is None:
        e = _EXPR_CACHE[text] = parse(text)
    return e


__all__ = ["Ctx", "Event", "GameBase", "parse_expr"]

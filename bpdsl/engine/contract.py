"""The contract between the generic core and a game: the common-rules hooks.

The core (:mod:`bpdsl.engine.core`) walks the flow, keeps the stage, the chance and the pass record, and
runs the trigger check; everything a game means by a card, a zone, a cost or a win it asks the game's
hooks object for.  :class:`GameHooks` lists every method the engine calls (core, view, log, scenarios),
with what it must do; :class:`BaseHooks` gives the defaults of a game without key cards, costs or
targets (Black Doubt), so a game writes only what it has.

A game provides its hooks class through its plugin (``GamePlugin.hooks``, :mod:`bpdsl.plugins`); the
engine makes one instance per compiled rules (``hooks_class(rules)``).  Hooks keep no per-game data:
everything a game changes lives in its state (a :class:`~bpdsl.engine.state.State`, or a subclass with
the game's own fields), so that the step API can checkpoint and clone a game by copying its state.

Decisions: a hook that needs a player's choice calls ``game.decide(seat, kind, options, context,
labels)`` and gets the index; it must not keep anything from before the call that it would need after
it in a place other than the state (the step API may run the hook again from its start, feeding it the
same choices).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol, runtime_checkable

from bpdsl.dsl.expr import Expr, bind
from bpdsl.engine.errors import GameAborted
from bpdsl.engine.numbers import numbers_for
from bpdsl.engine.state import ActionInstance, Character, State
from bpdsl.engine.declared import DeclaredRules
from bpdsl.engine.zones import SHARED_SEAT

if TYPE_CHECKING:
    from bpdsl.engine.compiled import CAction
    from bpdsl.engine.gamebase import Ctx
    from bpdsl.engine.gamebase import GameBase as Game

Target = tuple[str, int]  # ("char", uid) | ("player", seat) | ("action", uid)


@runtime_checkable
class GameHooks(Protocol):
    """Every method of a game's common rules that the engine calls."""

    # --- cards, state, start and end
    def new_state(self, game: Game, decks: list[list[int]] | None) -> State:
        """The initial state: every card of ``decks`` (one list of card indices per seat; None: the game's
        default decks) placed in its starting zone."""
        ...

    def card_text(self, c: int) -> str:
        """A card as printed (♠A, Joker ...)."""
        ...

    def move_card(self, game: Game, c: int, zone: int, seat: int, top: bool = True) -> None:
        """Move one card to a zone of ``seat`` (or the stage), keeping ``state.loc`` in step."""
        ...

    def game_start(self, game: Game) -> None:
        """Set the game up (shuffle, hands, first player); calls ``game.setup_hook`` where a preset goes."""
        ...

    def win_check(self, game: Game) -> None:
        """Decide the game if it is over (``state.over``, ``winner``, ``reason``); never asks a decision."""
        ...

    # --- raising actions: key cards, costs, targets
    def key_choices(self, game: Game, a: CAction, seat: int) -> list[tuple[int, ...]]:
        """Every legal choice of key cards of ``a`` from ``seat``'s hand."""
        ...

    def has_key(self, game: Game, a: CAction, seat: int) -> bool:
        """Whether some legal key exists (cheaper than listing them)."""
        ...

    def budget(self, game: Game, seat: int) -> Any:
        """What ``seat`` could pay now, computed once per listing of legal actions (passed to affordable)."""
        ...

    def affordable(self, game: Game, budget: Any, a: CAction, seat: int, n_keys: int) -> bool:
        """Whether the costs of ``a`` can be paid from ``budget`` after ``n_keys`` key cards left the hand."""
        ...

    def can_pay(self, game: Game, a: CAction, seat: int, keys: tuple[int, ...]) -> bool:
        """Whether the costs of ``a`` can be paid with these key cards chosen."""
        ...

    def can_pay_n(self, game: Game, a: CAction, seat: int, n_keys: int) -> bool:
        """Whether the costs of ``a`` can be paid with some key of ``n_keys`` cards from the hand."""
        ...

    def can_pay_target(self, game: Game, a: CAction, seat: int, keys: tuple[int, ...], target: Any) -> bool:
        """can_pay once ``target`` is chosen (a cost an ability changes for some targets, bpdsl.engine.abilities)."""
        ...

    def pay_costs(self, game: Game, inst: ActionInstance) -> None:
        """Pay the costs of a raised action (asking the cost decisions)."""
        ...

    def target_alive(self, game: Game, t: Target) -> bool:
        """Whether a chosen target is still there at resolution (else the action has no effect)."""
        ...

    def describe_target(self, game: Game, t: Target | None, viewer: int | None = None) -> str:
        """A target as ``viewer`` sees it (labels of decisions, the log)."""
        ...

    def before_effect(self, game: Game, inst: ActionInstance) -> None:
        """Remember in ``inst.data`` what the effect may need after its target moves."""
        ...

    def resolve_name(self, ctx: Ctx, name: str) -> Any:
        """The value of an expression name (the game's ``expr_names``) for the action of ``ctx``."""
        ...

    def evaluate(self, expr: Expr, ctx: Ctx) -> Any:
        """The value of a parsed expression for ``ctx`` (``BaseHooks`` binds it to the game's readers once)."""
        ...

    def reset_counters(self, s: State, when: str) -> None:
        """Set the declared counters with ``reset: [when]`` (turn, round) back to 0."""
        ...

    def bound(self, expr: Expr) -> Callable[[Ctx], Any]:
        """``expr`` as a function of a context, its names read by the game's readers (worked out once)."""
        ...

    # --- characters (scenarios and presets put them on the field)
    def size(self, ch: Character) -> int:
        """A character's size."""
        ...

    def put_onto_field(self, game: Game, seat: int, cards: list[int], char_id: str | None, face_up: bool,
                       driven: bool) -> list[Character]:
        """Put cards onto ``seat``'s field as the character(s) ``char_id`` (presets, scenarios)."""
        ...

    # --- what a seat may see (3.12.1)
    def observe(self, game: Game, seat: int) -> dict[str, Any]:
        """The observation of ``seat``: only what it may see."""
        ...

    def visible_cards(self, game: Game, seat: int) -> set[int]:
        """The cards ``seat`` may see now."""
        ...

    def event_reveals(self, e: dict[str, Any]) -> list[str]:
        """Card texts an event of the log shows to both players by itself."""
        ...

    def describe_event(self, game: Game, e: dict[str, Any], me: int) -> str:
        """One event of the log as ``me`` hears it ("" when it is not ``me``'s business)."""
        ...

    def set_combat(self, game: Game, roles: dict[str, Any]) -> None:
        """A start position's attack in progress (attackers, blockers, judged, characters as [seat, field
        index]); ValueError when the game has no attacks or the roles are impossible."""
        ...

    def combat_roles(self, game: Game) -> dict[str, Any]:
        """The attack in progress in the format of :meth:`set_combat` ({} when there is none)."""
        ...

    def link_fog(self, game: Game, seat: int, fog_id: str, cards: list[int], target: Target | None) -> None:
        """A start position's fog link: ``cards`` in ``seat``'s fog as ``fog_id``, marking ``target``; apply
        what the fog carries (ValueError when the link cannot be)."""
        ...

    def canonical_extra(self, game: Game) -> dict[str, Any] | None:
        """The game's own state for the state hash (None when the core's state is all)."""
        ...

    def check_state(self, game: Game) -> str:
        """What is wrong with the state by the game's own invariants ("" when nothing): the invariant check
        (bpdsl.engine.invariants) calls it after checking the core's."""
        ...


class BaseHooks(DeclaredRules):
    """Defaults for the parts of :class:`GameHooks` a game may not have: no key cards, no costs, targets that
    stay (players), nothing extra to hash; the rules its game.yaml declares (:class:`DeclaredRules`: state,
    game start and rounds, what a seat sees, putting cards onto the field); expression names read once per
    name.  A game subclasses it and writes the rest (at least size and describe_event) and whatever its
    declarations do not cover."""

    _bound_exprs: dict[int, Callable[[Ctx], Any]] | None = None  # by id of the expression (evaluate)

    def __init__(self, rules: Any):
        self.compiled = rules
        self.zones = rules.zones  # the game's zones and deck size (bpdsl.engine.zones, from game.yaml)
        self.list_zones = frozenset(rules.zones.card_zones)  # the zones of plain cards

    def move_card(self, game: Game, c: int, zone: int, seat: int, top: bool = True) -> None:
        """Move a card between the list zones (top: the end of the list), keeping ``State.loc`` in step."""
        s = game.state
        z, p = s.loc[c]
        if z in self.list_zones:
            s.players[p].zone(z).remove(c)
        if zone in self.list_zones:
            lst = s.players[seat].zone(zone)
            lst.append(c) if top else lst.insert(0, c)
        s.loc[c] = (zone, seat)

    def key_choices(self, game: Game, a: CAction, seat: int) -> list[tuple[int, ...]]:
        return []

    def has_key(self, game: Game, a: CAction, seat: int) -> bool:
        return False

    def budget(self, game: Game, seat: int) -> Any:
        return None

    def affordable(self, game: Game, budget: Any, a: CAction, seat: int, n_keys: int) -> bool:
        return not a.cost

    def can_pay(self, game: Game, a: CAction, seat: int, keys: tuple[int, ...]) -> bool:
        return not a.cost

    def can_pay_n(self, game: Game, a: CAction, seat: int, n_keys: int) -> bool:
        return not a.cost

    def can_pay_target(self, game: Game, a: CAction, seat: int, keys: tuple[int, ...], target: Any) -> bool:
        return self.can_pay(game, a, seat, keys)

    def pay_costs(self, game: Game, inst: ActionInstance) -> None:
        if inst.action.cost:
            raise GameAborted(f"this game has no costs ({inst.action.id} names {inst.action.cost!r})")

    def target_alive(self, game: Game, t: Target) -> bool:
        return True

    def describe_target(self, game: Game, t: Target | None, viewer: int | None = None) -> str:
        if t is None:
            return "-"
        return f"プレイヤー{t[1]}" if t[0] == "player" else str(t)

    def before_effect(self, game: Game, inst: ActionInstance) -> None:
        return None

    def event_reveals(self, e: dict[str, Any]) -> list[str]:
        return []

    def canonical_extra(self, game: Game) -> dict[str, Any] | None:
        return None

    def link_fog(self, game: Game, seat: int, fog_id: str, cards: list[int], target: Target | None) -> None:
        raise ValueError("this game has no fog cards to link")

    def set_combat(self, game: Game, roles: dict[str, Any]) -> None:
        raise ValueError("this game has no attacks (combat:)")

    def combat_roles(self, game: Game) -> dict[str, Any]:
        return {}

    def check_state(self, game: Game) -> str:
        return ""

    def deck_count(self, s: State, seat: int) -> int:
        """``deck.count``: the cards left in the zone with role deck (``seat``'s own, or the shared one)."""
        deck = self.zones.role("deck")
        return len(s.players[self.zones.holder(deck, seat)].zone(deck))

    def resolve_name(self, ctx: Ctx, name: str) -> Any:
        """``deck.count``, and ``me.X`` / ``opponent.X`` of the counters and values the game document declares."""
        if name == "deck.count":
            return self.deck_count(ctx.game.state, ctx.seat)
        got = numbers_for(ctx.game.rules).resolve(ctx.game.state, ctx.seat, name)
        if got is None:
            raise GameAborted(f"expression name {name!r} has no value in this game")
        return got

    def name_reader(self, name: str) -> Callable[[Ctx], Any]:
        """How to read the expression name ``name`` from a context, asked once per name: a declared counter
        or value is read directly (:meth:`PlayerNumbers.ctx_reader`); any other name through
        :meth:`resolve_name` at each reading, so a game that writes only ``resolve_name`` reads every name it
        knows.  A game overrides this for names it can read faster than by their text."""
        got = numbers_for(self.compiled).ctx_reader(name)
        if got is not None:
            return got
        if name == "deck.count":
            deck = self.zones.role("deck")
            attr = self.zones.ids[deck]  # a player's list of a zone of cards is the attribute named by its id
            if deck in self.zones.shared:
                return lambda ctx: len(getattr(ctx.game.state.players[SHARED_SEAT], attr))
            return lambda ctx: len(getattr(ctx.game.state.players[ctx.seat], attr))
        resolve = self.resolve_name
        return lambda ctx: resolve(ctx, name)

    def evaluate(self, expr: Expr, ctx: Ctx) -> Any:
        """The value of a parsed expression for ``ctx``.  The expression is bound to this game's readers
        once (:func:`bpdsl.dsl.expr.bind`) and kept by identity (the compiled definitions hold each
        expression for the life of the Rules): activation conditions are evaluated for every action at
        every decision, so resolving each name by its text there was most of Black Doubt's play time."""
        bound = self._bound_exprs
        if bound is None:
            bound = self._bound_exprs = {}
            self._kept_exprs: list[Expr] = []
        fn = bound.get(id(expr))
        if fn is None:
            fn = bound[id(expr)] = bind(expr, self.name_reader)
            self._kept_exprs.append(expr)  # kept alive, so no other expression ever takes its id
        return fn(ctx)

    def bound(self, expr: Expr) -> Callable[[Ctx], Any]:
        """``expr`` bound to this game's readers (a function of a context), for an op that keeps it."""
        return bind(expr, self.name_reader)


__all__ = ["BaseHooks", "GameHooks", "Target"]

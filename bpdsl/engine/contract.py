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
from bpdsl.engine.compiled import TEXT
from bpdsl.engine.errors import GameAborted
from bpdsl.engine.numbers import numbers_for
from bpdsl.engine.state import OUT, ActionInstance, Character, State
from bpdsl.engine.zones import SHARED_SEAT
from bpdsl.ops.field import draw_to_field

if TYPE_CHECKING:
    from bpdsl.engine.compiled import CAction
    from bpdsl.engine.core import Ctx, Game

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


class BaseHooks:
    """Defaults for the parts of :class:`GameHooks` a game may not have: no key cards, no costs, no
    characters put onto the field by presets, targets that stay (players), nothing extra to hash.  A
    game subclasses it and writes the rest (new_state, game_start, win_check,
    resolve_name, size, observe, visible_cards, describe_event)."""

    _bound_exprs: dict[int, Callable[[Ctx], Any]] | None = None  # by id of the expression (evaluate)

    def __init__(self, rules: Any):
        self.compiled = rules
        self.zones = rules.zones  # the game's zones and deck size (bpdsl.engine.zones, from game.yaml)
        self.list_zones = frozenset(rules.zones.card_zones)  # the zones of plain cards

    # the state class of the game: a game with state of its own passes its subclass of State
    state_class: type[State] = State

    def card_text(self, c: int) -> str:
        return TEXT[c % self.zones.deck_size]

    def new_state(self, game: Game, decks: list[list[int]] | None) -> State:
        """Two players and the game's whole card universe (``Game.cards``, from game.yaml) in the deck: one
        shared deck (a zone declared ``shared: true``, kept with seat 0), or each player's own.  A given deck
        list (top last) replaces the universe, seat 0's for a shared deck; a card outside the universe or
        given twice aborts the game with its name."""
        zones, n = self.zones, self.zones.deck_size
        players = [zones.new_player(0), zones.new_player(1)]
        s = self.state_class(players, [(OUT, -1)] * (2 * n), [-1] * (2 * n))
        deck = zones.role("deck")
        universe = list(range(n))
        for seat in ((SHARED_SEAT,) if deck in zones.shared else (0, 1)):
            given = decks[seat] if decks and seat < len(decks) else [seat * n + c for c in universe]
            pile = players[seat].zone(deck)
            for c in given:
                if not 0 <= c - seat * n < n:
                    raise GameAborted(f"card {TEXT[c % n]} is not part of this game's deck")
                if s.owner[c] != -1:
                    raise GameAborted(f"card {TEXT[c % n]} appears twice in the deck")
                s.owner[c] = seat
                s.loc[c] = (deck, seat)
                pile.append(c)
        return s

    def reset_counters(self, s: State, when: str) -> None:
        """Set the counters the game declares with ``reset: [when]`` (turn, round) back to 0: a row no longer
        kept reads 0.  Whatever passes a turn or starts a round calls it (next_turn, start_round, a game's own
        turn passing), so a designer's ``reset:`` holds in every game."""
        game = self.compiled.game
        for c in game.counters if game is not None else ():
            if when in c.reset:
                s.counters.pop(c.id, None)

    def game_start(self, game: Game) -> None:
        """The first player is chosen at random (a position that keeps its order names it by its turn); a
        start position (a scenario's) is set up, the cards it gives the seats for a shared zone put under seat
        0's (seat 0's on top); then the first round starts (game.yaml ``round:``), or the first player's turn."""
        s = game.state
        first = s.turn if s.keep_order else game.rng.randrange(2)
        if game.setup_hook is not None:
            game.setup_hook(game)
        for z in self.zones.shared:
            pile = s.players[SHARED_SEAT].zone(z)
            for p in s.players:
                given = p.zone(z)
                if p.seat != SHARED_SEAT and given:
                    pile[:0] = given
                    for c in given:
                        s.loc[c] = (z, SHARED_SEAT)
                    given.clear()
        s.turn_no = 0
        if self.compiled.game is not None and self.compiled.game.round is not None:
            self.start_round(game, first)
        else:
            s.turn = s.chance = first
            s.turn_no = 1

    def win_check(self, game: Game) -> None:
        """Nothing to check between resolutions: the game ends by an effect (``lose_at``) or a game's own check."""

    def start_round(self, game: Game, first: int) -> None:
        """A round starts as game.yaml's ``round:`` says: the cards of the ``gather`` zones (the field: every
        character's) back into the deck, shuffled (a position that keeps its order, as a scenario's, puts them
        under the deck instead); the counters declared ``reset: [round]`` back to 0; ``deal`` cards to each
        player's field, ``first`` first; ``first`` holds the turn and the chance of a new turn."""
        setup = self.compiled.game.round
        if setup is None:
            raise GameAborted(f"game {self.compiled.game.id!r} declares no round (game.yaml round:)")
        s, zones = game.state, self.zones
        keep = s.keep_order
        deck = zones.role("deck")
        holder = zones.holder(deck, first)
        pile = s.players[holder].zone(deck)
        for zid in setup.gather:
            z = zones.index(zid)
            for p in s.players:
                cards = [c for ch in p.field for c in ch.cards] if z == zones.field else list(p.zone(z))
                if z == zones.field:
                    p.field.clear()
                else:
                    p.zone(z).clear()
                for c in cards:
                    pile.insert(0, c) if keep else pile.append(c)
                    s.loc[c] = (deck, holder)
        if not keep:
            game.rng.shuffle(pile)
        self.reset_counters(s, "round")
        for seat in (first, 1 - first):
            for _ in range(setup.deal):
                draw_to_field(game, seat, setup.face)
        s.turn = s.chance = first
        s.turn_no += 1

    def visible_cards(self, game: Game, seat: int) -> set[int]:
        """What ``seat`` may see by the zones' declared visibility (3.12.1): every card of a zone whose level
        for it (``owner_visibility`` for its own or a shared zone, ``visibility`` for the opponent's) is
        ``contents`` or ``public``; the top card at ``top``; the face-up characters at ``face_up``; counts
        show no card."""
        zones = self.zones
        out: set[int] = set()
        for p in game.state.players:
            for z, (others, owner) in enumerate(zones.visibility):
                if z in zones.shared and p.seat != SHARED_SEAT:
                    continue
                level = owner if p.seat == seat or z in zones.shared else others
                if z == zones.field:
                    for ch in p.field:
                        if level in ("contents", "public") or (level == "face_up" and ch.face_up):
                            out.update(ch.cards)
                elif z in self.list_zones:
                    cards = p.zone(z)
                    if level in ("contents", "public", "face_up"):
                        out.update(cards)
                    elif level == "top" and cards:
                        out.add(cards[-1])
        return out

    def observe(self, game: Game, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, laid out from the declared zones and numbers alone (3.12.1): per player, each
        zone of cards as its card texts when ``seat`` may see them all, else as ``<zone>_count``; the field as
        ``field`` (card texts, "?" for a card it may not see) and ``face_up`` per character; every declared
        counter; a declared value only when every card it is computed from is visible.  Shared zones are under
        ``table``.  A game adds its own parts (Black Doubt: declarations, the rows of ``board``)."""
        s = game.state
        zones, text = self.zones, self.card_text
        visible = self.visible_cards(game, seat)
        nums = numbers_for(self.compiled)
        out: dict[str, Any] = {"you": seat, "turn": s.turn, "turn_no": s.turn_no, "chance": s.chance,
                               "table": {}, "players": []}
        for p in s.players:
            info: dict[str, Any] = {"seat": p.seat}
            for z in zones.card_zones:
                if z in zones.shared and p.seat != SHARED_SEAT:
                    continue
                cards = p.zone(z)
                where = out["table"] if z in zones.shared else info
                zid = zones.ids[z]
                if all(c in visible for c in cards):
                    where[zid] = [text(c) for c in cards]
                else:
                    where[zid + "_count"] = len(cards)
            if zones.field >= 0:
                info["field"] = [text(c) if c in visible else "?" for ch in p.field for c in ch.cards]
                info["face_up"] = [ch.face_up for ch in p.field]
            for cid in nums.counters:
                info[cid] = nums.get(s, p.seat, cid)
            for vid, (z, _fn) in nums.values.items():
                if all(c in visible for c in nums.cards(s, p.seat, z)):
                    info[vid] = nums.value(s, p.seat, vid)
            out["players"].append(info)
        return out

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

    def put_onto_field(self, game: Game, seat: int, cards: list[int], char_id: str | None, face_up: bool,
                       driven: bool) -> list[Character]:
        """``cards`` taken from where they lie and put to the right of ``seat``'s field as one character of the
        kind ``char_id`` names (the game's first kind when it names none: Black Doubt's ``card``)."""
        zones = self.zones
        if not zones.kinds or zones.field < 0:
            raise GameAborted("this game puts no characters onto the field")
        s = game.state
        for c in cards:
            z, p = s.loc[c]
            if z in self.list_zones:
                s.players[p].zone(z).remove(c)
            s.loc[c] = (zones.field, seat)
        kind = char_id if char_id in zones.kinds else zones.kinds[0]
        ch = Character(s.uid(), kind, char_id or kind, list(cards), s.owner[cards[0]], seat, face_up, driven,
                       s.turn_no)
        s.players[seat].field.append(ch)
        return [ch]

    def event_reveals(self, e: dict[str, Any]) -> list[str]:
        return []

    def canonical_extra(self, game: Game) -> dict[str, Any] | None:
        return None

    def link_fog(self, game: Game, seat: int, fog_id: str, cards: list[int], target: Target | None) -> None:
        raise ValueError("this game has no fog cards to link")

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

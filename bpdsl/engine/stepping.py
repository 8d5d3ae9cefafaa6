"""The step API: a game driven from outside, one decision at a time, checkpointed, cloned and handed on.

A game created without agents is driven from outside: pending() is the decision the game waits for,
apply(i) takes option i and walks on to the next decision (or the end).  The core flow is data, so
where the walker stands is plain data too: before each flow node that can ask a decision the game
keeps a checkpoint (state, RNG, walker fields, log length).  A decision inside the node suspends the
walk (Suspend); apply(i) goes back to the node's checkpoint and runs the node again, feeding it the
choices it already got plus i, until it asks the next decision or ends.  A node that asks before it
changes anything (ASK_FIRST: the choice of action) needs no checkpoint: it is simply run again.
clone() copies the game and shares the checkpoint (never changed once taken).  Callback play
(play()) takes no checkpoints.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

try:
    import cython
except ImportError:  # without Cython (the ``speed`` extra) its declarations change nothing
    from bpdsl import purecython as cython

from bpdsl.engine.compiled import CAction
from bpdsl.engine.decisions import Agent, DecisionRequest
from bpdsl.engine.errors import GameAborted
from bpdsl.engine.gamebase import Ctx, Event, GameBase
from bpdsl.engine.snapshot import Memo, copy_inst, copy_state
from bpdsl.engine.state import ActionInstance, State


class Suspend(Exception):
    """A decision of a game driven by the step API: the walk stops until apply() gives the choice."""


# primitives that never ask a decision (no checkpoint is taken before them)
SILENT = frozenset({"chance_to_turn_player", "reset_pass", "is_instant", "record_pass", "all_passed",
                     "stage_nonempty", "stage_empty", "pop_stage", "move_chance", "from_stage", "win_check"})
# primitives whose only decision comes before they change anything (run again as they are, no checkpoint)
ASK_FIRST = frozenset({"ask_action"})
# the fields of a Game (declared in gamebase.pxd for the compiled build, where they are not in its __dict__)
GAME_FIELDS = tuple("""rules hooks seed rng log check max_steps setup_hook state current chosen events decisions
    forced steps raised raised_game node epoch _agents _picks _deck_size _key_attr _stage_zone _spent_zone
    _lists_style _passing _trigger_index _orders _heard _legal_cache _direct _quick _by_hand _by_mask _scratch
    _up_gated _char_gated _step _started _cp _feed _fed _pending _result _prim _shared _lazy_labels hears""".split())


@dataclass(slots=True)
class Checkpoint:
    """The game just before a flow node (never changed once taken: a clone shares it)."""

    state: State
    rng: tuple[Any, ...]
    node: int
    current: ActionInstance | None
    chosen: CAction | None
    events: list[Event]
    decisions: int
    forced: int
    steps: int
    raised: dict[str, int]
    raised_game: dict[tuple[int, str], int]
    epoch: int
    log_len: int


def copy_event(e: Event, memo: Memo) -> Event:
    return Event(e.type, e.seat, e.card, e.char_id, copy_inst(e.inst, memo) if e.inst is not None else None, e.to,
                 e.first, e.cause, e.other, e.amount, e.origin)


class Feed:
    """The agents of a game handed to callback play (core.Game.play_on) in the middle of a flow node: the
    choices the node already got are given again, in order, then the game gets its own agents back."""

    name = "feed"

    def __init__(self, choices: list[int], game: GameBase, agents: list[Agent]):
        self.choices = choices
        self.game = game
        self.after = agents

    def decide(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]]) -> int:
        i = self.choices.pop(0)
        if not self.choices:
            self.game.agents = self.after
        return i


@cython.locals(game=GameBase)
def unshare(game: GameBase) -> None:
    """Take own copies of what a clone shares (before this game changes anything in place)."""
    memo: Memo = {}
    game.state = copy_state(game.state, memo)
    rng = random.Random.__new__(random.Random)  # not Random(): seeding from the OS would cost more
    rng.setstate(game.rng.getstate())
    game.rng = rng
    game.current = copy_inst(game.current, memo) if game.current is not None else None
    game.events = [copy_event(e, memo) for e in game.events]
    game.raised = dict(game.raised)
    game.raised_game = dict(game.raised_game)
    game._shared = False


@cython.locals(game=GameBase)
def ensure_started(game: GameBase) -> None:
    if not game._started:
        if not game._step:
            return
        game._started = True
        walk(game, resume=False)


@cython.locals(game=GameBase)
def checkpoint(game: GameBase) -> "Checkpoint":
    memo: Memo = {}
    return Checkpoint(copy_state(game.state, memo), game.rng.getstate(), game.node,
                       copy_inst(game.current, memo) if game.current is not None else None, game.chosen,
                       [copy_event(e, memo) for e in game.events], game.decisions, game.forced, game.steps,
                       dict(game.raised), dict(game.raised_game), game.epoch,
                       len(game.log.lines) if game.log is not None else 0)


@cython.locals(game=GameBase)
def restore(game: GameBase, cp: "Checkpoint") -> None:
    memo: Memo = {}
    game.state = copy_state(cp.state, memo)
    game.rng = random.Random.__new__(random.Random)  # a clone may share the old one
    game.rng.setstate(cp.rng)
    game.node = cp.node
    game.current = copy_inst(cp.current, memo) if cp.current is not None else None
    game.chosen = cp.chosen
    game.events = [copy_event(e, memo) for e in cp.events]
    game.decisions = cp.decisions
    game.forced = cp.forced
    game.steps = cp.steps
    game.raised = dict(cp.raised)
    game.raised_game = dict(cp.raised_game)
    game.epoch = cp.epoch
    # legal actions computed on the path being abandoned (later epochs) do not hold on the new one
    game._legal_cache = {k: v for k, v in game._legal_cache.items() if v[0] <= cp.epoch}
    if game.log is not None:
        game.log.truncate(cp.log_len)


@cython.locals(game=GameBase)
def walk(game: GameBase, resume: bool) -> None:
    """Walk the flow from ``game.node`` until a decision suspends it or the game ends."""
    s = game.state
    nodes = game.rules.flow_nodes
    check = game.check
    limit = game.max_steps
    try:
        while not game.state.over:
            i = game.node
            prim, nxt, yes, no = nodes[i]
            if not resume:
                if prim in ASK_FIRST:
                    game._cp = None
                elif prim not in SILENT:
                    game._cp = checkpoint(game)
                game._feed = []
                game._fed = 0
            game._prim = prim
            resume = False
            try:
                r = getattr(game, "p_" + prim)()
            except Suspend:
                return
            s = game.state
            if check is not None:
                check(game)
            if s.over:
                break
            game.node = nxt if r is None else yes if r else no
            game.steps += 1
            if game.steps > limit:
                raise GameAborted(f"no result after {limit} core-flow steps")
    except GameAborted as exc:
        s = game.state
        s.over = True
        s.reason = f"aborted: {exc}"
        game._finish(True)
        return
    game._finish(False)


@cython.locals(game=GameBase)
def pending(game: GameBase) -> DecisionRequest | None:
    """The decision the game waits for (never one with a single option), or None once it is over."""
    ensure_started(game)
    return game._pending


@cython.locals(game=GameBase)
def apply(game: GameBase, i: int) -> None:
    """Take option ``i`` of the pending decision and walk on to the next decision or the end.

    An index out of range (or no pending decision) raises ValueError and changes nothing."""
    ensure_started(game)
    req = game._pending
    if req is None:
        raise ValueError("no decision is pending: the game is over")
    if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(req.options):
        raise ValueError(f"option {i!r} is not one of the {len(req.options)} options of this {req.kind} decision")
    feed = game._feed[:game._fed]
    feed.append(i)
    if game._cp is not None:
        restore(game, game._cp)  # fresh copies of everything: nothing shared with a clone is changed
    elif game._shared:  # the node asked before changing anything (ASK_FIRST): run it again in place
        unshare(game)
    game._shared = False
    game._feed = feed
    game._fed = 0
    game._pending = None
    walk(game, resume=True)


@cython.locals(game=GameBase)
def clone(game: GameBase) -> GameBase:
    """An independent game at the same point (same pending decision, same RNG state) that plays on
    identically to this one given the same choices.

    Copy on write: a game waiting for a decision never changes its state again in place (apply()
    works on a fresh copy of the node's checkpoint, or first copies what it shares), so the clone
    shares the state, the RNG and the walker's fields with this game until one of them applies a
    choice; the legal-action cache and the recorded choices are copied at once."""
    ensure_started(game)
    cls = type(game)
    g = cls.__new__(cls)
    vars(g).update(vars(game))  # pure Python: every field; compiled: the attributes core.pxd does not declare
    for name in GAME_FIELDS:
        setattr(g, name, getattr(game, name))
    g._legal_cache = dict(game._legal_cache)  # the lists are never changed; the dicts diverge
    g._feed = game._feed[:]
    g._scratch = Ctx(g, ActionInstance(0, None, 0), 0)
    if game.log is not None:
        g.log = game.log.fork()
    g._shared = game._shared = True
    return g


@cython.locals(game=GameBase)
def play_on(game: GameBase, agents: list[Agent], prepare: Callable[[Any], None] | None = None) -> Any:
    """Hand a step game, at its pending decision, to callback agents and play it to the end (as play()).

    The flow node that asked the pending decision runs again from its start: the choices it already
    got are fed back, and ``agents`` are asked the pending decision and every later one.  ``prepare``,
    when given, may first change the state in place at the start of that node (a search agent re-deals
    the cards its seat cannot see in its own copy); the legal actions cached before are dropped.  What a
    clone shares with this game is copied first, so a clone of a clone plays on without touching its
    origin.  A finished game just returns its result."""
    ensure_started(game)
    if game._pending is None:
        return game.result()
    feed = game._feed[:game._fed]
    if game._cp is not None:
        restore(game, game._cp)
    elif game._shared:
        unshare(game)
    game._shared = False
    game._cp = None
    game._pending = None
    game._feed = []
    game._fed = 0
    game._step = False
    if prepare is not None:
        prepare(game)
        game.epoch += 1
        game._legal_cache = {}
    game.agents = [Feed(feed, game, list(agents))] * len(agents) if feed else list(agents)
    return game.play()



__all__ = ["apply", "checkpoint", "clone", "ensure_started", "pending", "play_on", "restore", "walk"]

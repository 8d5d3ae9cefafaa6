"""The generic core-flow interpreter: turn, chance, stage, pass record, trigger check, win check.

:class:`Game` walks the flow graph compiled from the edition's flow document (2.8).  It knows actions,
the stage, the chance and the pass record, and asks the game's *common rules* (a hooks object, for
BlackPoker :class:`bpdsl.games.blackpoker.hooks.BlackPokerHooks`) for everything specific to the game:
how the game starts, what a cost letter means, who has won, what a player may see.  It never mentions
soldiers or bulwarks.

Effects, conditions, targets and trigger conditions are op executors from the op registry; they are
called with a :class:`Ctx` (the game, the action instance being raised or resolved, its controller, and
the event being matched for trigger conditions).
"""
from __future__ import annotations

import random
import weakref
from dataclasses import dataclass, field
from typing import Any, Callable

try:
    import cython
except ImportError:  # without Cython (the ``speed`` extra) its declarations change nothing
    from bpdsl import purecython as cython

from bpdsl.engine import events as ev
from bpdsl.engine.abilitystate import passes
from bpdsl.engine.compiled import CAction, Rules, TriggerSource
from bpdsl.engine.contract import GameHooks
from bpdsl.engine.decisions import Agent, Context, DecisionRequest, Labels, index_chooser
from bpdsl.engine.errors import GameAborted
from bpdsl.engine.snapshot import Memo, copy_inst, copy_state
from bpdsl.engine.state import ActionInstance, Character, State, check_state_class
from bpdsl.dsl.expr import parse
from bpdsl.engine.log import state_hash


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


class Ctx:
    """What an executor sees: the game, the action instance, its controller, and the matched event."""

    __slots__ = ("game", "inst", "seat", "event")

    def __init__(self, game: "Game", inst: ActionInstance | None, seat: int, event: Event | None = None):
        self.game = game
        self.inst = inst
        self.seat = seat
        self.event = event

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def hooks(self) -> GameHooks:
        """The game's common-rules hooks (the contract of bpdsl.engine.contract)."""
        return self.game.hooks

    @property
    def rules(self) -> GameHooks:
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
            v = _parse_expr(v)
        return self.game.hooks.evaluate(v, self)


_EXPR_CACHE: dict[str, Any] = {}


def _parse_expr(text: str) -> Any:
    e = _EXPR_CACHE.get(text)
    if e is None:

        e = _EXPR_CACHE[text] = parse(text)
    return e


@dataclass
class GameResult:
    winner: int | None  # seat, or None for a draw / aborted game
    draw: bool
    aborted: bool
    turns: int
    decisions: int
    reason: str
    state_hash: str = ""
    raised: dict[str, int] = field(default_factory=dict)


class Game:
    """One game: state, RNG, agents and the walk over the compiled core flow."""

    def __init__(self, rules: Rules, hooks: GameHooks, agents: list[Agent] | None, seed: int = 0,
                 decks: list[list[int]] | None = None, setup: Callable[["Game"], None] | None = None,
                 log: Any = None, check: Callable[["Game"], None] | None = None, max_steps: int = 200_000):
        self.rules = rules
        self.hooks = hooks
        self.agents = agents
        self.seed = seed
        self.rng = random.Random(seed)
        self.log = log
        self.check = check
        self.max_steps = max_steps
        self.setup_hook = setup
        zones = rules.zones
        assert zones is not None, "compiled rules carry their game's zones"
        self._deck_size = zones.deck_size  # a card is seat * deck size + its index in the card universe
        self._key_attr = zones.player_class.ZONE_ATTRS[zones.keys] if zones.keys >= 0 else ""  # the hand
        self._stage_zone, self._spent_zone = zones.stage, zones.spent
        self.state = hooks.new_state(self, decks)
        check_state_class(type(self.state))
        self.current: ActionInstance | None = None
        self.chosen: CAction | None = None
        self.events: list[Event] = []
        self.decisions = 0
        self.forced = 0
        self.steps = 0
        self.raised: dict[str, int] = {}
        self.raised_game: dict[tuple[int, str], int] = {}  # (seat, action id) -> raises this game (once per game)
        self.node = rules.start
        self._lists_style = rules.flow.trigger_style == "lists"
        self._passing = rules.flow.passing
        # (event type, resolved action id) -> the trigger sources that can match such an event; and resolved
        # action id -> whether some trigger source can match its "resolved" event (most cannot: the event is
        # then not recorded, and the trigger check after it has nothing to look at).  Both are made once for
        # the games of these rules, not once per game (an エクストラ game made them anew at 580,000 instructions)
        self._trigger_index, self._heard = _shared_trigger_index(rules)
        # the kinds of event some ability waits for beyond the trigger index's own (a card moved between any
        # two zones, damage taken, an action raised or negated, a trump turned, a counter changed): the rules
        # announce an event of such a kind only when somebody listens (bpdsl.engine.abilities)
        self.hears = hears(rules)
        self._orders: list[tuple[int, ...]] | None = None  # by turn player: the seats from them on (_order)
        # taken per game, so that actions added to rules.direct_actions after compiling (options) count too
        # legal actions per seat, valid while ``epoch`` is unchanged: every primitive that can change the
        # state (start, raise, resolve, trigger check, stage) bumps the epoch; passing changes nothing
        self.epoch = 0
        self._legal_cache: dict[int, tuple[int, list[CAction]]] = {}
        self._direct = list(rules.direct_actions)
        self._quick = [a for a in self._direct if not a.main]
        # (cards of the hand, main timing open) -> the actions whose key cards the hand can provide; behind
        # it (card indices of the hand as a bitmask, main timing open) -> the same, shared by the games of
        # these rules with these direct actions
        self._by_hand: dict[tuple[Any, ...], list[CAction]] = {}
        # some direct action needs a card face up (a trump's) or a charged character of the seat's (requires_char):
        # the candidates are then also keyed by the seat, the face-up cards and the seat's charged characters of
        # those ids, and the actions they rule out are left out once, not at every listing
        self._char_gated = frozenset(a.requires_char for a in self._direct if a.requires_char is not None)
        self._up_gated = bool(self._char_gated) or any(a.requires_up >= 0 for a in self._direct)
        self._by_mask = _shared_candidates(rules, self._direct)
        self._scratch = Ctx(self, ActionInstance(0, None, 0), 0)  # reused while listing legal targets
        # the step API (agents is None): see the "step API" section below
        self._step = agents is None
        self._started = False
        self._cp: _Checkpoint | None = None  # the game before the flow node being walked
        self._feed: list[int] = []  # choices of the decisions of this node, in the order they were asked
        self._fed = 0  # how many of them the current run of the node has taken
        self._pending: DecisionRequest | None = None
        self._result: GameResult | None = None
        self._prim = ""  # the primitive being walked (step API)
        self._shared = False  # state, RNG and walker fields shared with a clone (copy on write)
        # a step game's pending request gets its texts when it is asked (it outlives the state that they
        # describe); a search agent's private copies, whose requests are read at once or never, skip them
        self._lazy_labels = False

    @property
    def agents(self) -> list[Agent] | None:
        """The callback agents by seat (None: a step game)."""
        return self._agents

    @agents.setter
    def agents(self, agents: list[Agent] | None) -> None:
        self._agents = agents
        # per seat: the agent's pick(n) when it decides from the number of options alone (IndexChooser)
        self._picks: list[Callable[[int], int] | None] = [index_chooser(a) for a in agents or ()]

    # ------------------------------------------------------------------ walking the flow

    def play(self) -> GameResult:
        """Walk the flow until the win check ends the game (or the step limit aborts it), asking the agents."""
        if self._step:
            raise ValueError("this game has no agents: drive it with pending() and apply(i)")
        # bound methods are built here, not kept on the game, so that a finished game holds no cycles
        plain = self._walk_table()
        s = self.state
        i = self.node
        check = self.check
        aborted = False
        steps = self.steps
        limit = self.max_steps
        # where a fused run stopped when its k-th step ended the game or raised: [k, node of that step]
        cut = [0, -1]
        if check is not None:  # the invariants after every step (the plain walk below stays as fast as it is)
            plain = [(_checked(fn, check, self), yes, no, w) for fn, yes, no, w in plain]
            prims, soft = plain, limit
        else:
            prims = _fused(plain, self.rules.flow_nodes, s, cut)
            # a fused run of w steps is taken only while all of its steps stay within the limit; the last
            # steps before it are walked one by one, so that a game is aborted after exactly ``limit`` steps
            soft = limit - max(w for _, _, _, w in prims)
        try:
            while not s.over:  # (asked once: after each step below)
                while True:
                    fn, yes, no, w = prims[i]
                    r = fn()
                    if s.over:
                        break
                    i = yes if r else no
                    steps += w
                    if steps > soft:
                        if prims is not plain:
                            prims, soft = plain, limit
                        elif steps > limit:
                            raise GameAborted(f"no result after {limit} core-flow steps")
        except GameAborted as exc:
            aborted = True
            s.over = True
            s.reason = f"aborted: {exc}"
        finally:
            if cut[1] >= 0:  # as the plain walk: the steps before the one that ended the game, and its node
                steps += cut[0]
                i = cut[1]
            prims.clear()
            plain.clear()
            self.steps = steps
            self.node = i
        return self._finish(aborted)

    def _walk_table(self) -> list[tuple[Callable[[], Any], int, int, int]]:
        """(primitive, yes, no, 1) by flow node: a plain step (next) is a question whose answers both go to
        next (r is None takes the "no" edge)."""
        return [(getattr(self, "p_" + prim), yes if nxt < 0 else nxt, nxt if no < 0 else no, 1)
                for prim, nxt, yes, no in self.rules.flow_nodes]

    def result(self) -> GameResult:
        """The result of a finished game (ValueError while it is still going on)."""
        if self._step:
            self._ensure_started()
        if self._result is None:
            raise ValueError("the game is not over yet")
        return self._result

    def _finish(self, aborted: bool = False) -> GameResult:
        s = self.state
        h = state_hash(self)
        self._scratch.game = None  # break the game <-> scratch context cycle
        res = GameResult(None if aborted else s.winner, (not aborted) and s.winner is None, aborted, s.turn_no,
                         self.decisions, s.reason, h, dict(self.raised))
        if self.log is not None:
            self.log.write(ev.Ended(res.winner, res.draw, aborted, res.turns, res.decisions, res.reason, h))
        self._result = res
        self._pending = None
        return res

    # primitives: return None for a plain step, True/False for a question

    def p_game_start(self) -> None:
        self.epoch += 1
        self.hooks.game_start(self)

    def p_chance_to_turn_player(self) -> None:
        self.state.chance = self.state.turn

    def p_ask_action(self) -> bool:
        s = self.state
        seat = s.chance
        if s.must_pass and seat in s.must_pass:  # 「アクションを起こした後、チャンスをパスする」
            s.must_pass = s.must_pass - {seat}
            self.chosen = None
            if self.log is not None:
                self.log.write(ev.Passed(seat))
            return False
        cached = self._legal_cache.get(seat)
        if cached is not None and cached[0] == self.epoch:
            legal = cached[1]
        else:
            legal = self.legal_actions(seat)
            self._legal_cache[seat] = (self.epoch, legal)
        if not self._passing:  # a game whose player must always act (no pass record)
            if not legal:
                raise GameAborted(f"player {seat} has no legal action and may not pass")
            i = self.decide(seat, "action", list(legal), {}, lambda: [a.label for a in legal])
            self.chosen = legal[i]
            return True
        if not legal:
            self.chosen = None
            return False
        if self.rules.forced_action is not None:  # a rule that makes a player raise an action (巨人's アタック)
            must = self.rules.forced_action(self, seat, legal)
            if must:
                i = self.decide(seat, "action", list(must), {"what": "アクションを起こすか？"}, lambda: [a.label for a in must])
                self.chosen = must[i]
                return True
        pick = self._picks[seat] if not self._step else None
        if pick is not None and self.log is None:  # pass (0) or one of the legal actions, no request built
            i = self._picked(pick, seat, "action", len(legal) + 1)
        else:
            i = self.decide(seat, "action", ["pass"] + legal, {"what": "アクションを起こすか？"},
                            lambda: ["パス"] + [a.label for a in legal])
        if i == 0:
            self.chosen = None
            if self.log is not None:
                self.log.write(ev.Passed(seat))
            return False
        self.chosen = legal[i - 1]
        return True

    def p_reset_pass(self) -> None:
        self.state.passed.clear()

    def p_raise_action(self) -> None:
        action = self.chosen
        assert action is not None
        self.epoch += 1
        self.current = self.raise_direct(action, self.state.chance)

    def p_trigger_check(self) -> None:
        if self.events:
            self.epoch += 1
            if self._lists_style:
                self._tc_lists()
            else:
                self._tc_simple()

    def p_is_instant(self) -> bool:
        return bool(self.current and self.current.action.instant)

    def p_resolve(self) -> None:
        inst = self.current
        self.epoch += 1
        if inst is not None:
            self.resolve(inst)

    def p_win_check(self) -> None:
        self.epoch += 1
        self.hooks.win_check(self)

    def p_push_stage(self) -> None:
        inst = self.current
        self.epoch += 1
        if inst is not None:
            self.state.stage.append(inst)
            if self.log is not None:
                self.log.write(ev.Staged(inst.action.id, inst.controller))
            if self.rules.raise_events:
                # raising a normal action is complete once it is on the stage: what listens to its raising
                # ("自分がエンドアクションを起こした場合…") is triggered now, above it
                self.events.append(Event("raised", inst.controller, inst=inst))
                self.current = None
                self.p_trigger_check()
        self.current = None

    def p_record_pass(self) -> None:
        self.state.passed.add(self.state.chance)

    def p_all_passed(self) -> bool:
        return len(self.state.passed) >= len(self.state.players)

    def p_stage_nonempty(self) -> bool:
        return bool(self.state.stage)

    def p_stage_empty(self) -> bool:
        return not self.state.stage

    def p_pop_stage(self) -> None:
        self.epoch += 1
        inst = self.state.stage.pop()
        inst.from_stage = True
        self.current = inst

    def p_move_chance(self) -> None:
        s = self.state
        s.chance = (s.chance + 1) % len(s.players)

    def p_from_stage(self) -> bool:
        inst = self.current
        self.current = None
        return bool(inst is not None and inst.from_stage)

    # ------------------------------------------------------------------ the step API
    #
    # A game created without agents is driven from outside: pending() is the decision the game waits for,
    # apply(i) takes option i and walks on to the next decision (or the end).  The core flow is data, so
    # where the walker stands is plain data too: before each flow node that can ask a decision the game
    # keeps a checkpoint (state, RNG, walker fields, log length).  A decision inside the node suspends the
    # walk (_Suspend); apply(i) goes back to the node's checkpoint and runs the node again, feeding it the
    # choices it already got plus i, until it asks the next decision or ends.  A node that asks before it
    # changes anything (_ASK_FIRST: the choice of action) needs no checkpoint: it is simply run again.
    # clone() copies the game and shares the checkpoint (never changed once taken).  Callback play
    # (play()) takes no checkpoints.

    @property
    def over(self) -> bool:
        """Whether the game has ended (the win check decided it, or it was aborted)."""
        if self._step:
            self._ensure_started()
        return self.state.over

    def pending(self) -> DecisionRequest | None:
        """The decision the game waits for (never one with a single option), or None once it is over."""
        self._ensure_started()
        return self._pending

    def apply(self, i: int) -> None:
        """Take option ``i`` of the pending decision and walk on to the next decision or the end.

        An index out of range (or no pending decision) raises ValueError and changes nothing."""
        self._ensure_started()
        req = self._pending
        if req is None:
            raise ValueError("no decision is pending: the game is over")
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(req.options):
            raise ValueError(f"option {i!r} is not one of the {len(req.options)} options of this {req.kind} decision")
        feed = self._feed[:self._fed]
        feed.append(i)
        if self._cp is not None:
            self._restore(self._cp)  # fresh copies of everything: nothing shared with a clone is changed
        elif self._shared:  # the node asked before changing anything (_ASK_FIRST): run it again in place
            self._unshare()
        self._shared = False
        self._feed = feed
        self._fed = 0
        self._pending = None
        self._walk(resume=True)

    def observe(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see now (3.12.1), as the game's hooks give it."""
        return self.hooks.observe(self, seat)

    def clone(self) -> "Game":
        """An independent game at the same point (same pending decision, same RNG state) that plays on
        identically to this one given the same choices.

        Copy on write: a game waiting for a decision never changes its state again in place (apply()
        works on a fresh copy of the node's checkpoint, or first copies what it shares), so the clone
        shares the state, the RNG and the walker's fields with this game until one of them applies a
        choice; the legal-action cache and the recorded choices are copied at once."""
        self._ensure_started()
        g = Game.__new__(Game)
        vars(g).update(vars(self))  # pure Python: every field; compiled: the attributes core.pxd does not declare
        for name in _GAME_FIELDS:
            setattr(g, name, getattr(self, name))
        g._legal_cache = dict(self._legal_cache)  # the lists are never changed; the dicts diverge
        g._feed = self._feed[:]
        g._scratch = Ctx(g, ActionInstance(0, None, 0), 0)
        if self.log is not None:
            g.log = self.log.fork()
        g._shared = self._shared = True
        return g

    def play_on(self, agents: list[Agent], prepare: Callable[["Game"], None] | None = None) -> GameResult:
        """Hand a step game, at its pending decision, to callback agents and play it to the end (as play()).

        The flow node that asked the pending decision runs again from its start: the choices it already
        got are fed back, and ``agents`` are asked the pending decision and every later one.  ``prepare``,
        when given, may first change the state in place at the start of that node (a search agent re-deals
        the cards its seat cannot see in its own copy); the legal actions cached before are dropped.  What a
        clone shares with this game is copied first, so a clone of a clone plays on without touching its
        origin.  A finished game just returns its result."""
        self._ensure_started()
        if self._pending is None:
            return self.result()
        feed = self._feed[:self._fed]
        if self._cp is not None:
            self._restore(self._cp)
        elif self._shared:
            self._unshare()
        self._shared = False
        self._cp = None
        self._pending = None
        self._feed = []
        self._fed = 0
        self._step = False
        if prepare is not None:
            prepare(self)
            self.epoch += 1
            self._legal_cache = {}
        self.agents = [_Feed(feed, self, list(agents))] * len(agents) if feed else list(agents)
        return self.play()

    def _unshare(self) -> None:
        """Take own copies of what a clone shares (before this game changes anything in place)."""
        memo: Memo = {}
        self.state = copy_state(self.state, memo)
        rng = random.Random.__new__(random.Random)  # not Random(): seeding from the OS would cost more
        rng.setstate(self.rng.getstate())
        self.rng = rng
        self.current = copy_inst(self.current, memo) if self.current is not None else None
        self.events = [_copy_event(e, memo) for e in self.events]
        self.raised = dict(self.raised)
        self.raised_game = dict(self.raised_game)
        self._shared = False

    def _ensure_started(self) -> None:
        if not self._started:
            if not self._step:
                return
            self._started = True
            self._walk(resume=False)

    def _checkpoint(self) -> "_Checkpoint":
        memo: Memo = {}
        return _Checkpoint(copy_state(self.state, memo), self.rng.getstate(), self.node,
                           copy_inst(self.current, memo) if self.current is not None else None, self.chosen,
                           [_copy_event(e, memo) for e in self.events], self.decisions, self.forced, self.steps,
                           dict(self.raised), dict(self.raised_game), self.epoch,
                           len(self.log.lines) if self.log is not None else 0)

    def _restore(self, cp: "_Checkpoint") -> None:
        memo: Memo = {}
        self.state = copy_state(cp.state, memo)
        self.rng = random.Random.__new__(random.Random)  # a clone may share the old one
        self.rng.setstate(cp.rng)
        self.node = cp.node
        self.current = copy_inst(cp.current, memo) if cp.current is not None else None
        self.chosen = cp.chosen
        self.events = [_copy_event(e, memo) for e in cp.events]
        self.decisions = cp.decisions
        self.forced = cp.forced
        self.steps = cp.steps
        self.raised = dict(cp.raised)
        self.raised_game = dict(cp.raised_game)
        self.epoch = cp.epoch
        # legal actions computed on the path being abandoned (later epochs) do not hold on the new one
        self._legal_cache = {k: v for k, v in self._legal_cache.items() if v[0] <= cp.epoch}
        if self.log is not None:
            self.log.truncate(cp.log_len)

    def _walk(self, resume: bool) -> None:
        """Walk the flow from ``self.node`` until a decision suspends it or the game ends."""
        s = self.state
        nodes = self.rules.flow_nodes
        check = self.check
        limit = self.max_steps
        try:
            while not self.state.over:
                i = self.node
                prim, nxt, yes, no = nodes[i]
                if not resume:
                    if prim in _ASK_FIRST:
                        self._cp = None
                    elif prim not in _SILENT:
                        self._cp = self._checkpoint()
                    self._feed = []
                    self._fed = 0
                self._prim = prim
                resume = False
                try:
                    r = getattr(self, "p_" + prim)()
                except _Suspend:
                    return
                s = self.state
                if check is not None:
                    check(self)
                if s.over:
                    break
                self.node = nxt if r is None else yes if r else no
                self.steps += 1
                if self.steps > limit:
                    raise GameAborted(f"no result after {limit} core-flow steps")
        except GameAborted as exc:
            s = self.state
            s.over = True
            s.reason = f"aborted: {exc}"
            self._finish(True)
            return
        self._finish(False)

    # ------------------------------------------------------------------ decisions

    def decide(self, seat: int, kind: str, options: list[Any], context: Context = None,
               labels: Labels = None) -> int:
        """Ask ``seat`` to choose one of ``options``; returns its index.  One option is taken without asking.

        ``labels`` are the options' texts, or a function building them: they are built only when someone
        reads them (a human, a log, a script matching texts), never for bots playing without a log.  So is
        ``context`` when given as a function: it is called when a request is built."""
        n = len(options)
        if n == 1:
            self.forced += 1
            return 0
        if n == 0:
            raise GameAborted(f"{kind} decision of player {seat} has no legal option")
        if self._step:
            if self._fed < len(self._feed):  # a decision of this node taken before: the same choice again
                i = self._feed[self._fed]
                self._fed += 1
            else:
                if self._prim in _SILENT or (self._cp is None and self._fed):
                    # no checkpoint of this node to come back to: a primitive asked more than it declares
                    raise GameAborted(f"flow primitive {self._prim!r} asked a {kind} decision, which the step "
                                      "API cannot resume (see _SILENT and _ASK_FIRST in bpdsl.engine.core)")
                # the texts are built now: the request outlives this state (apply() and clones move on)
                if labels is None:
                    labels = [str(o) for o in options]
                elif callable(labels) and not self._lazy_labels:
                    labels = list(labels())
                self._pending = DecisionRequest(seat, kind, options, context() if callable(context) else context,
                                                labels)
                raise _Suspend
            self.decisions += 1
            if self.log is not None:
                self.log.write(ev.Decision(seat, kind, i, n, DecisionRequest(seat, kind, options, None, labels).label(i)))
            return i
        pick = self._picks[seat]
        if pick is not None and self.log is None:  # an agent that needs only the number of options
            return self._picked(pick, seat, kind, n)
        req = DecisionRequest(seat, kind, options, context() if callable(context) else context, labels)
        i = self._agents[seat].decide(req, lambda: self.hooks.observe(self, seat))
        if not isinstance(i, int) or not 0 <= i < n:
            raise GameAborted(f"agent {self._agents[seat].name} returned {i!r} for a {kind} decision with {n} options")
        self.decisions += 1
        if self.log is not None:
            self.log.write(ev.Decision(seat, kind, i, n, req.label(i)))
        return i

    def _picked(self, pick: Callable[[int], int], seat: int, kind: str, n: int) -> int:
        """An :class:`~bpdsl.engine.decisions.IndexChooser`'s choice among ``n`` options (n >= 2), counted."""
        i = pick(n)
        if not isinstance(i, int) or not 0 <= i < n:
            raise GameAborted(f"agent {self._agents[seat].name} returned {i!r} for a {kind} decision with {n} options")
        self.decisions += 1
        return i

    # ------------------------------------------------------------------ raising actions

    @cython.locals(a=CAction)
    def legal_actions(self, seat: int) -> list[CAction]:
        """Actions ``seat`` may raise directly now (timing, once per turn, conditions, key, target, costs)."""
        s = self.state
        my_turn_empty = s.turn == seat and not s.stage
        # the candidates by the cards of the hand: about half of all listings end here, with no action whose
        # key the hand holds (a quick chance of a player without a quick action's key)
        hand = tuple(getattr(s.players[seat], self._key_attr)) if self._key_attr else ()
        if self._up_gated:
            up = s.trump_up
            chars = self._charged_ids(seat) if self._char_gated else ()
            key = (hand, my_turn_empty, seat, frozenset(up) if up else _NONE_UP, chars)
            candidates = self._by_hand.get(key)
            if candidates is None:
                candidates = self._by_hand[key] = self._gated_candidates(hand, my_turn_empty, seat, up, chars)
        else:
            candidates = self._by_hand.get((hand, my_turn_empty))
            if candidates is None:
                candidates = self._by_hand[(hand, my_turn_empty)] = self._candidates(hand, my_turn_empty)
        if not candidates:
            return []
        raised = s.raised_this_turn
        out = []
        targets: dict[Any, bool] = {}  # target op call -> some target exists (for key-independent targets)
        hooks = self.hooks
        budget = None
        abilities = self.rules.abilities
        changed = abilities is not None and bool(abilities.cost_changes)  # an ability may add a cost to a free action
        for a in candidates:
            if a.once_per_turn and (seat, a.id) in raised:
                continue
            if a.gate is not None and not a.gate(self, seat):
                continue
            if a.conditions and not self._conditions_hold(a, seat):
                continue
            if a.target_uses_keys:
                if a.cost or changed:  # not even with key cards from outside the hand
                    if budget is None:
                        budget = hooks.budget(self, seat)
                    if not hooks.affordable(self, budget, a, seat, 0):
                        continue
                if not self._first_raise_plan(a, seat):
                    continue
            else:  # the costs (from one budget) before the target: listing targets costs more
                if a.cost or changed:
                    if budget is None:
                        budget = hooks.budget(self, seat)
                    if a.key_test is None and a.key is not None:
                        if not self._first_raise_plan(a, seat):
                            continue
                    elif not hooks.affordable(self, budget, a, seat, a.key_min):
                        continue
                elif a.key is not None and a.key_test is None and not hooks.has_key(self, a, seat):
                    continue
                if a.target is not None:
                    has = targets.get(a.target_key)
                    if has is None:
                        has = targets[a.target_key] = bool(self._targets(a, seat, ()))
                    if not has:
                        continue
            if abilities is not None and not self._some_payable_target(a, seat):
                continue
            out.append(a)
        return out

    @cython.locals(ch=Character)
    def _charged_ids(self, seat: int) -> tuple[str, ...]:
        """The ids of the charged characters on ``seat``'s field that some direct action requires
        (``CAction.requires_char``), in field order: mostly none, an empty tuple."""
        needed = self._char_gated
        found: tuple[str, ...] = ()
        for ch in self.state.players[seat].field:
            if not ch.driven and ch.char_id in needed:
                found += (ch.char_id,)
        return found

    @cython.locals(a=CAction)
    def _gated_candidates(self, hand: tuple[int, ...], my_turn_empty: bool, seat: int, up: set[int],
                          chars: tuple[str, ...]) -> list[CAction]:
        """_candidates where some action needs a card face up or a charged character: the candidates of the
        hand's cards (the key tests, shared as in _candidates) with those whose requirements fail left out,
        keyed in the same shared table also by the seat's own face-up cards, as card indices, and its charged
        characters of the ids needed, so that both seats and every game share one list per hand and such a
        position."""
        n_cards = self._deck_size
        mask = 0
        for c in hand:
            mask |= 1 << (c % n_cards)
        offset = n_cards * seat  # the seat's copy of a card is card index + deck size × seat
        mine = frozenset([c - offset for c in up if offset <= c < offset + n_cards]) if up else _NONE_UP
        by_mask = self._by_mask
        key = (mask, my_turn_empty, mine, chars)
        found = by_mask.get(key)
        if found is None:
            found = [a for a in self._mask_candidates(mask, my_turn_empty)
                     if (a.requires_up < 0 or a.requires_up in mine)
                     and (a.requires_char is None or a.requires_char in chars)]
            if len(by_mask) >= _SHARED_MASKS:
                by_mask.clear()
            by_mask[key] = found
        return found

    def _candidates(self, hand: tuple[int, ...], my_turn_empty: bool) -> list[CAction]:
        """The direct actions of the open timings whose key cards ``hand`` can provide (by the key tests on a
        bitmask of the hand's card indices)."""
        mask = 0
        n_cards = self._deck_size
        for c in hand:
            mask |= 1 << (c % n_cards)
        return self._mask_candidates(mask, my_turn_empty)

    @cython.locals(a=CAction)
    def _mask_candidates(self, mask: int, my_turn_empty: bool) -> list[CAction]:
        """The direct actions of the open timings whose key tests accept the hand's bitmask ``mask``."""
        by_mask = self._by_mask
        found = by_mask.get((mask, my_turn_empty))
        if found is None:
            if len(by_mask) >= _SHARED_MASKS:
                by_mask.clear()
            found = by_mask[(mask, my_turn_empty)] = [
                a for a in (self._direct if my_turn_empty else self._quick) if a.key_test is None or a.key_test(mask)]
        return found

    @cython.locals(a=CAction, ctx=Ctx)
    def _conditions_hold(self, a: CAction, seat: int) -> bool:
        ctx = self._scratch
        ctx.inst.action = a
        ctx.inst.controller = seat
        ctx.inst.keys = []
        ctx.seat = seat
        for fn, args, _ in a.conditions:
            if not fn(ctx, args):
                return False
        return True

    def key_choices(self, a: CAction, seat: int) -> list[tuple[int, ...]]:
        return self.hooks.key_choices(self, a, seat)

    @cython.locals(a=CAction, ctx=Ctx, inst=ActionInstance)
    def _targets(self, a: CAction, seat: int, keys: tuple[int, ...]) -> list[Any]:
        if a.target is None:
            return [None]
        fn, args, _ = a.target
        ctx = self._scratch
        inst = ctx.inst
        inst.action = a
        inst.controller = seat
        inst.keys = list(keys) if keys else []
        ctx.seat = seat
        return fn(ctx, args)

    @cython.locals(a=CAction)
    def _first_raise_plan(self, a: CAction, seat: int) -> bool:
        """Whether ``a`` can be raised now: some key cards, a target for them, and the costs payable."""
        hooks = self.hooks
        if a.key is None:  # legal_actions checks the target
            return hooks.can_pay(self, a, seat, ())
        if a.key_test is None and not hooks.has_key(self, a, seat):
            return False
        if not a.target_uses_keys:  # legal_actions checks the target
            return hooks.can_pay_n(self, a, seat, a.key_min)
        # legal_actions has checked the costs without the key cards; the target first: it rejects more keys
        for keys in hooks.key_choices(self, a, seat):
            if self._targets(a, seat, keys) and hooks.can_pay(self, a, seat, keys):
                return True
        return False

    @cython.locals(a=CAction, inst=ActionInstance)
    def raise_direct(self, a: CAction, seat: int) -> ActionInstance:
        """A player raises ``a``: key cards, target, costs (3.10.3); the once-per-turn record is updated."""
        s = self.state
        hooks = self.hooks
        inst = ActionInstance(s.uid(), a, seat, direct=True)
        by_target = self._costed_by_target(a)
        if a.key is not None:
            choices = hooks.key_choices(self, a, seat)
            if by_target:  # keys leaving some target the seat can pay for
                options = [k for k in choices if self._payable_targets(a, seat, k)]
            elif a.target_uses_keys:
                options = [k for k in choices if hooks.can_pay(self, a, seat, k) and self._targets(a, seat, k)]
            elif a.target is not None and not self._targets(a, seat, ()):
                options = []
            elif a.cost or self.rules.abilities is not None:  # (an ability may add a cost to a free action)
                options = [k for k in choices if hooks.can_pay(self, a, seat, k)]
            else:
                options = choices
            i = self.decide(seat, "key", options, {"action": a.name},
                            lambda: ["+".join(hooks.card_text(c) for c in k) for k in options])
            keys = options[i]
            for c in keys:
                hooks.move_card(self, c, self._stage_zone, s.owner[c])
            inst.keys = list(keys)
        if a.target is not None:
            targets = self._payable_targets(a, seat, tuple(inst.keys)) if by_target else \
                self._targets(a, seat, tuple(inst.keys))
            i = self.decide(seat, "target", targets, {"action": a.name},
                            lambda: [hooks.describe_target(self, t, seat) for t in targets])
            inst.target = targets[i]
        if a.on_raise is not None:
            a.on_raise(self, inst)
        hooks.pay_costs(self, inst)
        self._count_raise(inst)
        return inst

    def _costed_by_target(self, a: CAction) -> bool:
        """Whether an ability changes the cost of ``a`` by the target chosen (bpdsl.engine.abilities)."""
        abilities = self.rules.abilities
        return a.target is not None and abilities is not None and abilities.costed_by_target(a)

    def _some_payable_target(self, a: CAction, seat: int) -> bool:
        """Whether ``seat`` can pay for ``a`` with some key and target, where an ability changes its cost by
        the target (any other action: True)."""
        if not self._costed_by_target(a):
            return True
        for keys in (self.hooks.key_choices(self, a, seat) if a.key is not None else [()]):
            if self._payable_targets(a, seat, keys):
                return True
        return False

    def _payable_targets(self, a: CAction, seat: int, keys: tuple[int, ...]) -> list[Any]:
        """The targets of ``a`` whose cost (as an ability changes it for that target) ``seat`` can pay."""
        hooks = self.hooks
        return [t for t in self._targets(a, seat, keys) if hooks.can_pay_target(self, a, seat, keys, t)]

    @cython.locals(inst=ActionInstance, a=CAction)
    def _count_raise(self, inst: ActionInstance) -> None:
        s = self.state
        a = inst.action
        key = (inst.controller, a.id)
        if inst.direct:  # "1ターンに1回" limits what a player raises, not what an effect raises (追撃's アタック)
            s.raised_this_turn.add(key)
            s.raised_count[key] = s.raised_count.get(key, 0) + 1
        self.raised[a.id] = self.raised.get(a.id, 0) + 1
        self.raised_game[key] = self.raised_game.get(key, 0) + 1
        if self.rules.raise_events and a.instant:
            self.events.append(Event("raised", inst.controller, inst=inst))
        if "action_raised" in self.hears:
            self.events.append(Event("action_raised", inst.controller, inst=inst))
        if self.log is not None:
            keys = [] if inst.data.get("virtual_keys") else [self.hooks.card_text(c) for c in inst.keys]
            self.log.write(ev.Raised(inst.controller, a.id, inst.direct, keys,
                                     (self.hooks.describe_target(self, inst.target, inst.controller)
                                      if inst.target is not None else None),
                                     list(inst.target) if inst.target is not None else None))

    def raise_by_effect(self, action_id: str, seat: int, keys: tuple[int, ...] = (), target: Any = None,
                        virtual_keys: bool = False) -> ActionInstance | None:
        """An effect raises another action ("チャージアクションを起こす"): not a player's act, so no pass and
        no move of the chance, and no cost.  Instant actions resolve at once (then the win check); normal
        ones go on the stage.

        ``keys``: its key cards — real cards moved to the stage (修繕: the card the effect chose) or, with
        ``virtual_keys``, cards it counts as having that stay where they are (「キーカードは仮想的に♡7と♠7
        とする」: never moved to the grave).  ``target``: the target the effect names; otherwise the
        controller chooses one of the action's legal targets (none: the action is not raised)."""
        a = self.rules.actions.get(action_id)
        if a is None:
            return None
        inst = ActionInstance(self.state.uid(), a, seat, direct=False)
        if keys:
            inst.keys = list(keys)
            if virtual_keys:
                inst.data["virtual_keys"] = True
                if self.log is not None:
                    self.log.write(ev.VirtualKeys(seat, a.id, [self.hooks.card_text(c) for c in keys]))
            else:
                for c in keys:
                    self.hooks.move_card(self, c, self._stage_zone, self.state.owner[c])
        if target is not None:
            inst.target = target
        elif a.target is not None:
            targets = self._targets(a, seat, tuple(inst.keys))
            if not targets:
                return None
            i = self.decide(seat, "target", targets, {"action": a.name},
                            lambda: [self.hooks.describe_target(self, t, seat) for t in targets])
            inst.target = targets[i]
        self._count_raise(inst)
        if a.instant:
            self.resolve(inst)
            self.hooks.win_check(self)
        else:
            self.state.stage.append(inst)
            if self.log is not None:
                self.log.write(ev.Staged(a.id, seat))
        return inst

    # ------------------------------------------------------------------ resolving

    def target_alive(self, inst: ActionInstance) -> bool:
        return self.hooks.target_alive(self, inst.target)

    @cython.locals(inst=ActionInstance, a=CAction, ctx=Ctx)
    def resolve(self, inst: ActionInstance) -> None:
        """Resolve ``inst`` (3.10.4): re-check the target, run the effect steps, key cards to the grave."""
        s = self.state
        a = inst.action
        if self.log is not None:
            self.log.write(ev.Resolving(a.id, inst.controller))
        if inst.target is None or self.hooks.target_alive(self, inst.target):
            ctx = Ctx(self, inst, inst.controller)
            self.hooks.before_effect(self, inst)
            for fn, args, _name in a.effect:
                if fn(ctx, args) is False:  # a guard step (…場合、次を行う) whose condition does not hold
                    break
                if s.over:
                    return
        elif self.log is not None:
            self.log.write(ev.NoEffect(a.id, "target lost", inst.controller))
        hooks = self.hooks
        if inst.keys and not inst.data.get("virtual_keys"):  # virtual key cards stay where they are
            for c in inst.keys:
                if s.loc[c][0] == self._stage_zone:
                    hooks.move_card(self, c, self._spent_zone, s.owner[c])
        heard = self._heard.get(a.id)
        if heard is None:
            heard = self._heard[a.id] = bool(self._sources(("resolved", a.id)))
        if heard:
            self.events.append(Event("resolved", inst.controller, -1, "", inst))

    def remove_from_stage(self, inst: ActionInstance) -> bool:
        """Negate an action on the stage (カウンター): off the stage, its key cards to the grave."""
        s = self.state
        for i, x in enumerate(s.stage):
            if x is inst:
                del s.stage[i]
                inst.countered = True
                for c in ([] if inst.data.get("virtual_keys") else inst.keys):
                    if s.loc[c][0] == self._stage_zone:
                        self.hooks.move_card(self, c, self._spent_zone, s.owner[c])
                if self.log is not None:
                    self.log.write(ev.Negated(inst.action.id, inst.controller))
                if "action_negated" in self.hears:
                    self.events.append(Event("action_negated", inst.controller, inst=inst))
                return True
        return False

    # ------------------------------------------------------------------ trigger check

    @cython.locals(e=Event, inst=ActionInstance, src=TriggerSource)
    def _triggered(self) -> list[ActionInstance]:
        """Match every pending event against the trigger sources that can match it (and forget the events):
        the triggered actions, in the order of the events and of the sources."""
        events = self.events
        if not events:
            return []
        self.events = []
        s = self.state
        index = self._trigger_index
        out: list[ActionInstance] = []
        for e in events:
            inst = e.inst
            key = (e.type, inst.action.id if inst is not None else None)
            sources = index.get(key)
            if sources is None:
                sources = self._sources(key)
            if not sources:
                continue
            ctx = Ctx(self, None, e.seat, e)
            for src in sources:
                if src.requires_up is not None and s.trump_up.isdisjoint(src.requires_up):
                    continue
                fn, args, _ = src.step
                seats = fn(ctx, args)
                if not seats:
                    continue
                if src.character is not None and e.char_id and e.char_id != src.character:
                    continue
                if src.action.trigger_conditions:  # 「…しかこのアクションを起こすことができない」
                    seats = [p for p in seats if _conditions_met(self, src.action, p, e)]
                if src.limit is not None:  # once a turn, once a game, the first time each turn
                    seats = limited(self, src, e, seats)
                for seat in seats:  # data: what triggered it (e.g. the discard 暴動 answers)
                    data = {"event": e} if src.card < 0 else {"event": e, "holder": src.card}
                    out.append(ActionInstance(s.uid(), src.action, seat, None, None, False, False, data))
        return out

    @cython.locals(x=ActionInstance)
    def _collect(self, inst_lists: list[list[ActionInstance]], norm_lists: list[list[ActionInstance]],
                 found: list[ActionInstance] | None = None) -> None:
        """[6-1]/[10-1]: the triggered actions into each player's instant and normal lists."""
        for x in self._triggered() if found is None else found:
            (inst_lists if x.action.instant else norm_lists)[x.controller].append(x)

    def _sources(self, key: tuple[str, str | None]) -> list[TriggerSource]:
        """The trigger sources an event of kind ``key`` (type, resolved action id) can match, indexed."""
        sources = self._trigger_index.get(key)
        if sources is None:
            sources = self._trigger_index[key] = self._sources_for(*key)
        return sources

    def _sources_for(self, etype: str, action_id: str | None) -> list[TriggerSource]:
        """The trigger sources an event of type ``etype`` (of a resolved ``action_id``) can match, in their
        declared order: the pre-filters of the trigger check, looked up once per kind of event and game."""
        return [src for src in self.rules.triggers
                if (src.event is None or src.event == etype)
                and (src.on_action is None or src.on_action == action_id)
                and (src.requires_up is None or src.requires_up)]  # empty: a source never asked

    def _order(self) -> tuple[int, ...]:
        """The seats from the turn player on."""
        s = self.state
        orders = self._orders
        if orders is None or len(orders) != len(s.players):
            n = len(s.players)
            orders = self._orders = [tuple((t + k) % n for k in range(n)) for t in range(n)]
        return orders[s.turn]

    def _take(self, seat: int, lst: list[ActionInstance], what: str) -> ActionInstance:
        if len(lst) == 1:  # forced (as decide counts it)
            self.forced += 1
            return lst.pop()
        i = self.decide(seat, "order", lst, {"what": what}, lambda: [self._trigger_label(x) for x in lst])
        return lst.pop(i)

    def _trigger_label(self, x: ActionInstance) -> str:
        """A triggered action named with the card whose event triggered it (「世代交代 (♠K)」), so that two
        identical triggers can be told apart by a player and by a scenario."""
        e = x.data.get("event") if x.data else None
        card = getattr(e, "card", None)
        if isinstance(card, int) and card >= 0:
            return f"{x.action.name} ({self.hooks.card_text(card)})"
        return str(x.action.name)

    def _tc_lists(self) -> None:
        """2024 trigger check [6-1]..[6-13]: per-player instant and normal lists, turn player first."""
        found = self._triggered()
        if not found:
            return
        n = len(self.state.players)
        inst_lists: list[list[ActionInstance]] = [[] for _ in range(n)]
        norm_lists: list[list[ActionInstance]] = [[] for _ in range(n)]
        self._collect(inst_lists, norm_lists, found)  # [6-1]
        resolved = 0
        while any(inst_lists) or any(norm_lists):  # [6-2]
            while any(inst_lists):  # [6-3], [6-9]
                for p in self._order():
                    while inst_lists[p]:  # [6-8]
                        inst = self._take(p, inst_lists[p], "誘発即時リスト")  # [6-4]
                        resolved = _triggered_once_more(resolved, inst)
                        self._count_raise(inst)
                        self.resolve(inst)  # [6-5]
                        self.hooks.win_check(self)  # [6-6]
                        if self.state.over:
                            return
                        self._collect(inst_lists, norm_lists)  # [6-7]
            for p in self._order():  # [6-10]
                while norm_lists[p]:
                    inst = self._take(p, norm_lists[p], "誘発通常リスト")  # [6-11]
                    self._count_raise(inst)
                    self.state.stage.append(inst)
                    if self.log is not None:
                        self.log.write(ev.Staged(inst.action.id, p))
                self._collect(inst_lists, norm_lists)  # [6-12]
                if any(inst_lists):
                    break
            # [6-13]: repeat while anything was triggered

    def _tc_simple(self) -> None:
        """2021 trigger check [10-1]..[10-5]: instant ones resolved (turn player's first, each followed by
        the win check), then normal ones added to the stage (turn player's first)."""
        found = self._triggered()
        if not found:
            return
        n = len(self.state.players)
        inst_lists: list[list[ActionInstance]] = [[] for _ in range(n)]
        norm_lists: list[list[ActionInstance]] = [[] for _ in range(n)]
        self._collect(inst_lists, norm_lists, found)  # [10-1]
        resolved = 0
        while any(inst_lists):  # [10-2]
            for p in self._order():
                while inst_lists[p]:
                    inst = self._take(p, inst_lists[p], "即時効果の誘発")
                    resolved = _triggered_once_more(resolved, inst)
                    self._count_raise(inst)
                    self.resolve(inst)  # [10-3]
                    self.hooks.win_check(self)
                    if self.state.over:
                        return
                    self._collect(inst_lists, norm_lists)
        for p in self._order():  # [10-4], [10-5]
            while norm_lists[p]:
                inst = self._take(p, norm_lists[p], "通常効果の誘発")
                self._count_raise(inst)
                self.state.stage.append(inst)
                if self.log is not None:
                    self.log.write(ev.Staged(inst.action.id, p))


_NONE_UP: frozenset[int] = frozenset()  # no card face up (the key of the candidates without one)
# hands (as bitmasks) whose candidates the games of one set of rules share, at most (a bound on memory)
_SHARED_MASKS = 1 << 16
# rules -> (their direct actions when the table was made, (hand bitmask, main timing open) -> candidates)
_CANDIDATES: "weakref.WeakKeyDictionary[Rules, tuple[list[CAction], dict[tuple[int, bool], list[CAction]]]]" = (
    weakref.WeakKeyDictionary())


# rules -> (their trigger sources when the index was made, the index by kind of event, heard by action id)
_TRIGGERS: "weakref.WeakKeyDictionary[Rules, tuple[list[TriggerSource], dict[tuple[str, str | None], list[TriggerSource]], dict[str, bool]]]" = (
    weakref.WeakKeyDictionary())


def _shared_trigger_index(rules: Rules) -> tuple[dict[tuple[str, str | None], list[TriggerSource]], dict[str, bool]]:
    """The trigger-source index and the "heard" table shared by the games of ``rules``: new ones when their
    trigger sources were changed since (both depend on nothing else)."""
    triggers = rules.triggers
    hit = _TRIGGERS.get(rules)
    if hit is not None and len(hit[0]) == len(triggers) and all(x is y for x, y in zip(hit[0], triggers)):
        return hit[1], hit[2]
    index: dict[tuple[str, str | None], list[TriggerSource]] = {}
    heard: dict[str, bool] = {}
    _TRIGGERS[rules] = (list(triggers), index, heard)
    return index, heard


def _shared_candidates(rules: Rules, direct: list[CAction]) -> dict[tuple[int, bool], list[CAction]]:
    """The candidates table shared by the games of ``rules``: a new one when the direct actions were changed
    since (an option adds some after compiling)."""
    hit = _CANDIDATES.get(rules)
    if hit is not None and len(hit[0]) == len(direct) and all(x is y for x, y in zip(hit[0], direct)):
        return hit[1]
    table: dict[tuple[int, bool], list[CAction]] = {}
    _CANDIDATES[rules] = (direct, table)
    return table


def hears(rules: Rules) -> frozenset[str]:
    """The event kinds the trigger sources and replacements of ``rules`` wait for."""
    kinds = {src.event for src in rules.triggers if src.event is not None}
    if rules.abilities is not None:
        kinds |= rules.abilities.kinds()
    return frozenset(kinds)


def _conditions_met(game: Game, a: CAction, seat: int, e: Event) -> bool:
    """Whether the trigger conditions of ``a`` hold for ``seat`` raising it on event ``e``."""
    ctx = Ctx(game, ActionInstance(0, a, seat, None, None, False, False, {"event": e}), seat, e)
    return all(fn(ctx, args) for fn, args, _ in a.trigger_conditions)


def limited(game: Game, src: TriggerSource, e: Event, seats: list[int]) -> list[int]:
    """The seats for which a limited trigger source fires (its limit then used), the source's condition (the
    limit's third part: a parsed expression, or None) asked for each of them as its controller."""
    limit = src.limit
    cond = limit[2]
    out = []
    for seat in seats:
        check = None if cond is None else (lambda seat=seat: bool(Ctx(game, None, seat, e).value(cond)))
        if passes(game.state, limit, seat, check):
            out.append(seat)
    return out


def _checked(fn: Callable[[], Any], check: Callable[["Game"], None], game: Game) -> Callable[[], Any]:
    """A primitive followed by the invariant check."""
    def step() -> Any:
        r = fn()
        check(game)
        return r

    return step


def _fused(plain: list[tuple[Callable[[], Any], int, int, int]], nodes: list[tuple[str, int, int, int]],
           state: State, cut: list[int]) -> list[tuple[Callable[[], Any], int, int, int]]:
    """The walk table of callback play with the runs of plain steps fused: from node i the run follows the
    next edges and ends with the first question (or before a node already in it, or at :data:`_RUN`
    steps); one call then walks the whole run (a resolution: resolve, win check, trigger check, ask whether
    it came from the stage).  Entry i still starts at node i, with the edges of the run's last node and its
    number of steps.  A run stops where a step ends the game or raises, and leaves in ``cut`` how many of
    its steps came before that one and that step's node (what the plain walk would have counted)."""
    out = []
    for i, (fn, yes, no, _) in enumerate(plain):
        run = [i]
        while len(run) < _RUN:
            nxt = nodes[run[-1]][1]
            if nxt < 0 or nxt in run:  # a question ends the run
                break
            run.append(nxt)
        if len(run) == 1:
            out.append((fn, yes, no, 1))
            continue
        last = plain[run[-1]]
        out.append((_chain(tuple(plain[k][0] for k in run), tuple(run), state, cut), last[1], last[2], len(run)))
    return out


def _chain(fns: tuple[Callable[[], Any], ...], where: tuple[int, ...], state: State,
           cut: list[int]) -> Callable[[], Any]:
    """Call ``fns`` (the primitives of the nodes ``where``) in order; the last one's answer.  When one of
    them ends the game or raises, the run stops there and ``cut`` says where (see :func:`_fused`)."""
    steps = tuple(enumerate(fns))

    def run() -> Any:
        k = 0
        try:
            for k, fn in steps:
                r = fn()
                if state.over:
                    cut[0] = k
                    cut[1] = where[k]
                    return r
        except BaseException:
            cut[0] = k
            cut[1] = where[k]
            raise
        return r
    return run


# the fields of a Game (declared in core.pxd for the compiled build, where they are not in its __dict__)
_GAME_FIELDS = tuple("""rules hooks seed rng log check max_steps setup_hook state current chosen events decisions
    forced steps raised raised_game node epoch _agents _picks _deck_size _key_attr _stage_zone _spent_zone
    _lists_style _passing _trigger_index _orders _heard _legal_cache _direct _quick _by_hand _by_mask _scratch
    _up_gated _char_gated _step _started _cp _feed _fed _pending _result _prim _shared _lazy_labels hears""".split())


class _Feed:
    """The agents of a game handed to callback play (Game.play_on) in the middle of a flow node: the
    choices the node already got are given again, in order, then the game gets its own agents back."""

    name = "feed"

    def __init__(self, choices: list[int], game: Game, agents: list[Agent]):
        self.choices = choices
        self.game = game
        self.after = agents

    def decide(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]]) -> int:
        i = self.choices.pop(0)
        if not self.choices:
            self.game.agents = self.after
        return i


# Instant triggered actions one trigger check may resolve: beyond it, actions trigger each other (or
# themselves) forever, e.g. a settlement whose effect never ends the round that triggers it.
TRIGGER_CHECK_LIMIT = 10_000


def _triggered_once_more(resolved: int, inst: ActionInstance) -> int:
    if resolved >= TRIGGER_CHECK_LIMIT:
        raise GameAborted(f"{TRIGGER_CHECK_LIMIT} triggered actions in one trigger check (the last: "
                          f"{inst.action.id!r}): triggered actions keep triggering")
    return resolved + 1


class _Suspend(Exception):
    """A decision of a game driven by the step API: the walk stops until apply() gives the choice."""


# primitives that never ask a decision (no checkpoint is taken before them)
_SILENT = frozenset({"chance_to_turn_player", "reset_pass", "is_instant", "record_pass", "all_passed",
                     "stage_nonempty", "stage_empty", "pop_stage", "move_chance", "from_stage", "win_check"})
# the longest run of steps callback play walks in one call (see _fused)
_RUN = 8
# primitives whose only decision comes before they change anything (run again as they are, no checkpoint)
_ASK_FIRST = frozenset({"ask_action"})


@dataclass(slots=True)
class _Checkpoint:
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


def _copy_event(e: Event, memo: Memo) -> Event:
    return Event(e.type, e.seat, e.card, e.char_id, copy_inst(e.inst, memo) if e.inst is not None else None, e.to,
                 e.first, e.cause, e.other, e.amount, e.origin)


__all__ = ["Ctx", "Event", "Game", "GameAborted", "GameResult"]

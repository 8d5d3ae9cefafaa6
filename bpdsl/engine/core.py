"""The generic core-flow interpreter: turn, chance, stage, pass record, trigger check, win check.

:class:`Game` walks the flow graph compiled from the edition's flow document (2.8).  It knows actions,
the stage, the chance and the pass record, and asks the game's *common rules* (a hooks object, for
BlackPoker :class:`bpdsl.games.blackpoker.hooks.BlackPokerHooks`) for everything specific to the game:
how the game starts, what a cost letter means, who has won, what a player may see.  It never mentions
soldiers or bulwarks.

This module is the walk itself: the flow's primitives and the decisions they ask.  The rest of the
interpreter is split along the event spine, a module each, functions of the game's fields
(:mod:`bpdsl.engine.gamebase`): which actions are legal (:mod:`~bpdsl.engine.legality`), raising and
resolving them (:mod:`~bpdsl.engine.raising`), the dispatch of events to the triggers that listen
(:mod:`~bpdsl.engine.dispatch`), the trigger check (:mod:`~bpdsl.engine.triggercheck`), and the step API
(:mod:`~bpdsl.engine.stepping`); replacements and static rules are asked where their events would happen
(:mod:`~bpdsl.engine.abilities`).  :class:`Game` keeps the public names of those parts as methods.

Effects, conditions, targets and trigger conditions are op executors from the op registry; they are
called with a :class:`Ctx` (the game, the action instance being raised or resolved, its controller, and
the event being matched for trigger conditions).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from bpdsl.engine import dispatch, legality, raising, stepping, triggercheck
from bpdsl.engine import events as ev
from bpdsl.engine.compiled import CAction, Rules
from bpdsl.engine.contract import GameHooks
from bpdsl.engine.decisions import Agent, Context, DecisionRequest, Labels, index_chooser
from bpdsl.engine.errors import GameAborted
from bpdsl.engine.fused import checked, fused, walk_table
from bpdsl.engine.gamebase import Ctx, Event, GameBase
from bpdsl.engine.log import state_hash
from bpdsl.engine.state import ActionInstance, check_state_class
from bpdsl.engine.stepping import SILENT, Checkpoint, Suspend


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


class Game(GameBase):
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
        self._trigger_index, self._heard = dispatch.shared_trigger_index(rules)
        # the kinds of event some ability waits for beyond the trigger index's own (a card moved between any
        # two zones, damage taken, an action raised or negated, a trump turned, a counter changed): the rules
        # announce an event of such a kind only when somebody listens (bpdsl.engine.abilities)
        self.hears = dispatch.hears(rules)
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
        self._by_mask = legality.shared_candidates(rules, self._direct)
        self._scratch = Ctx(self, ActionInstance(0, None, 0), 0)  # reused while listing legal targets
        # the step API (agents is None): see bpdsl.engine.stepping
        self._step = agents is None
        self._started = False
        self._cp: Checkpoint | None = None  # the game before the flow node being walked
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
        plain = walk_table(self)
        s = self.state
        i = self.node
        check = self.check
        aborted = False
        steps = self.steps
        limit = self.max_steps
        # where a fused run stopped when its k-th step ended the game or raised: [k, node of that step]
        cut = [0, -1]
        if check is not None:  # the invariants after every step (the plain walk below stays as fast as it is)
            plain = [(checked(fn, check, self), yes, no, w) for fn, yes, no, w in plain]
            prims, soft = plain, limit
        else:
            prims = fused(plain, self.rules.flow_nodes, s, cut)
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

    def result(self) -> GameResult:
        """The result of a finished game (ValueError while it is still going on)."""
        if self._step:
            stepping.ensure_started(self)
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
            legal = self.legal_actions(seat)  # (a method: a test or a tool may list through its own)
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
        self.current = raising.raise_direct(self, action, self.state.chance)

    def p_trigger_check(self) -> None:
        if self.events:
            self.epoch += 1
            if self._lists_style:
                triggercheck.check_lists(self)
            else:
                triggercheck.check_simple(self)

    def p_is_instant(self) -> bool:
        return bool(self.current and self.current.action.instant)

    def p_resolve(self) -> None:
        inst = self.current
        self.epoch += 1
        if inst is not None:
            raising.resolve(self, inst)

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

    # ------------------------------------------------------------------ the step API (bpdsl.engine.stepping)

    @property
    def over(self) -> bool:
        """Whether the game has ended (the win check decided it, or it was aborted)."""
        if self._step:
            stepping.ensure_started(self)
        return self.state.over

    def pending(self) -> DecisionRequest | None:
        """The decision the game waits for (never one with a single option), or None once it is over."""
        return stepping.pending(self)

    def apply(self, i: int) -> None:
        """Take option ``i`` of the pending decision and walk on to the next decision or the end.

        An index out of range (or no pending decision) raises ValueError and changes nothing."""
        stepping.apply(self, i)

    def observe(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see now (3.12.1), as the game's hooks give it."""
        return self.hooks.observe(self, seat)

    def clone(self) -> "Game":
        """An independent game at the same point that plays on identically given the same choices."""
        return stepping.clone(self)

    def play_on(self, agents: list[Agent], prepare: Callable[["Game"], None] | None = None) -> GameResult:
        """Hand a step game, at its pending decision, to callback agents and play it to the end (as play())."""
        return stepping.play_on(self, agents, prepare)

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
                if self._prim in SILENT or (self._cp is None and self._fed):
                    # no checkpoint of this node to come back to: a primitive asked more than it declares
                    raise GameAborted(f"flow primitive {self._prim!r} asked a {kind} decision, which the step "
                                      "API cannot resume (see SILENT and ASK_FIRST in bpdsl.engine.stepping)")
                # the texts are built now: the request outlives this state (apply() and clones move on)
                if labels is None:
                    labels = [str(o) for o in options]
                elif callable(labels) and not self._lazy_labels:
                    labels = list(labels())
                self._pending = DecisionRequest(seat, kind, options, context() if callable(context) else context,
                                                labels)
                raise Suspend
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

    # ------------------------------------------------------------------ the parts, by their public names

    def legal_actions(self, seat: int) -> list[CAction]:
        """Actions ``seat`` may raise directly now (timing, once per turn, conditions, key, target, costs)."""
        return legality.legal_actions(self, seat)

    def raise_direct(self, a: CAction, seat: int) -> ActionInstance:
        """A player raises ``a``: key cards, target, costs (3.10.3); the once-per-turn record is updated."""
        return raising.raise_direct(self, a, seat)

    def raise_by_effect(self, action_id: str, seat: int, keys: tuple[int, ...] = (), target: Any = None,
                        virtual_keys: bool = False) -> ActionInstance | None:
        """An effect raises another action (see bpdsl.engine.raising.raise_by_effect)."""
        return raising.raise_by_effect(self, action_id, seat, keys, target, virtual_keys)

    def target_alive(self, inst: ActionInstance) -> bool:
        return self.hooks.target_alive(self, inst.target)

    def resolve(self, inst: ActionInstance) -> None:
        """Resolve ``inst`` (3.10.4): re-check the target, run the effect steps, key cards to the grave."""
        raising.resolve(self, inst)

    def remove_from_stage(self, inst: ActionInstance) -> bool:
        """Negate an action on the stage (カウンター): off the stage, its key cards to the grave."""
        return raising.remove_from_stage(self, inst)


__all__ = ["Ctx", "Event", "Game", "GameAborted", "GameResult"]

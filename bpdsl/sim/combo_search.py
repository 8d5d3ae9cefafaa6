"""The best-first combo search: the strategy ``balance combos`` searches a position with by default.

The iterative deepening of :mod:`bpdsl.sim.combos` tries every line one decision deeper per round; a loop
whose cycle starts ten decisions in (ドレイン on each of three characters before 防壁追加 may be raised) is far
beyond what it reaches in a few thousand nodes.  This search plays the way a designer checks a pair by hand:

- **Move ordering.**  At each of the searcher's decisions the options are ranked (:func:`rank`): let a request
  on the stage resolve (パス with a non-empty stage) and take the first option of any other decision first;
  then the actions of the searched trumps that cost nothing and use no key; then the other options of a
  decision, the trumps' other actions and the base actions that cost nothing and use no key; then the other
  base actions; ending the turn (エンド, パス with an empty stage) last.
- **Best-first on progress.**  A line is worth the opponent's life it took less the searcher's resources it
  spent (:func:`progress`: the cards of its hand, life and characters together, each worth one life — a line
  progresses while it takes more than one life per card; a character moved into the life is not spent).  The
  most promising position is continued first, deeper first among equals; a position's options are tried
  lazily, one clone and one ``apply`` each when its turn comes, so a line that dives to a loop costs about one
  node per decision.
- **Transpositions.**  A position (the whole state, the point of the flow and the pending options) reached
  again with no fewer decisions is not continued again.
- **Loops up to counts.**  At each of the searcher's action decisions with an empty stage in its own turn the
  position is compared with those earlier on the line: the same :func:`~bpdsl.sim.combos.loop_key` (the life
  and the grave — the counts a cycle's costs only decrease or increase — left out), or the same
  :func:`~bpdsl.sim.combos.loop_shape` (the hand by its size, the options offered left out) with no fewer cards
  in the searcher's hand — and less life for the opponent.  A cycle that pays a card of the hand runs out with
  the hand: it is no loop (its line may still be a kill).  The candidate is verified by playing its cycle again
  (:func:`~bpdsl.sim.combos.verify_loop`): a reported loop is a loop of the real engine.

Everything goes through the engine's step API (``pending()`` / ``apply(i)`` / ``clone()``): the options tried
are exactly those the engine offers.  What was searched is reported (:class:`~bpdsl.sim.combos.SearchStats`):
``complete`` when every line of up to ``depth`` decisions was searched (nothing left when the search ended),
``proven_depth`` the length up to which every line was searched when a limit stopped it first.  The first
kill found is kept unless a faster one turns up; it is a kill, not proven the fastest (the iterative deepening
of the hand search is).
"""
from __future__ import annotations

import heapq
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from bpdsl.engine.log import canonical_json
from bpdsl.sim.combos import (Bound, Kill, Loop, SearchResult, SearchStats, _advance, _Frame, deck_count,
                              hand_count, passive_choice, verify_loop)

PASS = "pass"
ENDS = ("end",)


def position_keys(game: Any, quiet: bool, seat: int = 0) -> tuple[Any, Any, Any]:
    """The position as hashable tuples, read straight off the state (the search's keys; the canonical JSON of
    :func:`~bpdsl.sim.combos.loop_key` is what a verified loop is checked with): the whole position for the
    transpositions, and at a quiet position (``quiet``) its :func:`~bpdsl.sim.combos.loop_key` and
    :func:`~bpdsl.sim.combos.loop_shape` — the same picture, with the life and the grave left out, the
    characters up to which cards they are made of, and for the shape the opponent's hand as a count and the
    ``seat``'s left out (a loop up to counts compares its size apart)."""
    s = game.state
    zones = game.rules.zones
    up = s.trump_up
    req = game.pending()
    pending = None if req is None else (req.player, req.kind, tuple(req.labels or ()))
    cur = game.current
    walk = (game.node, getattr(game.chosen, "id", None),
            None if cur is None else (getattr(cur.action, "id", None), tuple(cur.keys), repr(cur.target)))
    extra = game.hooks.canonical_extra(game)
    common = (s.turn, s.chance, s.winner, s.over, walk,
              tuple((x.action.id, x.controller, tuple(x.keys)) for x in s.stage),
              tuple((k, tuple(v)) for k, v in sorted(s.counters.items())) if s.counters else (),
              None if extra is None else canonical_json(extra))
    full, loop, shape = [s.turn_no, pending, common], [pending, common], [pending and pending[:2], common]
    deck, spent, hand_zone = zones.deck, zones.spent, zones.keys
    ordered = zones.ordered
    turn_no = s.turn_no
    for n, p in enumerate(s.players):
        for z in zones.card_zones:
            cards = p.zone(z)
            if up and not up.isdisjoint(cards):
                cards = tuple((c, c in up) for c in cards) if ordered[z] else tuple(sorted((c, c in up) for c in cards))
            else:
                cards = tuple(cards) if ordered[z] else tuple(sorted(cards))
            full.append(cards)
            if quiet and z != deck and z != spent:
                loop.append(cards)
                shape.append(cards if z != hand_zone else None if n == seat else len(cards))
        field = p.field
        full.append(tuple((ch.char_id, ch.kind, tuple(ch.cards), ch.face_up, ch.driven, ch.entered_turn, ch.size_mod)
                          for ch in field))
        if quiet:
            chars = tuple(sorted((ch.char_id, ch.kind, len(ch.cards), ch.face_up, ch.driven, ch.size_mod,
                                  ch.entered_turn >= turn_no) for ch in field))
            loop.append(chars)
            shape.append(chars)
    return tuple(full), (tuple(loop) if quiet else None), (tuple(shape) if quiet else None)


def resources(game: Any, seat: int) -> int:
    """The searcher's resources: the cards of its hand, its life and its characters."""
    p = game.state.players[seat]
    return hand_count(game, seat) + deck_count(game, seat) + sum(len(ch.cards) for ch in p.field)


def progress(lost_by_opponent: int, spent: int) -> float:
    """The opponent's life lost less the searcher's resources spent, each card one life: a line progresses while
    each move takes more life than it spends (more than one life per card), and a free move keeps its worth."""
    return lost_by_opponent - max(0, spent)


def rank(req: Any, i: int, game: Any, focus: frozenset[str]) -> int:
    """The move ordering (see the module): lower is tried first."""
    opt = req.options[i]
    if req.kind != "action":
        return 0 if i == 0 else 1
    stage = bool(game.state.stage)
    if isinstance(opt, str):
        return 0 if (opt == PASS and stage) else 4
    aid = getattr(opt, "id", None)
    if aid in ENDS:
        return 4
    free = not getattr(opt, "cost", "") and getattr(opt, "key", None) is None and not getattr(opt, "key_min", 0)
    if aid in focus:
        return 1 if free else 2
    return 2 if free else 3


@dataclass
class _Node:
    """A position reached on a line: the game (dropped once every option of it has been tried), the line."""

    game: Any
    depth: int  # the searcher's decisions on the line
    choices: list[int]  # every decision of the line, both seats
    labels: list[str]  # the searcher's decisions (labels)
    frames: tuple[_Frame, ...]  # the searcher's quiet positions on the line (loop candidates)
    score: float
    left: int = 0  # options not yet tried


class BestFirstSearch:
    """Best-first over the searcher's decisions from one position (see the module)."""

    def __init__(self, game: Any, seat: int, bound: Bound, focus: Iterable[str] = (),
                 progress_cb: Callable[[int], None] | None = None):
        self.root = game
        self.seat = seat
        self.bound = bound
        self.focus = frozenset(focus)
        self.progress = progress_cb
        self.stats = SearchStats()
        self.loop: Loop | None = None
        self.kill: Kill | None = None
        self._seen: dict[Any, int] = {}
        self._heap: list[tuple[float, int, int, int, _Node, int]] = []
        self._seq = 0
        self._t0 = 0.0
        self._start_turn = game.state.turn_no
        self._opp0 = deck_count(game, 1 - seat)
        self._res0 = resources(game, seat)

    def run(self) -> SearchResult:
        self._t0 = time.perf_counter()
        root = self.root.clone()
        choices: list[int] = []
        _advance(root, self.seat, choices)
        self.stats.strategy = "best-first"
        stopped = ""
        try:
            self._visit(root, 0, choices, [], ())
            while self._heap and self.loop is None:
                self._tick()
                _, _, _, _, node, i = heapq.heappop(self._heap)
                node.left -= 1
                game = node.game if node.left == 0 else node.game.clone()
                if node.left == 0:
                    node.game = None  # every option of it tried: the last one plays on its own game
                req = game.pending()
                label = req.label(i)
                game.apply(i)
                line = node.choices + [i]
                self._advance(game, line)
                self._visit(game, node.depth + 1, line, node.labels + [label], node.frames)
        except _Budget as exc:
            stopped = str(exc)
        st = self.stats
        st.stopped = stopped if self.loop is None else ""
        st.complete = not self._heap and not stopped and self.loop is None
        st.exhaustive = st.complete and st.depth_cut == 0
        left = [-e[2] for e in self._heap]
        st.proven_depth = (self.bound.depth if st.complete else
                           min(left) - 1 if left else st.depth_reached)
        st.seconds = round(time.perf_counter() - self._t0, 3)
        return SearchResult(self.loop, self.kill, st)

    def _visit(self, game: Any, depth: int, choices: list[int], labels: list[str],
               frames: tuple[_Frame, ...]) -> None:
        """Look at a position just reached: a kill, a loop, a cut, or a node whose options are queued."""
        st = self.stats
        st.depth_reached = max(st.depth_reached, depth)
        opp = deck_count(game, 1 - self.seat)
        if st.least_opponent_life < 0 or opp < st.least_opponent_life:
            st.least_opponent_life = opp
        req = game.pending()
        if req is None:
            if game.result().winner == self.seat:
                turns = self._own_turns(game)
                if self.kill is None or (turns, len(labels)) < (self.kill.turns, self.kill.decisions):
                    self.kill = Kill(turns, len(labels), list(labels), list(choices))
            return
        if self._own_turns(game) > self.bound.turns:
            st.turn_cut += 1
            return
        quiet = req.kind == "action" and not game.state.stage and game.state.turn == self.seat
        full, key, shape = position_keys(game, quiet, self.seat)
        if quiet:
            frames = self._loop_check(game, key, shape, choices, labels, frames)
            if self.loop is not None:
                return
        if depth >= self.bound.depth:
            st.depth_cut += 1
            return
        if self._seen.get(full, 1 << 30) <= depth:
            st.transpositions += 1
            return
        self._seen[full] = depth
        score = progress(self._opp0 - opp, self._res0 - resources(game, self.seat))
        node = _Node(game, depth, choices, labels, frames, score, len(req.options))
        for i in range(len(req.options)):
            self._seq += 1
            heapq.heappush(self._heap, (-score, rank(req, i, game, self.focus), -(depth + 1), self._seq, node, i))

    def _loop_check(self, game: Any, key: Any, shape: Any, choices: list[int], labels: list[str],
                    frames: tuple[_Frame, ...]) -> tuple[_Frame, ...]:
        opp, hand = deck_count(game, 1 - self.seat), hand_count(game, self.seat)
        for f in frames:
            if opp >= f.opp_life:
                continue
            exact = f.key == key
            if exact or (f.shape == shape and hand >= f.own_hand):
                self.loop = verify_loop(self.root.rules, self.seat, game, f, choices, labels, by_shape=not exact)
                if self.loop is not None:
                    self._kill_by_loop(game, self.loop)
                    return frames
        return frames + (_Frame(key, len(choices), len(labels), opp, deck_count(game, self.seat), hand, shape),)

    def _kill_by_loop(self, game: Any, loop: Loop) -> None:
        """A loop that ends the game is a kill too: its line, the cycle played until the end."""
        if not loop.ended_by_loop or loop.cycles_to_end is None:
            return
        line = [*loop.prefix, *loop.cycle * loop.cycles_to_end]
        turns = self._own_turns(game)
        if self.kill is None or (turns, len(line)) < (self.kill.turns, self.kill.decisions):
            self.kill = Kill(turns, len(line), line, list(loop.choices))

    def _advance(self, game: Any, choices: list[int]) -> None:
        """The passive opponent's decisions until the searcher is asked — or until the line has left the
        searcher's last turn (it is cut there: the opponent's turn is not played for nothing)."""
        while (req := game.pending()) is not None and req.player != self.seat:
            if self._own_turns(game) > self.bound.turns:
                return
            i = passive_choice(req, game)
            choices.append(i)
            game.apply(i)

    def _own_turns(self, game: Any) -> int:
        played = game.state.turn_no - self._start_turn
        return 1 + (played + (0 if game.state.turn == self.seat else 1)) // 2

    def _tick(self) -> None:
        st = self.stats
        st.nodes += 1
        if self.progress is not None and st.nodes % 500 == 0:
            self.progress(500)
        if st.nodes >= self.bound.nodes:
            raise _Budget("nodes")
        if st.nodes % 32 == 0 and time.perf_counter() - self._t0 > self.bound.seconds:
            raise _Budget("time")


class _Budget(Exception):
    """The node or time limit was hit."""


def search_position(rules: Any, position: dict[str, Any], seat: int, bound: Bound, seed: int = 0,
                    focus: Iterable[str] = ()) -> SearchResult:
    """Search from a scenario position with the bound's strategy (``best-first``, or ``deepening``: the
    iterative deepening of :mod:`bpdsl.sim.combos`); ``focus``: the action ids of the searched trumps."""
    from bpdsl.engine import new_game
    from bpdsl.scenarios.runner import start_position
    from bpdsl.sim.combos import ComboSearch

    g = new_game(rules, None, seed)
    start_position(g, position)
    if bound.strategy == "best-first":
        return BestFirstSearch(g, seat, bound, focus).run()
    return ComboSearch(g, seat, bound).run()


__all__ = ["BestFirstSearch", "position_keys", "progress", "rank", "resources", "search_position"]

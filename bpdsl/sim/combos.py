"""The combo search of the design lab: self-sustaining loops and fastest kills, found by goldfishing.

A designer who adds a trump asks "did I just make an unstoppable combo?".  This module answers it the way
card-game designers do by hand ("goldfishing"): one player (the *searcher*) plays alone against a passive
opponent — who passes every chance and takes the first option of every other decision (no block, no
response) — and every sequence of the searcher's own choices is tried, up to a bound.

Everything goes through the engine's step API (``pending()`` / ``apply(i)`` / ``clone()``): what is legal
is what the engine offers, so the search never holds a second copy of the rules.  The search is an
iterative-deepening depth-first search over the searcher's decisions, one more decision per round, so the
first loop it finds is a shortest one.  Positions already reached with at least as many decisions left are
pruned (a transposition table over the full state picture and the pending options).

A **loop** is found when the searcher, at an action decision with an empty stage, is back at a position
equivalent to one earlier on the same line of play while the opponent has lost life in between.
Equivalent (:func:`loop_key`) means: the same pending options, the same cards in every zone a player keeps
(hand, trumps, fog ...), the same characters (kind, state, size modifier, number of cards — not which cards,
so the cards moved between the life and the field do not count), the same turn, chance and stage; the
contents of the deck (ライフ) and of the spent pile (墓地) are left out: they are what a damage loop changes.
The same pending options stand for the once-per-turn records: an action that may not be raised again is
no longer offered.  A candidate is then *verified*: its choices are played again from where it ended, cycle
after cycle, each ending at an equivalent position, until the game ends or :data:`MAX_CYCLES` — so a
reported loop is a loop of the real engine, with how much each cycle costs each side, how many cycles end
the game, and whether any action of it could be answered by a counter (a request that goes on the stage
with key cards).

A **kill** is a line of play at whose end the searcher has won: the fewest of the searcher's turns (then
decisions) is kept.
"""
from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Sequence

from bpdsl.engine.log import EventLog, canonical_json, canonical_state, quit_end_event

MAX_CYCLES = 200  # cycles a verified loop is played for at most (the opponent's life is far less)


@dataclass(frozen=True)
class Bound:
    """How far one search goes: decisions of the searcher on a line, its turns, nodes and seconds."""

    depth: int = 12  # the searcher's decisions on one line of play
    turns: int = 1  # the searcher's turns a line may span (1: the turn of the position)
    nodes: int = 20_000  # positions expanded (each a clone and an apply)
    seconds: float = 60.0
    strategy: str = "deepening"  # or "best-first" (bpdsl.sim.combo_search): how the lines are searched


@dataclass
class Loop:
    """A verified self-sustaining loop."""

    prefix: list[str]  # the searcher's choices (labels) that lead from the position to the loop
    cycle: list[str]  # the searcher's choices of one cycle
    actions: list[str]  # action ids raised in one cycle (both seats)
    opponent_life_per_cycle: int  # life (deck cards) the opponent loses per cycle
    own_life_per_cycle: int  # life the searcher loses per cycle (negative: gains)
    own_hand_per_cycle: int  # cards the searcher's hand loses per cycle
    cycles_played: int  # cycles played by the verification
    cycles_to_end: int | None  # cycles after which the game was over (None: not within MAX_CYCLES)
    ended_by_loop: bool  # the searcher won at the end of the verification
    counterable: list[str]  # actions of the cycle that go on the stage with key cards (a counter may answer)
    choices: list[int] = field(default_factory=list)  # every decision of the replayable line, both seats
    runs_out: str = ""  # "position": the cycles stopped returning before the game ended (after cycles_played);
    # "": nothing stopped them (the game ended, or MAX_CYCLES were played)


@dataclass
class Kill:
    """A line of play at whose end the searcher has won."""

    turns: int  # the searcher's turns it took (1: within the turn of the position)
    decisions: int  # the searcher's decisions
    line: list[str]  # those decisions (labels)
    choices: list[int] = field(default_factory=list)  # every decision of the line, both seats


@dataclass
class SearchStats:
    """What was searched and pruned: the bound a "nothing found" refers to."""

    nodes: int = 0  # positions expanded
    depth_reached: int = 0  # the deepest complete round of the iterative deepening
    transpositions: int = 0  # positions pruned as already searched with as many decisions left
    turn_cut: int = 0  # lines cut at the end of the searcher's last turn
    depth_cut: int = 0  # lines cut at the depth of the round
    complete: bool = False  # every line up to the bound was searched (no node or time limit hit)
    exhaustive: bool = False  # and no line was cut by the depth (every line ended within the turns)
    seconds: float = 0.0
    strategy: str = "deepening"  # how the lines were searched (the bound's strategy)
    proven_depth: int = 0  # every line of up to this many of the searcher's decisions was searched
    stopped: str = ""  # why the search stopped early: "nodes", "time", or "" (complete or found)
    least_opponent_life: int = -1  # the fewest cards left in the opponent's life at any position searched
    # (-1: none searched): how close a search without a kill came (the hand climb's measure)


@dataclass
class SearchResult:
    loop: Loop | None
    kill: Kill | None
    stats: SearchStats

    def to_json(self) -> dict[str, Any]:
        return {"loop": asdict(self.loop) if self.loop else None, "kill": asdict(self.kill) if self.kill else None,
                "stats": asdict(self.stats)}


class _Budget(Exception):
    """The node or time limit was hit."""


# --------------------------------------------------------------------------- positions


def loop_key(game: Any) -> str:
    """The position up to what a loop may legitimately change (see the module): canonical JSON."""
    return canonical_json(_loop_picture(game, keep_hand=True))


def loop_shape(game: Any, seat: int = 0) -> str:
    """:func:`loop_key` up to the counts a loop may spend: ``seat``'s hand left out (a loop up to counts compares
    its size apart: no more cards than before) and the opponent's as a count — a cycle that pays a card of the
    hand repeats its shape, not its key."""
    return canonical_json(_loop_picture(game, keep_hand=False, seat=seat))


def _loop_picture(game: Any, keep_hand: bool, seat: int = -1) -> dict[str, Any]:
    pic = canonical_state(game)
    zones = game.rules.zones
    left_out = {zones.ids[z] for z in (zones.deck, zones.spent) if z >= 0}
    hand = zones.ids[zones.keys] if zones.keys >= 0 else None
    players = []
    for n, p in enumerate(pic["players"]):
        q = {k: v for k, v in p.items() if k not in left_out and k != "field"}
        if not keep_hand and hand in q:
            q[hand] = None if n == seat else len(q[hand])
        q["field"] = sorted(json.dumps({"as": ch["as"], "kind": ch["kind"], "n": len(ch["cards"]),
                                        "face_up": ch["face_up"], "driven": ch["driven"], "mod": ch["mod"],
                                        "new": ch["entered"] >= game.state.turn_no}, sort_keys=True)
                            for ch in p["field"])
        players.append(q)
    pic["players"] = players
    pic.pop("turn_no", None)
    req = game.pending()
    # a loop up to counts may offer fewer options as the hand runs down: its cycle is replayed by the labels
    pic["pending"] = None if req is None else [req.player, req.kind, list(req.labels or []) if keep_hand else None]
    pic["walk"] = _walk_point(game)
    return pic


def _walk_point(game: Any) -> list[Any]:
    """Where the walk is besides the state: the flow node, and the action being raised (its id, key cards
    and target): a cost decision of one action is not the same decision of another."""
    cur = game.current
    return [game.node, getattr(game.chosen, "id", None),
            None if cur is None else [getattr(cur.action, "id", None), list(cur.keys), repr(cur.target)]]


def _full_key(game: Any) -> str:
    req = game.pending()
    return canonical_json({"s": canonical_state(game), "w": _walk_point(game), "r": None if req is None else
                           [req.player, req.kind, list(req.labels or [])]})


def deck_count(game: Any, seat: int) -> int:
    """Cards in ``seat``'s deck (the zone with role deck: ライフ)."""
    z = game.rules.zones.deck
    return len(game.state.players[seat].zone(z)) if z >= 0 else 0


def hand_count(game: Any, seat: int) -> int:
    z = game.rules.zones.keys
    return len(game.state.players[seat].zone(z)) if z >= 0 else 0


ENDS_TURN = ("end",)  # BlackPoker's エンド: what the passive opponent raises to end its own turn


def passive_choice(req: Any, game: Any = None, ends: Sequence[str] = ENDS_TURN) -> int:
    """The passive opponent: in its own turn with an empty stage it raises the action that ends the turn
    (``ends``: action ids, BlackPoker's エンド; a pass there would only give it the chance again), else it
    passes when it may, else it takes the first option (no blocker, no response)."""
    own_turn = game is not None and game.state.turn == req.player and not game.state.stage
    if own_turn and req.kind == "action":
        for i, opt in enumerate(req.options):
            if getattr(opt, "id", None) in ends:
                return i
    for i, opt in enumerate(req.options):
        if isinstance(opt, str) and opt == "pass":
            return i
    return 0


def _advance(game: Any, seat: int, choices: list[int]) -> None:
    """Answer the opponent's decisions passively until ``seat`` is asked or the game is over."""
    while True:
        req = game.pending()
        if req is None or req.player == seat:
            return
        i = passive_choice(req, game)
        choices.append(i)
        game.apply(i)


# --------------------------------------------------------------------------- the search


@dataclass
class _Frame:
    """A position on the current line where the searcher was asked an action with an empty stage."""

    key: Any  # its loop_key (the best-first search: the same picture as a tuple)
    at: int  # index into the line's choices (both seats)
    own_at: int  # index into the searcher's labels
    opp_life: int
    own_life: int
    own_hand: int
    shape: Any = None  # its loop_shape (the best-first search's loops up to counts)


class ComboSearch:
    """Iterative deepening over the searcher's decisions from one position (see the module)."""

    def __init__(self, game: Any, seat: int, bound: Bound, progress: Callable[[int], None] | None = None):
        self.root = game
        self.seat = seat
        self.bound = bound
        self.progress = progress
        self.stats = SearchStats()
        self.loop: Loop | None = None
        self.kill: Kill | None = None
        self._seen: dict[str, int] = {}
        self._t0 = 0.0
        self._start_turn = game.state.turn_no

    def run(self) -> SearchResult:
        self._t0 = time.perf_counter()
        root = self.root.clone()
        choices: list[int] = []
        _advance(root, self.seat, choices)
        try:
            for depth in range(1, self.bound.depth + 1):
                self._seen = {}
                self.stats.depth_cut = 0
                self._dfs(root, depth, choices, [], [])
                self.stats.depth_reached = depth
                if self.loop is not None:
                    break
                if self.stats.depth_cut == 0:  # no line was cut by the depth: deeper rounds add nothing
                    self.stats.complete = self.stats.exhaustive = True
                    break
            else:
                self.stats.complete = True
        except _Budget as exc:
            self.stats.stopped = str(exc)
        self.stats.proven_depth = self.stats.depth_reached
        self.stats.seconds = round(time.perf_counter() - self._t0, 3)
        return SearchResult(self.loop, self.kill, self.stats)

    # one round of the deepening: the searcher's decisions left is ``left``
    def _dfs(self, game: Any, left: int, choices: list[int], labels: list[str], frames: list[_Frame]) -> None:
        req = game.pending()
        opp = deck_count(game, 1 - self.seat)
        if self.stats.least_opponent_life < 0 or opp < self.stats.least_opponent_life:
            self.stats.least_opponent_life = opp
        if req is None:
            r = game.result()
            if r.winner == self.seat:
                self._found_kill(game, choices, labels)
            return
        turns = self._own_turns(game)
        if turns > self.bound.turns:
            self.stats.turn_cut += 1
            return
        new_frames = frames
        if req.kind == "action" and not game.state.stage and game.state.turn == self.seat:
            key = loop_key(game)
            for f in frames:
                if f.key == key and deck_count(game, 1 - self.seat) < f.opp_life:
                    if self._verify(game, f, choices, labels):
                        return
            new_frames = frames + [_Frame(key, len(choices), len(labels), deck_count(game, 1 - self.seat),
                                          deck_count(game, self.seat), hand_count(game, self.seat))]
        if left == 0:
            self.stats.depth_cut += 1
            return
        full = _full_key(game)
        if self._seen.get(full, -1) >= left:
            self.stats.transpositions += 1
            return
        self._seen[full] = left
        for i in range(len(req.options)):
            self._tick()
            child = game.clone()
            child.apply(i)
            sub = choices + [i]
            _advance(child, self.seat, sub)
            self._dfs(child, left - 1, sub, labels + [req.label(i)], new_frames)
            if self.loop is not None:
                return

    def _own_turns(self, game: Any) -> int:
        """The searcher's turns begun since the position (1: still the first)."""
        played = game.state.turn_no - self._start_turn
        return 1 + (played + (0 if game.state.turn == self.seat else 1)) // 2

    def _tick(self) -> None:
        self.stats.nodes += 1
        if self.progress is not None and self.stats.nodes % 500 == 0:
            self.progress(500)
        if self.stats.nodes >= self.bound.nodes:
            raise _Budget("nodes")
        if self.stats.nodes % 256 == 0 and time.perf_counter() - self._t0 > self.bound.seconds:
            raise _Budget("time")

    def _found_kill(self, game: Any, choices: list[int], labels: list[str]) -> None:
        turns = self._own_turns(game)
        if self.kill is None or (turns, len(labels)) < (self.kill.turns, self.kill.decisions):
            self.kill = Kill(turns, len(labels), list(labels), list(choices))

    def _verify(self, game: Any, start: _Frame, choices: list[int], labels: list[str]) -> bool:
        """Play the candidate cycle again and again from ``game`` (see the module)."""
        self.loop = verify_loop(self.root.rules, self.seat, game, start, choices, labels)
        return self.loop is not None

def _raised_between(before: dict[str, int], after: dict[str, int]) -> list[str]:
    """The action ids raised between two readings of ``Game.raised`` (raises per action id)."""
    return sorted(a for a, n in after.items() if n > before.get(a, 0))


def _counterable(rules: Any, action_id: str) -> bool:
    """A request that goes on the stage with key cards: a counter may answer it."""
    a = rules.actions.get(action_id)
    return a is not None and not a.instant and (a.key is not None or a.key_min > 0)


def verify_loop(rules: Any, seat: int, game: Any, start: Any, choices: list[int], labels: list[str],
                by_shape: bool = False) -> Loop | None:
    """Play the candidate cycle (``choices`` from ``start.at`` on, ending at ``game``) again and again from
    ``game``, cycle after cycle, each ending at an equivalent position with less life for the opponent, until
    the game is over or :data:`MAX_CYCLES`: the loop of the real engine with its costs, or None when it is not
    played at least twice more and does not end the game.  Each cycle must leave the searcher's hand no smaller
    (a cycle that pays a card of the hand runs out with it).  ``by_shape``: the cycle repeats the position up to
    the hand's contents (:func:`loop_shape`): it is played again by its labels (:func:`_replay_by_label`)."""
    cycle_choices = choices[start.at:]
    cycle_labels = labels[start.own_at:]
    same = ((lambda g, k=loop_shape(game, seat): loop_shape(g, seat) == k) if by_shape
            else (lambda g, k=loop_key(game): loop_key(g) == k))

    def replay(g: Any, line: list[int]) -> bool:
        return (_replay_by_label(g, seat, cycle_labels, line) if by_shape else _replay_cycle(g, cycle_choices, line))

    g = game.clone()
    line = list(choices)
    cycles = 1  # the one the search played
    while cycles < MAX_CYCLES and g.pending() is not None:
        before = len(line)
        opp_before, hand_before = deck_count(g, 1 - seat), hand_count(g, seat)
        if not replay(g, line):
            del line[before:]
            break
        cycles += 1
        if g.pending() is None:
            break
        if not same(g) or deck_count(g, 1 - seat) >= opp_before or hand_count(g, seat) < hand_before:
            del line[before:]
            cycles -= 1
            break
    won = g.pending() is None and g.result().winner == seat
    if cycles < 3 and not won:
        return None  # a loop is played at least twice more (or ends the game)
    g2 = game.clone()
    before_raised = dict(g2.raised)
    replay(g2, [])
    raised = _raised_between(before_raised, g2.raised)
    counterable = sorted({a for a in raised if _counterable(rules, a)})
    opp = start.opp_life - deck_count(game, 1 - seat)
    own = start.own_life - deck_count(game, seat)
    hand = start.own_hand - hand_count(game, seat)
    over = g.pending() is None or cycles >= MAX_CYCLES
    runs_out = "" if over else "position"
    return Loop(labels[:start.own_at], cycle_labels, raised, opp, own, hand, cycles,
                cycles if won else None, won, counterable, line, runs_out)


def _replay_by_label(g: Any, seat: int, labels: list[str], line: list[int]) -> bool:
    """Play one cycle of a loop up to counts again by its labels: each action by its name, any other decision of
    the searcher (a card to pay ...) by the same label when offered, else its first option; the opponent
    passive.  False when an action of the cycle is not offered."""
    for label in labels:
        _advance(g, seat, line)
        req = g.pending()
        if req is None:
            return True
        found = [i for i in range(len(req.options)) if req.label(i) == label]
        if not found and req.kind == "action":
            return False
        i = found[0] if found else 0
        g.apply(i)
        line.append(i)
    _advance(g, seat, line)
    return True


def _replay_cycle(g: Any, cycle: list[int], line: list[int]) -> bool:
    """Apply one cycle's choices; False when one of them is not offered (a game ending within the cycle
    counts as the cycle played)."""
    for i in cycle:
        req = g.pending()
        if req is None:
            return True
        if i >= len(req.options):
            return False
        g.apply(i)
        line.append(i)
    return True


# --------------------------------------------------------------------------- the logs of findings


def finding_log(rules: Any, position: dict[str, Any], seed: int, choices: Sequence[int],
                head: Sequence[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    """The event log of a finding: the position's ``scenario`` line, the game, every decision of the line,
    and its end (the game's own, or the ``end`` line of a game stopped there): ``bpdsl replay`` plays it."""
    from bpdsl.engine import new_game
    from bpdsl.scenarios.runner import start_position

    log = EventLog()
    for line in head:
        log.write(dict(line))
    # the scenario line as a scenario file has it (edition and format too): the sandbox's replay viewer starts it
    log.write({"t": "scenario", "data": {"edition": rules.edition.id, "format": rules.format, **position}})
    g = new_game(rules, None, seed, log=log)
    start_position(g, position)
    for i in choices:
        g.apply(i)
    if g.pending() is not None:
        log.write(quit_end_event(g))
    return list(log.lines)


def search_position(rules: Any, position: dict[str, Any], seat: int, bound: Bound, seed: int = 0,
                    progress: Callable[[int], None] | None = None) -> SearchResult:
    """Search from a scenario position (``players``, ``turn``, ``turn_no`` ..., bpdsl.scenarios.runner)."""
    from bpdsl.engine import new_game
    from bpdsl.scenarios.runner import start_position

    g = new_game(rules, None, seed)
    start_position(g, position)
    return ComboSearch(g, seat, bound, progress).run()


__all__ = ["Bound", "ComboSearch", "Kill", "Loop", "SearchResult", "SearchStats", "deck_count", "finding_log",
           "loop_key", "loop_shape", "passive_choice", "search_position", "verify_loop"]

"""A search agent: determinized Monte Carlo over its own action decisions.

At each action decision with more than one option the agent keeps the few best candidates of its
heuristic, and for each one plays ``budget`` playouts in total (spread evenly): every playout starts from
a copy of the game at this decision in which everything the agent cannot see has been re-dealt at random
— the order of both lives, the opponent's hand and the opponent's face-down cards are shuffled among
themselves, within each owner's cards, and the game's RNG is re-seeded — so the copy agrees with the
agent's observation and with nothing else (it never peeks).  The copy takes the candidate and is played
on by two lightly randomised heuristic agents for a few turns; a won game counts 1, a lost one 0, and an
unfinished one the share of the remaining life that is the agent's.  The candidate with the best mean
is played.  Every other kind of decision (keys, targets, costs, attackers, blockers) is the heuristic's.

Copies come from :class:`ReplayCloner`, which starts the same game again and feeds it the decisions taken
so far: a stand-in for the step API's ``game.clone()`` until that API is available (then the copy is
``game.clone()`` and the re-deal is the same).
"""
from __future__ import annotations

import random
from typing import Any, Callable

from bpdsl.engine.decisions import DecisionRequest
from bpdsl.engine.state import Z_FIELD
from bpdsl.sim.heuristic import HeuristicAgent

PLAYOUT_TURNS = 4  # turns a playout runs past the decision before it is scored
CANDIDATES = 4  # options the search compares (the heuristic's best)
EPSILON = 0.1  # share of random choices of the playout agents


class StopPlayout(Exception):
    """A playout reached its turn limit: score the state as it stands."""


class History:
    """The option indices of every decision asked so far in one game (both seats), in order."""

    def __init__(self) -> None:
        self.choices: list[int] = []


class Recording:
    """Wraps a seat's agent so that the game's :class:`History` records its choices."""

    def __init__(self, inner: Any, history: History):
        self.inner = inner
        self.name = inner.name
        self.history = history

    def decide(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]]) -> int:
        i = self.inner.decide(request, observation)
        self.history.choices.append(i)
        return i


def redeal(game: Any, seat: int, rng: random.Random) -> None:
    """Shuffle, in place, every card ``seat`` cannot see among the places it could be, per owner; re-seed
    the game's RNG.  Zone sizes, public cards and face-up characters stay as they are."""
    s = game.state
    opp = 1 - seat
    for owner in range(len(s.players)):
        slots: list[tuple[list[int], int, tuple[int, int]]] = []  # (list, index, loc) of hidden cards
        p = s.players[owner]
        for i, c in enumerate(p.life):
            if s.owner[c] == owner:
                slots.append((p.life, i, s.loc[c]))
        if owner == opp:
            for i, c in enumerate(p.hand):
                if s.owner[c] == owner:
                    slots.append((p.hand, i, s.loc[c]))
            for pl in s.players:
                for ch in pl.field:
                    if not ch.face_up and ch.controller == opp:
                        for i, c in enumerate(ch.cards):
                            if s.owner[c] == owner:
                                slots.append((ch.cards, i, (Z_FIELD, ch.controller)))
        cards = [lst[i] for lst, i, _ in slots]
        rng.shuffle(cards)
        for (lst, i, loc), c in zip(slots, cards):
            lst[i] = c
            s.loc[c] = loc
    game.rng = random.Random(rng.getrandbits(32))
    game.epoch += 1  # cached legal actions were computed for the true hands


class _Driver:
    """Both seats of a copy: replays the history, then at the searched decision re-deals and takes the
    candidate, then plays on with the playout agents until the turn limit."""

    name = "playout"

    def __init__(self, searcher: "SearchAgent", prefix: list[int], candidate: int, rng: random.Random):
        self.searcher = searcher
        self.prefix = prefix
        self.candidate = candidate
        self.rng = rng
        self.pos = 0
        self.game: Any = None
        self.stop_turn = 0
        self.agents = [HeuristicAgent(rng.getrandbits(32)), HeuristicAgent(rng.getrandbits(32))]

    def decide(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]]) -> int:
        if self.pos < len(self.prefix):
            i = self.prefix[self.pos]
            self.pos += 1
            return i
        if self.pos == len(self.prefix):
            self.pos += 1
            redeal(self.game, self.searcher.seat, self.rng)
            self.stop_turn = self.game.state.turn_no + PLAYOUT_TURNS
            return self.candidate
        if self.game.state.turn_no > self.stop_turn:
            raise StopPlayout
        if self.rng.random() < EPSILON:
            return self.rng.randrange(len(request.options))
        return self.agents[request.player].decide(request, observation)


class ReplayCloner:
    """Copies of a running game, made by starting it again from its seed and replaying the history."""

    def __init__(self, game: Any, history: History):
        self.rules = game.rules
        self.seed = game.seed
        self.history = history

    def playout(self, searcher: "SearchAgent", candidate: int, rng: random.Random) -> float:
        from bpdsl.engine import new_game

        driver = _Driver(searcher, list(self.history.choices), candidate, rng)
        copy = new_game(self.rules, [driver, driver], self.seed)
        driver.game = copy
        try:
            r = copy.play()
        except StopPlayout:
            return _score(copy.state, searcher.seat)
        if r.aborted or r.winner is None:
            return 0.5
        return 1.0 if r.winner == searcher.seat else 0.0


def _score(s: Any, seat: int) -> float:
    mine, theirs = len(s.players[seat].life), len(s.players[1 - seat].life)
    return mine / (mine + theirs) if mine + theirs else 0.5


class SearchAgent:
    """Determinized Monte Carlo with ``budget`` playouts per action decision (see the module)."""

    name = "mcts"

    def __init__(self, budget: int, seed: int | None = None):
        self.budget = budget
        self.rng = random.Random(seed)
        self.heuristic = HeuristicAgent(self.rng.getrandbits(32))
        self.cloner: ReplayCloner | None = None
        self.seat = 0
        self.playouts = 0  # playouts played by this agent (for the playout rate)

    def bind(self, game: Any, seat: int, cloner: ReplayCloner) -> None:
        self.cloner = cloner
        self.seat = seat

    def decide(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]]) -> int:
        if request.kind != "action" or self.cloner is None:
            return self.heuristic.decide(request, observation)
        obs = observation()
        scores = self.heuristic._action(request, obs)
        for opt in request.options:  # the heuristic learns which actions help their target
            if opt != "pass":
                self.heuristic._action_score(opt, obs)
        ranked = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
        candidates = [i for i in ranked if scores[i] > -5.0][:CANDIDATES] or ranked[:1]
        if len(candidates) == 1:
            return candidates[0]
        totals = {c: 0.0 for c in candidates}
        counts = {c: 0 for c in candidates}
        for k in range(max(self.budget, len(candidates))):
            c = candidates[k % len(candidates)]
            totals[c] += self.cloner.playout(self, c, self.rng)
            counts[c] += 1
            self.playouts += 1
        return max(candidates, key=lambda c: (totals[c] / counts[c], -ranked.index(c)))

"""A search agent: determinized Monte Carlo over its own action decisions.

At each action decision with more than one option the agent keeps the few best candidates of its
heuristic, and for each one plays ``budget`` playouts in total (spread evenly): every playout starts from
a copy of the game at this decision (the step API's ``game.clone()``) in which everything the agent cannot
see has been re-dealt at random — the order of both lives, the opponent's hand and the opponent's face-down
cards are shuffled among themselves, within each owner's cards, and the game's RNG is re-seeded — so the
copy agrees with the agent's observation and with nothing else (it never peeks).  The copy takes the
candidate and is played on by two lightly randomised heuristic agents for a few turns (``Game.play_on``:
callback play from the pending decision); a won game counts 1, a lost one 0, and an unfinished one the
share of the remaining life that is the agent's.  The candidate with the best mean is played.  Every other
kind of decision (keys, targets, costs, attackers, blockers) is the heuristic's.

The agent needs the live game to copy: the game is driven through the step API (:func:`drive`), and
:meth:`SearchAgent.bind` gives it the game.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from bpdsl.engine.decisions import DecisionRequest
from bpdsl.sim.heuristic import HeuristicAgent

PLAYOUT_TURNS = 4  # turns a playout runs past the decision before it is scored
CANDIDATES = 4  # options the search compares (the heuristic's best)
EPSILON = 0.1  # share of random choices of the playout agents


class StopPlayout(Exception):
    """A playout reached its turn limit: score the state as it stands."""


def drive(game: Any, agents: Sequence[Any]) -> Any:
    """Play a step game (``new_game(rules, None, seed)``) to its end, asking ``agents`` every pending decision
    as callback play would (same choices, same game); returns its result."""
    while (req := game.pending()) is not None:
        seat = req.player
        game.apply(agents[seat].decide(req, lambda: game.observe(seat)))
    return game.result()


def redeal(game: Any, seat: int, rng: random.Random) -> None:
    """Shuffle, in place, every card ``seat`` cannot see among the places it could be, per owner; re-seed
    the game's RNG.  Zone sizes, public cards and face-up characters stay as they are."""
    s = game.state
    opp = 1 - seat
    zones = game.rules.zones  # the game's zones (game.yaml): deck, hand (keys) and field by role
    for owner in range(len(s.players)):
        slots: list[tuple[list[int], int, tuple[int, int]]] = []  # (list, index, loc) of hidden cards
        p = s.players[owner]
        deck = p.zone(zones.deck) if zones.deck >= 0 else []  # the life: hidden from both players
        for i, c in enumerate(deck):
            if s.owner[c] == owner:
                slots.append((deck, i, s.loc[c]))
        if owner == opp:
            hand = p.zone(zones.keys) if zones.keys >= 0 else []  # the hand the key cards come from
            for i, c in enumerate(hand):
                if s.owner[c] == owner:
                    slots.append((hand, i, s.loc[c]))
            for pl in s.players:
                for ch in pl.field:
                    if not ch.face_up and ch.controller == opp:
                        for i, c in enumerate(ch.cards):
                            if s.owner[c] == owner:
                                slots.append((ch.cards, i, (zones.field, ch.controller)))
        # sorted first, so that the deal depends on which cards are hidden and not on where they really are
        cards = sorted(lst[i] for lst, i, _ in slots)
        rng.shuffle(cards)
        for (lst, i, loc), c in zip(slots, cards):
            lst[i] = c
            s.loc[c] = loc
    game.rng = random.Random(rng.getrandbits(32))


class _Driver:
    """Both seats of a playout: at the searched decision (asked again by ``play_on``) the candidate, then
    the playout agents until the turn limit."""

    name = "playout"

    def __init__(self, game: Any, candidate: Any, rng: random.Random):
        self.game = game
        self.candidate = candidate  # the option itself: "pass" or the action
        self.rng = rng
        self.started = False
        self.stop_turn = 0
        self.agents = [HeuristicAgent(rng.getrandbits(32)), HeuristicAgent(rng.getrandbits(32))]

    def decide(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]]) -> int:
        if not self.started:
            self.started = True
            self.stop_turn = self.game.state.turn_no + PLAYOUT_TURNS
            for i, option in enumerate(request.options):
                if option is self.candidate or option == self.candidate:
                    return i
            raise StopPlayout  # the re-deal took the candidate away (a face-down card it needed): score as is
        if self.game.state.turn_no > self.stop_turn:
            raise StopPlayout
        if self.rng.random() < EPSILON:
            return self.rng.randrange(len(request.options))
        return self.agents[request.player].decide(request, observation)


def playout(game: Any, seat: int, candidate: Any, rng: random.Random) -> float:
    """One playout of ``candidate`` (an option of ``game``'s pending action decision) for ``seat``, from a
    re-dealt clone of ``game``: 1 won, 0 lost, 0.5 drawn or aborted, else the share of life left."""
    copy = game.clone()
    driver = _Driver(copy, candidate, rng)
    try:
        r = copy.play_on([driver, driver], prepare=lambda g: redeal(g, seat, rng))
    except StopPlayout:
        return _score(copy.state, seat)
    if r.aborted or r.winner is None:
        return 0.5
    return 1.0 if r.winner == seat else 0.0


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
        self.game: Any = None  # the step game it plays in (bind)
        self.seat = 0
        self.playouts = 0  # playouts played by this agent (for the playout rate)

    def bind(self, game: Any, seat: int) -> None:
        """The live game (driven through the step API, see :func:`drive`) whose copies the playouts use."""
        self.game = game
        self.seat = seat

    def decide(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]]) -> int:
        if request.kind != "action" or self.game is None:
            return self.heuristic.decide(request, observation)
        return self._search(request, observation)[0]

    def values(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]]
               ) -> tuple[str, list[float | None], int]:
        """Why it decides as it does (``bpdsl play --explain``): the mean playout score of each candidate
        (None: an option the search did not compare) and its choice; other decisions are the heuristic's."""
        if request.kind != "action" or self.game is None:
            measure, values, choice = self.heuristic.values(request, observation)
            return f"not searched, its heuristic's {measure}", values, choice
        choice, means = self._search(request, observation, remember=False)  # an advice is not a move
        return (f"mean score of its playouts ({self.budget} in all; 1 won, 0 lost, else the share of life left; "
                "options the heuristic rates low are not played out)",
                [means.get(i) for i in range(len(request.options))], choice)

    def _search(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]], remember: bool = True
                ) -> tuple[int, dict[int, float]]:
        """The option chosen and the mean playout score of each candidate compared; ``remember``: the choice
        is the agent's move (its heuristic then never raises it again from this position this turn)."""
        obs = observation()
        # scoring also teaches the heuristic which actions help their target; an action already raised from
        # here scores below -5
        scores = self.heuristic.scores(request, obs)
        ranked = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
        candidates = [i for i in ranked if scores[i] > -5.0][:CANDIDATES] or ranked[:1]
        if len(candidates) == 1:
            if remember:
                self.heuristic.remember(request, obs, candidates[0])
            return candidates[0], {}
        totals = {c: 0.0 for c in candidates}
        counts = {c: 0 for c in candidates}
        for k in range(max(self.budget, len(candidates))):
            c = candidates[k % len(candidates)]
            totals[c] += playout(self.game, self.seat, request.options[c], self.rng)
            counts[c] += 1
            self.playouts += 1
        means = {c: totals[c] / counts[c] for c in candidates}
        choice = max(candidates, key=lambda c: (means[c], -ranked.index(c)))
        if remember:
            self.heuristic.remember(request, obs, choice)
        return choice, means

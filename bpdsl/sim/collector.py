"""A collecting agent: the heuristic agent that also builds towards the key of a high-value action.

Random and heuristic players spend cards as soon as they can, so a key of many cards (R・S・F: A, 10, J, Q
and K of one suit at once) is never held.  This agent reads the format's printed action list (public: the
rules, not the game) and values an action by what its compiled effect does — a fixed amount of damage to a
player is worth that many points.  At every decision it looks at its own hand and at the cards that may still
reach it (its own cards it has not seen spent: not in its grave, on its field, in its fog or on the stage),
and for each valued action asks the key pattern how close the hand is (:meth:`KeyPattern.partials`).  The
*plan* is the partial key whose expected worth — the action's value times the chance that the missing cards
come within the next draws (hypergeometric) — is the largest.  While it has a plan, the agent

* keeps the plan's cards: it pays D costs, discards and chooses hand cards to spend from the other cards,
  takes keys of other actions from the other cards, and raises an action that can only be paid with plan
  cards only when that action is worth more than the plan;
* keeps the bulwarks the plan's cost needs charged once the plan lacks at most one card;
* looks for the missing cards: draws the optional second card while its life allows, prefers an action that
  puts a chosen card into its hand (a tutor, ``search``) and chooses a wanted card there;
* raises the plan's action as soon as it is legal, in either player's turn.

Everything else is the heuristic agent's play.  It decides from its observation and the decision's options
only, like every agent: what it may not see never enters a decision.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Any, Iterable

from bpdsl.dsl.cards import Card, PartialKey, full_deck, parse_card
from bpdsl.dsl.expr import Expr, Num
from bpdsl.engine.decisions import DecisionRequest
from bpdsl.sim.heuristic import LOW_LIFE, HeuristicAgent, card_value

TUTOR_OPS = {"search"}  # effects that put a card the player chooses into the hand
DRAWS_AHEAD = 12  # cards the agent expects still to draw: the horizon of its chances
MIN_WORTH = 0.5  # expected points below which a plan is not worth holding cards for
AMBITION = 4.0  # how much a plan's expected worth weighs against the heuristic's scores of other options
KEEP = 100.0  # penalty for spending one card of the plan where another card would do


def action_value(action: Any) -> float:
    """Points an action is worth to a collector: the fixed damage its effect deals (R・S・F: 40).  Effects
    whose size depends on the game (the key's rank, a count) are played as they come, not collected for."""
    value = 0.0
    for _fn, args, op in action.effect:
        if op == "damage":
            amount = args.get("amount")
            if isinstance(amount, Expr) and isinstance(amount.root, Num) and isinstance(amount.root.value, int):
                value += amount.root.value
            elif isinstance(amount, int) and not isinstance(amount, bool):
                value += amount
    return value


def chance(pool: int, wanted: int, draws: int, missing: int) -> float:
    """Chance that at least ``missing`` of ``wanted`` cards come among ``draws`` cards drawn from ``pool``."""
    if missing <= 0:
        return 1.0
    draws = min(draws, pool)
    if wanted < missing or draws < missing or pool <= 0:
        return 0.0
    total = comb(pool, draws)
    return sum(comb(wanted, k) * comb(pool - wanted, draws - k)
               for k in range(missing, min(wanted, draws) + 1)) / total


@dataclass(frozen=True)
class Plan:
    """The key the agent builds towards: its action, the partial key, the action's value and the worth."""

    action: Any
    partial: PartialKey
    value: float
    worth: float

    @property
    def held(self) -> set[str]:
        return {c.text for c in self.partial.held}


def cards_of(texts: Iterable[str]) -> list[Card]:
    """The cards named by printed texts (a second "Joker" is the deck's second Joker); "?" is skipped."""
    out: list[Card] = []
    jokers = 0
    for t in texts:
        if t == "?":
            continue
        if t.lower().startswith("joker"):
            jokers += 1
            t = f"Joker{min(jokers, 2)}"
        try:
            out.append(parse_card(t))
        except ValueError:
            continue
    return out


class CollectorAgent(HeuristicAgent):
    """The heuristic agent with a plan: see the module docstring.  ``actions`` are the format's compiled
    actions (the printed list every player may read); the goals are those with a key of several cards and a
    value."""

    name = "collector"

    def __init__(self, seed: int | None, actions: Iterable[Any]):
        super().__init__(seed)
        # the actions worth collecting a key for: a key of several cards and a value (the printed list)
        self.goals = [(a, v) for a in actions
                      if a.key is not None and a.key.size_range[0] >= 2 and (v := action_value(a)) > 0]
        self._obs: dict[str, Any] | None = None  # the observation the plan was worked out for (kept alive)
        self._plan: Plan | None = None

    # ------------------------------------------------------------------ the plan

    def plan(self, obs: dict[str, Any]) -> Plan | None:
        """The best plan for this observation (worked out once per observation)."""
        if self._obs is obs:
            return self._plan
        self._obs, self._plan = obs, self._best_plan(obs)
        return self._plan

    def _best_plan(self, obs: dict[str, Any]) -> Plan | None:
        if not self.goals:
            return None
        me = self._me(obs)
        hand = cards_of(me.get("hand", []))
        seen = list(me.get("grave", [])) + list(me.get("fog", []))
        for ch in me["field"]:
            seen += ch["cards"]
        for x in obs.get("stage", []):
            if x["controller"] == obs["you"]:
                seen += x["keys"]
        gone = {c.index for c in cards_of(seen)} | {c.index for c in hand}
        pool = [c for c in full_deck() if c.index not in gone]
        unseen = self._life(me)
        best: Plan | None = None
        for a, value in self.goals:
            for p in a.key.partials(hand, pool)[:4]:
                worth = value * chance(unseen, len(p.wanted), DRAWS_AHEAD, p.missing)
                if best is None or worth > best.worth:
                    best = Plan(a, p, value, worth)
        return best if best is not None and best.worth >= MIN_WORTH else None

    def _spends_plan(self, a: Any, obs: dict[str, Any], plan: Plan) -> bool:
        """Whether raising ``a`` now must spend a card of the plan (every key of it, or its D costs, would)."""
        held = plan.held
        hand = cards_of(self._me(obs).get("hand", []))
        free = [c for c in hand if c.text not in held]
        need_d = (a.cost or "").count("D")
        if a.key is None or a.key.form == "zone":  # a key of another zone (レアカード) spends no hand card
            return len(free) < need_d
        for key in a.key.choices(hand):
            texts = {c.text for c in key}
            if not texts & held and len([c for c in free if c.text not in texts]) >= need_d:
                return False
        return True

    def _charged_bulwarks(self, obs: dict[str, Any]) -> int:
        return sum(1 for c in self._me(obs)["field"] if c["kind"] == "bulwark" and not c["driven"])

    # ------------------------------------------------------------------ decisions

    def _action(self, req: DecisionRequest, obs: dict[str, Any]) -> list[float]:
        scores = super()._action(req, obs)
        plan = self.plan(obs)
        if plan is None:
            return scores
        need_b = (plan.action.cost or "").count("B")
        charged = self._charged_bulwarks(obs)
        gain = plan.value * AMBITION
        if plan.partial.missing:
            unseen = self._life(self._me(obs))
            closer = chance(unseen, len(plan.partial.wanted), DRAWS_AHEAD, plan.partial.missing - 1)
            gain = (closer * plan.value - plan.worth) * AMBITION
        for i, a in enumerate(req.options):
            if a == "pass":
                continue
            if a.id == plan.action.id:
                scores[i] = plan.value * AMBITION  # its key is complete and it is legal: raise it now
                continue
            if self._spends_plan(a, obs, plan):
                scores[i] -= plan.worth * AMBITION
            elif plan.partial.missing and any(step[2] in TUTOR_OPS for step in a.effect):
                scores[i] = max(scores[i], gain)
            spends_b = (a.cost or "").count("B")
            if spends_b and plan.partial.missing <= 1 and charged - spends_b < need_b:
                scores[i] -= plan.worth * AMBITION / 2  # keep the bulwarks the plan's cost drives
        return scores

    def _key(self, req: DecisionRequest, obs: dict[str, Any]) -> list[float]:
        scores = super()._key(req, obs)
        plan = self.plan(obs)
        if plan is None:
            return scores
        held = plan.held
        labels = req.labels or [str(o) for o in req.options]
        mine = req.context.get("action") == plan.action.name
        for i, lab in enumerate(labels):
            used = len(set(lab.split("+")) & held)
            scores[i] += KEEP * used if mine else -KEEP * used
        return scores

    def _spend_scores(self, labels: list[str], obs: dict[str, Any]) -> list[float]:
        """Scores of hand cards to give away: the lowest card that is not part of the plan."""
        plan = self.plan(obs)
        held = plan.held if plan is not None else set()
        return [-float(card_value(lab)) - (KEEP if lab in held else 0.0) for lab in labels]

    def _cost_D(self, req: DecisionRequest, obs: dict[str, Any]) -> list[float]:
        return self._spend_scores(req.labels or [str(o) for o in req.options], obs)

    _discard = _cost_D

    def _choose(self, req: DecisionRequest, obs: dict[str, Any]) -> list[float]:
        """A card chosen out of the own hand leaves it (put onto the field, moved away): spend as for a cost.
        A card chosen from elsewhere (the life for a tutor, the grave) comes to the player: the plan's wanted
        cards first.  Any other choice is left to chance."""
        labels = req.labels or [str(o) for o in req.options]
        cards = cards_of(labels)
        if len(cards) != len(labels):
            return [0.0] * len(labels)
        hand = set(self._me(obs).get("hand", []))
        if all(lab in hand for lab in labels):
            return self._spend_scores(labels, obs)
        plan = self.plan(obs)
        wanted = plan.partial.wanted if plan is not None else frozenset()
        return [KEEP if c.index in wanted else 0.0 for c in cards]

    def _draw_more(self, req: DecisionRequest, obs: dict[str, Any]) -> list[float]:
        if self.plan(obs) is None:
            return super()._draw_more(req, obs)
        more = self._life(self._me(obs)) > LOW_LIFE
        return [1.0 if bool(o) == more else 0.0 for o in req.options]

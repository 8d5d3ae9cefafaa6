"""A rule-aware heuristic agent: plays from its own observation and the legal options, never peeking.

It reads what an action does from the action's compiled effect steps and target (the definitions), not
from a table of action names, so it plays a designer's new edition too.  Its rules of thumb:

* develop first (characters and bulwarks), then damage and removal, then attack; end the turn when nothing
  useful is left; in the opponent's turn pass unless there is something worth answering;
* never counter its own action, and counter only the opponent's actions that matter;
* pay costs sensibly: drive any bulwark, discard the lowest card, sacrifice the smallest character, and
  avoid paying life when its life runs low;
* harmful effects target the opponent's biggest character, helpful ones its own;
* attacks with a soldier that outsizes every charged blocker of the opponent, and blocks with the smallest
  soldier that survives (or trades with) the attacker, throwing a bulwark in front only when its life is low;
* never makes the same choice twice from a position that looks the same within a turn: an action that
  changed nothing it can see (ドレイン with no character to move, a free action whose effect failed) or a
  sequence that came back to where it started is not raised again, so a bot never loops until the step
  limit aborts the game.  Pass is always left.

Ties are broken by its own seeded RNG, so games stay varied and reproducible.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from bpdsl.engine.decisions import DecisionRequest

# discard: ハンデス (choose_cards, then discard: cards: chosen)
# negate: カウンター and 停戦 (an action on the stage is negated)
HARMFUL_OPS = {"send_to_grave", "move_cards", "toggle_state", "damage", "discard"}
HELPFUL_OPS = {"attach_key"}
DEVELOP_OPS = {"put_onto_field", "attach_key"}
LOW_LIFE = 8
# the score of an action already raised this turn from a position that looks the same: below passing, and
# below the candidates the search agent compares (bpdsl.sim.search keeps those above -5)
REPEATED = -6.0
VALUES = {"A": 1, "J": 11, "Q": 12, "K": 13, "Joker": 0}


def _op_names(steps: Any) -> set[str]:
    """The ops of compiled effect steps, those nested in a composite step (attempt, choose_one ...) included:
    リアニメイト develops through the put_onto_field inside its attempt."""
    names: set[str] = set()

    def nested(value: Any) -> None:
        if hasattr(value, "op") and hasattr(value, "args"):
            names.add(value.op)
            for v in value.args.values():
                nested(v)
        elif isinstance(value, list):
            for v in value:
                nested(v)

    for _fn, args, op in steps:
        names.add(op)
        for v in args.values():
            nested(v)
    return names


_OPS: dict[int, tuple[Any, set[str]]] = {}  # id of a compiled action -> (the action, its ops)
_OPS_KEPT = 4096


def card_value(text: str) -> int:
    """Value of a printed card such as ♠7, ♡K or Joker (Table 3.1: A=1 ... K=13, Joker 0)."""
    rank = text.lstrip("♠♡◇♣♥♦")
    return VALUES.get(rank, int(rank) if rank.isdigit() else 0)


def position(obs: dict[str, Any]) -> dict[str, Any]:
    """The position an observation shows, as the repeat check compares it: the observation without the
    characters' ids and with each field in a fixed order.  A character's id is a handle, not something on
    the table: a card that leaves the field and comes back is a new character with a new id, and a field
    lists its characters in the order they came.  スイッチ (♣4) swaps a club soldier with a hand card and
    costs nothing, so two club cards swapped back and forth made a new position each time by their ids alone
    (2 of 1,000 games of act9.0 エクストラ, collector against random, ran into the step limit)."""
    players = obs.get("players")
    if not players:
        return obs
    return {**obs, "players": [_without_ids(p) for p in players]}


def _without_ids(player: dict[str, Any]) -> dict[str, Any]:
    field = player.get("field")
    if not field:
        return player
    chars = [{k: v for k, v in c.items() if k != "id"} for c in field]
    return {**player, "field": sorted(chars, key=repr)}


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.helpful: dict[str, bool] = {}  # action name -> its effect helps its target (learnt from options)
        self._turn = -1  # the turn whose positions ``_raised`` remembers
        self._raised: dict[str, list[dict[str, Any]]] = {}  # action id -> positions raised from, this turn

    # ------------------------------------------------------------------ entry point

    def decide(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]]) -> int:
        handler = getattr(self, "_" + request.kind, None)
        if handler is None:
            return self.rng.randrange(len(request.options))
        obs = observation()
        scores = self.scores(request, obs)
        best = max(scores)
        choice = self.rng.choice([i for i, s in enumerate(scores) if s == best])
        self.remember(request, obs, choice)
        return choice

    def values(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]]
               ) -> tuple[str, list[float | None], int]:
        """Why it decides as it does (``bpdsl play --explain``): what its values are, the value of every
        option (None: not valued, a kind of decision it answers at random) and its choice."""
        handler = getattr(self, "_" + request.kind, None)
        if handler is None:
            return "no rule of thumb for this decision: chosen at random", [None] * len(request.options), \
                self.rng.randrange(len(request.options))
        scores = self.scores(request, observation())
        best = max(scores)
        choice = self.rng.choice([i for i, s in enumerate(scores) if s == best])
        # an advice is not a move: what the advised seat really raises is not known here, so nothing is remembered
        return "rule-of-thumb score (highest chosen, ties at random)", list(scores), choice

    def scores(self, request: DecisionRequest, obs: dict[str, Any]) -> list[float]:
        """The agent's value of every option of a decision it has a rule of thumb for: its handler's,
        with an action it already raised this turn from a position that looks the same scored ``REPEATED``."""
        scores = getattr(self, "_" + request.kind)(request, obs)
        if request.kind == "action":
            self._new_turn(obs)
            if self._raised:
                here = position(obs)
                scores = [REPEATED if opt != "pass" and self._raised_from(opt.id, here) else v
                          for opt, v in zip(request.options, scores)]
        return scores

    def remember(self, request: DecisionRequest, obs: dict[str, Any], choice: int) -> None:
        """Note the action chosen from this position (see ``scores``); passing and other decisions are not
        remembered."""
        option = request.options[choice]
        if request.kind == "action" and option != "pass":
            self._new_turn(obs)
            self._raised.setdefault(option.id, []).append(position(obs))

    def _new_turn(self, obs: dict[str, Any]) -> None:
        if obs["turn_no"] != self._turn:  # a new turn forgets the positions of the last one
            self._turn = obs["turn_no"]
            self._raised = {}

    def _raised_from(self, action_id: str, here: dict[str, Any]) -> bool:
        """Whether ``action_id`` was raised this turn from the position ``here`` (see :func:`position`).
        The position is everything the seat sees, so two positions that differ only in what it cannot see
        (the order of a life, a hidden hand) are the same to it.  Positions are compared only for an action
        raised this turn (equal dicts: no hashing of every position)."""
        return any(seen == here for seen in self._raised.get(action_id, ()))

    # ------------------------------------------------------------------ what the agent knows

    @staticmethod
    def _me(obs: dict[str, Any]) -> dict[str, Any]:
        return obs["players"][obs["you"]]

    @staticmethod
    def _opp(obs: dict[str, Any]) -> dict[str, Any]:
        return obs["players"][1 - obs["you"]]

    @staticmethod
    def _life(p: dict[str, Any]) -> int:
        return p["life"] if isinstance(p["life"], int) else 10

    @staticmethod
    def _soldiers(p: dict[str, Any], charged: bool | None = None) -> list[dict[str, Any]]:
        return [c for c in p["field"] if c["kind"] == "soldier" and (charged is None or c["driven"] != charged)]

    def _char(self, obs: dict[str, Any], uid: int) -> tuple[dict[str, Any] | None, bool]:
        """(field view of the character ``uid``, whether it is mine)."""
        for p in obs["players"]:
            for c in p["field"]:
                if c["id"] == uid:
                    return c, p["seat"] == obs["you"]
        return None, False

    @staticmethod
    def _size(view: dict[str, Any] | None) -> int:
        if view is None:
            return 0
        return view["size"] if view.get("size") is not None else 0

    def _by_text(self, p: dict[str, Any], what: str) -> dict[str, Any] | None:
        """The character of ``p`` a decision's context names (e.g. 自分の一般兵[♡9](チャージ))."""
        inside = what[what.find("[") + 1:what.find("]")] if "[" in what else ""
        for c in p["field"]:
            if "+".join(c["cards"]) == inside:
                return c
        return None

    # ------------------------------------------------------------------ raising actions

    def _action(self, req: DecisionRequest, obs: dict[str, Any]) -> list[float]:
        return [0.0 if opt == "pass" else self._action_score(opt, obs) for opt in req.options]

    @staticmethod
    def _is_helpful(a: Any) -> bool:
        for _fn, args, op in a.effect:
            if op in HELPFUL_OPS or (op == "modify_size" and args.get("direction") == "up"):
                return True
        return bool(a.target and a.target[1].get("controller") == "self")

    @staticmethod
    def _ops(a: Any) -> set[str]:
        """The ops of ``a``'s effect, worked out once per compiled action and process: the agents of a
        search's playouts score the same actions at every decision."""
        known = _OPS.get(id(a))
        if known is None or known[0] is not a:
            if len(_OPS) >= _OPS_KEPT:
                _OPS.clear()
            known = _OPS[id(a)] = (a, _op_names(a.effect))  # the action is kept, so its id is not reused
        return known[1]

    def _action_score(self, a: Any, obs: dict[str, Any]) -> float:
        if a.name not in self.helpful:
            self.helpful[a.name] = self._is_helpful(a)
        me, opp = self._me(obs), self._opp(obs)
        my_turn = obs["turn"] == obs["you"]
        ops = self._ops(a)
        target_op = a.target[2] if a.target else ""
        stage = obs.get("stage", [])
        if "negate" in ops:  # an answer to an action on the stage (カウンター, 停戦)
            if not stage or stage[-1]["controller"] == obs["you"]:
                return -5.0  # never counter its own action
            return 4.0
        if a.passes_turn:
            return 0.1 if my_turn and not stage else -1.0
        if not my_turn:
            return -0.5  # in the opponent's turn: answer only with counters
        cost = a.cost or ""
        life_cost = cost.count("L")
        life_penalty = 3.0 * life_cost if self._life(me) <= LOW_LIFE else 0.3 * life_cost
        if "declare_attackers" in ops:
            mine = [self._size(c) for c in self._soldiers(me, charged=True)]
            theirs = [self._size(c) for c in self._soldiers(opp, charged=True)]
            if mine and (not theirs or max(mine) > max(theirs)):
                return 3.0
            return -0.2
        score = 0.0
        if ops & DEVELOP_OPS:
            bulwarks = sum(1 for c in me["field"] if c["kind"] == "bulwark")
            if any(args.get("as") == "bulwark" for _fn, args, _op in a.effect):
                score = 3.5 if bulwarks < 3 else 0.2  # enough bulwarks to pay B costs and to block
            else:
                score = 5.0
        if "damage" in ops and target_op == "target_player":
            score = max(score, 4.0 + (3.0 if self._life(opp) <= LOW_LIFE else 0.0))
        if ops & (HARMFUL_OPS - {"damage"}) and not self.helpful[a.name]:  # 帰還 moves its own character
            if target_op == "target_player":
                score = max(score, 2.0)
            elif any(c for c in opp["field"]):
                score = max(score, 3.0)
        if "modify_size" in ops:
            score = max(score, 0.2)
        if "search" in ops:
            score = max(score, 1.0)
        return score - life_penalty

    # ------------------------------------------------------------------ choices while raising

    def _key(self, req: DecisionRequest, obs: dict[str, Any]) -> list[float]:
        # bigger cards make bigger soldiers and more damage; labels are the printed key cards
        labels = req.labels or [str(o) for o in req.options]
        return [float(sum(card_value(c) for c in lab.split("+"))) for lab in labels]

    def _target(self, req: DecisionRequest, obs: dict[str, Any]) -> list[float]:
        helpful = self.helpful.get(req.context.get("action", ""), False)
        out = []
        for opt in req.options:
            kind, ref = opt if isinstance(opt, tuple) else ("", None)
            if kind == "player":
                out.append(1.0 if (ref != obs["you"]) != helpful else -1.0)
            elif kind == "char":
                view, mine = self._char(obs, ref)
                size = self._size(view) if view and view["kind"] == "soldier" else 1
                out.append(size if mine == helpful else -size - 1)
            elif kind == "action":  # an action on the stage: the opponent's, the later the better
                stage = obs.get("stage", [])
                out.append(float(len(out)) if stage and any(x["controller"] != obs["you"] for x in stage) else 0.0)
            else:
                out.append(0.0)
        return out

    def _cost_B(self, req: DecisionRequest, obs: dict[str, Any]) -> list[float]:
        return [0.0] * len(req.options)

    def _cost_D(self, req: DecisionRequest, obs: dict[str, Any]) -> list[float]:
        labels = req.labels or [str(o) for o in req.options]
        return [-float(card_value(lab)) for lab in labels]

    _discard = _cost_D

    def _cost_S(self, req: DecisionRequest, obs: dict[str, Any]) -> list[float]:
        out = []
        for ch in req.options:
            view, _ = self._char(obs, getattr(ch, "uid", -1))
            out.append(-float(self._size(view)) - (5 if view and view["kind"] == "soldier" else 0))
        return out

    # ------------------------------------------------------------------ combat

    def _attackers(self, req: DecisionRequest, obs: dict[str, Any]) -> list[float]:
        me, opp = self._me(obs), self._opp(obs)
        view = self._by_text(me, req.context.get("what", ""))
        size = self._size(view)
        blockers = [self._size(c) for c in self._soldiers(opp, charged=True)]
        attack = size > 0 and (not blockers or size > max(blockers))
        return [0.0, 1.0] if attack else [1.0, 0.0]

    def _blockers(self, req: DecisionRequest, obs: dict[str, Any]) -> list[float]:
        me, opp = self._me(obs), self._opp(obs)
        what = req.context.get("what", "")
        attacker = self._by_text(opp, what.split(":", 1)[-1].strip())
        threat = self._size(attacker) if attacker else max((self._size(c) for c in self._soldiers(opp)), default=0)
        low = self._life(me) <= max(LOW_LIFE, threat)
        out = [0.0]
        for ch in req.options[1:]:
            view, _ = self._char(obs, getattr(ch, "uid", -1))
            if view is None:
                out.append(-1.0)
            elif view["kind"] == "soldier":
                s = self._size(view)
                out.append(2.0 - s / 100 if s > threat else (1.0 if s == threat else (0.5 if low else -1.0)))
            else:
                out.append(0.8 if low else -1.0)
        return out

    # ------------------------------------------------------------------ the rest

    def _draw_more(self, req: DecisionRequest, obs: dict[str, Any]) -> list[float]:
        more = self._life(self._me(obs)) > LOW_LIFE and self._me(obs)["hand_count"] < 6
        return [1.0 if bool(o) == more else 0.0 for o in req.options]

    def _order(self, req: DecisionRequest, obs: dict[str, Any]) -> list[float]:
        return [0.0] * len(req.options)

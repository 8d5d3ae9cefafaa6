"""Decision requests and agents.

Every choice a player makes is a :class:`DecisionRequest` holding the explicit list of legal options.
An agent gets the request and the player's observation (only what 3.12.1 lets that player see) and
returns the index of the option it takes.  A request with a single option is decided by the engine
without asking (it is forced) and is not counted as a decision.

Decision kinds: ``action`` (raise an action or pass), ``key`` (key cards), ``target``, ``cost_B`` /
``cost_D`` / ``cost_S`` (which bulwark to drive, which card to discard, which character to sacrifice),
``attackers`` (yes/no per candidate), ``blockers`` (per attacker), ``draw_more`` (the optional second
draw), ``order`` (which of several simultaneous triggers next), ``discard`` (hand limit), ``choose``
(any other effect choice, e.g. a card from the life or the grave).
"""
from __future__ import annotations

import random
import re
from typing import Any, Callable, Protocol, Union


Labels = Union[list[str], Callable[[], list[str]], None]
# what a decision is about ({"action": name} / {"what": text}), or a function building it (see Game.decide)
Context = Union[dict[str, Any], Callable[[], dict[str, Any]], None]

_ID_SUFFIX = re.compile(r" \([a-z][a-z0-9_]*\)$")


def without_id(label: str) -> str:
    """An option's label without the id an action's label ends with (「アタック (attack)」 → 「アタック」): the
    words a reader is shown; the labels themselves keep it, as scripts match them."""
    return _ID_SUFFIX.sub("", label)

class DecisionRequest:
    """One decision: who decides, its kind, the legal options and their texts.

    ``labels`` (the option texts shown to humans, written to logs, matched by scripts) may be given as a
    function: it is called the first time ``labels`` is read, so that bots deciding thousands of times a
    second never have texts built for them."""

    __slots__ = ("player", "kind", "options", "context", "_labels")

    def __init__(self, player: int, kind: str, options: list[Any], context: dict[str, Any] | None = None,
                 labels: Labels = None):
        self.player = player
        self.kind = kind
        self.options = options
        self.context = context if context is not None else {}
        self._labels = labels

    @property
    def labels(self) -> list[str] | None:
        """The option texts (built on first use when given as a function)."""
        lab = self._labels
        if callable(lab):
            lab = self._labels = list(lab())
        return lab

    @labels.setter
    def labels(self, value: Labels) -> None:
        self._labels = value

    def label(self, i: int) -> str:
        labels = self.labels
        if labels is not None:
            return labels[i]
        return str(self.options[i])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DecisionRequest):
            return NotImplemented
        return (self.player, self.kind, self.options, self.context, self.labels) == (
            other.player, other.kind, other.options, other.context, other.labels)

    __hash__ = None  # type: ignore[assignment]  # mutable, compared by value as the dataclass it replaces

    def __repr__(self) -> str:
        return (f"DecisionRequest(player={self.player!r}, kind={self.kind!r}, options={self.options!r}, "
                f"context={self.context!r}, labels={self.labels!r})")


class Agent(Protocol):
    name: str

    def decide(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]]) -> int: ...


class IndexChooser(Protocol):
    """An agent that decides from the number of options alone: ``decide(request, observation)`` is always
    ``pick(len(request.options))``.  Callback play then asks ``pick`` directly, building neither the request
    nor the observation function (a random bot decides thousands of times a second)."""

    def pick(self, n: int) -> int: ...


def index_chooser(agent: object) -> Callable[[int], int] | None:
    """``agent.pick`` when the agent is an :class:`IndexChooser` whose ``decide`` is still the one that goes
    with ``pick`` (a subclass that overrides ``decide`` to look at the request keeps being asked through it)."""
    pick = getattr(agent, "pick", None)
    if not callable(pick) or "decide" in getattr(agent, "__dict__", {}):
        return None
    cls = type(agent)
    paired = _PAIRED.get(cls)
    if paired is None:
        mro = cls.__mro__
        owner_pick = next((c for c in mro if "pick" in c.__dict__), None)
        owner_decide = next((c for c in mro if "decide" in c.__dict__), None)
        paired = _PAIRED[cls] = owner_pick is not None and (
            owner_decide is None or mro.index(owner_decide) >= mro.index(owner_pick))
    return pick if paired else None  # type: ignore[no-any-return]


# agent class -> whether its decide is the one that goes with its pick (looked up once per class: every game
# of a simulation asks it for each seat)
_PAIRED: dict[type, bool] = {}


class RandomAgent:
    """Uniformly random among the legal options, from its own seeded RNG (an :class:`IndexChooser`)."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def pick(self, n: int) -> int:
        """``self.rng.randrange(n)`` drawn the way :mod:`random` draws it (``_randbelow``: k random bits, again
        while the number is n or more), without its argument checks: the same numbers from the same seed."""
        getrandbits = self.rng.getrandbits
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r

    def decide(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]]) -> int:
        return self.rng.randrange(len(request.options))


class FirstLegalAgent:
    """Always the first legal option; at an action decision the first action rather than the pass (option 0),
    since a player who always passes never ends a game.  A deterministic baseline for tests and benches."""

    name = "first"

    def decide(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]]) -> int:
        if request.kind == "action" and len(request.options) > 1:
            return 1
        return 0


class ScriptError(Exception):
    """A scripted decision that is not legal (or a script that ran out)."""


class ScriptedAgent:
    """Plays a list of choices in order.  A choice is an option index (int) or the option's label text.

    An illegal choice raises :class:`ScriptError` naming the decision and its legal options.  When the
    script runs out, ``then`` decides (default: error).
    """

    name = "scripted"

    def __init__(self, choices: list[Any], then: Agent | None = None):
        self.choices = list(choices)
        self.pos = 0
        self.then = then

    def decide(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]]) -> int:
        if self.pos >= len(self.choices):
            if self.then is not None:
                return self.then.decide(request, observation)
            raise ScriptError(
                f"script of player {request.player} ran out at a {request.kind!r} decision; legal options: "
                + ", ".join(repr(request.label(i)) for i in range(len(request.options))))
        choice = self.choices[self.pos]
        self.pos += 1
        if isinstance(choice, bool) or not isinstance(choice, (int, str)):
            raise ScriptError(f"scripted choice {choice!r} must be an option index or label")
        if isinstance(choice, int):
            if 0 <= choice < len(request.options):
                return choice
        else:
            for i in range(len(request.options)):
                if request.label(i) == choice:
                    return i
        raise ScriptError(
            f"illegal scripted choice {choice!r} for player {request.player}'s {request.kind!r} decision"
            f"{_ctx(request)}; legal options: "
            + ", ".join(repr(request.label(i)) for i in range(len(request.options))))

    @property
    def exhausted(self) -> bool:
        return self.pos >= len(self.choices)


def _ctx(request: DecisionRequest) -> str:
    what = request.context.get("action") or request.context.get("what")
    return f" ({what})" if what else ""


class ReplayAgent:
    """Replays recorded option indices (from an event log) for both seats."""

    name = "replay"

    def __init__(self, indices: list[int]):
        self.indices = indices
        self.pos = 0

    def decide(self, request: DecisionRequest, observation: Callable[[], dict[str, Any]]) -> int:
        if self.pos >= len(self.indices):
            raise ScriptError("the log has fewer decisions than the replayed game asks for")
        i = self.indices[self.pos]
        self.pos += 1
        if not 0 <= i < len(request.options):
            raise ScriptError(f"logged choice {i} is not legal at this {request.kind!r} decision")
        return i

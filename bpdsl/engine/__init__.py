"""The engine: a generic core-flow interpreter that plays the games the definitions describe.

Public API (for the regulation code, the CLI and tests)::

    from bpdsl.engine import build_rules, new_game, play_game, RandomAgent

    rules = build_rules("act8.0", "std")              # definitions loaded once and cached
    result = play_game(rules, [RandomAgent(1), RandomAgent(2)], seed=7)
    result.winner, result.draw, result.turns, result.decisions, result.reason

    # per-player decks (lists of bpdsl.dsl.cards.Card; default: the whole deck of the game each) and an
    # optional setup hook called after the lives are shuffled and before the 7-card hands are drawn
    # (after the trumps would be placed): the place for preset characters (プリセット2/4)
    def preset(game):
        place_character(game, seat=0, cards=[parse_card("♠5")], char_id="general_soldier")
    game = new_game(rules, agents, seed=7, decks=[deck0, deck1], setup=preset)
    result = game.play()

The step API (a game driven from outside, one decision at a time: search agents, a web client, undo)::

    game = new_game(rules, agents=None, seed=7)
    while (req := game.pending()) is not None:     # DecisionRequest: player, kind, options, labels, context
        view = game.observe(req.player)             # what that seat may see (3.12.1)
        other = game.clone()                        # independent, resumable here, same RNG state
        game.apply(0)                               # option index; ValueError (and no change) when out of range
    game.over, game.result()

  Every kind of decision goes through it (action, key, target, cost_B/D/S, attackers, blockers, order,
  draw_more, discard, choose, and a game's own kinds); a decision with a single option is taken without
  asking.  ``game.play()`` runs the same walker with callback agents (no checkpoints are taken then).

* :func:`build_rules` (edition, format, definitions=None) compiles the definitions into
  :class:`~bpdsl.engine.compiled.Rules` (plain Python objects; no YAML while playing).
* :func:`new_game` returns a :class:`~bpdsl.engine.core.Game`; ``game.play()`` walks the core flow to the
  end and returns a :class:`~bpdsl.engine.core.GameResult` (winner seat or None, draw, aborted, turns,
  decisions, reason, state hash, actions raised).
* Agents: :class:`RandomAgent` (seeded), :class:`FirstLegalAgent`, :class:`ScriptedAgent` (a list of
  choices; an illegal one raises :class:`ScriptError` naming the decision and its legal options),
  ``bpdsl.commands._human.HumanAgent`` (terminal).  An agent's ``decide(request, observe)`` gets a
  :class:`DecisionRequest` and a callable returning the player's observation (3.12.1).
* ``log=EventLog()`` records a JSON Lines event log; ``bpdsl.engine.replay.replay_log`` re-runs it.
* ``check=bpdsl.engine.invariants.check`` verifies the invariants after every core-flow step.

How the engine plays:

* Cards are ints: ``seat * deck size + Card.index`` (each player has their own deck; the deck size is the
  game's card universe, ``rules.zones.deck_size``: 54 in BlackPoker); ``hooks.card_text(c)`` prints one.
* A player raising an action chooses the key cards, then the target, then pays the costs (3.10.3 lists
  costs first; choosing the key first lets the options of every later decision be exactly the legal ones).
* A decision with a single legal option is taken without asking the agent and is not counted.
* Op executors (attached with ``@OP.executor`` next to each declaration in ``bpdsl/ops``) are called as:
  effect ``fn(ctx, args)`` (returning ``False`` stops the rest of the effect: …場合、次を行う);
  condition ``fn(ctx, args) -> bool``; target ``fn(ctx, args) -> [("char", uid) | ("player", seat) |
  ("action", uid), ...]``; trigger (and triggering abilities) ``fn(ctx, args) -> [controller seat, ...]`` for
  ``ctx.event``; cost ``fn(ctx, args)`` pays one letter; size ``fn(character, args) -> int``; labels and
  static abilities are read once when the rules are compiled.  ``ctx`` is :class:`~bpdsl.engine.core.Ctx`
  (``game``, ``state``, ``inst``, ``seat``, ``rules`` = the common-rules hooks, ``decide``, ``value``).

Modules: ``state`` (the one mutable state), ``compiled`` (compile step), ``core`` (flow walker, stage,
chance, pass record, trigger check), ``decisions`` (requests and agents), ``log`` (event log and state
hash), ``invariants``, ``replay``, ``position`` (a game put at a described position; the scripted rulings that use it are :mod:`bpdsl.scenarios`), ``bench`` (play speed, memory and the
step API's figures).  Runs of many games and their statistics are :mod:`bpdsl.sim`.  The game's common rules are hooks that its plugin provides (:mod:`bpdsl.plugins`).
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from bpdsl import plugins
from bpdsl.dsl.loader import load_definitions
from bpdsl.engine.compiled import CompileError, Rules, compile_rules
from bpdsl.engine.events import GameStarted
from bpdsl.engine.core import Game, GameAborted, GameResult
from bpdsl.engine.decisions import (Agent, DecisionRequest, FirstLegalAgent, RandomAgent, ReplayAgent, ScriptedAgent,
                                    ScriptError)
from bpdsl.dsl.cards import parse_card
from bpdsl.dsl.cards import card_at

_RULES: dict[tuple[int, str, str], Rules] = {}


def build_rules(edition: str, fmt: str, definitions: Any = None) -> Rules:
    """Compile one edition's format; cached per (edition, format) for the selected definitions."""
    if definitions is not None:
        return compile_rules(definitions, edition, fmt)
    defs = load_definitions()
    key = (id(defs), edition, fmt)
    if key not in _RULES:
        _RULES[key] = compile_rules(defs, edition, fmt)
    return _RULES[key]


def hooks_for(rules: Rules) -> Any:
    """The common-rules hooks of the game an edition belongs to (one instance per Rules), from the game
    registry (:mod:`bpdsl.plugins`)."""
    h = getattr(rules, "_hooks", None)
    if h is None:
        game = rules.edition.game
        try:
            plugin = plugins.game(game)
        except KeyError as exc:
            raise CompileError(f"no common rules are registered for game {game!r}; known: "
                               f"{', '.join(sorted(plugins.games()))}") from exc
        h = plugin.hooks_class()(rules)
        rules._hooks = h  # type: ignore[attr-defined]
    return h


def deck_indices(deck: Sequence[Any]) -> list[int]:
    """Cards (``Card`` objects, card ids like "♠A", or indices) -> card indices in the card universe."""

    out = []
    for c in deck:
        if isinstance(c, int):
            out.append(c)
        elif isinstance(c, str):
            out.append(parse_card(c).index)
        else:
            out.append(c.index)
    return out


def new_game(rules: Rules, agents: Sequence[Agent] | None = None, seed: int = 0,
             decks: Sequence[Sequence[Any]] | None = None, setup: Callable[[Game], None] | None = None,
             log: Any = None, check: Callable[[Game], None] | None = None, max_steps: int = 200_000,
             game_class: type[Game] = Game) -> Game:
    """A game ready to ``play()`` with one agent per seat, or, with ``agents=None``, to be driven through the
    step API (``pending()``, ``apply(i)``, ``clone()``); ``decks`` is one list of cards per seat (default:
    the game's whole card universe each).  ``game_class`` is a subclass of Game that watches it (a
    scenario observing forced decisions)."""
    ds = [deck_indices(d) for d in decks] if decks is not None else None
    if log is not None:
        log.write(GameStarted(rules.edition.id, rules.format, seed,
                              [[_card_id(c) for c in d] for d in ds] if ds is not None else None, rules.flow.id))
    return game_class(rules, hooks_for(rules), list(agents) if agents is not None else None, seed, ds, setup, log,
                      check, max_steps)


def play_game(rules: Rules, agents: Sequence[Agent], seed: int = 0, **kw: Any) -> GameResult:
    return new_game(rules, agents, seed, **kw).play()


def place_character(game: Game, seat: int, cards: Sequence[Any], char_id: str, face_up: bool = True,
                    driven: bool = False) -> Any:
    """Put cards of ``seat``'s own deck (wherever they are) onto the field as one character (setup hooks)."""
    n = rules_deck_size(game.rules)
    idx = [c + seat * n for c in deck_indices(cards)]
    made = game.hooks.put_onto_field(game, seat, idx, char_id, face_up, driven)
    for ch in made:
        ch.entered_turn = 0
    return made


def rules_deck_size(rules: Rules) -> int:
    """Cards per player in the game of ``rules`` (its card universe, from game.yaml)."""
    assert rules.zones is not None
    return rules.zones.deck_size


def _card_id(c: int) -> str:

    return card_at(c).id


__all__ = ["Agent", "CompileError", "DecisionRequest", "FirstLegalAgent", "Game", "GameAborted", "GameResult",
           "RandomAgent", "ReplayAgent", "Rules", "ScriptError", "ScriptedAgent", "build_rules", "deck_indices",
           "hooks_for", "load_definitions", "new_game", "place_character", "play_game"]

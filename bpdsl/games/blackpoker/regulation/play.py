"""Games under a regulation, over the engine's public API (:mod:`bpdsl.engine`).

:func:`game_runner` turns a resolved regulation into a :class:`~bpdsl.games.blackpoker.regulation.match.GameRunner`:

* the rules are the format's action list of the system's edition (``build_rules``), plus the actions the
  chosen options add (パック: 【パック開封】, compiled from its op calls like any other action);
* the setup hook, called by the engine after the lives are shuffled and before the hands are drawn (that is
  after the trumps would be placed), lets each player choose a シナリオ手札 (第9.1版: the option
  ``scenario_hand``; the game start then fills the hand up to 7), places the preset characters (5.3.1/5.3.2: from the top of the
  shuffled deck, first the bulwarks face down, then the soldiers) and lays out the pack (5.3.3: the cards
  left out of the deck, face down outside the field).

A format whose action list is not defined yet (プロ, マスター, エクストラ) raises :class:`NotPlayable`.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Sequence

from bpdsl.model import Action, Definitions, Request
from bpdsl.games.blackpoker.regulation.check import played_format, unplayable_reason
from bpdsl.games.blackpoker.regulation.match import GameOutcome, GameRequest, GameRunner
from bpdsl.games.blackpoker.regulation.model import OptionAction, Regulation
from bpdsl.engine import RandomAgent
from bpdsl.engine.compiled import compile_action, compile_rules
from bpdsl.games.blackpoker.components import DECK_SIZE
from bpdsl.games.blackpoker.components import Z_FIELD, Z_PACK, Z_RARE
from bpdsl.engine.rng import shuffle
from bpdsl.engine import new_game
from bpdsl.engine.invariants import InvariantError
from bpdsl.dsl.cards import parse_card
from bpdsl.engine.replay import ReplayError, check_log_lines, replay_game, require_chain
from bpdsl.games.blackpoker.regulation.check import resolve
from bpdsl.games.blackpoker.regulation.load import systems
from bpdsl.games.blackpoker.events import RegulationSetup, RegulationStarted
from bpdsl.games.blackpoker.regulation.scenario_hand import choose_scenario_hands


class NotPlayable(Exception):
    """The regulation is valid but cannot be played with the definitions (its action list is missing)."""


AgentFactory = Callable[[GameRequest], Sequence[Any]]


def _random_agents(request: GameRequest) -> list[Any]:

    return [RandomAgent(request.seed * 2 + 1), RandomAgent(request.seed * 2 + 2)]


def with_edition(regulation: Regulation, edition: str) -> Regulation:
    """``regulation`` played with the action lists of ``edition`` instead of its system's (the 2024
    regulations with 第9.1版: ``bpdsl match play -r "extra+full+scenario-hand" -e act9.1``).  The system is
    copied, not changed; whether the edition defines the format's lists is :func:`unplayable_reason`'s."""
    if edition == regulation.system.edition:
        return regulation
    return dataclasses.replace(regulation, system=dataclasses.replace(regulation.system, edition=edition))


def option_action_model(a: OptionAction, fmt: str) -> Action:
    """The model Action of an option's action, so that the engine compiles it like an edition's action."""
    return Action(
        id=a.id, name=a.name, ruby=a.ruby, category="option", type=a.type,
        request=Request(a.trigger, a.speed, a.timing),  # type: ignore[arg-type]
        cost="", key=None, key_text=None, target=None, conditions=list(a.conditions), when=None, notes=[],
        formats=[fmt], effect=list(a.effect),
    )


def regulation_rules(definitions: Definitions, regulation: Regulation) -> Any:
    """Compiled rules of the regulation's format with the options' actions added."""

    system = regulation.system
    why = unplayable_reason(definitions, system, regulation.format)
    if why:
        raise NotPlayable(f"{regulation.name} cannot be played: {why}")

    played = played_format(regulation.format)
    rules = compile_rules(definitions, regulation.edition, played)
    for option in regulation.options:
        for a in option.actions:
            ca = compile_action(option_action_model(a, played))
            rules.actions[ca.id] = ca
            if not ca.not_direct:
                rules.direct_actions.append(ca)
    return rules


def setup_hook(regulation: Regulation, packs: tuple[list[Any], list[Any]]) -> Callable[[Any], None] | None:
    """The engine setup hook placing preset characters and the packs, or None when no option needs one."""
    bulwarks = sum(o.preset_bulwarks for o in regulation.options)
    soldiers = sum(o.preset_soldiers for o in regulation.options)
    use_pack = any(o.pack for o in regulation.options)
    rare = sum(o.rare_cards for o in regulation.options)
    pack_top = max((o.pack_from_deck for o in regulation.options), default=0)
    scenario_hand = max((o.scenario_hand for o in regulation.options), default=0)
    if not (bulwarks or soldiers or use_pack or rare or pack_top or scenario_hand):
        return None

    def setup(game: Any) -> None:

        s = game.state
        hooks = game.hooks
        if use_pack or pack_top:
            game.state.pack_in_use = True  # observations show the packs (count; cards once face up)
        if rare:
            game.state.rare_in_use = True  # observations show how many rare cards each player has
        if use_pack:
            # the packs are owned before any decision is asked (a seat's view knows its own cards from then on)
            for seat, player in enumerate(s.players):
                for c in packs[seat]:
                    cid = c.index + seat * DECK_SIZE
                    if s.owner[cid] != -1:
                        continue  # already in the game (cannot happen for a pack made by the deck builder)
                    s.owner[cid] = seat
                    s.loc[cid] = (Z_PACK, seat)
                    player.pack.append(cid)
        if scenario_hand:  # シナリオ手札 (第9.1版): chosen from the deck before the presets are placed
            choose_scenario_hands(game, scenario_hand)
        for seat, player in enumerate(s.players):
            set_aside(game, seat, rare, pack_top)
            # the life was shuffled just before: its top is the end of the list
            for _ in range(min(bulwarks, len(player.life))):
                hooks.put_onto_field(game, seat, [player.life[-1]], hooks.bulwark_id, False, False)
            for _ in range(min(soldiers, len(player.life))):
                card = player.life[-1]
                hooks.put_onto_field(game, seat, [card], hooks.soldier_kind_for([card]), True, False)
            for ch in player.field:
                ch.entered_turn = 0  # on the field before the first turn
            if game.log is not None:
                game.log.write(RegulationSetup(seat, [[hooks.card_text(c) for c in ch.cards] for ch in player.field
                                                      if s.loc[ch.cards[0]][0] == Z_FIELD], len(player.pack)))

    return setup


def set_aside(game: Any, seat: int, rare: int, pack_top: int) -> None:
    """The frame レアパック before the game: the player chooses ``rare`` rare cards from the deck (a decision:
    bots choose, scenarios script it) and sets them aside face down, the deck is shuffled, and the top
    ``pack_top`` cards become the pack."""
    if not (rare or pack_top):
        return
    hooks = game.hooks
    player = game.state.players[seat]
    for _ in range(min(rare, len(player.life))):
        options = sorted(player.life)
        i = game.decide(seat, "choose", options, {"what": "レアカード"},
                        lambda: [hooks.card_text(c) for c in options])
        hooks.move_card(game, options[i], Z_RARE, seat)
    if rare:
        shuffle(game.rng, player.life)
    for _ in range(min(pack_top, len(player.life))):
        hooks.move_card(game, player.life[-1], Z_PACK, seat)


def regulation_header(regulation: Regulation, number: Any, packs: Sequence[Sequence[Any]]) -> dict[str, Any]:
    """The log line written before a game of a match: what its replay needs beyond the game line.  The
    game's number in its match is the one field a replay cannot check (the chain protects it)."""
    return RegulationStarted(regulation.id, regulation.system.id, regulation.name, number,
                             [[c.id for c in p] for p in packs]).json()


def game_runner(definitions: Definitions, regulation: Regulation, agents: AgentFactory | None = None,
                check: Callable[[Any], None] | None = None, log: Any = None) -> GameRunner:
    """A game runner for :func:`bpdsl.games.blackpoker.regulation.match.play_match` that plays real games with the engine."""

    rules = regulation_rules(definitions, regulation)
    make_agents = agents or _random_agents
    pending_log = [log] if log is not None else []  # only the first game played is logged

    def run(request: GameRequest) -> GameOutcome:
        game_log = pending_log.pop() if pending_log else None
        if game_log is not None:
            game_log.write(regulation_header(regulation, request.number, request.packs))
        game = new_game(rules, make_agents(request), seed=request.seed, decks=list(request.decks),
                        setup=setup_hook(regulation, request.packs), check=check, log=game_log)
        start = {"life": [len(p.life) for p in game.state.players]}
        try:
            result = game.play()
        except InvariantError as exc:  # counted and reported by the summary; the other games go on
            return GameOutcome(None, game.state.turn_no, f"invariant violated: {exc}",
                               {"deck_sizes": [len(d) for d in request.decks], "start": start, "draw": False,
                                "aborted": True, "invariant": str(exc), "decisions": game.decisions,
                                "raised": dict(game.raised), "pack_left": [len(p.pack) for p in game.state.players],
                                "hash": ""})
        details = {
            "deck_sizes": [len(d) for d in request.decks],
            "start": start,
            "draw": result.draw,
            "aborted": result.aborted,
            "decisions": result.decisions,
            "raised": dict(result.raised),
            "pack_left": [len(p.pack) for p in game.state.players],
            "hash": result.state_hash,
        }
        return GameOutcome(result.winner, result.turns, result.reason, details)

    return run


def replay_regulation_log(definitions: Definitions, events: list[dict[str, Any]],
                          prefix: list[dict[str, Any]] | None = None) -> Any:
    """Replay the log of a game played under a regulation (its ``regulation`` line names the regulation
    and the packs): same rules with the options' actions, same setup hook, the logged decisions.
    ``prefix``: the lines before the regulation's as the caller rebuilt them (a definitions line)."""

    check_log_lines(events)
    require_chain(events)
    head = next((e for e in events if e.get("t") == "regulation"), None)
    game_line = next((e for e in events if e.get("t") == "game"), None)
    end = next((e for e in reversed(events) if e.get("t") == "end"), None)
    if head is None or game_line is None or end is None:
        raise ReplayError("the log has no 'regulation', 'game' or 'end' line")
    checked = resolve(str(head["regulation"]), systems(definitions), head.get("system"))
    if not checked.valid or checked.regulation is None:
        raise ReplayError(f"the log's regulation {head['regulation']!r} is not valid with these definitions")
    regulation = checked.regulation
    if game_line.get("edition") in definitions.editions:  # played with another edition (--edition)
        regulation = with_edition(regulation, str(game_line["edition"]))
    rules = regulation_rules(definitions, regulation)
    raw_packs = head.get("packs") or [[], []]
    try:
        packs = ([parse_card(c) for c in raw_packs[0]], [parse_card(c) for c in raw_packs[1]])
    except ValueError as exc:
        raise ReplayError(f"the 'regulation' line's 'packs' are not cards: {exc}") from None
    header = regulation_header(regulation, head.get("game"), packs)
    return replay_game(rules, events, game_line, end, setup_hook(regulation, packs), [*(prefix or []), header])

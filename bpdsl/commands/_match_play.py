"""A person plays a whole match under a regulation against a random bot (``bpdsl match play``).

The person is seat 0 and decides through the engine's terminal agent; in a 2-deck match they also choose
the deck for each game among the decks they may still use (5.2.1), seeing only each deck's size: the
decks are private, even to their owner.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from bpdsl.commands._human import typed_number
from bpdsl.model import Definitions
from bpdsl.games.blackpoker.regulation.card_text import deck_text
from bpdsl.games.blackpoker.regulation.decks import Deck, PlayerDecks, build_match_decks
from bpdsl.games.blackpoker.regulation.match import DeckChooser, GameRequest, MatchResult, MatchState, play_match, random_chooser
from bpdsl.games.blackpoker.regulation.model import Regulation
from bpdsl.games.blackpoker.regulation.play import game_runner


def prompt_chooser(players: tuple[PlayerDecks, PlayerDecks], ask: Callable[[str], str],
                   say: Callable[[str], None], bot: DeckChooser) -> DeckChooser:
    """Seat 0 is asked which deck to use (when there is a choice); seat 1 is the bot's chooser."""

    def choose(seat: int, allowed: list[int], state: MatchState) -> int:
        if seat != 0:
            return bot(seat, allowed, state)
        if len(allowed) == 1:
            say(f"game {len(state.games) + 1}: you play deck {allowed[0] + 1} "
                f"({len(players[0].decks[allowed[0]])} cards); the other deck has won a game")
            return allowed[0]
        options = ", ".join(f"{i + 1} ({len(players[0].decks[i])} cards)" for i in allowed)
        while True:
            answer = ask(f"game {len(state.games) + 1}: which deck? {options}: ").strip()
            number = typed_number(answer, 1, len(players[0].decks))
            if number is not None and number - 1 in allowed:
                return number - 1
            say(f"choose one of: {', '.join(str(i + 1) for i in allowed)}")

    return choose


def play_interactive(definitions: Definitions, regulation: Regulation, seed: int, human: Any,
                     bot_factory: Callable[[int], Any], ask: Callable[[str], str], say: Callable[[str], None],
                     decks: Sequence[Sequence[Deck] | None] = (None, None),
                     builds: Sequence[Any] = (None, None)) -> MatchResult:
    """Play one match: ``human`` (an engine agent) at seat 0, ``bot_factory(seed)`` at seat 1; a seat with a
    scenario build (``builds``) has its trumps and シナリオ手札 placed from it."""
    import random

    players = build_match_decks(regulation, seed, decks)

    def agents(request: GameRequest) -> list[Any]:
        say(f"--- game {request.number}: your deck {len(request.decks[0])} cards, "
            f"opponent's deck {len(request.decks[1])} cards ---")
        return [human, bot_factory(request.seed)]

    from bpdsl.games.blackpoker.regulation.build_agent import with_builds

    run = game_runner(definitions, regulation, agents=with_builds(agents, builds))

    def run_and_report(request: GameRequest) -> Any:
        outcome = run(request)
        who = {0: "you win", 1: "the bot wins", None: "no winner"}[outcome.winner]
        say(f"game {request.number}: {who} after {outcome.turns} turns ({outcome.reason})")
        if regulation.match.decks > 1:
            # 5.2.1: right after a game, the deck used in it is open to its owner only (個人公開)
            say(f"your deck of game {request.number}: {deck_text(request.decks[0])}")
        return outcome

    chooser = prompt_chooser(players, ask, say, random_chooser(random.Random(f"bot-decks:{seed}")))
    result = play_match(regulation, players, run_and_report, seed, chooser)
    final = {0: "you win the match", 1: "the bot wins the match", None: "the match has no winner"}[result.winner]
    say(f"match: {final} ({result.wins[0]}-{result.wins[1]})")
    return result


def run_cli(regulation: str, seed: int | None, deck: Sequence[Any] = (), system: str | None = None,
            build: Sequence[Any] = (), edition: str | None = None) -> None:
    """The body of ``bpdsl match play`` / ``bpdsl play --regulation``: exits 1 for an invalid or unplayable
    regulation; without a seed one is drawn (and printed, so the match can be played again)."""
    import random

    import typer

    from bpdsl.engine import RandomAgent
    from bpdsl.commands._regulation_cli import err, legal_decks_or_exit, regulation_or_exit
    from bpdsl.games.blackpoker.regulation.build_agent import BuildNotInDeck
    from bpdsl.games.blackpoker.regulation.play import NotPlayable

    definitions, reg = regulation_or_exit(regulation, system)
    from bpdsl.commands._regulation_cli import edition_or_exit

    reg = edition_or_exit(reg, edition, definitions)
    from bpdsl.games.blackpoker.regulation.check import unplayable_reason

    why = unplayable_reason(definitions, reg.system, reg.format)
    if why:
        err(f"{reg.name} cannot be played: {why}")
        raise typer.Exit(1)
    given: list[Sequence[Deck] | None] = [None, None]
    if deck:
        if reg.deck.build != "constructed":
            err(f"{reg.name} builds its decks itself ({reg.deck.build}); --deck is for constructed frames")
            raise typer.Exit(2)
        given[0] = legal_decks_or_exit(deck[0], reg)
    builds: list[Any] = [None, None]
    if build:
        from bpdsl.commands._regulation_cli import builds_or_exit

        if len(build) > 1:
            err("--build takes your scenario build (the bot chooses its own)")
            raise typer.Exit(2)
        builds = builds_or_exit(list(build), reg, [list(given[0]) if given[0] else None, None])
    from bpdsl.commands._console import CommandConsole

    from bpdsl.commands._human import HumanAgent, Quit

    console = CommandConsole(emoji=False)
    say: Callable[[str], None] = lambda text: console.print(text, markup=False)  # noqa: E731
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    say(f"{reg.name} ({reg.id}), seed {seed}. 番号で選択、q で終了。")
    try:
        play_interactive(definitions, reg, seed, HumanAgent(console), lambda s: RandomAgent(s),
                         lambda prompt: console.input(prompt), say, given, builds)
    except BuildNotInDeck as exc:
        err(f"{exc}; play it with your deck (--deck) that holds it")
        raise typer.Exit(1)
    except NotPlayable as exc:
        err(str(exc))
        raise typer.Exit(1)
    except (Quit, EOFError):
        say("終了しました。")

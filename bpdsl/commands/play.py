"""``bpdsl play``: a person at the terminal against the random bot; ``--explain AGENT`` shows at each of the
person's decisions how an agent of the balance lab values the options (:mod:`bpdsl.sim.explain`)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer

from bpdsl.commands._definitions import default_id, with_definitions


def register(app: typer.Typer) -> None:
    @app.command("play")
    @with_definitions
    def play_cmd(
        edition: Optional[str] = typer.Option(None, "--edition", "-e", help="edition id (default: the project's [defaults] edition, else act8.0)"),
        fmt: Optional[str] = typer.Option(None, "--format", "-f", help="format id (default: the project's, else std)"),
        seed: Optional[int] = typer.Option(None, "--seed", "-s", help="seed of the game (random if omitted)"),
        seat: Optional[int] = typer.Option(None, "--seat", min=0, max=1, help="your seat (0 or 1; default 0); "
                                           "the first player is decided by the rules"),
        log: Optional[Path] = typer.Option(None, "--log", help="write the JSONL event log of the game"),
        regulation: Optional[str] = typer.Option(None, "--regulation", "-r", help='play a whole match under a '
                                                 'regulation, e.g. "スタンダード + エントリー"'),
        explain: Optional[str] = typer.Option(None, "--explain", metavar="AGENT", help="at each of your decisions, "
                                              "show how an agent (heuristic, collector, mcts:N ...) values your "
                                              "options, from your own view of the game"),
    ) -> None:
        """Play one game against the random bot, seeing exactly what your player may see."""
        from bpdsl.commands._paths import output_file_or_exit

        if regulation is not None and log is not None:
            typer.echo("bpdsl play: --log is for a single game; it cannot be combined with --regulation", err=True)
            raise typer.Exit(2)
        if regulation is not None:  # the regulation names the format, and the person always sits at seat 0
            given = [name for name, value in (("--edition", edition), ("--format", fmt), ("--seat", seat))
                     if value is not None]
            if given:
                typer.echo(f"bpdsl play: {', '.join(given)} cannot be combined with --regulation (the regulation "
                           "names the edition and format; in a match you play seat 0)", err=True)
                raise typer.Exit(2)
        edition = default_id(edition, "edition", "act8.0")
        fmt = default_id(fmt, "format", "std")
        seat = seat if seat is not None else 0
        if explain is not None and regulation is not None:
            typer.echo("bpdsl play: --explain is for a single game; it cannot be combined with --regulation", err=True)
            raise typer.Exit(2)
        advisor_spec = _advisor_or_exit(explain)
        output_file_or_exit(log, "play")
        if regulation is not None:  # a whole match under a regulation: bpdsl.commands._match_play
            from bpdsl.commands._match_play import run_cli

            return run_cli(regulation, seed)
        import random

        from bpdsl.commands._console import CommandConsole
        from rich.markup import escape

        from bpdsl.commands._engine_cli import rules_or_exit
        from bpdsl.engine import RandomAgent, new_game
        from bpdsl.commands._human import HumanAgent, Quit
        from bpdsl.engine.view import ViewLog, result_words

        rules = rules_or_exit(edition, fmt)
        s = seed if seed is not None else random.SystemRandom().randrange(2**31)
        console = CommandConsole(emoji=False)  # ":100:" in a designer's text stays as written
        elog = ViewLog()
        if log:  # a designer's definitions: named by the log's first line, so that `bpdsl replay` finds them
            from bpdsl.dsl import project
            from bpdsl.engine.logdefs import definitions_event

            named = definitions_event(project.current(), log)
            if named is not None:
                elog.write(named)
        human = HumanAgent(console, log=elog, seat=seat, texts=printed_texts(rules))
        agents = [RandomAgent(s + 1), RandomAgent(s + 2)]
        agents[seat] = human  # type: ignore[call-overload]
        advisor = None if advisor_spec is None else make_advisor(advisor_spec, s, rules)
        game = new_game(rules, None if advisor is not None and hasattr(advisor, "bind") else agents, s, log=elog)
        if advisor is not None:
            from bpdsl.sim.explain import explain as explain_decision

            if hasattr(advisor, "bind"):  # a search agent copies the live game: the game is driven step by step
                advisor.bind(game, seat)
            human.advisor = lambda request, observe: explain_decision(advisor, request, observe)
        elog.attach(game)
        console.print(f"[bold]{escape(rules.edition.name)} {escape(edition)} {escape(fmt)}[/bold] "
                      f"(flow {escape(rules.flow.id)}). "
                      f"あなたは席{seat}です。番号で選択、? で説明、q で終了。", highlight=False)
        try:
            result = game.play() if game.agents is not None else drive(game, agents)
        except Quit:
            console.print("終了しました。" + (f" ログ: {log} (bpdsl replay で再生できます)" if log else ""), markup=False)
            if log:
                write_quit_end(game)
                elog.dump(log)
            raise typer.Exit(0)
        if log:
            elog.dump(log)
        human.tell_events()
        reason = escape(result_words(game, seat))
        if result.draw:
            console.print(f"[bold]引き分け[/bold] ({reason})")
        elif result.winner == seat:
            console.print(f"[bold green]あなたの勝ち[/bold green] ({reason})")
        else:
            console.print(f"[bold red]あなたの負け[/bold red] ({reason})")
        console.print(f"{result.turns} ターン, seed {s}, 最終状態ハッシュ {result.state_hash}")


def _advisor_or_exit(text: Optional[str]) -> Any:
    """The agent spec of ``--explain`` (None without it); a spec that names no agent is a usage error."""
    if text is None:
        return None
    from bpdsl.sim.agents import AgentSpecError, parse_agent

    try:
        return parse_agent(text)
    except AgentSpecError as exc:
        typer.echo(f"bpdsl play: --explain: {exc}", err=True)
        raise typer.Exit(2)


def make_advisor(spec: Any, seed: int, rules: Any) -> Any:
    """The agent that explains the person's decisions: it is asked with the person's observation only."""
    from bpdsl.sim.agents import make_agent

    return make_agent(spec, seed + 3, rules)


def drive(game: Any, agents: list[Any]) -> Any:
    """Play a step game to its end with ``agents`` (a search advisor needs the live game to copy)."""
    from bpdsl.sim.search import drive as drive_game

    return drive_game(game, agents)


def printed_texts(rules: Any) -> dict[str, list[str]]:
    """Printed name -> printed text lines of every action, character and fog of the game's format."""
    from bpdsl.render.text import edition_texts, plain_lines

    return {et.name: plain_lines(et) for et in edition_texts(rules.edition, rules.format)}


def write_quit_end(game: Any) -> None:
    """The ``end`` line of a game quit before its end: the state hash where it stopped, so that
    ``bpdsl replay`` plays the logged decisions again and checks it reaches the same state."""
    from bpdsl.engine.log import quit_end_event

    game.log.write(quit_end_event(game))

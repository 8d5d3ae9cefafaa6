"""``bpdsl lesson``: the beginner's course (bpdsl.scenarios.lesson) — list it, play a lesson at the terminal, or
check that every lesson's solution still reaches its goal in every edition it names (CI)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer


from bpdsl.games.blackpoker.course import course_dir


def register(app: typer.Typer) -> None:
    @app.command("lesson")
    def lesson_cmd(
        lesson_id: Optional[str] = typer.Argument(None, help="the lesson to play (its id or number); none: list "
                                                  "the course"),
        check: bool = typer.Option(False, "--check", help="play every lesson's solution in every edition it names "
                                   "and check it reaches the goal (exit 1 if one does not)"),
        edition: Optional[str] = typer.Option(None, "--edition", "-e", help="play / check in this edition instead"),
        course: Optional[Path] = typer.Option(None, "--course", help="a folder of lesson files (default: the "
                                              "bundled beginner's course)"),
    ) -> None:
        """List the lessons, play one (type an option's number or text; h: a hint; q: quit), or --check them."""
        from bpdsl.scenarios.lesson import read_course
        from bpdsl.scenarios.runner import ScenarioError

        folder = course or course_dir()
        if not folder.is_dir():
            typer.echo(f"no such folder of lessons: {folder}", err=True)
            raise typer.Exit(2)
        try:
            lessons = read_course(folder)
        except ScenarioError as exc:
            typer.echo(f"ERROR {exc}", err=True)
            raise typer.Exit(1)
        if edition is not None:
            from bpdsl.engine import load_definitions

            editions = load_definitions().editions
            if edition not in editions:
                typer.echo(f"unknown edition {edition!r}; editions: {', '.join(editions)}", err=True)
                raise typer.Exit(2)
        if check:
            _check(lessons, edition)
            return
        if lesson_id is None:
            for i, x in enumerate(lessons, 1):
                typer.echo(f"{i:2}. {x.title} ({x.id}) — {x.goal}  [{', '.join(x.editions)}; "
                           f"{'; '.join(x.teaches)}]")
            typer.echo("play one: bpdsl lesson <id or number>")
            return
        chosen = next((x for i, x in enumerate(lessons, 1) if lesson_id in (x.id, str(i))), None)
        if chosen is None:
            typer.echo(f"no lesson {lesson_id!r}; lessons: {', '.join(x.id for x in lessons)}", err=True)
            raise typer.Exit(2)
        _play(chosen, edition)


def _check(lessons: list[Any], edition: Optional[str]) -> None:
    from dataclasses import replace

    from bpdsl.scenarios.lesson import check_lesson

    bad = 0
    for x in lessons:
        target = replace(x, editions=[edition]) if edition else x
        for ed, problems in check_lesson(target).items():
            if problems:
                bad += 1
                typer.echo(f"FAIL  {x.id} in {ed}: {x.title}")
                for p in problems:
                    typer.echo(f"      - {p}")
            else:
                typer.echo(f"OK    {x.id} in {ed}: {x.title}")
    typer.echo(f"{len(lessons)} lessons, {bad} failing")
    if bad:
        raise typer.Exit(1)


def _play(lesson: Any, edition: Optional[str]) -> None:
    """The lesson at the terminal, from the learner's seat's view."""
    from rich.console import Console
    from rich.text import Text

    from bpdsl.commands._human import HumanAgent
    from bpdsl.scenarios.lesson import LessonPlay
    from bpdsl.engine.view import SeatView

    console = Console(emoji=False, highlight=False)
    play = LessonPlay(lesson, None, edition)
    console.print(f"[bold]{lesson.title}[/bold] ({play.edition} {lesson.data.get('format')})")
    console.print(_text(lesson.explanation))  # Markdown rendered: bold as bold, lists as lists
    console.print(Text("ゴール: ", style="bold") + Text(lesson.goal))
    shower = HumanAgent(console=console, seat=play.seat)
    hints = list(lesson.hints)
    while play.request() is not None:
        req = play.request()
        shower.show(SeatView(play.game, play.seat).board())
        labels = play.labels()
        console.print(f"[bold]{req.context.get('what') or req.kind}[/bold]  (h: ヒント, q: 終了)")
        for i, label in enumerate(labels):
            console.print(f"  {i}: {label}", markup=False)
        try:
            raw = console.input("> ").strip()
        except EOFError:
            raise typer.Exit(1)
        if raw in ("q", "quit"):
            raise typer.Exit(1)
        if raw in ("h", "hint", "ヒント"):
            console.print(_text(hints.pop(0)) if hints else "ヒントはもうありません。", markup=False)
            continue
        move = play.choose(int(raw) if raw.isascii() and raw.isdigit() else raw)
        if move.message:
            console.print(_text(move.message))
        for r in move.reasons:
            console.print(f"  - {r}", markup=False)
    if play.reached:
        console.print("[bold green]レッスンクリア！[/bold green]")
        return
    raise typer.Exit(1)


def _text(markdown: str) -> Any:
    """A lesson's Markdown (its explanation, hints and messages) as rich renders it at a terminal: **bold**
    in bold, lists as lists, never the raw marks; a file or a pipe gets the same text without the styles."""
    from rich.markdown import Markdown

    return Markdown(markdown.strip(), hyperlinks=False)

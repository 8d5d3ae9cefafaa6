"""The Lessons page of the browser sandbox: the beginner's course played from the learner's seat.

Routes (added to the sandbox app by :func:`lesson_routes`):

* ``GET  /lessons`` — the page (static HTML + lessons.js);
* ``GET  /api/lessons`` — the course: id, title, goal, the rules each lesson teaches;
* ``POST /api/lessons/{id}/sessions`` — start a lesson: answers its session id and secret token;
* ``GET  /api/lessons/sessions/{sid}?token=`` — what the learner sees now (:func:`session_payload`);
* ``POST /api/lessons/sessions/{sid}/choose?token=`` ``{option}`` — one move; answers what it did and the
  payload after it.

Starting a lesson sets up its game (the first one of a process loads and compiles the definitions: seconds
in pure Python), so it runs in the heavy lane of :mod:`bpdsl.web.schedule`; a learner's look and move are
the learner's own requests and run in the seat lane.  Nothing of a lesson runs on the event loop, so no
lesson stalls another player's game.

A learner's board and options come from :class:`bpdsl.engine.view.SeatView` of the learner's seat, as in the
sandbox: nothing hidden from that seat is ever sent.  The explanation is Markdown rendered with raw HTML
disabled, so a lesson file cannot put markup into the page.
"""
from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass, field
from typing import Any, Callable

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from bpdsl.scenarios.lesson import Lesson, LessonPlay, read_course
from bpdsl.engine.view import SeatView
from bpdsl.games.blackpoker.course import course_dir
from bpdsl.web.guard import token_matches
from bpdsl.web.schedule import Scheduler
from bpdsl.web.tables import Refused, Tables

MAX_LABEL = 400  # a chosen option given as text


def markdown_html(text: str) -> str:
    """Markdown as HTML, raw HTML in the source escaped (CommonMark with html off)."""
    from markdown_it import MarkdownIt

    return str(MarkdownIt("commonmark", {"html": False}).render(text))


@dataclass
class Session:
    """One learner playing one lesson."""

    lesson: Lesson
    play: LessonPlay
    id: str = field(default_factory=lambda: secrets.token_urlsafe(9))
    token: str = field(default_factory=lambda: secrets.token_urlsafe(18))
    lock: threading.Lock = field(default_factory=threading.Lock)
    message: str = ""
    reasons: list[str] = field(default_factory=list)


def session_payload(s: Session) -> dict[str, Any]:
    """The learner's view: the lesson, the board and question of their seat, and how they are doing."""
    play = s.play
    view = SeatView(play.game, play.seat)
    req = play.request()
    prompt = None
    if req is not None:
        p = view.prompt(req)
        prompt = {"question": p.question, "labels": p.labels}
    status = "reached" if play.reached else "failed" if play.failed else "playing"
    return {"session": s.id, "lesson": {**s.lesson.summary(), "explanation_html": markdown_html(s.lesson.explanation)},
            "edition": play.edition, "status": status, "board": view.board(), "prompt": prompt,
            "message": s.message, "reasons": s.reasons, "moves": play.moves}


def lesson_routes(read_json: Callable[..., Any], definitions: Any = None,
                  schedule: Scheduler | None = None) -> list[Route]:
    """The Lessons page and its API, for the sandbox app (``read_json``: its size-limited body reader;
    ``schedule``: the app's lanes)."""
    from pathlib import Path

    lanes = schedule or Scheduler()

    static = Path(__file__).resolve().parent / "static"
    course = {x.id: x for x in read_course(course_dir())}
    sessions = Tables()

    def session_of(request: Request) -> Session:
        s = sessions.get(request.path_params["sid"])
        token = request.query_params.get("token") or request.headers.get("x-lesson-token") or ""
        if not token_matches(s.token, token):  # any bytes a client sends are just a wrong token
            raise Refused(403, "this lesson session is not yours (a wrong token)")
        return s  # type: ignore[no-any-return]

    async def page(request: Request) -> Response:
        return FileResponse(static / "lessons.html", media_type="text/html; charset=utf-8")

    async def api_course(request: Request) -> Response:
        return JSONResponse({"lessons": [x.summary() for x in course.values()]})

    async def api_start(request: Request) -> Response:
        lesson = course.get(request.path_params["lesson"])
        if lesson is None:
            raise Refused(404, f"no lesson {request.path_params['lesson']!r}")
        play = await lanes.heavy(lambda: LessonPlay(lesson, definitions))
        s = sessions.add(Session(lesson, play))
        return JSONResponse({"session": s.id, "token": s.token})

    async def api_session(request: Request) -> Response:
        s = session_of(request)

        def look() -> dict[str, Any]:
            with s.lock:
                return session_payload(s)

        return JSONResponse(await lanes.seat(look))

    async def api_choose(request: Request) -> Response:
        s = session_of(request)
        data = await read_json(request)
        option = data.get("option")
        if isinstance(option, bool) or not isinstance(option, (int, str)) or (
                isinstance(option, str) and len(option) > MAX_LABEL):
            raise Refused(400, "option: give the number of an option (or its text)")

        def choose() -> dict[str, Any]:
            with s.lock:
                if s.play.request() is None:
                    raise Refused(409, "the lesson is over; start it again to play once more")
                move = s.play.choose(option)
                s.message, s.reasons = move.message, list(move.reasons)
                return {"ok": move.ok, **session_payload(s)}

        return JSONResponse(await lanes.seat(choose))

    return [Route("/lessons", page), Route("/api/lessons", api_course),
            Route("/api/lessons/{lesson}/sessions", api_start, methods=["POST"]),
            Route("/api/lessons/sessions/{sid}", api_session),
            Route("/api/lessons/sessions/{sid}/choose", api_choose, methods=["POST"])]


__all__ = ["Session", "lesson_routes", "markdown_html", "session_payload"]

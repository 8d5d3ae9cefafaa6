"""The Lessons page runs nothing on the event loop: starting a lesson sets up its game in the heavy lane (the
first start of a process loads and compiles the definitions, seconds in pure Python), and a learner's look
and move run in the seat lane -- so a lesson being started never stalls a learner or a player, and a start
beyond the heavy lane's queue gets the 503 every heavy request gets."""
from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import httpx
import pytest

from bpdsl.web import lessons as web_lessons
from bpdsl.web.app import create_app
from bpdsl.web.schedule import Scheduler

OWN = {"X-Bpdsl-Client": "1"}
WITHIN = 0.200  # seconds


def test_a_learner_answers_at_once_while_a_lesson_is_being_started(monkeypatch: pytest.MonkeyPatch) -> None:
    real = web_lessons.LessonPlay
    entered, release, hold = threading.Event(), threading.Event(), threading.Event()

    def slow(*args: Any) -> Any:
        if hold.is_set():  # a start that takes long (as the first one of a process does)
            entered.set()
            release.wait(10)  # on the event loop this would stall every request for the whole wait
        return real(*args)

    monkeypatch.setattr(web_lessons, "LessonPlay", slow)
    app = create_app(scheduler=Scheduler(heavy_workers=1, heavy_queue=0))

    async def scenario() -> dict[str, Any]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1", headers=OWN,
                                     timeout=60) as c:
            course = (await c.get("/api/lessons")).json()["lessons"]
            first = course[0]["id"]
            started = (await c.post(f"/api/lessons/{first}/sessions")).json()
            sid, token = started["session"], started["token"]
            # a first look builds what every later one reuses (the Markdown renderer, the seat's texts)
            assert (await c.get(f"/api/lessons/sessions/{sid}", params={"token": token})).status_code == 200
            assert (await c.get("/api/catalog")).status_code == 200  # and of the new-game page's catalogue
            hold.set()
            slow_start = asyncio.create_task(c.post(f"/api/lessons/{first}/sessions"))
            while not entered.is_set():
                await asyncio.sleep(0.01)
            out: dict[str, Any] = {}
            t0 = time.perf_counter()
            r = await c.get(f"/api/lessons/sessions/{sid}", params={"token": token})
            out["look"] = (r.status_code, time.perf_counter() - t0, r.json().get("status"))
            t0 = time.perf_counter()
            r = await c.post(f"/api/lessons/sessions/{sid}/choose", params={"token": token}, json={"option": 0})
            out["move"] = (r.status_code, time.perf_counter() - t0)
            t0 = time.perf_counter()
            r = await c.get("/api/catalog")
            out["catalog"] = (r.status_code, time.perf_counter() - t0)
            full = await c.post(f"/api/lessons/{first}/sessions")  # the one heavy worker is busy, no queue
            out["full"] = (full.status_code, full.headers.get("retry-after"))
            out["held"] = not slow_start.done()
            release.set()
            out["slow_start"] = (await slow_start).status_code
            return out

    try:
        out = asyncio.run(scenario())
    finally:
        release.set()
    for key in ("look", "move", "catalog"):
        status, took = out[key][:2]
        assert status == 200 and took < WITHIN, (key, out[key])
    assert out["look"][2] == "playing"
    assert out["full"] == (503, "5")
    assert out["held"] and out["slow_start"] == 200

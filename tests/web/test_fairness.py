"""Fair scheduling: a seat's own requests never wait behind heavy work (uploads, replay steps, the studio),
and heavy work beyond its bounded queue is refused at once with 503 and ``Retry-After``.

The first test holds two replay steps in their worker threads (as steps to decision 150,000 would be) and
fills the heavy queue: the seat's GET, its choice and the catalogue answer within 200 ms, the next heavy
request gets 503.  The long test does the same with real work: replay steps of several logs, each played
from its start, keep the heavy lane busy while a seat's GET is timed over a real socket."""
from __future__ import annotations

import asyncio
import json
import os
import socket
import statistics
import threading
import time
from typing import Any

import httpx
import pytest

from bpdsl.engine import RandomAgent, build_rules, new_game
from bpdsl.engine.log import EventLog
from bpdsl.web import payload as web_payload
from bpdsl.web.app import create_app
from bpdsl.web.schedule import Scheduler

OWN = {"X-Bpdsl-Client": "1"}
SEAT_WITHIN = 0.200  # seconds


@pytest.fixture(scope="module")
def log_text() -> str:
    log = EventLog()
    new_game(build_rules("act8.0", "std", None), [RandomAgent(1), RandomAgent(2)], 3, log=log).play()
    return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in log.lines)


def test_a_seat_answers_at_once_while_heavy_work_holds_every_worker(monkeypatch: pytest.MonkeyPatch,
                                                                    log_text: str) -> None:
    entered, release = threading.Semaphore(0), threading.Event()
    real = web_payload.replay_payload

    def slow(*args: Any) -> Any:
        entered.release()
        assert release.wait(60)
        return real(*args)

    monkeypatch.setattr(web_payload, "replay_payload", slow)
    app = create_app(scheduler=Scheduler(heavy_workers=2, heavy_queue=1))

    async def scenario() -> dict[str, Any]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1", headers=OWN,
                                     timeout=60) as c:
            game = (await c.post("/api/tables", json={"edition": "act8.0", "format": "std", "seed": 4})).json()
            seat = game["seats"][0]
            opened = [(await c.post("/api/replays", content=log_text)).json() for _ in range(4)]
            rids, n = [o["replay"] for o in opened], opened[0]["steps"]
            steps = [asyncio.create_task(c.get(f"/api/replays/{rids[k]}", params={"step": n - k})) for k in (0, 1, 2)]
            for _ in range(2):  # both heavy workers are held (other replays: no lock shared); the third waits
                while not entered.acquire(blocking=False):
                    await asyncio.sleep(0.01)
            await asyncio.sleep(0.05)
            out: dict[str, Any] = {}
            t0 = time.perf_counter()
            r = await c.get(f"/api/tables/{game['table']}/seats/0", params={"token": seat["token"]})
            out["seat_get"] = (r.status_code, time.perf_counter() - t0)
            p = r.json()
            t0 = time.perf_counter()
            r = await c.post(f"/api/tables/{game['table']}/seats/0/choose", params={"token": seat["token"]},
                             json={"decision": p["decision_no"], "option": 0})
            out["seat_choose"] = (r.status_code, time.perf_counter() - t0)
            t0 = time.perf_counter()
            r = await c.get("/api/catalog")
            out["catalog"] = (r.status_code, time.perf_counter() - t0)
            full = await c.get(f"/api/replays/{rids[3]}", params={"step": n - 4})  # 2 running + 1 waiting: full
            out["full"] = (full.status_code, full.headers.get("retry-after"), full.json().get("error", ""))
            out["steps_running"] = [s.done() for s in steps]
            release.set()
            out["steps"] = [(await s).status_code for s in steps]
            return out

    try:
        out = asyncio.run(scenario())
    finally:
        release.set()
    for key in ("seat_get", "seat_choose", "catalog"):
        status, took = out[key]
        assert status == 200 and took < SEAT_WITHIN, (key, status, took)
    assert out["full"][0] == 503 and out["full"][1] == "5" and "busy" in out["full"][2]
    assert out["steps_running"] == [False, False, False]  # the heavy ones were still held
    assert out["steps"] == [200, 200, 200]  # and they all finished once let go


def _serve(app: Any) -> tuple[Any, int]:
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    return server, port


def seat_latency_under_load(log_text: str, seconds: float, logs: int = 4) -> dict[str, Any]:
    """A seat's GET timed over a real socket while replay steps of ``logs`` logs (each stepped in turn, so
    each step plays its game from the start) keep the heavy lane full for ``seconds``."""
    server, port = _serve(create_app())
    base = f"http://127.0.0.1:{port}"
    stop = threading.Event()
    try:
        with httpx.Client(base_url=base, headers=OWN, timeout=120) as c:
            game = c.post("/api/tables", json={"edition": "act8.0", "format": "std", "seed": 4}).json()
            token = game["seats"][0]["token"]
            rids = [c.post("/api/replays", content=log_text).json()["replay"] for _ in range(logs)]
            steps = c.get(f"/api/replays/{rids[0]}").json()["steps"]
        heavy_done: list[int] = []

        def hammer(k: int) -> None:
            with httpx.Client(base_url=base, headers=OWN, timeout=120) as hc:
                i = k
                while not stop.is_set():
                    r = hc.get(f"/api/replays/{rids[i % logs]}", params={"step": steps - (i % 7)})
                    heavy_done.append(r.status_code)
                    i += 1

        threads = [threading.Thread(target=hammer, args=(k,), daemon=True) for k in range(3)]
        for t in threads:
            t.start()
        time.sleep(1.0)
        took = []
        with httpx.Client(base_url=base, headers=OWN, timeout=120) as c:
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                t0 = time.perf_counter()
                r = c.get(f"/api/tables/{game['table']}/seats/0", params={"token": token})
                took.append(time.perf_counter() - t0)
                assert r.status_code == 200
                time.sleep(0.1)
        stop.set()
        for t in threads:
            t.join(timeout=120)
        return {"gets": len(took), "median_ms": round(statistics.median(took) * 1000),
                "max_ms": round(max(took) * 1000), "heavy_steps": len(heavy_done),
                "heavy_statuses": sorted(set(heavy_done))}
    finally:
        stop.set()
        server.should_exit = True


@pytest.mark.long
def test_a_seats_get_within_200_ms_while_real_replay_steps_run(log_text: str) -> None:
    figures = seat_latency_under_load(log_text, float(os.environ.get("BPDSL_FAIRNESS_SECONDS", "20")))
    assert figures["heavy_steps"] > 3, figures  # the heavy lane was really busy
    assert figures["median_ms"] < SEAT_WITHIN * 1000, figures

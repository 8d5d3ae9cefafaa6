"""The sandbox stays within fixed bounds whatever clients send: replays kept compactly and capped, idle
tables dropped, memory per table and per upload measured, and a slow request does not stall the others."""
from __future__ import annotations

import asyncio
import gc
import json
import threading
import tracemalloc
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from bpdsl.engine import RandomAgent, build_rules, new_game
from bpdsl.engine.log import EventLog
from bpdsl.web import payload as web_payload
from bpdsl.web.app import create_app
from bpdsl.web.replays import Replay, ReplayStore, read_log
from bpdsl.web.tables import Refused, Tables

OWN = {"X-Bpdsl-Client": "1"}


@pytest.fixture(scope="module")
def log_text() -> str:
    log = EventLog()
    new_game(build_rules("act8.0", "std", None), [RandomAgent(1), RandomAgent(2)], 3, log=log).play()
    return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in log.lines)


def grown(work: Any, within: str | None = None) -> tuple[int, Any]:
    """Bytes still allocated after ``work()`` (and its result) compared with before, by tracemalloc; with
    ``within`` (a file pattern), only what was allocated with that file in its call stack, so a thread
    another test left running in this process (a server, a pushed stream) does not count."""
    gc.collect()
    tracemalloc.start(64 if within else 1)
    try:
        before = tracemalloc.take_snapshot() if within else None
        start = tracemalloc.get_traced_memory()[0]
        result = work()
        gc.collect()
        if within:
            keep = [tracemalloc.Filter(True, within, all_frames=True)]
            after_snap = tracemalloc.take_snapshot().filter_traces(keep)
            size = sum(st.size_diff for st in after_snap.compare_to(before.filter_traces(keep), "filename"))
        else:
            size = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    return size, result


@pytest.mark.long
def test_an_uploaded_log_is_kept_in_a_few_bytes_per_decision(log_text: str) -> None:
    raw = log_text.encode()
    read_log(raw)  # once: what any first reading caches (the rules of its edition and format)
    size, kept = grown(lambda: [read_log(raw) for _ in range(5)], within="*/bpdsl/web/replays.py")
    decisions = len(kept[0].decisions)
    per_upload = size / 5
    # what is kept: the start lines and 8 bytes a decision; the parsed log (~100 times its text) is dropped.
    # The start line alone holds both decks (106 card strings: 5 to 9 KB, measured, as the process's
    # string sharing goes), so the bound is that plus a few bytes a decision.
    assert per_upload < len(raw) / 4, (per_upload, len(raw))
    assert per_upload < 12_000 + 16 * decisions, (per_upload, decisions)


def test_memory_per_table_and_per_replay_through_the_api(log_text: str) -> None:
    client = TestClient(create_app(), raise_server_exceptions=False, headers=OWN)
    client.get("/api/catalog")
    assert client.post("/api/tables", json={"seed": 1}).status_code == 200  # rules compiled and cached

    def tables() -> list[int]:
        return [client.post("/api/tables", json={"seed": s}).status_code for s in range(10)]

    per_table, _ = grown(tables)
    per_table //= 10
    assert per_table < 500_000, per_table  # a table at its first decision: a game and its views

    assert client.post("/api/replays", content=log_text).status_code == 200  # once: what is cached

    def uploads() -> list[int]:  # the status only: a response holds its request, the log's text
        return [client.post("/api/replays", content=log_text).status_code for _ in range(5)]

    per_upload, answers = grown(uploads)
    per_upload //= 5
    assert answers == [200] * 5
    assert per_upload < len(log_text) / 4, (per_upload, len(log_text))
    print(f"memory: {per_table:,} bytes a table, {per_upload:,} bytes a {len(log_text):,}-byte log")


def test_replays_are_capped_in_count_and_bytes(log_text: str) -> None:
    from bpdsl.web.starts import log_start
    from bpdsl.web.tables import Table

    log = read_log(log_text.encode())
    start, _ = log_start(log.start_lines, None, log.decisions.tolist())

    def replay(size: int) -> Replay:
        return Replay(Table(start, ["person", "person"], bot_seed=0), log, size)

    store = ReplayStore(limit=3, limit_bytes=1000, keep_positions=1)
    first = store.add(replay(100))
    for _ in range(3):
        store.add(replay(100))
    assert len(store.replays) == 3 and first.id not in store.replays  # the oldest evicted
    store.add(replay(950))
    assert store.total_bytes <= 1000 and len(store.replays) == 1
    big = store.add(replay(5000))  # one log over the byte cap alone is still kept, alone
    assert list(store.replays) == [big.id]
    with pytest.raises(Refused) as exc:
        store.get(first.id)
    assert exc.value.status == 404


def test_only_the_last_stepped_replays_keep_their_position(log_text: str) -> None:
    from bpdsl.web.starts import log_start
    from bpdsl.web.tables import Table

    log = read_log(log_text.encode())
    start, _ = log_start(log.start_lines, None, log.decisions.tolist())
    store = ReplayStore(keep_positions=1)
    a = store.add(Replay(Table(start, ["person", "person"], bot_seed=0), log, 1))
    b = store.add(Replay(Table(start, ["person", "person"], bot_seed=0), log, 1))
    store.get(a.id).at(3)
    a.table.position()
    store.get(b.id).at(3)
    assert a.table._position is None  # dropped: found again from the start when stepped next
    a.at(3)
    assert a.table.position().pending is not None


def test_idle_tables_expire() -> None:
    now = [0.0]
    tables = Tables(limit=10, idle=60, clock=lambda: now[0])

    class T:
        def __init__(self, name: str):
            self.id = name

    tables.add(T("a"))
    tables.add(T("b"))
    now[0] = 30
    tables.get("a")  # asked about: its idle time starts again
    now[0] = 70
    tables.add(T("c"))
    assert set(tables.tables) == {"a", "c"}
    now[0] = 200
    with pytest.raises(Refused):
        tables.get("c")
    assert not tables.tables


def test_a_slow_request_does_not_stall_the_others(monkeypatch: pytest.MonkeyPatch, log_text: str) -> None:
    """A replay step held up in its worker thread (as a step to decision 150,000 would be) while the
    catalogue and a new game are asked for: both answer before the step is let go."""
    entered, release = threading.Event(), threading.Event()
    real = web_payload.replay_payload

    def slow(*args: Any) -> Any:
        entered.set()
        assert release.wait(30)
        return real(*args)

    monkeypatch.setattr(web_payload, "replay_payload", slow)
    app = create_app()

    async def scenario() -> list[int]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1", headers=OWN) as c:
            rid = (await c.post("/api/replays", content=log_text)).json()["replay"]
            step = asyncio.create_task(c.get(f"/api/replays/{rid}", params={"step": 50}))
            while not entered.is_set():
                await asyncio.sleep(0.01)
            others = [(await c.get("/api/catalog")).status_code,
                      (await c.post("/api/tables", json={"seed": 3})).status_code]
            assert not step.done()  # the step is still being worked on
            release.set()
            return others + [(await step).status_code]

    try:
        assert asyncio.run(scenario()) == [200, 200, 200]
    finally:
        release.set()

"""Nothing a client sends makes the sandbox answer 500: every case found by hand, one test each, and a
Hypothesis fuzz of every endpoint (bodies, query strings, path parameters and headers drawn at random).

A refused request is a 4xx with ``{"error": ...}`` and no traceback; the game it was sent to is unchanged.
"""
from __future__ import annotations

import json
import os
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from bpdsl.engine import RandomAgent, build_rules, new_game
from bpdsl.engine.log import EventLog
from bpdsl.web.app import create_app
from bpdsl.web.guard import SEED_MAX, json_depth

OWN = {"X-Bpdsl-Client": "1"}
# examples per endpoint: a few seconds each by default; BPDSL_FUZZ_EXAMPLES=2000 for the long run
FUZZ = int(os.environ.get("BPDSL_FUZZ_EXAMPLES", "200"))


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False, headers=OWN)


@pytest.fixture(scope="module")
def table(client: TestClient) -> tuple[str, str]:
    r = client.post("/api/tables", json={"seed": 7})
    assert r.status_code == 200, r.text
    return r.json()["table"], r.json()["seats"][0]["token"]


@pytest.fixture(scope="module")
def log_text() -> str:
    log = EventLog()
    new_game(build_rules("act8.0", "std", None), [RandomAgent(1), RandomAgent(2)], 3, log=log).play()
    return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in log.lines)


@pytest.fixture(scope="module")
def replay(client: TestClient, log_text: str) -> str:
    r = client.post("/api/replays", content=log_text)
    assert r.status_code == 200, r.text
    return r.json()["replay"]


def refused(r: Any, status: int | tuple[int, ...] = 400) -> str:
    statuses = (status,) if isinstance(status, int) else status
    assert r.status_code in statuses, (r.status_code, r.text[:300])
    assert "Traceback" not in r.text
    return r.json()["error"]


# --- POST /api/tables: the cases found by hand ---------------------------------------------------------

@pytest.mark.parametrize("body, says", [
    (b'{"seed": Infinity}', "Infinity"),
    (b'{"seed": NaN}', "NaN"),
    (b'{"seed": 1e400}', "finite"),
    (b'{"seed": ' + b"9" * 5000 + b"}", "digits"),
    (b'{"seed": 1.5}', "integer"),
    (b'{"seed": -1}', "between"),
    (b'{"seed": %d}' % (SEED_MAX + 1), "between"),
    (b'{"seed": true}', "integer"),
    (b'{"seed": "1.5"}', "integer"),
    (b'{"seed": " 7e3"}', "integer"),
    (b"[" * 30_000 + b"]" * 30_000, "deep"),
    (b'{"a":' * 10_000, "deep"),
    (json.dumps({"scenario": "\ud800"}).encode(), "surrogate"),
    (json.dumps({"scenario_file": "a\u0000b"}).encode(), "NUL"),
    (json.dumps({"scenario_file": "a/" * 3000}).encode(), "longer"),
    (json.dumps({"scenario_file": "a/" * 90}).encode(), "no bundled scenario"),
    (json.dumps({"scenario_file": "../../etc/passwd"}).encode(), "no bundled scenario"),
    (json.dumps({"scenario": "edition: act8.0\nformat: std\nseed: " + "9" * 5000}).encode(), "4300"),
    (json.dumps({"scenario": "edition: act8.0\nformat: std\nseed: 1.5"}).encode(), "seed"),
    (json.dumps({"edition": ["act8.0"]}).encode(), "string"),
    (json.dumps({"regulation": 5}).encode(), "string"),
    (b"\xff\xfe", "UTF-8"),
])
def test_a_new_table_refuses_what_it_cannot_start(client: TestClient, body: bytes, says: str) -> None:
    assert says in refused(client.post("/api/tables", content=body, headers={"Content-Type": "application/json"}))


def test_a_seed_left_out_is_drawn_from_the_whole_range(client: TestClient) -> None:
    from bpdsl.web.guard import draw_seed

    assert max(draw_seed() for _ in range(200)) > 2**40  # 2**31 values would never get there
    assert client.post("/api/tables", json={"seed": SEED_MAX}).status_code == 200
    assert client.post("/api/tables", json={"seed": str(SEED_MAX)}).status_code == 200  # as the page sends it


def test_json_depth_counts_brackets_outside_strings() -> None:
    assert json_depth(b'{"a": [1, {"b": "[[[[["}]}') == 3
    assert json_depth(b'"\\"[[["') == 0


# --- tokens, seats, replays --------------------------------------------------------------------------

@pytest.mark.parametrize("how", ["query", "header"])
@pytest.mark.parametrize("token", ["%C3%A9", "%00", "%FF", "x" * 5000])
def test_a_token_with_any_bytes_is_just_wrong(client: TestClient, table: tuple[str, str], how: str,
                                              token: str) -> None:
    tid, _ = table
    if how == "query":
        r = client.get(f"/api/tables/{tid}/seats/0?token={token}")
    else:
        from urllib.parse import unquote_to_bytes

        raw = unquote_to_bytes(token).replace(b"\x00", b"")
        r = client.get(f"/api/tables/{tid}/seats/0", headers={"X-Seat-Token": raw})
    refused(r, 403)


@pytest.mark.parametrize("seat", ["2", "-1", "9" * 5000, "x", "1e3"])
def test_a_seat_out_of_range_is_refused(client: TestClient, table: tuple[str, str], seat: str) -> None:
    tid, token = table
    refused(client.get(f"/api/tables/{tid}/seats/{seat}?token={token}"), (400, 403))


@pytest.mark.parametrize("body", [
    b'{"decision": 0, "option": ' + b"9" * 5000 + b"}",
    b'{"decision": 1e400, "option": 0}',
    b'{"decision": 0.0, "option": 0}',
    b"[" * 2000 + b"]" * 2000,
])
def test_a_choice_the_game_cannot_take_is_refused(client: TestClient, table: tuple[str, str], body: bytes) -> None:
    tid, token = table
    before = client.get(f"/api/tables/{tid}/seats/0?token={token}").json()
    refused(client.post(f"/api/tables/{tid}/seats/0/choose?token={token}", content=body), (400, 413))
    assert client.get(f"/api/tables/{tid}/seats/0?token={token}").json() == before


def _log_with(log_text: str, n: int, change: dict[str, Any] | None = None, raw: str | None = None) -> str:
    lines = log_text.splitlines()
    if raw is not None:
        lines[n] = raw
    else:
        lines[n] = json.dumps({**json.loads(lines[n]), **(change or {})}, ensure_ascii=False)
    return "\n".join(lines) + "\n"


def test_a_log_with_bad_numbers_or_text_is_refused(client: TestClient, log_text: str) -> None:
    first_decision = next(i for i, line in enumerate(log_text.splitlines()) if '"t": "decision"' in line)
    game = json.loads(log_text.splitlines()[0])
    cases = [
        log_text.replace(f'"seed": {game["seed"]}', '"seed": ' + "9" * 5000, 1),
        _log_with(log_text, first_decision, raw='{"t": "decision", "i": ' + "9" * 5000 + "}"),
        _log_with(log_text, 3, raw='{"t": "x", "a": ' + "[" * 5000 + "]" * 5000 + "}"),
        _log_with(log_text, 3, raw=json.dumps({"t": "x", "name": "\ud800"})),
        _log_with(log_text, first_decision, {"i": -1}),
        _log_with(log_text, first_decision, {"i": 1.5}),
    ]
    for text in cases:
        refused(client.post("/api/replays", content=text.encode("utf-8", "surrogatepass")))


def test_a_client_that_goes_away_mid_body_gets_no_traceback() -> None:
    import asyncio

    app = create_app()
    sent: list[dict[str, Any]] = []
    messages = iter([{"type": "http.request", "body": b'{"t": "game"', "more_body": True},
                     {"type": "http.disconnect"}])

    async def receive() -> dict[str, Any]:
        return next(messages)

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/replays", "raw_path": b"/api/replays",
             "query_string": b"", "scheme": "http", "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 1),
             "http_version": "1.1", "root_path": "", "headers": [(b"host", b"127.0.0.1:8000"),
                                                                   (b"x-bpdsl-client", b"1")]}
    asyncio.run(app(scope, receive, send))  # raises if the disconnect escaped as an exception
    assert sent[0]["status"] == 400


# --- the fuzz ----------------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12)
table_fields = st.fixed_dictionaries({}, optional={
    "seed": json_values, "seat": json_values, "opponent": st.sampled_from(["random", "first", "person"]) | json_values,
    "edition": st.sampled_from(["act8.0", "act6.1", "bd1"]) | json_values,
    "format": st.sampled_from(["std", "lite", "pro"]) | json_values, "regulation": json_values,
    "scenario": json_values, "scenario_file": json_values})
bodies = (st.binary(max_size=200) | json_values.map(lambda v: json.dumps(v).encode())
          | table_fields.map(lambda v: json.dumps(v).encode()))
query_text = st.text(max_size=20)
FUZZ_SETTINGS = settings(max_examples=FUZZ, deadline=None, derandomize=True, database=None,
                         suppress_health_check=list(HealthCheck))


def no_5xx(r: Any) -> None:
    assert r.status_code < 500, (r.status_code, r.text[:300])
    if r.status_code >= 400:
        assert "error" in r.json()


@FUZZ_SETTINGS
@given(body=bodies)
def test_fuzz_new_table(client: TestClient, body: bytes) -> None:
    no_5xx(client.post("/api/tables", content=body, headers={"Content-Type": "application/json"}))


@FUZZ_SETTINGS
@given(seat=query_text, token=query_text, what=st.sampled_from(["", "/log", "/choose", "/quit"]), body=bodies)
def test_fuzz_seat_endpoints(client: TestClient, table: tuple[str, str], seat: str, token: str, what: str,
                             body: bytes) -> None:
    tid, real = table
    params = {"token": token if token else real}
    path = f"/api/tables/{tid}/seats/{quote(seat or '0', safe='')}{what}"
    if what in ("/choose", "/quit"):
        no_5xx(client.post(path, params=params, content=body))
    else:
        no_5xx(client.get(path, params=params, headers={"X-Seat-Token": token.encode("utf-8").replace(b"\r", b"")
                                                                                     .replace(b"\n", b"")}))


@FUZZ_SETTINGS
@given(tid=query_text)
def test_fuzz_texts_and_unknown_tables(client: TestClient, tid: str) -> None:
    no_5xx(client.get(f"/api/tables/{quote(tid, safe='')}/texts"))


@FUZZ_SETTINGS
@given(step=query_text, view=query_text | st.sampled_from(["0", "1", "judge"]))
def test_fuzz_replay_steps(client: TestClient, replay: str, step: str, view: str) -> None:
    no_5xx(client.get(f"/api/replays/{replay}", params={"step": step, "view": view}))


@FUZZ_SETTINGS
@given(cut=st.integers(0, 10**6), junk=st.binary(max_size=60), where=st.integers(0, 10**6))
def test_fuzz_replay_uploads(client: TestClient, log_text: str, cut: int, junk: bytes, where: int) -> None:
    raw = log_text.encode()[:3000]  # the log's head: its game line and first events, edited at random
    raw = raw[: cut % (len(raw) + 1)]
    at = where % (len(raw) + 1)
    no_5xx(client.post("/api/replays", content=raw[:at] + junk + raw[at:]))


@FUZZ_SETTINGS
@given(path=st.text(max_size=40), method=st.sampled_from(["GET", "POST", "PUT", "DELETE"]))
def test_fuzz_any_path(client: TestClient, path: str, method: str) -> None:
    no_5xx(client.request(method, "/" + quote(path.lstrip("/"), safe="/?=&")))


def test_catalog_answers(client: TestClient) -> None:
    assert client.get("/api/catalog").status_code == 200

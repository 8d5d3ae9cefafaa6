"""Nothing a client sends makes the sandbox answer 500: every case found by hand, one test each, and a
Hypothesis fuzz of every endpoint (bodies, query strings, path parameters and headers drawn at random).

The fuzz sends its requests straight to the app on one event loop (:class:`tests.web.direct.DirectClient`):
2,000 examples per endpoint by default (``BPDSL_FUZZ_EXAMPLES`` sets another count), within seconds each.

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
from tests.web import fuzzbodies
from tests.web.direct import DirectClient

OWN = {"X-Bpdsl-Client": "1"}
FUZZ = int(os.environ.get("BPDSL_FUZZ_EXAMPLES", "2000"))  # examples per endpoint


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

@pytest.fixture(scope="module")
def direct() -> Any:
    """One app for every fuzz test of this module, called in-process (no network, no thread per request)."""
    c = DirectClient(create_app(), headers=OWN)
    yield c
    c.close()


@pytest.fixture(scope="module")
def fuzz_table(direct: DirectClient) -> tuple[str, str]:
    r = direct.post("/api/tables", json_body={"seed": 7})
    assert r.status_code == 200, r.text
    return r.json()["table"], r.json()["seats"][0]["token"]


@pytest.fixture(scope="module")
def fuzz_replay(direct: DirectClient, log_text: str) -> str:
    r = direct.post("/api/replays", content=log_text.encode())
    assert r.status_code == 200, r.text
    return r.json()["replay"]


# a body and a text are each one draw of bytes read as a recipe (tests/web/fuzzbodies.py): Hypothesis's own
# work per drawn choice costs more than a request, so few choices make thousands of examples cheap
bodies = fuzzbodies.bodies
query_text = fuzzbodies.texts
FUZZ_SETTINGS = settings(max_examples=FUZZ, deadline=None, derandomize=True, database=None,
                         suppress_health_check=list(HealthCheck))


def no_5xx(r: Any) -> None:
    assert r.status_code < 500, (r.status_code, r.text[:300])
    if r.status_code >= 400:
        assert "error" in r.json()


@pytest.mark.long
@FUZZ_SETTINGS
@given(body=fuzzbodies.bodies_of(["seed", "seat", "opponent", "edition", "format", "regulation", "scenario",
                                  "scenario_file"]))
def test_fuzz_new_table(direct: DirectClient, body: bytes) -> None:
    no_5xx(direct.post("/api/tables", content=body, headers={"Content-Type": "application/json"}))


@pytest.mark.long
@pytest.mark.parametrize("what", ["", "/log", "/choose", "/quit", "/notes", "/explain", "/undo", "/undo/answer"])
@FUZZ_SETTINGS
@given(seat=query_text, token=query_text, body=bodies)
def test_fuzz_seat_endpoints(direct: DirectClient, fuzz_table: tuple[str, str], what: str, seat: str, token: str,
                             body: bytes) -> None:
    tid, real = fuzz_table
    params = {"token": token if token else real}
    path = f"/api/tables/{tid}/seats/{quote(seat or '0', safe='')}{what}"
    if what in ("/choose", "/quit", "/notes", "/undo", "/undo/answer"):
        no_5xx(direct.post(path, params=params, content=body))
    else:
        no_5xx(direct.get(path, params=params, headers={"X-Seat-Token": token.encode("utf-8").replace(b"\r", b"")
                                                                                     .replace(b"\n", b"")}))


@pytest.mark.long
@pytest.mark.parametrize("what", ["seats/0/events", "seats/1/events", "watch/spectator", "watch/judge",
                                  "watch/spectator/events", "watch/judge/events", "watch/", "watch/judge/scenario",
                                  "watch/spectator/scenario"])
@FUZZ_SETTINGS
@given(role=query_text, token=query_text)
def test_fuzz_pushed_updates_and_watchers(direct: DirectClient, fuzz_table: tuple[str, str], what: str, role: str,
                                          token: str) -> None:
    """The event streams and the watchers' links with any token but a real one (a real one opens a stream
    that lasts as long as the game: the two-browser and store tests follow those)."""
    tid, real = fuzz_table
    path = f"/api/tables/{tid}/{what}" + (quote(role, safe="") if what.endswith("/") else "")
    no_5xx(direct.get(path, params={"token": token if token != real else token + "x"}))


@pytest.mark.long
@FUZZ_SETTINGS
@given(tid=query_text)
def test_fuzz_texts_and_unknown_tables(direct: DirectClient, tid: str) -> None:
    no_5xx(direct.get(f"/api/tables/{quote(tid, safe='')}/texts"))


@pytest.mark.long
@FUZZ_SETTINGS
@given(step=query_text, view=query_text | st.sampled_from(["0", "1", "judge"]))
def test_fuzz_replay_steps(direct: DirectClient, fuzz_replay: str, step: str, view: str) -> None:
    no_5xx(direct.get(f"/api/replays/{fuzz_replay}", params={"step": step, "view": view}))


@pytest.mark.long
@FUZZ_SETTINGS
@given(cut=st.integers(0, 10**6), junk=st.binary(max_size=60), where=st.integers(0, 10**6))
def test_fuzz_replay_uploads(direct: DirectClient, log_text: str, cut: int, junk: bytes, where: int) -> None:
    raw = log_text.encode()[:3000]  # the log's head: its game line and first events, edited at random
    raw = raw[: cut % (len(raw) + 1)]
    at = where % (len(raw) + 1)
    no_5xx(direct.post("/api/replays", content=raw[:at] + junk + raw[at:]))


@pytest.mark.long
@FUZZ_SETTINGS
@given(path=st.text(max_size=40), method=st.sampled_from(["GET", "POST", "PUT", "DELETE"]))
def test_fuzz_any_path(direct: DirectClient, path: str, method: str) -> None:
    no_5xx(direct.request(method, "/" + quote(path.lstrip("/"), safe="/?=&")))


def test_catalog_answers(direct: DirectClient) -> None:
    assert direct.get("/api/catalog").status_code == 200


# --- the lessons' and the studio's endpoints ----------------------------------------------------------

@pytest.fixture(scope="module")
def lesson_session(direct: DirectClient) -> tuple[str, str]:
    lesson = direct.get("/api/lessons").json()["lessons"][0]["id"]
    r = direct.post(f"/api/lessons/{lesson}/sessions", content=b"{}")
    assert r.status_code == 200, r.text
    return r.json()["session"], r.json()["token"]


@pytest.mark.long
@pytest.mark.parametrize("what", ["start", "session", "choose"])
@FUZZ_SETTINGS
@given(name=query_text, token=query_text, body=bodies)
def test_fuzz_lessons(direct: DirectClient, lesson_session: tuple[str, str], what: str, name: str, token: str,
                      body: bytes) -> None:
    real_sid, real_token = lesson_session
    if what == "start":
        no_5xx(direct.post(f"/api/lessons/{quote(name, safe='')}/sessions", content=body))
        return
    path = f"/api/lessons/sessions/{quote(name, safe='') if name else real_sid}"
    params = {"token": token if token else real_token}
    if what == "choose":
        no_5xx(direct.post(path + "/choose", params=params, content=body))
    else:
        no_5xx(direct.get(path, params=params, headers={"X-Lesson-Token": token.encode("utf-8")
                                                        .replace(b"\r", b"").replace(b"\n", b"")}))


REAL_FILE = "definitions/blackpoker/editions/act8.2/actions.yaml"  # bundled: read-only, never written


def studio_body(data: bytes) -> bytes:
    """A studio request: about one in 256 names a real file (each of those checks every definition, a tenth
    of a second); the others are refused before that (tests/web/test_studio_api.py checks real files)."""
    if data[:1] == b"\x89":
        return fuzzbodies.body_of(data[1:] or b"\1", first='"name": ' + json.dumps(REAL_FILE))
    return fuzzbodies.body_of(data)


def studio_name(data: bytes) -> str:
    return REAL_FILE if data[:1] == b"\x89" else fuzzbodies.any_text(data)


@pytest.mark.long
@pytest.mark.parametrize("what", ["check", "entry", "sheet", "save", "play", "diff", "simulate"])
@FUZZ_SETTINGS
@given(body=st.binary(max_size=160).map(studio_body))
def test_fuzz_studio_posts(direct: DirectClient, what: str, body: bytes) -> None:
    no_5xx(direct.post(f"/api/studio/{what}", content=body, headers={"Content-Type": "application/json"}))


@pytest.mark.long
@pytest.mark.parametrize("what", ["file", "version", "pdf", "simulate/"])
@FUZZ_SETTINGS
@given(query=query_text, name=st.binary(max_size=32).map(studio_name))
def test_fuzz_studio_gets(direct: DirectClient, what: str, query: str, name: str) -> None:
    path = f"/api/studio/{what}" + (quote(query, safe="") if what.endswith("/") else "")
    no_5xx(direct.get(path, params={"name": name, "edition": query, "format": query}))


def test_the_studio_refuses_a_cursor_that_is_no_position(direct: DirectClient) -> None:
    text = direct.get("/api/studio/file", params={"name": REAL_FILE}).json()["text"]
    for line, col in (("abc", 1), ({"a": 1}, 1), (1, -5), (True, 1), (1.5, 1), (1, 10**8)):
        r = direct.post("/api/studio/check", json_body={"name": REAL_FILE, "text": text, "line": line, "col": col})
        assert "line and col" in refused(r)
    assert direct.post("/api/studio/check", json_body={"name": REAL_FILE, "text": text, "line": 3}).status_code == 200


def test_a_simulation_with_wrong_fields_is_refused(direct: DirectClient) -> None:
    for body in ({"edition": "act8.2", "format": "std", "entry": "x", "games": 10**9}, {"edition": 5}):
        refused(direct.post("/api/studio/simulate", json_body=body))

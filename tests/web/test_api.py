"""The sandbox's HTTP API, called as the browser calls it (Starlette's test client, no network).

A whole game is played through the API and every payload sent to the person's seat is checked for hidden
cards; malformed requests get a clear 4xx and never change the game; a finished game's log replays with
``bpdsl replay``; regulations, scenarios, two people on one machine and the replay viewer work.
"""
from __future__ import annotations

import json
import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from bpdsl.engine.replay import replay_events
from bpdsl.web.app import create_app
from tests.web.leaks import Checker


@pytest.fixture(scope="module")
def client() -> TestClient:
    # the header the sandbox's own pages send with every request (bpdsl.web.sameorigin)
    return TestClient(create_app(), raise_server_exceptions=False, headers={"X-Bpdsl-Client": "1"})


def new_table(client: TestClient, **fields: Any) -> tuple[str, dict[int, str]]:
    r = client.post("/api/tables", json={"seat": 0, "opponent": "random", "seed": 7, **fields})
    assert r.status_code == 200, r.text
    data = r.json()
    return data["table"], {s["seat"]: s["token"] for s in data["seats"]}


def url(table: str, seat: int, token: str, what: str = "") -> str:
    return f"/api/tables/{table}/seats/{seat}{what}?token={token}"


def play_to_end(client: TestClient, table: str, seat: int, token: str, rng: random.Random,
                limit: int = 5000) -> list[dict[str, Any]]:
    payloads = [client.get(url(table, seat, token)).json()]
    while not payloads[-1]["over"]:
        p = payloads[-1]
        assert p["prompt"] is not None, p
        option = rng.randrange(len(p["prompt"]["options"]))
        r = client.post(url(table, seat, token, "/choose"), json={"decision": p["decision_no"], "option": option})
        assert r.status_code == 200, r.text
        payloads.append(r.json())
        assert len(payloads) < limit
    return payloads


def full_log(client: TestClient, table: str, seat: int, token: str) -> list[dict[str, Any]]:
    r = client.get(url(table, seat, token, "/log"))
    assert r.status_code == 200
    return [json.loads(line) for line in r.text.splitlines()]


def test_a_whole_game_through_the_api_sends_the_seat_no_hidden_card(client: TestClient) -> None:
    table, tokens = new_table(client, edition="act8.0", format="std")
    payloads = play_to_end(client, table, 0, tokens[0], random.Random(1))
    assert payloads[-1]["result"]["outcome"] in ("あなたの勝ち", "あなたの負け", "引き分け")
    events = full_log(client, table, 0, tokens[0])
    assert replay_events(events).ok  # the saved log replays to the same final state
    checker = Checker(events)
    for p in payloads[:: max(1, len(payloads) // 40)] + [payloads[-1]]:
        checker.check(p, 0)
    assert checker.checked >= 2


def test_malformed_requests_get_a_4xx_and_change_nothing(client: TestClient) -> None:
    table, tokens = new_table(client)
    tok = tokens[0]
    before = client.get(url(table, 0, tok)).json()
    n = len(before["prompt"]["options"])
    cases = [
        ("get", "/api/tables/nosuchgame/seats/0?token=x", None, 404),
        ("get", url(table, 1, "guess"), None, 403),  # the bot's seat has no token: its view cannot be asked for
        ("get", url(table, 0, "wrong"), None, 403),
        ("post", url(table, 0, tok, "/choose"), {"decision": before["decision_no"], "option": n}, 400),
        ("post", url(table, 0, tok, "/choose"), {"decision": before["decision_no"], "option": -1}, 400),
        ("post", url(table, 0, tok, "/choose"), {"decision": before["decision_no"], "option": "x"}, 400),
        ("post", url(table, 0, tok, "/choose"), {"decision": before["decision_no"] + 5, "option": 0}, 409),
        ("post", url(table, 0, tok, "/choose"), {"decision": True, "option": 0}, 400),
        ("post", url(table, 0, tok, "/choose"), b"{not json", 400),
        ("post", url(table, 0, tok, "/choose"), b"x" * 100_000, 413),
        ("post", "/api/tables", b"[" * 200_000, 413),
        ("post", "/api/tables", {"edition": "act9.9"}, 400),
        ("post", "/api/tables", {"edition": "act8.0", "format": "nope"}, 400),
        ("post", "/api/tables", {"regulation": "std+nonsense"}, 400),
        ("post", "/api/tables", {"opponent": "alphago"}, 400),
        ("post", "/api/tables", {"seat": 5}, 400),
        ("post", "/api/tables", {"scenario": "players: [1, 2"}, 400),
        ("post", "/api/tables", {"scenario_file": "../../etc/passwd"}, 400),
        ("get", "/api/replays/nosuch?step=0", None, 404),
        ("post", "/api/replays", b"not a log", 400),
    ]
    for method, path, body, status in cases:
        kw: dict[str, Any] = {}
        if isinstance(body, (bytes, str)):
            kw["content"] = body
        elif body is not None:
            kw["json"] = body
        r = getattr(client, method)(path, **kw)
        assert r.status_code == status, (path, body if not isinstance(body, bytes) else body[:20], r.status_code, r.text)
        assert "error" in r.json() and "Traceback" not in r.text
    assert client.get(url(table, 0, tok)).json() == before  # the game did not change
    # a stale decision: the one just taken cannot be taken again
    ok = client.post(url(table, 0, tok, "/choose"), json={"decision": before["decision_no"], "option": 0})
    assert ok.status_code == 200
    after = ok.json()
    again = client.post(url(table, 0, tok, "/choose"), json={"decision": before["decision_no"], "option": 0})
    assert again.status_code == 409
    assert client.get(url(table, 0, tok)).json() == after


def test_the_log_of_a_running_game_holds_only_the_seats_lines(client: TestClient) -> None:
    table, tokens = new_table(client)
    lines = full_log(client, table, 0, tokens[0])
    assert lines[0]["t"] == "seat_log" and all(e["t"] == "line" for e in lines[1:])
    assert "seed" not in json.dumps(lines)
    quit_ = client.post(url(table, 0, tokens[0], "/quit"))
    assert quit_.status_code == 200 and quit_.json()["over"]
    events = full_log(client, table, 0, tokens[0])  # quit: the whole log, replayable to where it stopped
    assert events[-1]["t"] == "end" and events[-1]["quit"]
    assert replay_events(events).ok


def test_two_people_on_one_machine(client: TestClient) -> None:
    table, tokens = new_table(client, opponent="person")
    assert set(tokens) == {0, 1}
    rng = random.Random(3)
    for _ in range(60):
        views = [client.get(url(table, s, tokens[s])).json() for s in (0, 1)]
        if views[0]["over"]:
            break
        asked = [s for s in (0, 1) if views[s]["prompt"]]
        assert len(asked) == 1 and views[1 - asked[0]]["waiting"]
        s = asked[0]
        wrong = client.post(url(table, 1 - s, tokens[1 - s], "/choose"),
                            json={"decision": views[1 - s]["decision_no"], "option": 0})
        assert wrong.status_code == 409  # not that seat's decision
        p = views[s]
        r = client.post(url(table, s, tokens[s], "/choose"),
                        json={"decision": p["decision_no"], "option": rng.randrange(len(p["prompt"]["options"]))})
        assert r.status_code == 200


@pytest.mark.parametrize("fields", [{"regulation": "std+random40+pack"}, {"regulation": "ライト40"},
                                    {"edition": "bd1", "format": "std"}, {"edition": "act6.1", "format": "lite"},
                                    {"scenario_file": "act8.0/counter_negates.yaml"}])
def test_other_starts_play_and_replay(client: TestClient, fields: dict[str, Any]) -> None:
    table, tokens = new_table(client, **fields)
    payloads = play_to_end(client, table, 0, tokens[0], random.Random(2))
    events = full_log(client, table, 0, tokens[0])
    if "scenario_file" not in fields:  # a scenario's position is not a game line bpdsl replay knows
        if "regulation" in fields:
            from bpdsl.dsl.loader import load_definitions
            from bpdsl.games.blackpoker.regulation.play import replay_regulation_log

            assert replay_regulation_log(load_definitions(), events).ok
        else:
            assert replay_events(events).ok
    checker = Checker(events)
    for p in (payloads[0], payloads[len(payloads) // 2], payloads[-1]):
        checker.check(p, 0)
    r = client.post("/api/replays", content="".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events))
    assert r.status_code == 200, r.text
    rid, steps = r.json()["replay"], r.json()["steps"]
    last = client.get(f"/api/replays/{rid}?step={steps}&view=judge").json()
    assert last["judge"] and last["result"] is not None


def test_the_replay_viewer_steps_both_ways_from_each_view(client: TestClient) -> None:
    table, tokens = new_table(client, edition="act8.0", format="std", seed=11)
    play_to_end(client, table, 0, tokens[0], random.Random(5))
    events = full_log(client, table, 0, tokens[0])
    r = client.post("/api/replays", content="".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events))
    rid, steps = r.json()["replay"], r.json()["steps"]
    assert steps == sum(1 for e in events if e["t"] == "decision")
    mid = steps // 2
    seat0 = client.get(f"/api/replays/{rid}?step={mid}&view=0").json()
    seat1 = client.get(f"/api/replays/{rid}?step={mid}&view=1").json()
    judge = client.get(f"/api/replays/{rid}?step={mid}&view=judge").json()
    back = client.get(f"/api/replays/{rid}?step={mid - 1}&view=0").json()
    again = client.get(f"/api/replays/{rid}?step={mid}&view=0").json()
    assert seat0 == again and back["step"] == mid - 1 and back != seat0
    assert not seat0["judge"] and judge["judge"]
    assert "hand" in seat0["board"]["players"][0] and "hand" not in seat0["board"]["players"][1]
    assert "hand" in seat1["board"]["players"][1] and "hand" not in seat1["board"]["players"][0]
    assert all("hand" in o["players"][o["you"]] for o in judge["board"]["seats"])
    assert client.get(f"/api/replays/{rid}?step={steps + 1}&view=0").status_code == 400
    assert client.get(f"/api/replays/{rid}?step=0&view=7").status_code == 400

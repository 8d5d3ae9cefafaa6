"""Undo by agreement of both seats, through the API: one seat asks, the other accepts or refuses through its
own link; an accepted undo takes the last decision back and is an ``undo`` line of the log, which the
replayer (``bpdsl replay``'s) and the replay viewer understand, which names no card to a seat, and which a
restarted server (``--tables``) keeps."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from bpdsl.engine.log import chain_digest, CHAIN_KEY, CHAIN_START
from bpdsl.engine.replay import replay_events
from bpdsl.web.app import create_app
from bpdsl.web.store import TableStore
from tests.web.test_leak_property import schema_problems

SCENARIO = "act8.0/combat_soldiers.yaml"


def client_on(store: Any = None) -> TestClient:
    return TestClient(create_app(store=store), raise_server_exceptions=False, headers={"X-Bpdsl-Client": "1"})


def new_two_person(client: TestClient, **fields: Any) -> tuple[str, dict[int, str]]:
    r = client.post("/api/tables", json={"scenario_file": SCENARIO, "opponent": "person", "seed": 3, **fields})
    assert r.status_code == 200, r.text
    return r.json()["table"], {s["seat"]: s["token"] for s in r.json()["seats"]}


def seat_url(table: str, seat: int, tokens: dict[int, str], what: str = "") -> str:
    return f"/api/tables/{table}/seats/{seat}{what}?token={tokens[seat]}"


def payloads(client: TestClient, table: str, tokens: dict[int, str]) -> list[dict[str, Any]]:
    out = [client.get(seat_url(table, s, tokens)).json() for s in sorted(tokens)]
    for p in out:
        assert not schema_problems(p), schema_problems(p)
    return out


def choose(client: TestClient, table: str, tokens: dict[int, str], rng: random.Random) -> int:
    """The seat asked takes a random option; returns that seat."""
    for p in payloads(client, table, tokens):
        if p["prompt"]:
            r = client.post(seat_url(table, p["seat"], tokens, "/choose"),
                            json={"decision": p["decision_no"], "option": rng.randrange(len(p["prompt"]["options"]))})
            assert r.status_code == 200, r.text
            return int(p["seat"])
    raise AssertionError("nobody is asked")


def test_an_undo_asked_by_one_seat_and_accepted_by_the_other_takes_the_decision_back() -> None:
    client = client_on()
    table, tokens = new_two_person(client)
    rng = random.Random(2)
    for _ in range(3):
        choose(client, table, tokens, rng)
    before = payloads(client, table, tokens)
    chooser = choose(client, table, tokens, rng)
    asker, answerer = chooser, 1 - chooser
    assert client.post(seat_url(table, asker, tokens, "/undo/answer"), json={"accept": True}).status_code == 409
    r = client.post(seat_url(table, asker, tokens, "/undo"))
    assert r.status_code == 200, r.text
    assert r.json()["undo"] == {"state": "asked", "mine": True, "decision_no": 4} and not r.json()["can_undo"]
    assert client.post(seat_url(table, asker, tokens, "/undo")).status_code == 409  # asked already
    # the asking seat cannot answer its own request; the other seat sees it and accepts
    assert client.post(seat_url(table, asker, tokens, "/undo/answer"), json={"accept": True}).status_code == 409
    other = client.get(seat_url(table, answerer, tokens)).json()
    assert other["undo"] == {"state": "asked", "mine": False, "decision_no": 4}
    assert client.post(seat_url(table, answerer, tokens, "/undo/answer"), json={"accept": "yes"}).status_code == 400
    r = client.post(seat_url(table, answerer, tokens, "/undo/answer"), json={"accept": True})
    assert r.status_code == 200, r.text
    after = payloads(client, table, tokens)
    for b, a in zip(before, after):  # the same decision again, the same board
        assert a["decision_no"] == b["decision_no"] == 3
        assert a["board"] == b["board"] and a["prompt"] == b["prompt"]
        assert a["undo"] is None and a["can_undo"]
        assert a["lines"][:len(b["lines"])] == b["lines"]
        told = a["lines"][len(b["lines"]):]
        assert len(told) == 1 and told[0].startswith("取り消し: ")  # no card named, the subject named
        assert ("あなたが求め" in told[0]) == (a["seat"] == asker)
    # a refused undo changes nothing and says so to both
    choose(client, table, tokens, rng)
    asker = 1 - asker
    assert client.post(seat_url(table, asker, tokens, "/undo")).status_code == 200
    r = client.post(seat_url(table, 1 - asker, tokens, "/undo/answer"), json={"accept": False})
    assert r.status_code == 200 and r.json()["undo"] == {"state": "refused", "mine": False, "decision_no": 4}
    assert r.json()["decision_no"] == 4 and r.json()["can_undo"]
    assert client.get(seat_url(table, asker, tokens)).json()["undo"]["mine"] is True

    # played to its end: the full log carries the undo line where the decision was asked again; it replays
    while not payloads(client, table, tokens)[0]["over"]:
        choose(client, table, tokens, rng)
    log = [json.loads(x) for x in client.get(seat_url(table, 0, tokens, "/log")).text.splitlines()]
    undos = [k for k, e in enumerate(log) if e["t"] == "undo"]
    assert len(undos) == 1 and log[undos[0] + 1]["t"] == "decision"
    assert {log[undos[0]][k] for k in ("asked", "agreed")} == {0, 1}
    result = replay_events(log)
    assert result.ok, result.problems()
    # moving the undo line elsewhere, even with the chain made whole again, is caught by the replay
    moved = [e for k, e in enumerate(log) if k != undos[0]]
    moved.insert(undos[0] - 1, log[undos[0]])
    assert not replay_events(rechained(moved)).ok
    # the replay viewer shows the undo at its step, from either seat and the judge's view
    text = client.get(seat_url(table, 0, tokens, "/log")).text
    replay = client.post("/api/replays", content=text.encode(), headers={"Content-Type": "text/plain"}).json()
    step = sum(1 for e in log[:undos[0]] if e["t"] == "decision")
    for view in ("0", "1", "judge"):
        shown = client.get(f"/api/replays/{replay['replay']}?step={step}&view={view}").json()
        assert any(line.startswith("取り消し: ") for line in shown["lines"]), shown["lines"]
        earlier = client.get(f"/api/replays/{replay['replay']}?step={step - 1}&view={view}").json()
        assert not any(line.startswith("取り消し: ") for line in earlier["lines"])


def rechained(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out, digest = [], CHAIN_START
    for e in events:
        digest = chain_digest(digest, e)
        out.append({**{k: v for k, v in e.items() if k != CHAIN_KEY}, CHAIN_KEY: digest})
    return out


def test_against_a_bot_the_undo_is_granted_at_once_and_a_restarted_server_keeps_it(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    client = client_on(TableStore(db))
    r = client.post("/api/tables", json={"edition": "act8.0", "format": "std", "opponent": "random", "seed": 5})
    table, tokens = r.json()["table"], {s["seat"]: s["token"] for s in r.json()["seats"]}
    rng = random.Random(4)
    assert client.post(seat_url(table, 0, tokens, "/undo")).status_code == 409  # nothing taken yet
    for _ in range(5):
        choose(client, table, tokens, rng)
    before = client.get(seat_url(table, 0, tokens)).json()
    choose(client, table, tokens, rng)
    r = client.post(seat_url(table, 0, tokens, "/undo"))
    assert r.status_code == 200, r.text
    now = r.json()
    assert now["decision_no"] == before["decision_no"] and now["board"] == before["board"]
    assert now["lines"][-1] == "取り消し: " + now["lines"][-1][len("取り消し: "):] and "ボット" in now["lines"][-1]
    # a restarted server resumes the game with its undo
    again = create_app(store=TableStore(db))
    second = TestClient(again, raise_server_exceptions=False, headers={"X-Bpdsl-Client": "1"})
    resumed = second.get(seat_url(table, 0, tokens)).json()
    assert resumed["lines"] == now["lines"] and resumed["decision_no"] == now["decision_no"]
    # quit at the decision asked again: the undo line stands just before the log's end line, and replays
    assert second.post(seat_url(table, 0, tokens, "/quit")).status_code == 200
    log = [json.loads(x) for x in second.get(seat_url(table, 0, tokens, "/log")).text.splitlines()]
    assert [e.get("bot") for e in log if e["t"] == "undo"] == [True] and log[-2]["t"] == "undo"
    assert replay_events(log).ok

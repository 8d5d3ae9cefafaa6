"""Tables kept in SQLite (``bpdsl serve --tables FILE``): a server started again on the same file resumes
every game where it was — same decision, same board, same tokens — and the game goes on to its end."""
from __future__ import annotations

import random
import stat
from pathlib import Path

from starlette.testclient import TestClient

from bpdsl.web.app import create_app
from bpdsl.web.store import TableStore


def client_on(path: Path) -> TestClient:
    return TestClient(create_app(store=TableStore(path)), raise_server_exceptions=False,
                      headers={"X-Bpdsl-Client": "1"})


def test_a_restarted_server_resumes_a_two_person_game(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    first = client_on(db)
    r = first.post("/api/tables", json={"scenario_file": "act8.0/combat_soldiers.yaml", "opponent": "person", "seed": 9})
    assert r.status_code == 200, r.text
    table = r.json()["table"]
    tokens = {s["seat"]: s["token"] for s in r.json()["seats"]}
    assert stat.S_IMODE(db.stat().st_mode) == 0o600  # the file holds the seats' tokens
    rng = random.Random(1)

    def step(client: TestClient) -> dict:
        for seat in (0, 1):
            p = client.get(f"/api/tables/{table}/seats/{seat}?token={tokens[seat]}").json()
            if p["prompt"]:
                r = client.post(f"/api/tables/{table}/seats/{seat}/choose?token={tokens[seat]}",
                                json={"decision": p["decision_no"], "option": rng.randrange(len(p["prompt"]["options"]))})
                assert r.status_code == 200, r.text
                return r.json()
        raise AssertionError("nobody is asked")

    for _ in range(4):
        step(first)
    before = [first.get(f"/api/tables/{table}/seats/{s}?token={tokens[s]}").json() for s in (0, 1)]

    again = client_on(db)  # the server started again: nothing of the first one in memory
    after = [again.get(f"/api/tables/{table}/seats/{s}?token={tokens[s]}").json() for s in (0, 1)]
    assert after == before and after[0]["decision_no"] == 4
    assert again.get(f"/api/tables/{table}/seats/1?token={tokens[0]}").status_code == 403
    n = 0
    while not step(again)["over"]:
        n += 1
        assert n < 3000
    third = client_on(db)
    assert third.get(f"/api/tables/{table}/seats/0?token={tokens[0]}").json()["over"]


def test_a_table_not_kept_is_still_not_found(tmp_path: Path) -> None:
    client = client_on(tmp_path / "t.sqlite3")
    r = client.get("/api/tables/nosuchgame/seats/0?token=x")
    assert r.status_code == 404 and "error" in r.json()


def test_the_watchers_links_spectator_and_judge(tmp_path: Path) -> None:
    """A spectator's and the judge's link: each opens its own view only, a wrong token is refused, and both
    links survive a restart."""
    db = tmp_path / "tables.sqlite3"
    client = client_on(db)
    r = client.post("/api/tables", json={"edition": "act8.0", "format": "std", "opponent": "person", "seed": 3})
    data = r.json()
    watch = {w["role"]: w["url"].split("token=")[1] for w in data["watch"]}
    table = data["table"]
    seat_token = data["seats"][0]["token"]
    spectator = client.get(f"/api/tables/{table}/watch/spectator?token={watch['spectator']}").json()
    assert spectator["role"] == "spectator" and not spectator["judge"]
    # the spectator sees neither hand: only the counts
    assert all("hand" not in side or set(side["hand"]) <= {"?"} for side in spectator["board"]["players"])
    judge = client.get(f"/api/tables/{table}/watch/judge?token={watch['judge']}").json()
    assert judge["judge"]
    for o in judge["board"]["seats"]:  # every hand, card by card
        mine = o["players"][o["you"]]
        assert len(mine["hand"]) == mine["hand_count"] > 0 and "?" not in mine["hand"]
    for role, token in (("judge", watch["spectator"]), ("spectator", seat_token), ("judge", "x")):
        assert client.get(f"/api/tables/{table}/watch/{role}?token={token}").status_code == 403
    assert client.get(f"/api/tables/{table}/watch/nobody?token=x").status_code == 404
    again = client_on(db)
    assert again.get(f"/api/tables/{table}/watch/judge?token={watch['judge']}").status_code == 200


def test_notes_on_a_game_are_their_seats_own_and_kept(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    client = client_on(db)
    data = client.post("/api/tables", json={"edition": "act8.0", "format": "std", "opponent": "person", "seed": 3}).json()
    table, tokens = data["table"], {s["seat"]: s["token"] for s in data["seats"]}
    r = client.post(f"/api/tables/{table}/seats/0/notes?token={tokens[0]}", json={"text": "  ♠9 を引いた: 裁定を確認  "})
    assert r.status_code == 200, r.text
    assert r.json()["notes"] == [{"seat": 0, "decision_no": 0, "text": "♠9 を引いた: 裁定を確認"}]
    assert client.get(f"/api/tables/{table}/seats/1?token={tokens[1]}").json()["notes"] == []  # not the other seat's
    for body, status in (({"text": "   "}, 400), ({"text": "x" * 1001}, 400), ({}, 400)):
        assert client.post(f"/api/tables/{table}/seats/0/notes?token={tokens[0]}", json=body).status_code == status
    assert client.post(f"/api/tables/{table}/seats/0/notes?token={tokens[1]}", json={"text": "x"}).status_code == 403
    again = client_on(db)
    assert again.get(f"/api/tables/{table}/seats/0?token={tokens[0]}").json()["notes"][0]["text"].startswith("♠9")

"""A position of a sandbox game saved as a scenario file (the judge's link): the file is a valid scenario
that ``bpdsl scenario`` runs, and a new game started from it shows both seats the same board and the same
question as the game it was saved from, and plays on."""
from __future__ import annotations

import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from bpdsl.datafile import load_yaml_text
from bpdsl.scenarios.runner import run_scenario_data
from bpdsl.web.app import create_app
from tests.web.test_leak_property import schema_problems


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False, headers={"X-Bpdsl-Client": "1"})


def started(client: TestClient, **fields: Any) -> tuple[str, dict[int, str], dict[str, str]]:
    r = client.post("/api/tables", json={"opponent": "person", "seed": 11, **fields})
    assert r.status_code == 200, r.text
    data = r.json()
    return (data["table"], {s["seat"]: s["token"] for s in data["seats"]},
            {w["role"]: w["url"].split("token=")[1] for w in data["watch"]})


def both(client: TestClient, table: str, tokens: dict[int, str]) -> list[dict[str, Any]]:
    return [client.get(f"/api/tables/{table}/seats/{s}?token={tokens[s]}").json() for s in (0, 1)]


def step(client: TestClient, table: str, tokens: dict[int, str], rng: random.Random) -> bool:
    """The seat asked takes a random option (mostly not the first: the game moves); False once it is over."""
    for p in both(client, table, tokens):
        assert not schema_problems(p)
        if p["prompt"]:
            n = len(p["prompt"]["options"])
            option = rng.randrange(1, n) if n > 1 and rng.random() < 0.6 else 0
            r = client.post(f"/api/tables/{table}/seats/{p['seat']}/choose?token={tokens[p['seat']]}",
                            json={"decision": p["decision_no"], "option": option})
            assert r.status_code == 200, r.text
            return True
    return False


def without_ids(data: Any) -> Any:
    """A board without the characters' ids (a new game numbers its characters afresh)."""
    if isinstance(data, dict):
        return {k: without_ids(v) for k, v in data.items() if k != "id"}
    if isinstance(data, list):
        return [without_ids(v) for v in data]
    return data


@pytest.mark.parametrize("game", [{"edition": "act8.0", "format": "std"}, {"edition": "act9.0", "format": "extra"},
                                  {"scenario_file": "act8.0/combat_soldiers.yaml"}], ids=lambda g: "-".join(g.values()))
def test_a_saved_position_runs_as_a_scenario_and_a_new_game_plays_on_from_it(client: TestClient,
                                                                            game: dict[str, str]) -> None:
    table, tokens, watch = started(client, **game)
    rng = random.Random(3)
    for _ in range(14):
        assert step(client, table, tokens, rng)
    while not any(p["prompt"] and p["prompt"]["kind"] == "action" for p in both(client, table, tokens)):
        assert step(client, table, tokens, rng)  # on to a chance: the position is saved where one is asked
    then = both(client, table, tokens)
    # a spectator's link may not save (the file holds every card); the judge's does
    assert client.get(f"/api/tables/{table}/watch/spectator/scenario?token={watch['spectator']}").status_code == 403
    assert client.get(f"/api/tables/{table}/watch/judge/scenario?token={watch['spectator']}").status_code == 403
    r = client.get(f"/api/tables/{table}/watch/judge/scenario?token={watch['judge']}")
    assert r.status_code == 200, r.text
    assert r.headers["content-disposition"].endswith(f'-d{then[0]["decision_no"]}.yaml"')
    data = load_yaml_text(r.text, "saved.yaml")
    result = run_scenario_data("", data)  # as `bpdsl scenario` runs the file
    assert not result.failures, result.failures
    # a new game from the file: both seats see what they saw, are asked what they were asked, and play on
    again, again_tokens, _ = started(client, scenario=r.text)
    now = both(client, again, again_tokens)
    for old, new in zip(then, now):
        assert without_ids(new["board"]) == without_ids(old["board"])
        assert new["prompt"] == old["prompt"]
    for _ in range(20):
        if not step(client, again, again_tokens, rng):
            break


def test_a_regulation_game_is_refused_with_a_reason(client: TestClient) -> None:
    table, tokens, watch = started(client, regulation="std+random40+pack")
    r = client.get(f"/api/tables/{table}/watch/judge/scenario?token={watch['judge']}")
    assert r.status_code == 409 and "regulation" in r.json()["error"]

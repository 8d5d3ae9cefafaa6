"""Only the sandbox's own pages may use it: a page of another site (directly, or through DNS rebinding)
cannot create games, choose for a seat or upload replays (:mod:`bpdsl.web.sameorigin`)."""
from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from bpdsl.web.app import create_app
from bpdsl.web.sameorigin import host_allowed, same_origin


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(hosts=("mybox.local",)), raise_server_exceptions=False,
                      base_url="http://127.0.0.1:8000")


def test_a_foreign_page_cannot_create_a_game(client: TestClient) -> None:
    # the case found by hand: a simple text/plain POST, Origin and Host both the attacker's (DNS rebinding)
    r = client.post("/api/tables", content='{"seed": 1}', headers={
        "Content-Type": "text/plain", "Origin": "http://evil.example", "Host": "evil.example"})
    assert r.status_code == 403 and "evil.example" in r.json()["error"]
    # the foreign Origin against the right Host, even with the JSON type and the client header
    r = client.post("/api/tables", json={"seed": 1}, headers={"Origin": "http://evil.example",
                                                              "X-Bpdsl-Client": "1"})
    assert r.status_code == 403 and "another site" in r.json()["error"]
    for origin in ("null", "http://127.0.0.1:9999", "https://127.0.0.1:8000", "http://localhost:8000"):
        r = client.post("/api/tables", json={"seed": 1}, headers={"Origin": origin})
        assert r.status_code == 403, origin


def test_a_simple_cross_site_request_without_origin_is_refused(client: TestClient) -> None:
    # what an old browser's form or a no-cors fetch can send: text/plain, no custom header
    r = client.post("/api/replays", content="{}", headers={"Content-Type": "text/plain"})
    assert r.status_code == 403 and "x-bpdsl-client" in r.json()["error"]
    r = client.post("/api/tables", content="seed=1", headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 403


def test_a_rebound_name_cannot_even_read(client: TestClient) -> None:
    assert client.get("/api/catalog", headers={"Host": "evil.example:8000"}).status_code == 403
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 403


def test_the_own_page_is_served(client: TestClient) -> None:
    r = client.post("/api/tables", json={"seed": 1}, headers={"Origin": "http://127.0.0.1:8000"})
    assert r.status_code == 200, r.text
    assert client.post("/api/replays", content="not a log", headers={"X-Bpdsl-Client": "1"}).status_code == 400
    for host in ("localhost:8000", "[::1]:8000", "192.168.1.5:8000", "mybox.local:8000"):
        assert client.get("/api/catalog", headers={"Host": host}).status_code == 200, host


def test_host_and_origin_rules() -> None:
    names = frozenset({"localhost"})
    assert host_allowed("127.0.0.1:8000", names) and host_allowed("[::1]", names)
    assert not host_allowed("127.0.0.1.evil.example", names) and not host_allowed("127.0.0.1:x", names)
    assert not host_allowed("", names)
    assert same_origin("http://127.0.0.1:8000", "127.0.0.1:8000", "http")
    assert same_origin("http://localhost", "localhost:80", "http")
    assert not same_origin("http://[::1", "[::1]:8000", "http")

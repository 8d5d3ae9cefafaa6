"""The pages beside the game (bpdsl.web.helppages), called as the browser calls them: the format's trump list
of a table (public, the same for both seats, none for a format without trumps), the manual served when it
is built and a page that says how to build it when it is not, and the lobby's default edition."""
from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from bpdsl.web.app import create_app


def _client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False, headers={"X-Bpdsl-Client": "1"})


def _table(client: TestClient, edition: str, fmt: str) -> str:
    r = client.post("/api/tables", json={"seat": 0, "opponent": "random", "seed": 7, "edition": edition,
                                         "format": fmt})
    assert r.status_code == 200, r.text
    return r.json()["table"]


def test_a_tables_trump_list_is_the_formats_printed_list() -> None:
    client = _client()
    trumps = client.get(f"/api/tables/{_table(client, 'act9.0', 'extra')}/trumps").json()["trumps"]
    assert len(trumps) == 30
    by_card = {t["card"]: t for t in trumps}
    assert by_card["♠A"]["name"] == "革命" and any("<革命ドロー>" in line for line in by_card["♠A"]["text"])
    # the frame list prints a trump's ability in the actions it brings: their printed text is shown
    assert by_card["♠3"]["brings"] == ["ドレイン"] and "【ドレイン】" in by_card["♠3"]["text"]
    assert client.get(f"/api/tables/{_table(client, 'act8.0', 'std')}/trumps").json() == {"trumps": []}
    assert client.get("/api/tables/nope/trumps").status_code == 404


def test_the_manual_is_served_when_built_and_explained_when_not(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BPDSL_MANUAL", raising=False)
    r = _client().get("/manual/")
    assert r.status_code == 200 and "bpdsl docs --out out/docs" in r.text
    built = tmp_path / "out" / "docs"
    built.mkdir(parents=True)
    (built / "index.html").write_text("<title>BlackPoker</title>the rulebook", encoding="utf-8")
    client = _client()
    assert "the rulebook" in client.get("/manual/").text
    assert client.get("/manual", follow_redirects=False).status_code == 307


def test_the_lobby_defaults_to_the_newest_edition_in_its_usual_format() -> None:
    from bpdsl.dsl.scaffold import newest_edition
    from bpdsl.engine import load_definitions

    default = _client().get("/api/catalog").json()["default"]
    assert default == {"edition": newest_edition(load_definitions(), "blackpoker"), "format": "std"}

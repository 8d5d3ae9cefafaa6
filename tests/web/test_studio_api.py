"""The studio's API through Starlette's test client, in a designer's project whose edition extends act8.2:
the file tree (the bundled files read-only, nothing outside it served), the check of unsaved text, the
printed entry cut from the sheet, atomic saves that refuse to overwrite another program's change, the game
of the edited definitions, the diff against the parent and the background simulation."""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from starlette.testclient import TestClient

from tests.lsp.test_lsp_server import ACTIONS, EDITION

NAME = "definitions/my/actions.yaml"


@pytest.fixture()
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    from bpdsl.dsl import project
    from bpdsl.web.app import create_app

    folder = tmp_path / "definitions" / "my"
    folder.mkdir(parents=True)
    (folder / "edition.yaml").write_text(EDITION, encoding="utf-8")
    (folder / "actions.yaml").write_text(ACTIONS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BPDSL_DEFINITIONS", raising=False)
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).resolve().parents[2]) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    project.reset()
    yield TestClient(create_app())


def _file(client: TestClient) -> dict[str, Any]:
    r = client.get("/api/studio/file", params={"name": NAME})
    assert r.status_code == 200
    return r.json()


def test_the_tree_lists_the_project_and_the_bundled_files_read_only(client: TestClient) -> None:
    files = client.get("/api/studio/files").json()["files"]
    mine = [f for f in files if f["editable"]]
    assert [f["name"] for f in mine] == ["definitions/my/actions.yaml", "definitions/my/edition.yaml"]
    bundled = next(f for f in files if f["label"] == "同梱: blackpoker/editions/act8.2/actions.yaml")
    assert not bundled["editable"]
    r = client.post("/api/studio/save", json={"name": bundled["name"], "text": "x", "version": ""})
    assert r.status_code == 403 and "read-only" in r.json()["error"]
    for bad in ("../etc/passwd", "/etc/passwd", "definitions/my/../../x.yaml"):
        r = client.get("/api/studio/file", params={"name": bad})
        assert r.status_code == 404 and "error" in r.json()


def test_check_reports_the_unsaved_texts_diagnostics_and_the_entry_under_the_cursor(client: TestClient) -> None:
    text = _file(client)["text"].replace("- damage:", "- dammage:")
    r = client.post("/api/studio/check", json={"name": NAME, "text": text, "line": 5, "col": 6}).json()
    assert [(d["code"], d["message"]) for d in r["diagnostics"]] == [("O001", "unknown op 'dammage'")]
    assert "did you mean 'damage'" in r["diagnostics"][0]["hint"]
    assert r["entry"]["id"] == "summon_soldier" and r["entry"]["edition"] == "my"
    assert "dammage" not in (Path(NAME).read_text(encoding="utf-8"))  # nothing was written


def test_the_printed_entry_is_the_sheets_own(client: TestClient) -> None:
    text = _file(client)["text"].replace("cost: B", "cost: L")
    r = client.post("/api/studio/entry", json={"name": NAME, "text": text, "kind": "actions", "id": "summon_soldier",
                                               "edition": "my", "format": "std"})
    assert r.status_code == 200
    assert '<span class="cost">$ L</span>' in r.text and "<style" in r.text and "防壁設置" not in r.text


def test_a_save_is_atomic_and_refused_over_another_programs_change(client: TestClient) -> None:
    f = _file(client)
    r = client.post("/api/studio/save", json={"name": NAME, "text": f["text"].replace("cost: B", "cost: L"),
                                              "version": f["version"]})
    assert r.status_code == 200 and r.json()["ok"] and r.json()["sheets"] == [
        "my-lite", "my-std", "my-pro", "my-mast", "my-extra"]
    assert "cost: L" in Path(NAME).read_text(encoding="utf-8")
    Path(NAME).write_text(ACTIONS.replace("cost: B", "cost: S"), encoding="utf-8")  # another editor
    r = client.post("/api/studio/save", json={"name": NAME, "text": "kind: actions\n", "version": r.json()["version"]})
    assert r.status_code == 409 and "changed on disk" in r.json()["error"]
    assert "cost: S" in Path(NAME).read_text(encoding="utf-8")
    assert client.get("/api/studio/version", params={"name": NAME}).json()["version"] == _file(client)["version"]
    assert not [p for p in Path(NAME).parent.iterdir() if p.name.endswith(".tmp")]


def test_play_this_plays_the_edited_definitions(client: TestClient) -> None:
    text = _file(client)["text"].replace("cost: B", "cost: L")
    r = client.post("/api/studio/play", json={"name": NAME, "text": text, "edition": "my", "format": "std",
                                              "entry": "summon_soldier"}).json()
    assert r["title"].startswith("兵士召喚 を試す")
    seat = client.get(r["url"].replace("/play?table=", "/api/tables/").replace("&seat=0&token=", "/seats/0?token="))
    options = [o["label"] for o in seat.json()["prompt"]["options"]]
    assert "兵士召喚" in options  # the page shows an action by its printed name (no id)
    texts = client.get(f"/api/tables/{r['table']}/texts").json()
    assert any("$ L" in line for line in texts["兵士召喚"])
    broken = client.post("/api/studio/play", json={"name": NAME, "text": text.replace("- damage:", "- dammage:"),
                                                   "edition": "my", "format": "std"})
    assert broken.status_code == 400 and "O001" in broken.json()["error"]


def test_the_diff_against_the_parent_follows_the_unsaved_text(client: TestClient) -> None:
    text = _file(client)["text"].replace("cost: B", "cost: L")
    d = client.post("/api/studio/diff", json={"name": NAME, "text": text, "edition": "my"}).json()
    assert d["old"] == "act8.2"
    changed = next(e for e in d["entries"] if e["id"] == "summon_soldier")
    assert changed["status"] == "changed" and changed["fields"] == [
        {"field": "cost", "old": "BL", "new": "L", "printed_only": False, "reaches": []}]
    assert next(e for e in d["entries"] if e["id"] == "volley")["status"] == "added"


@pytest.mark.slow  # two `bpdsl simulate` child processes
def test_simulate_plays_the_edition_and_its_parent_in_the_background(client: TestClient) -> None:
    r = client.post("/api/studio/simulate", json={"edition": "my", "format": "std", "entry": "summon_soldier",
                                                  "games": 4}).json()
    deadline = time.monotonic() + 240
    while r["state"] == "running" and time.monotonic() < deadline:
        time.sleep(0.5)
        r = client.get(f"/api/studio/simulate/{r['id']}").json()
    assert r["state"] == "done", r
    for side in ("edition", "parent"):
        res = r["results"][side]
        assert res["games"] == 4
        assert 0 <= res["entry"]["raise_rate"]["rate"] <= 1
        assert res["win_rate"]["seat0"]["rate"] + res["win_rate"]["seat1"]["rate"] <= 1
    bad = client.post("/api/studio/simulate", json={"edition": "my", "format": "std", "entry": "summon_soldier",
                                                    "games": 10**6})
    assert bad.status_code == 400

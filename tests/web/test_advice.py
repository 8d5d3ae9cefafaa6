"""The sandbox's 「評価」: an agent's values of the seat's pending options, from the seat's own view only."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from bpdsl.web.app import create_app
from tests.web.test_api import new_table, url
from tests.web.test_browser import CHROMIUM, browser_context, server  # noqa: F401  (fixtures)


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False, headers={"X-Bpdsl-Client": "1"})


def test_the_advice_values_the_seats_options_with_its_labels(client: TestClient) -> None:
    table, tokens = new_table(client, edition="act8.2", format="mast")
    p = client.get(url(table, 0, tokens[0])).json()
    r = client.get(url(table, 0, tokens[0], "/explain"))
    assert r.status_code == 200, r.text
    e = r.json()
    assert e["agent"] == "heuristic" and e["decision_no"] == p["decision_no"]
    assert e["agent_name"] == "定石" and e["measure_words"] and not re.search(r"[A-Za-z]{2}", e["measure_words"])
    assert [c["label"] for c in e["candidates"]] == [o["label"] for o in p["prompt"]["options"]]
    assert 0 <= e["choice"] < len(e["candidates"])
    assert client.get(url(table, 0, tokens[0])).json() == p  # asking changed nothing
    r = client.get(url(table, 0, tokens[0], "/explain") + "&agent=collector")
    assert r.status_code == 200 and r.json()["agent"] == "collector"


def test_the_advice_refuses_what_it_cannot_answer(client: TestClient) -> None:
    table, tokens = new_table(client, edition="act8.0", format="std")
    r = client.get(url(table, 0, tokens[0], "/explain") + "&agent=mcts")
    assert r.status_code == 400 and "advisors: heuristic, collector" in r.json()["error"]
    assert client.get(url(table, 1, "wrong", "/explain")).status_code == 403  # the bot's seat: no token
    client.post(url(table, 0, tokens[0], "/quit"))
    assert client.get(url(table, 0, tokens[0], "/explain")).status_code == 409


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium is installed by scripts/setup.sh")
def test_the_play_page_shows_the_values_on_the_options(server: str, browser_context: Any) -> None:  # noqa: F811
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server + "/")
    page.select_option("#mode", "format")
    page.select_option("#edition", "act8.2")
    page.select_option("#format", "mast")
    page.select_option("#seat", "0")
    page.select_option("#opponent", "random")
    page.fill("#seed", "7")
    page.click("#start")
    page.wait_for_url("**/play?**")
    page.wait_for_selector(".options button")
    page.click("#advise")
    page.wait_for_selector("#advice")
    values = page.locator(".options button .value")
    assert values.count() == page.locator(".options button").count()
    assert page.locator(".options button .value", has_text="★").count() == 1
    advice = page.locator("#advice").inner_text()
    assert advice.startswith("定石: ") and not re.search(r"[A-Za-z]{2}", advice), advice
    page.locator(".options button").first.click()  # the next decision gets its own button again
    page.wait_for_selector("#advise:not([disabled])")
    assert not errors, errors
    page.close()

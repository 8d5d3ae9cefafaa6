"""Two players on two browsers: two Chromium contexts (no shared cookies or storage), one table, each seat
opened by its own secret link; every choice made on one page reaches the other by the pushed updates
(server-sent events — the waiting page sends no request while it waits), one page is reloaded in the
middle of the game and goes on where it was, a spectator's page follows the game, and the game is played
to its end with no console error.  An undo asked on one page is accepted (or refused) on the other's.
"""
from __future__ import annotations

import json
import random
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

from bpdsl.datafile import load_yaml_text
from bpdsl.scenarios.runner import run_scenario_data
from tests.web.test_browser import ARGS, CHROMIUM, server  # noqa: F401 (fixture)
from tests.web.test_leak_property import schema_problems

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium is installed by scripts/setup.sh")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


def decision(page: Any) -> int:
    return int(page.locator("#prompt").get_attribute("data-decision") or "-1")


def test_two_browsers_play_one_table_to_its_end(server: str, browser: Any) -> None:  # noqa: F811
    contexts = [browser.new_context(locale="ja-JP", viewport={"width": 1200, "height": 900}) for _ in range(2)]
    errors: list[str] = []
    asked: list[list[str]] = [[], []]  # the payload requests each page sent (GET of its seat)
    pages = []
    for s, ctx in enumerate(contexts):
        page = ctx.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("request", lambda r, s=s: asked[s].append(r.url) if r.method == "GET" and "/seats/" in r.url
                and not r.url.split("?")[0].endswith(("/events", "/log")) else None)
        pages.append(page)

    # the first player creates the table, with a second person as the opponent, and gets both links
    a = pages[0]
    a.goto(server + "/")
    a.wait_for_selector("#scenario_file option[value='act8.0/combat_soldiers.yaml']", state="attached")
    a.select_option("#mode", "scenario")
    a.select_option("#scenario_file", "act8.0/combat_soldiers.yaml")
    a.select_option("#opponent", "person")
    a.click("#start")
    a.wait_for_selector("#links a")
    links = [a.locator("#links a").nth(k).get_attribute("href") for k in range(2)]
    assert all(link and "token=" in link for link in links)
    assert links[0].split("token=")[1] != links[1].split("token=")[1]
    # a seat's link is the only way to its view: the other seat's token does not open it
    table = links[0].split("table=")[1].split("&")[0]
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{server}/api/tables/{table}/seats/1?token={links[0].split('token=')[1]}")
    assert refused.value.code == 403

    watch = {a.locator("#links a.watch").nth(k).get_attribute("data-role"): a.locator("#links a.watch").nth(k).get_attribute("href")
             for k in range(2)}
    for page, link in zip(pages, links):
        page.goto(server + link)
        page.wait_for_selector(".options button, #prompt .question")
    spectator = contexts[0].new_page()  # a third page follows the table as a spectator
    spectator.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    spectator.on("pageerror", lambda e: errors.append(str(e)))
    spectator.goto(server + watch["spectator"])
    spectator.wait_for_selector("#deciding")
    rng = random.Random(6)
    clicks = 0
    reloaded = False
    while not all(p.locator("#result").count() for p in pages):
        movers = [p for p in pages if p.locator(".options button").count()]
        assert len(movers) == 1, "exactly one seat is asked the current decision"
        mover = movers[0]
        other = pages[1 - pages.index(mover)]
        now = decision(mover)
        assert decision(other) == now, "the waiting seat shows the same decision"
        buttons = mover.locator(".options button")
        n = buttons.count()
        buttons.nth(rng.randrange(1, n) if n > 1 and rng.random() < 0.7 else 0).click()
        for p in pages:  # both pages move on: the one that chose by its answer, the other by the pushed update
            p.wait_for_function("(b) => Number(document.querySelector('#prompt').dataset.decision) > b || "
                                "document.querySelector('#result') !== null", arg=now, timeout=30_000)
        clicks += 1
        if clicks == 6 and not reloaded:  # a reload in the middle: the seat goes on where it was
            before = decision(pages[1])
            pages[1].reload()
            pages[1].wait_for_selector(".options button, #prompt .question, #result")
            assert decision(pages[1]) == before
            reloaded = True
        assert not errors, errors
        assert clicks < 600
    assert reloaded
    spectator.wait_for_selector("#result")  # the spectator's page followed the game to its end by the pushes
    assert "勝ち" in spectator.locator("#result").inner_text() or "引き分け" in spectator.locator("#result").inner_text()
    outcomes = [p.locator("#result").inner_text() for p in pages]
    assert sorted(("勝ち" in o, "負け" in o) for o in outcomes) in ([(False, True), (True, False)],) or \
        all("引き分け" in o for o in outcomes), outcomes
    # the waiting page asked for its payload only when it was opened (and reloaded), never by polling
    assert len(asked[0]) <= 2 and len(asked[1]) <= 3, asked
    # the pushed updates carry the seat's own payload, of the schema's shape
    token1 = links[1].split("token=")[1]
    with urllib.request.urlopen(f"{server}/api/tables/{table}/seats/1/events?token={token1}", timeout=10) as r:
        head = [r.readline().decode() for _ in range(3)]
    assert head[0].startswith("event: payload")
    pushed = json.loads(head[2][len("data: "):])
    assert pushed["seat"] == 1 and pushed["over"] and not schema_problems(pushed)
    assert not errors, errors
    for ctx in contexts:
        ctx.close()


# Undo by agreement in the same two contexts' setting: the seat that just chose asks on its page to take the
# decision back, the other page is shown the request by the pushed updates and accepts it; both pages go back
# to the decision and tell the undo in their log; a second request is refused and nothing changes.  Most
# decisions are taken through the API (fast); the undo is asked and answered on the pages.

def call(base: str, method: str, path: str, body: Any = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method,
                                 headers={"X-Bpdsl-Client": "1", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def test_one_seat_asks_an_undo_and_the_other_accepts_it_on_its_own_page(server: str, browser: Any) -> None:  # noqa: F811
    made = call(server, "POST", "/api/tables", {"scenario_file": "act8.0/combat_soldiers.yaml", "opponent": "person",
                                                "seed": 3})
    table, links = made["table"], {s["seat"]: s for s in made["seats"]}

    def api(seat: int, what: str = "", body: Any = None) -> Any:
        path = f"/api/tables/{table}/seats/{seat}{what}?token={links[seat]['token']}"
        return call(server, "POST" if body is not None or what else "GET", path, body)

    rng = random.Random(5)
    for _ in range(2):  # the first decisions through the API
        p = next(x for x in (api(0), api(1)) if x["prompt"])
        api(p["seat"], "/choose", {"decision": p["decision_no"], "option": rng.randrange(len(p["prompt"]["options"]))})

    errors: list[str] = []
    contexts = [browser.new_context(locale="ja-JP", viewport={"width": 1200, "height": 900}) for _ in range(2)]
    pages = []
    for s, ctx in enumerate(contexts):
        page = ctx.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server + links[s]["url"])
        page.wait_for_selector(".options button, #prompt .question")
        pages.append(page)
    mover = next(p for p in pages if p.locator(".options button").count())
    other = pages[1 - pages.index(mover)]
    before = decision(mover)
    lines_before = other.locator("#log li").count()
    mover.locator(".options button").nth(0).click()  # a decision on the page ...
    for p in pages:
        p.wait_for_function("(b) => Number(document.querySelector('#prompt').dataset.decision) > b", arg=before)
    mover.click("#undo")  # ... asked back on the same page
    mover.wait_for_selector("#undo-box:not([hidden])")
    assert "待っています" in mover.locator("#undo-box").inner_text()
    other.wait_for_selector("#undo-accept")  # pushed to the other page, which may be the one deciding
    other.click("#undo-accept")
    for p in pages:
        p.wait_for_function("(b) => Number(document.querySelector('#prompt').dataset.decision) === b", arg=before)
        p.wait_for_selector("#log li:has-text('取り消し:')")
        assert p.locator("#undo-box").is_hidden()
    told = [t for t in other.locator("#log li").all_inner_texts() if t.startswith("取り消し:")]
    assert told == [other.locator("#log li").nth(lines_before).inner_text()] and "あなたが同意" in told[0]
    assert mover.locator(".options button").count()  # the same seat decides the same decision again

    # a second undo asked and refused: the decision stays taken, both pages say so
    mover.locator(".options button").nth(0).click()
    for p in pages:
        p.wait_for_function("(b) => Number(document.querySelector('#prompt').dataset.decision) > b", arg=before)
    mover.click("#undo")
    other.wait_for_selector("#undo-refuse")
    other.click("#undo-refuse")
    mover.wait_for_selector("#undo-box:has-text('断りました')")
    assert decision(mover) == decision(other) == before + 1

    # the judge's page saves the position as a scenario file (a download), which loads as a scenario
    judge = contexts[0].new_page()
    judge.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    judge.goto(server + next(w["url"] for w in made["watch"] if w["role"] == "judge"))
    judge.wait_for_selector("#save-scenario:visible")
    with judge.expect_download() as got:
        judge.click("#save-scenario")
    saved = Path(got.value.path()).read_text(encoding="utf-8")
    assert not run_scenario_data("", load_yaml_text(saved, "saved.yaml")).failures
    assert not errors, errors
    for ctx in contexts:
        ctx.close()

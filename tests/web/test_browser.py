"""The sandbox in a real headless Chromium (Debian's chromium, driven by Playwright; no browser is
downloaded): ``bpdsl serve`` is started as a process, a whole act8.0 std game against the bot is played by
clicking to its end, the saved log is opened in the replay viewer and stepped through, and every HTTP payload
addressed to the person's seat is checked for hidden cards.

BPDSL_SCREENSHOTS=DIR also writes the three board screenshots shown in the README and the manual.
"""
from __future__ import annotations

import json
import os
import random
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.web.leaks import Checker

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium is installed by scripts/setup.sh")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "bpdsl", "serve", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base + "/api/catalog", timeout=2).read()
            break
        except OSError:
            if proc.poll() is not None:
                raise AssertionError(f"bpdsl serve exited: {proc.stderr.read().decode() if proc.stderr else ''}")
            time.sleep(0.3)
    else:
        raise AssertionError("bpdsl serve did not answer")
    yield base
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="module")
def browser_context(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")), executable_path=CHROMIUM, headless=True, args=ARGS,
            accept_downloads=True, viewport={"width": 1400, "height": 1000}, locale="ja-JP")
        yield context
        context.close()


def test_a_whole_game_by_clicking_then_its_replay(server: str, browser_context: Any, tmp_path: Path) -> None:
    page = browser_context.new_page()
    payloads: list[tuple[str, dict[str, Any]]] = []
    sockets: list[Any] = []
    page.on("websocket", lambda ws: sockets.append(ws))

    def record(response: Any) -> None:
        if "/api/tables/" in response.url and "/seats/" in response.url and not response.url.split("?")[0].endswith("/log"):
            try:
                payloads.append((response.url, response.json()))
            except Exception:  # a body already gone (navigation): nothing was shown from it either
                pass

    page.on("response", record)
    shots = Path(os.environ.get("BPDSL_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)

    page.goto(server + "/")
    page.select_option("#mode", "format")
    page.select_option("#edition", "act8.0")
    page.select_option("#format", "std")
    page.select_option("#seat", "0")
    page.select_option("#opponent", "random")
    page.fill("#seed", "7")
    page.click("#start")
    page.wait_for_url("**/play?**")
    page.wait_for_selector(".options button, #result")
    rng = random.Random(4)
    clicks = 0
    shot_mid = False
    while page.locator("#result").count() == 0:
        buttons = page.locator(".options button")
        n = buttons.count()
        assert n >= 2, "a decision shows its legal options (one option is taken by the engine)"
        before = page.locator("#prompt").get_attribute("data-decision")
        if clicks == 3:
            page.screenshot(path=str(shots / "sandbox-start.png"))
        if not shot_mid and clicks > 30 and page.locator(".stage li").count() > 0 and page.locator(".char").count() >= 2:
            page.screenshot(path=str(shots / "sandbox-stage.png"))
            shot_mid = True
        # mostly act rather than pass, so that the game goes somewhere
        i = rng.randrange(1, n) if n > 1 and rng.random() < 0.7 else 0
        buttons.nth(i).click()
        page.wait_for_function("(b) => document.querySelector('#prompt').dataset.decision !== b || "
                               "document.querySelector('#result') !== null", arg=before, timeout=30_000)
        page.wait_for_selector(".options button, #result")
        clicks += 1
        assert clicks < 3000, "the game did not end"
    result = page.locator("#result").inner_text()
    assert "勝ち" in result or "負け" in result or "引き分け" in result
    page.screenshot(path=str(shots / "sandbox-end.png"))
    assert shot_mid or clicks <= 30

    with page.expect_download() as dl:
        page.click("#save")
    log_path = tmp_path / "game.jsonl"
    dl.value.save_as(str(log_path))
    events = [json.loads(line) for line in log_path.read_text(encoding="utf-8").splitlines()]
    assert events[0]["t"] == "game" and events[-1]["t"] == "end"
    r = subprocess.run([sys.executable, "-m", "bpdsl", "replay", str(log_path)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr

    # no payload addressed to the person's seat names a card it may not see; no WebSocket at all
    assert not sockets
    assert len(payloads) >= clicks
    checker = Checker(events)
    for _url, p in payloads:
        assert p.get("seat") == 0
    sample = payloads[:: max(1, len(payloads) // 60)] + [payloads[-1]]
    for _url, p in sample:
        checker.check(p, 0)
    assert checker.checked >= min(len(payloads), 20)

    # the replay viewer: open the saved log, step forwards and backwards, each seat's view and the judge's
    page.goto(server + "/replay")
    page.set_input_files("#file", str(log_path))
    page.wait_for_function("document.querySelector('#pos').innerText.startsWith('決定 0 /')")
    steps = int(page.locator("#pos").inner_text().split("/")[1])
    for _ in range(5):
        page.click("#next")
    page.wait_for_function("document.querySelector('#pos').innerText.startsWith('決定 5 /')")
    page.click("#prev")
    page.wait_for_function("document.querySelector('#pos').innerText.startsWith('決定 4 /')")
    assert page.locator("#judge").count() == 0
    assert page.locator("#not-genuine").count() == 0  # the log saved by the sandbox is genuine
    page.select_option("#view", "judge")
    page.wait_for_selector("#judge")
    assert "ジャッジ" in page.locator("#judge").inner_text()
    page.select_option("#view", "1")
    page.wait_for_function("document.querySelector('#judge') === null")
    page.click("#last")
    page.wait_for_function(f"document.querySelector('#pos').innerText.startsWith('決定 {steps} /')")
    assert "ゲーム終了" in page.locator("#decision").inner_text()
    page.close()
    if "BPDSL_SCREENSHOTS" in os.environ:
        shutil.copy(log_path, shots / "sandbox-game.jsonl")


def test_the_replay_viewer_says_a_tampered_log_is_not_genuine(server: str, browser_context: Any,
                                                              tmp_path: Path) -> None:
    from bpdsl.engine import RandomAgent, build_rules, new_game
    from bpdsl.engine.log import EventLog

    log = EventLog()
    new_game(build_rules("act8.0", "std", None), [RandomAgent(1), RandomAgent(2)], 3, log=log).play()
    events = [dict(e) for e in log.lines]
    n = next(k for k, e in enumerate(events) if e["t"] == "decision" and k > 20)
    options = [k for k in range(3) if k != events[n]["i"]]
    events[n]["i"] = options[0]  # one decision edited by hand, its digest left as it was
    path = tmp_path / "tampered.jsonl"
    path.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), encoding="utf-8")
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/replay")
    page.set_input_files("#file", str(path))
    page.wait_for_selector("#not-genuine")
    assert f"NOT GENUINE at event {n + 1}" in page.locator("#not-genuine").inner_text()
    page.click("#next")
    page.wait_for_function("document.querySelector('#pos').innerText.startsWith('決定 1 /')")
    assert page.locator("#not-genuine").count() == 1  # said at every step, not only once
    assert not errors, errors
    page.close()

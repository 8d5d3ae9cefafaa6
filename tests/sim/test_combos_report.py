"""The combo search's results as a section of ``balance report`` (``--combos FILE``): the table in the page,
checked in headless chromium with no console error, and combos.csv."""
from __future__ import annotations

import csv
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"

COMBOS = {
    "edition": "my8.3", "format": "extra", "size": 2, "bound": {"depth": 4, "turns": 1, "nodes": 2000, "seconds": 120.0},
    "results": [
        {"trumps": ["blood_mark", "recharge"], "cards": ["♠6", "♠8"],
         "loop": {"prefix": [], "cycle": ["血の刻印 (blood_mark)", "<b>再充填</b> (recharge)"], "actions": ["blood_mark"],
                  "opponent_life_per_cycle": 1, "own_life_per_cycle": 0, "own_hand_per_cycle": 0, "cycles_played": 20,
                  "cycles_to_end": 20, "ended_by_loop": True, "counterable": []},
         "kill": None, "stats": {"nodes": 1618, "depth_reached": 4, "complete": False, "stopped": ""},
         "logs": {"loop": "logs/loop-blood_mark-recharge.jsonl"}},
        {"trumps": ["drain", "recharge"], "cards": ["♠3", "♠8"], "loop": None, "kill": None,
         "stats": {"nodes": 2000, "depth_reached": 3, "complete": False, "stopped": "nodes"}, "logs": {}},
    ],
    # the hand search with a climb (--hands 1 --improve 3): the fastest kill per combination
    "hands": {"deals": 1, "hand_size": 8, "deck": 53, "possible_hands": 886322710, "improve": 3, "neighbours": 30,
              "fastest": [{"trumps": ["blood_mark", "recharge"], "cards": ["♠6", "♠8"], "deals": [0],
                           "kill": {"turns": 1, "decisions": 2}, "deal": 0, "hand": ["♡J", "♠K", "♣10"],
                           "first_turn_win": True, "source": "climb", "swaps": 2, "hands_searched": 40}],
              "climbs": [{"trumps": ["blood_mark", "recharge"], "cards": ["♠6", "♠8"], "loop": None,
                          "kill": {"turns": 1, "decisions": 2}, "deal": 0, "hand": ["♡J", "♠K", "♣10"],
                          "stats": {"nodes": 12, "depth_reached": 2, "complete": True, "stopped": ""},
                          "climb": {"from_deal": 0, "swaps": 2, "searched": 39}}]},
}


def test_the_report_shows_the_combo_search(tmp_path: Path) -> None:
    from bpdsl.sim.report import write_report
    from bpdsl.sim.run import statistics
    from bpdsl.sim.backends import run
    from bpdsl.sim.job import SimJob

    job = SimJob("act8.0", "lite", None, ("random", "random"), False, False, 1)
    stats = statistics(job, run(job, 10, jobs=1))
    write_report(tmp_path, [stats], None, COMBOS)
    with (tmp_path / "combos.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert [r["trumps"] for r in rows] == ["blood_mark+recharge", "drain+recharge", "blood_mark+recharge"]
    assert rows[2]["climb_swaps"] == "2" and rows[2]["hand"] == "♡J ♠K ♣10"  # the climbed hand's search
    assert rows[0]["cycles_to_end"] == "20" and rows[1]["stopped"] == "nodes"
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "&lt;b&gt;再充填&lt;/b&gt;" in html  # escaped
    assert "deal 0 + 2 swaps" in html and "♡J ♠K ♣10" in html and "a hand it did not reach" in html
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is missing: run scripts/setup.sh")
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page()
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto((tmp_path / "index.html").as_uri())
            heads = page.eval_on_selector_all("h2", "hs => hs.map(h => h.textContent)")
            cells = page.eval_on_selector_all("table tr td", "cs => cs.map(c => c.textContent)")
        finally:
            browser.close()
    assert not errors
    assert "Combo search: my8.3 extra" in heads
    assert any("→" in c and "再充填" in c for c in cells) and "stopped: nodes" in " ".join(cells)

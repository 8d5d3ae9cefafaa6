"""``bpdsl balance compare`` per trump (エクストラ): each trump's opened rate, its opener's win rate and its
actions' rows, tested and Holm-corrected with every other metric of the comparison."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bpdsl.sim.compare import compare
from bpdsl.sim.stats import holm
from bpdsl.sim.tally import GameRecord, Tally, summarize

TRUMPS = {"fortress": {"name": "要塞", "card": "♣4", "actions": ["fortify"], "characters": []},
          "drain": {"name": "ドレイン", "card": "♠3", "actions": ["drain"], "characters": []}}


def _stats(opener_wins: int, drain_games: int, games: int = 400) -> dict[str, Any]:
    """A run of ``games`` decisive games: seat 0 opens 要塞 and raises its action in the first 100 and wins
    ``opener_wins`` of them; seat 1 opens ドレイン in ``drain_games`` others; both attack in every game."""
    t = Tally()
    for i in range(games):
        counts: dict[str, dict[Any, int]] = {"trumps_opened_by_seat": {}}
        raised = {(0, "attack"): 1, (1, "attack"): 1}
        winner = i % 2
        if i < 100:
            counts["trumps_opened_by_seat"][(0, "fortress")] = 1
            raised[(0, "fortify")] = 1
            winner = 0 if i < opener_wins else 1
        elif i < 100 + drain_games:
            counts["trumps_opened_by_seat"][(1, "drain")] = 1
            raised[(1, "drain")] = 1
        t.add(GameRecord(index=i, winner=winner, draw=False, aborted=False, first=i % 2, turns=8, decisions=80,
                         life=(3, 3), raised=raised, characters=set(), counts=counts))
    out = summarize(t, ["attack", "fortify", "drain"], [])
    out.update({"edition": "act8.2", "format": "extra", "seed": 1, "definitions": {"bundled": True, "paths": []},
                "trumps": TRUMPS})
    return out


def test_a_stronger_trump_differs_on_its_own_rows_and_nowhere_else() -> None:
    result = compare(_stats(50, 0), _stats(90, 40))
    rows = result["rows"]
    by_metric = {r["metric"]: r for r in rows}
    # the trump's action is listed under the trump, once
    assert "trump fortress: action fortify: share of games raised" in by_metric
    assert not any(r["group"] == "action" and r["subject"] in ("fortify", "drain") for r in rows)
    assert by_metric["action attack: share of games raised"]["group"] == "action"
    opener = by_metric["trump fortress: win rate of its opener"]
    assert (opener["a"], opener["b"], opener["n"]) == (0.5, 0.9, [100, 100])
    assert opener["significant"] and opener["group"] == "trump" and opener["subject"] == "fortress"
    # never opened in A: opened in none of A's games, against 10 % of B's
    drain = by_metric["trump drain: share of games opened"]
    assert (drain["a"], drain["b"], drain["n"]) == (0.0, 0.1, [400, 400]) and drain["significant"]
    assert "trump drain: win rate of its opener" not in by_metric  # no opener in A: nothing to test
    assert result["trumps"]["fortress"]["significant"] >= 1 and result["trumps"]["drain"]["significant"] >= 1
    assert result["trumps"]["fortress"]["card"] == "♣4"
    # one family: the Holm adjustment runs over the trumps' rows and all others together
    assert [r["p_adjusted"] for r in rows] == pytest.approx(holm([r["p"] for r in rows]), rel=1e-3)
    smallest = min(rows, key=lambda r: r["p"])
    assert smallest["p_adjusted"] == pytest.approx(min(1.0, len(rows) * smallest["p"]), rel=1e-3)
    same = compare(_stats(50, 0), _stats(50, 0))
    assert same["rows"] and not any(r["significant"] or r["delta"] for r in same["rows"])
    # a trump opened in neither run still has its row: opened in none of the games on both sides
    assert {r["subject"] for r in same["rows"] if r["group"] == "trump"} == {"fortress", "drain"}


def test_without_trumps_on_one_side_the_actions_are_plain_rows() -> None:
    a, b = _stats(50, 0), _stats(90, 0)
    del a["trumps"]
    result = compare(a, b)
    assert "trumps" not in result
    assert not any(r["group"] == "trump" for r in result["rows"])
    assert any(r["group"] == "action" and r["subject"] == "fortify" for r in result["rows"])


def bpdsl(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "200"}  # rich tables as wide as a designer's terminal, not wrapped at 80
    return subprocess.run([sys.executable, "-m", "bpdsl", *args], capture_output=True, text=True, timeout=900,
                          env=env)


def _draft(folder: Path, actions: str | None) -> Path:
    """A designer's draft edition my8.3 extending act8.2 (and, with ``actions``, changing some)."""
    folder.mkdir()
    (folder / "edition.yaml").write_text("kind: edition\nid: my8.3\nextends: act8.2\nname: my8.3\n"
                                         "date: 2026/11/23\n", encoding="utf-8")
    if actions is not None:
        (folder / "actions.yaml").write_text(f"kind: actions\nedition: my8.3\nactions:\n{actions}", encoding="utf-8")
    return folder


def test_a_draft_with_one_trump_made_decisive_differs_on_that_trump_only(tmp_path: Path) -> None:
    # 充足 (◇9) brings 休息; in the draft 休息 deals 60 damage: whoever opens 充足 and rests wins
    strong = _draft(tmp_path / "strong", "  - id: rest\n    effect:\n      - damage: {to: opponent, amount: 60}\n")
    r = bpdsl("balance", "compare", "act8.2/extra", f"my8.3/extra@{strong}", "-n", "300", "--seed", "1",
              "--jobs", "1", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["a"] == "act8.2/extra" and data["b"] == f"my8.3/extra @{strong}"
    assert data["definitions"] == [{"bundled": True, "paths": []}, {"bundled": True, "paths": [str(strong)]}]
    significant = [row for row in data["rows"] if row["significant"]]
    assert significant, "a trump that wins the game must show"
    assert {(row["group"], row["subject"]) for row in significant} == {("trump", "fulfilment")}
    rows = {row["metric"]: row for row in data["rows"]}
    opener = rows["trump fulfilment: win rate of its opener"]
    assert opener["b"] > opener["a"] + 0.3 and opener["significant"]
    assert [tid for tid, t in data["trumps"].items() if t["significant"]] == ["fulfilment"]
    assert len(data["trumps"]) == 30 and data["trumps"]["fulfilment"]["card"] == "◇9"
    # the same definitions under another name: the same games, no difference at all, the trumps still listed
    same = _draft(tmp_path / "same", None)
    r = bpdsl("balance", "compare", "act8.2/extra", f"my8.3/extra@{same}", "-n", "60", "--jobs", "1", "--all")
    assert r.returncode == 0, r.stderr
    assert "per trump: all metrics" in r.stdout and "fulfilment" in r.stdout
    assert "trumps with a significant difference: none" in r.stdout
    assert "0 of " in r.stdout and "metrics differ significantly" in r.stdout


def test_the_report_shows_the_trump_rows_in_headless_chromium(tmp_path: Path) -> None:
    import csv

    from playwright.sync_api import sync_playwright

    from bpdsl.sim.report import write_report

    runs = [_stats(50, 0), _stats(90, 40)]
    for s in runs:
        s.update({"agents": {"seat0": "random", "seat1": "random"}, "flow": "bp2024", "coverage": {}})
    runs[1]["definitions"] = {"bundled": True, "paths": ["drafts/"]}
    write_report(tmp_path, runs, compare(*runs))
    with (tmp_path / "comparison.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert {"group", "subject"} <= set(rows[0])
    assert any(r["group"] == "trump" and r["subject"] == "fortress" and r["significant"] == "True" for r in rows)
    assert json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))["comparison"]["trumps"]["drain"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"])
        try:
            page = browser.new_page()
            page.goto((tmp_path / "index.html").as_uri())
            width = page.eval_on_selector("#fig-trump-deltas", "i => i.complete ? i.naturalWidth : 0")
            significant = page.eval_on_selector_all("#comparison-trumps tr.sig td:first-child",
                                                    "tds => tds.map(t => t.textContent.trim())")
            plain = page.eval_on_selector_all("#comparison tr td:first-child", "tds => tds.map(t => t.textContent)")
            title = page.title()
        finally:
            browser.close()
    assert width > 0
    assert significant and all(t.startswith(("fortress ♣4", "drain ♠3")) for t in significant)
    assert not any("fortify" in t for t in plain)  # the trump's action is listed under the trump only
    assert "act8.2/extra @drafts/" in title  # the run names the definitions it played

"""``bpdsl balance compare`` and ``bpdsl balance report`` as a designer runs them; the report opened in a
real headless chromium."""
from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"


def bpdsl(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bpdsl", *args], capture_output=True, text=True, timeout=600)


def test_compare_finds_a_real_difference_and_states_its_test() -> None:
    # act6.1 lite against act8.0 lite: different core flows, so game length differs clearly
    r = bpdsl("balance", "compare", "act6.1/lite", "act8.0/lite", "-n", "400", "--seed", "2", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["a"] == "act6.1/lite" and data["b"] == "act8.0/lite"
    assert "z-test" in data["tests"]["rate"] and "Holm" in data["correction"]
    rows = {row["metric"]: row for row in data["rows"]}
    for row in data["rows"]:
        assert row["p_adjusted"] >= row["p"]
        assert row["significant"] == (row["p_adjusted"] < 0.05)
    assert "turns per game" in rows and "win rate of the first player" in rows
    same = bpdsl("balance", "compare", "act8.0/lite", "act8.0/lite", "-n", "200", "--json")
    assert same.returncode == 0, same.stderr
    assert not any(row["significant"] or row["delta"] != 0 for row in json.loads(same.stdout)["rows"])


def test_compare_usage_errors() -> None:
    for args in (["act99", "act8.0"], ["act8.0", "act8.0@/no/such/folder"], ["/lite", "act8.0"]):
        r = bpdsl("balance", "compare", *args, "-n", "2")
        assert r.returncode == 2, (args, r.stderr)
        assert "Traceback" not in r.stderr


def test_report_renders_its_plots_in_headless_chromium(tmp_path: Path) -> None:
    out = tmp_path / "report"
    r = bpdsl("balance", "report", "act6.1/lite", "act8.0/lite", "-n", "80", "--out", str(out))
    assert r.returncode == 0, r.stderr
    data = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert len(data["runs"]) == 2 and data["comparison"]["rows"]
    with (out / "actions.csv").open(encoding="utf-8") as fh:
        actions = list(csv.DictReader(fh))
    assert {"act6.1/lite", "act8.0/lite"} == {row["run"] for row in actions}
    assert all(0 <= float(row["games_raised_low"]) <= float(row["games_raised"]) <= float(row["games_raised_high"])
               for row in actions)
    assert (out / "coverage.csv").read_text(encoding="utf-8").startswith("run,part,rule,op,count,sentence")
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "http://" not in html and "https://" not in html  # self-contained: nothing fetched
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is missing: run scripts/setup.sh")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-dev-shm-usage", "--no-first-run"])
        try:
            page = browser.new_page()
            page.goto((out / "index.html").as_uri())
            widths = page.eval_on_selector_all("img", "imgs => imgs.map(i => i.complete ? i.naturalWidth : 0)")
            ids = page.eval_on_selector_all("img", "imgs => imgs.map(i => i.id)")
            title = page.title()
            rows = page.eval_on_selector_all("table tr", "rows => rows.length")
        finally:
            browser.close()
    assert set(ids) >= {"fig-win-rates", "fig-turns", "fig-decisions", "fig-games-raised", "fig-raiser-wins",
                        "fig-deltas"}
    assert widths and all(w > 0 for w in widths), dict(zip(ids, widths))
    assert "act6.1/lite" in title and rows > 20

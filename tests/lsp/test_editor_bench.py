"""The editor check ``bpdsl bench`` times (bpdsl.lsp.bench): one row per bundled edition with an actions
file, each a real keystroke (the text changed, still valid), and the studio page waits as long as the
language server before checking (the pause the latency figure adds).  Times are not asserted: speed is
measured in ``bpdsl bench``."""
from __future__ import annotations

import re
from pathlib import Path

from bpdsl.lsp.bench import bench_editor_check, keystroke
from bpdsl.lsp.server import DEBOUNCE_SECONDS

STUDIO_JS = Path(__file__).resolve().parents[2] / "bpdsl" / "web" / "static" / "studio.js"


def test_the_studio_and_the_language_server_pause_alike() -> None:
    found = re.search(r"const CHECK_PAUSE_MS = (\d+);", STUDIO_JS.read_text(encoding="utf-8"))
    assert found is not None and int(found.group(1)) == round(DEBOUNCE_SECONDS * 1000)
    assert "setTimeout(check, CHECK_PAUSE_MS)" in STUDIO_JS.read_text(encoding="utf-8")


def test_a_keystroke_changes_the_first_name() -> None:
    text = "kind: actions\nactions:\n  - id: a\n    name: 兵士召喚\n"
    assert keystroke(text, 0) == text.replace("兵士召喚", "兵士召喚x")
    assert keystroke(text, 1) != keystroke(text, 0)
    assert keystroke("kind: game\n", 2).startswith("kind: game\n")


def test_the_bench_checks_every_bundled_edition() -> None:
    report = bench_editor_check(keystrokes=1)
    editions = [r["edition"] for r in report["editions"]]
    assert {"act8.0", "act8.2", "bd1"} <= set(editions) and len(editions) == len(set(editions))
    for r in report["editions"]:
        assert r["file"].endswith("actions.yaml") and r["keystrokes"] == 1
        assert r["latency_ms"] == round(report["pause_ms"] + r["median_ms"], 1)
    assert report["worst_latency_ms"] == max(r["latency_ms"] for r in report["editions"])

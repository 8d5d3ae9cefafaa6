"""Tables keep every cell when the output is a file or a pipe: printed as Markdown tables, one row a line,
never cut to 80 columns with an ellipsis or folded over two lines."""
from __future__ import annotations

import subprocess
import sys


def bpdsl(*args: str) -> subprocess.CompletedProcess[str]:
    """A run whose output is a pipe, as in ``bpdsl … | cat``."""
    return subprocess.run([sys.executable, "-m", "bpdsl", *args], capture_output=True, text=True, timeout=600,
                          env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})


def test_validate_stats_keeps_every_cell_in_a_pipe() -> None:
    r = bpdsl("validate", "--stats")
    assert r.returncode == 0, r.stderr
    assert "…" not in r.stdout
    rows = [line for line in r.stdout.splitlines() if line.startswith("| ")]
    assert "| edition | name | flow | format | actions | characters | fogs |" in rows
    assert "| act8.2 | 第8.2版 | bp2024 | lite (ライト) | 19 | 5 | 2 |" in rows
    header = next(row for row in rows if row.startswith("| edition | format | actions |"))  # per edition and format
    mast = next(row for row in rows if row.startswith("|  | mast |"))
    assert len(mast.split("|")) == len(header.split("|")), (header, mast)  # one whole cell per column
    for cell in mast.strip("| ").split(" | ")[2:]:
        assert cell.isdigit(), mast


def test_a_tournament_table_keeps_its_p_values_on_one_line() -> None:
    r = bpdsl("balance", "tournament", "random,first", "--games", "6", "--seed", "1", "--jobs", "1")
    assert r.returncode == 0, r.stderr
    assert "…" not in r.stdout
    table = [line for line in r.stdout.splitlines() if line.startswith("| ")]
    header, rule, *rows = table
    assert rule.startswith("| --- |") and len(rows) == 1, r.stdout
    assert len(rows[0].split("|")) == len(header.split("|")), r.stdout  # every cell on the row's one line
    cells = dict(zip([c.strip() for c in header.split("|")], [c.strip() for c in rows[0].split("|")]))
    assert cells["aborted"] == "0" and cells["games"] == "6", r.stdout  # aborted games are shown, not hidden


def test_usage_errors_name_the_command_that_refused() -> None:
    for args, said in ((("simulate", "--edition", "nope"), "bpdsl simulate: unknown edition 'nope'"),
                       (("diff", "nope", "act8.0"), "bpdsl diff: unknown edition 'nope'"),
                       (("play", "--format", "nope"), "bpdsl play: edition act8.0 has no format 'nope'"),
                       (("scenario", "/nonexistent/x"), "bpdsl scenario: no such scenario file")):
        r = bpdsl(*args)
        assert r.returncode == 2 and r.stderr.startswith(said), (args, r.stderr)


def test_a_combo_table_is_markdown_when_piped() -> None:
    r = bpdsl("balance", "combos", "-e", "act8.2", "-f", "extra", "--trumps", "drain,slash", "--depth", "2",
              "--nodes", "50", "--jobs", "1")
    assert r.returncode == 0, r.stderr
    assert "┃" not in r.stdout and "│" not in r.stdout, r.stdout  # no box cut to 80 columns
    rows = [line for line in r.stdout.splitlines() if line.startswith("| ")]
    assert rows[0].startswith("| trumps | found | loop (one cycle) |") and any("drain ♠3" in row for row in rows), r.stdout

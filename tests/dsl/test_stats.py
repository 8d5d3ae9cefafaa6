"""Counts of bpdsl validate --stats: entries per format, op usage, printed-text overrides."""
from __future__ import annotations

import shutil
from pathlib import Path

from bpdsl.dsl.loader import load
from bpdsl.dsl.stats import edition_stats

FIXTURES = Path(__file__).parent / "fixtures"
FLOW = Path(__file__).parent.parent.parent / "definitions" / "blackpoker" / "flows" / "bp2024.yaml"


def test_counts_and_overrides(tmp_path: Path) -> None:
    for f in (FIXTURES / "base").iterdir():
        shutil.copy(f, tmp_path / f.name)
    actions = (tmp_path / "actions.yaml").read_text(encoding="utf-8")
    actions = actions.replace("      - charge_all: {who: turn_player}",
                              "      - charge_all: {who: turn_player}\n        text: 全部チャージする。")
    (tmp_path / "actions.yaml").write_text(actions, encoding="utf-8")
    result = load([tmp_path, FLOW])
    assert result.ok, [d.format() for d in result.diagnostics]
    st = edition_stats(result.definitions.editions["mini"])
    assert (st.actions, st.characters, st.fogs) == (3, 1, 0)
    assert [(f.format, f.actions, f.characters) for f in st.formats] == [("lite", 3, 1)]
    assert st.effect_steps == 3
    assert st.effect_text_overrides == 1
    assert st.op_usage["end_turn"] == 1 and st.op_usage["on_resolved"] == 1
    assert st.op_usage["label_attacker"] == 1


def test_per_format_counts() -> None:
    from bpdsl.dsl.loader import load_or_raise

    defs = load_or_raise()
    st = edition_stats(defs.editions["act8.0"])
    by = {f.format: f for f in st.formats}
    edition = defs.editions["act8.0"]
    for fid, f in by.items():
        assert f.actions == len(edition.actions_in(fid))
        assert f.effect_steps == sum(len(a.effect) for a in edition.actions_in(fid))
        assert sum(f.op_usage.values()) <= sum(st.op_usage.values())


def test_every_single_entry_op_says_why_it_stays_an_op() -> None:
    """`bpdsl validate --stats` groups the ops only one entry uses by why each is not a composition; a new
    one without a written reason (bpdsl/dsl/single_use.py) fails here."""
    from bpdsl.dsl.single_use import REASONS, WHY
    from bpdsl.dsl.stats import single_entry_reasons
    from bpdsl.engine import load_definitions
    from bpdsl.ops.registry import load_all

    single = single_entry_reasons(load_definitions())
    missing = sorted(op for op, (_who, key, _why) in single.items() if not key)
    assert not missing, f"single-entry ops without a reason in bpdsl/dsl/single_use.py: {missing}"
    assert all(key in REASONS and why for _who, key, why in single.values())
    registered = load_all()
    assert not [op for op in WHY if op not in registered], "WHY names an op that does not exist"
    # the seed-cut words the issue named are compositions now: カウンター is negate with a condition, 死の槍
    # moves with move_cards; neither old word is an op any more
    assert "counter" not in registered and "move_to_life_top" not in registered
    assert "negate" not in single, "カウンター and 停戦 both negate"


def test_stats_prints_the_reasons() -> None:
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "bpdsl", "validate", "--stats"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "ops used by a single entry" in r.stdout and "to be replaced by a composition" in r.stdout
    assert "no reason written down" not in r.stdout


def test_the_bundled_editions_keep_text_overrides_at_most_one_percent() -> None:
    """Every bundled edition prints at most 1 % of its effect steps from a text override (the figure
    ``bpdsl validate --stats`` prints); a BlackPoker edition also at most 1 % of all its op calls (a call
    with ``text:`` anywhere: conditions, targets, notes, abilities), so what is printed follows from what
    runs."""
    from bpdsl.dsl.loader import load_or_raise

    for edition in load_or_raise().editions.values():
        st = edition_stats(edition)
        assert st.effect_text_overrides * 100 <= st.effect_steps, (edition.id, st.effect_text_overrides)
        if edition.game == "blackpoker":
            assert st.text_overrides * 100 <= sum(st.op_usage.values()), (edition.id, st.text_overrides)

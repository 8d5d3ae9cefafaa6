"""``bpdsl scenario --edition E``: rulings written for one edition, run against another (holds / changed /
no longer applies), through the real command."""
from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.scenarios.editions import named_entries

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "scenarios" / "rulings"
runner = CliRunner()

GONE = """\
name: キルは兵士1体を墓地に移す
edition: act8.2
format: pro
turn: 0
players:
  - {life: 10, hand: ["♠3", "♠4"]}
  - {life: 10, field: [{as: general_soldier, cards: ["♡9"]}]}
decisions:
  - "キル (kill)"
expect:
  events: [{t: resolve, action: kill}]
"""


def test_a_ruling_that_changed_names_how(tmp_path: Path) -> None:
    """第六版's アップ/ダウン leave no fog; in 第八版 the key cards go to the fog: the ruling changed."""
    changed = RULINGS / "act6.1" / "up_down_twist_no_fog.yaml"
    holds = RULINGS / "act6.1" / "counter_and_throwing.yaml"
    r = runner.invoke(app, ["scenario", "--edition", "act8.0", "--format", "std", str(changed), str(holds)])
    assert r.exit_code == 0, r.output
    assert f"CHANGED {changed}" in r.output
    assert "players[0].fog: expected 0 card(s), got 1" in r.output
    assert f"HOLDS   {holds}" in r.output
    assert "against act8.0 std: 1 hold, 1 changed, 0 no longer apply" in r.output


def test_a_ruling_whose_action_is_gone(tmp_path: Path) -> None:
    f = tmp_path / "kill.yaml"
    f.write_text(GONE, encoding="utf-8")
    r = runner.invoke(app, ["scenario", str(f)])
    assert r.exit_code == 0, r.output  # it holds in its own edition
    r = runner.invoke(app, ["scenario", "--edition", "act8.0", "--format", "std", str(f)])
    assert r.exit_code == 0, r.output
    assert f"GONE    {f}" in r.output and "action 'kill' is not in act8.0 std" in r.output
    r = runner.invoke(app, ["scenario", "--edition", "act8.0", str(f)])  # its own format pro: not in act8.0
    assert "format 'pro' cannot be played in act8.0" in r.output


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    f = RULINGS / "act6.1" / "counter_and_throwing.yaml"
    r = runner.invoke(app, ["scenario", "--edition", "act99", str(f)])
    assert r.exit_code == 2 and "unknown edition 'act99'" in r.output
    r = runner.invoke(app, ["scenario", "--format", "std", str(f)])
    assert r.exit_code == 2 and "give --edition too" in r.output


def test_named_entries_read_from_the_scenario() -> None:
    data = {"stage": [{"action": "down"}], "raised": [{"action": "attack"}],
            "players": [{"field": [{"as": "hero"}], "fog": [{"as": "fog_up", "cards": ["♡5"]}]}, {}],
            "decisions": ["投擲 (throwing)", "世代交代 (♠K)", {"choose": "キル (kill)"},
                          {"choose": "パス", "offered": {"contains": ["再会 (reunion)"], "excludes": ["停戦 (truce)"]}},
                          {"expect_decision": {"offered": ["対象変更 (change_target)"]}}],
            "expect": {"events": [{"t": "raise", "action": "counter", "count": 0}, {"t": "resolve", "action": "up"}]},
            "definitions": {"actions": [{"id": "kill"}]}}
    got = named_entries(data)
    assert got == {"actions": {"down", "attack", "throwing", "up", "reunion", "change_target"},
                   "characters": {"hero"}, "fogs": {"fog_up"}}

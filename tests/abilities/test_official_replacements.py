"""The official 要塞 through the replacement machinery: its effect's guard (decided just before the effect,
the trump face up, a character on the field, a ♠ key) marks the opponent, and a damage replacement
(bpdsl.engine.abilities) prevents the damage that player would take — no test of its own in the damage step.
Play stays as before: scripts/seeded_digests.py prints the same digests for every bundled edition and format.
"""
from __future__ import annotations

from pathlib import Path

from bpdsl.engine import build_rules, load_definitions
from bpdsl.scenarios.runner import run_scenario

RULINGS = Path(__file__).resolve().parents[2] / "scenarios" / "rulings" / "act8.2-extra"


def test_fortress_is_a_damage_replacement() -> None:
    rules = build_rules("act8.2", "extra")
    keys = [r.key for r in rules.abilities.replacements["damage"]]
    assert keys == ["fortress@1"] and rules.abilities.replacements["damage"][0].prevent


def test_the_guarded_damage_is_replaced() -> None:
    result = run_scenario(RULINGS / "fortress_against_throwing.yaml", load_definitions())
    assert result.ok, "\n".join(result.failures)
    instead = [{k: e[k] for k in ("kind", "p", "by", "amount")} for e in result.events if e.get("t") == "instead"]
    assert instead == [{"kind": "damage", "p": 1, "by": "fortress@1", "amount": 0}], instead


def test_without_a_character_nothing_is_replaced() -> None:
    result = run_scenario(RULINGS / "fortress_needs_a_character.yaml", load_definitions())
    assert result.ok, "\n".join(result.failures)
    assert not [e for e in result.events if e.get("t") == "instead"]

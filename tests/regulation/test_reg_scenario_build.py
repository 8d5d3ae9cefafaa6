"""シナリオ構築 (第9.1版): a scenario build -- trumps, rare cards, シナリオ手札 -- checked apart from the deck,
like a deck: ``bpdsl deck scenario`` exits 0 on a legal build, 1 on a broken one (each problem at its
file:line:col), 2 on a usage error."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from bpdsl.cli import app

runner = CliRunner()
REG = "エクストラ + レギュラー"


def run(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args))


@pytest.fixture(autouse=True)
def _only_regulations(regulations_only: Path) -> None:
    """Each command reads the regulation files alone (BPDSL_DEFINITIONS)."""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_regulation_declares_the_scenario_build(bp2024) -> None:  # type: ignore[no-untyped-def]
    rule = bp2024.scenario_build
    assert (rule.max_trumps, rule.max_rare_cards, rule.scenario_hand) == (2, 1, 3)
    assert "9.1" in rule.source


def test_a_legal_build(tmp_path: Path) -> None:
    f = write(tmp_path, "ok.yaml", 'trumps: ["♠4", "♡2"]\nrare_cards: ["♠A"]\nscenario_hand: ["♡3", "◇5", "♣7"]\n')
    r = run("deck", "scenario", "-r", REG, str(f))
    assert r.exit_code == 0, r.output
    assert "シナリオ手札: ♡3 ◇5 ♣7" in r.output and "legal scenario build" in r.output


def test_every_broken_rule_at_its_line_and_column(tmp_path: Path) -> None:
    f = write(tmp_path, "bad.yaml", 'name: 壊れた\ntrumps: ["♠4", "♡2", "♣9"]\nrare_cards: ["♠A", "♠K"]\n'
                                    'scenario_hand: ["♡3", "♠4"]\n')
    r = run("deck", "scenario", "-r", REG, str(f))
    assert r.exit_code == 1
    assert f"{f}:2:22: error: 3 trumps; at most 2" in r.output  # the third trump
    assert f"{f}:3:20: error: 2 rare cards; at most 1" in r.output
    assert f"{f}:4:16: error: シナリオ手札 of 2 cards; it is 3" in r.output
    assert f"{f}:4:23: error: ♠4 is used twice (trumps and scenario_hand)" in r.output


def test_a_card_that_is_not_a_card(tmp_path: Path) -> None:
    f = write(tmp_path, "card.yaml", 'trumps: ["♠4", "♡X"]\n')
    r = run("deck", "scenario", "-r", REG, str(f))
    assert r.exit_code == 1 and f"{f}:1:16: error: trumps (切札), entry 2: not a card: '♡X'" in r.output


def test_trumps_only_in_a_format_with_trumps(tmp_path: Path) -> None:
    f = write(tmp_path, "std.yaml", 'trumps: ["♠4"]\nscenario_hand: ["♡3", "◇5", "♣7"]\n')
    r = run("deck", "scenario", "-r", "スタンダード + レギュラー", str(f))
    assert r.exit_code == 1 and "スタンダード is played without trumps" in r.output


def test_cards_of_the_deck_only(tmp_path: Path) -> None:
    deck = write(tmp_path, "deck.yaml", 'cards: ["♠A〜K", "♡A〜K", "◇A〜K", "Joker"]\n')
    f = write(tmp_path, "b.yaml", 'scenario_hand: ["♡3", "◇5", "♣7"]\n')
    r = run("deck", "scenario", "-r", "std+constructed40", "--deck", str(deck), str(f))
    assert r.exit_code == 1 and f"{f}:1:29: error: ♣7 (シナリオ手札) is not a card of the deck" in r.output


def test_usage_errors(tmp_path: Path) -> None:
    assert run("deck", "scenario", "-r", REG, str(tmp_path / "none.yaml")).exit_code == 2
    f = write(tmp_path, "cards.yaml", '["♠A", "♠2"]\n')  # a deck, not a scenario build
    r = run("deck", "scenario", "-r", REG, str(f))
    assert r.exit_code == 1 and "a scenario build is a mapping" in r.output

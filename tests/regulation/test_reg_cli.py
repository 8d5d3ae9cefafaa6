"""The commands: bpdsl regulation check/list, bpdsl deck check/build (exit codes 0 / 1 / 2)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bpdsl.cli import app

runner = CliRunner()


def run(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args))


@pytest.fixture(autouse=True)
def _only_regulations(regulations_only: Path) -> None:
    """Each command reads the regulation files alone (BPDSL_DEFINITIONS)."""


def test_check_valid_japanese_and_ascii() -> None:
    for text in ("スタンダード + ランダムハーフ + プリセット2", "std+random-half+preset2"):
        r = run("regulation", "check", text)
        assert r.exit_code == 0, r.output
        assert "スタンダード + ランダムハーフ + プリセット2" in r.output and "2デッキマッチ" in r.output


def test_check_forbidden_cites_the_table() -> None:
    r = run("regulation", "check", "ライト + ランダムハーフ + パック")
    assert r.exit_code == 1
    assert "Table 5.3" in r.output and "パック" in r.output


def test_check_unknown_name_suggests() -> None:
    r = run("regulation", "check", "スタンダード + ランダムハフ")
    assert r.exit_code == 2 and "did you mean 'ランダムハーフ'" in r.output
    r = run("regulation", "check", "std+randm40")
    assert r.exit_code == 2 and "random40" in r.output


def test_check_json() -> None:
    r = run("regulation", "check", "--json", "extra+entry")
    assert r.exit_code == 1
    data = json.loads(r.output)
    assert data["valid"] is False and "Table 5.2" in data["problems"][0]["rule"]


def test_check_2021_regulation() -> None:
    r = run("regulation", "check", "ライトランダムハーフ")
    assert r.exit_code == 0 and "27" in r.output


def test_list_shows_both_systems_and_valid_combinations() -> None:
    r = run("regulation", "list", "--valid")
    assert r.exit_code == 0
    assert "ランダムハーフ" in r.output and "ライトランダムハーフ" in r.output
    assert "std+random-half+preset2" in r.output and "lite+random-half+pack" not in r.output
    assert run("regulation", "list", "--system", "bp2o24").exit_code == 2


def test_deck_check(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_text('cards: ["♠A〜K", "♡A〜K", "◇A〜K", "Joker"]\n', encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text('cards: ["♠A〜K", "♡A〜K", "◇A〜K", "♣A", "Joker", "Joker"]\n', encoding="utf-8")
    assert run("deck", "check", "--regulation", "std+constructed40", str(good)).exit_code == 0
    r = run("deck", "check", "--regulation", "スタンダード + 構築40", str(bad))
    assert r.exit_code == 1 and "42 cards" in r.output
    assert run("deck", "check", "--regulation", "std+entry", str(good)).exit_code == 2
    assert run("deck", "check", "--regulation", "std+constructed40", str(tmp_path / "none.yaml")).exit_code == 2
    assert run("deck", "check", "--regulation", "std+nope", str(good)).exit_code == 2


def test_deck_build_shows_pack() -> None:
    r = run("deck", "build", "--regulation", "std+random40+pack", "--seed", "4")
    assert r.exit_code == 0
    assert "40 cards" in r.output and "pack: 14 cards" in r.output


def test_sample_deck_files() -> None:
    here = Path(__file__).parent / "decks"
    assert run("deck", "check", "-r", "std+constructed40", str(here / "constructed40.yaml")).exit_code == 0
    assert run("deck", "check", "-r", "std+constructed-half", str(here / "constructed-half.yaml")).exit_code == 0
    r = run("deck", "check", "-r", "std+constructed-half", str(here / "constructed40.yaml"))
    assert r.exit_code == 1 and "2 deck(s)" in r.output


def test_tables_command() -> None:
    r = runner.invoke(app, ["regulation", "tables"], env={"COLUMNS": "160"})
    assert r.exit_code == 0
    assert "Table 5.2" in r.output and "Table 5.3" in r.output and "ランダムハーフ" in r.output
    assert run("regulation", "tables", "--system", "bp2021").exit_code == 2


def test_deck_file_that_is_not_utf8_is_a_failed_check(tmp_path: Path) -> None:
    """The file exists but holds no deck: exit 1 like an illegal deck (a missing file is exit 2)."""
    deck = tmp_path / "deck.yaml"
    deck.write_bytes(b"\xff\xfe- \x82\xa0")
    r = run("deck", "check", "--regulation", "std+constructed40", str(deck))
    assert r.exit_code == 1 and "UTF-8" in r.output, r.output
    r = run("deck", "build", "--regulation", "std+constructed40", "--deck", str(deck))
    assert r.exit_code == 1 and "UTF-8" in r.output, r.output


def test_list_aligns_japanese_names_by_terminal_columns() -> None:
    import unicodedata

    def columns(text: str) -> int:
        return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)

    r = run("regulation", "list", "--system", "bp2024")
    assert r.exit_code == 0, r.output
    rows = [line for line in r.output.splitlines() if line.startswith("    ") and " action list " in line]
    assert len(rows) >= 3
    starts = {columns(line[: line.index(" action list ")]) for line in rows}
    assert len(starts) == 1, rows  # the column after the name starts at the same place on every row


def test_unknown_system_messages_go_to_stderr() -> None:
    for args in (["regulation", "list", "--system", "bp2042"], ["regulation", "tables", "--system", "bp2042"]):
        r = run(*args)
        assert r.exit_code == 2
        assert "bp2042" in r.stderr and "bp2042" not in r.stdout


def test_a_2021_regulation_with_2024_parts_says_it_stands_alone() -> None:
    r = run("regulation", "check", "ライト40 + パック")
    assert r.exit_code == 1, r.output
    assert "'ライト40' is a regulation of" in r.output and "2021" in r.output
    assert "unknown" not in r.output
    assert run("regulation", "check", "ライト40").exit_code == 0

"""The 成績簡易表 of Black Doubt: the table in the definitions against the seed, and the scoring op against the table.

Three independent sources are compared:

* the seed text (``/work/shared/seeds/004_*.txt``): each of its 16 rows is parsed from the Japanese wording
  into (A's outcome, B's outcome, who receives, whose hands, how many times);
* the table as the definitions hold it (the ``bd_score`` step of the settlement action);
* what the engine does: a round set to each row's outcomes is scored and the points compared.

A few rows are also written out here by hand from reading the seed, so that a parser mistake and a table
mistake cannot cancel out.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.blackdoubt.conftest import fresh_game, points, score_table, set_hand, set_round

TABLE = score_table()
ROWS = {int(r["row"]): r for r in TABLE}

# hands used when a row is played: A holds 18 (3 cards), B holds 24 (3 cards); for the judge row (both
# accepted) B holds 20 so that B is the higher hand and A the lower.
A_CARDS = ["♠10", "♠5", "♠3"]  # 18
B_CARDS = ["♡10", "♡9", "♡5"]  # 24
B_CARDS_JUDGE = ["♡10", "♡6", "♡4"]  # 20


def _seed_rows(seeds_dir: Path) -> dict[int, str]:
    path = next(seeds_dir.glob("004_*.txt"))
    rows: dict[int, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\s*(\d{1,2})[:：](\S.*)$", line)
        if m and ("A" in m.group(2) or "B" in m.group(2)) and ("加算" in m.group(2) or "引き分け" in m.group(2)):
            rows[int(m.group(1))] = re.sub(r"\s+", " ", m.group(2).strip())
    return rows


def _outcome(text: str, who: str, other: str) -> str:
    """What became of ``who``'s declaration in one clause of a seed row."""
    if f"{who}がバスト" in text or f"{who}もバスト" in text or f"{who}はバスト" in text:
        return "bust"
    for word, out in (("ミスダウト", "misdoubt"), ("ダウト", "doubt"), ("スルー", "through")):
        if f"{other}が{who}を{word}" in text:
            return out
    raise AssertionError(f"no outcome of {who} in {text!r}")


def _parse(text: str) -> dict[str, Any]:
    """A seed row ("BがAをスルーし、AがBをダウト A、Bの手札分Bに加算") -> its meaning."""
    cond, result = text.rsplit(" ", 1)
    first, second = cond.split("し、", 1)
    out: dict[str, Any] = {"a": _outcome(first, "A", "B"), "b": _outcome(second, "B", "A")}
    if result == "引き分け":
        out.update(to="none", hands=[], times=1)
    elif result == "数値の高い側の手札分低い側に加算":
        out.update(to="loser", hands=["winner"], times=1)
    else:
        m = re.fullmatch(r"(A、B|A|B)の手札(分|の倍を)(A|B)に加算", result)
        assert m, f"unexpected result wording {result!r}"
        out.update(to=m.group(3), hands=m.group(1).split("、"), times=2 if m.group(2) == "の倍を" else 1)
    return out


def test_table_has_the_sixteen_rows_once_each() -> None:
    assert sorted(ROWS) == list(range(1, 17))
    pairs = {(r["a"], r["b"]) for r in TABLE}
    assert len(pairs) == 16, "every pair of outcomes has exactly one row"


@pytest.mark.parametrize("row", range(1, 17))
def test_definitions_row_matches_the_seed(row: int, seeds_dir: Path) -> None:
    seed = _seed_rows(seeds_dir)
    assert row in seed, f"row {row} not found in the seed"
    want = _parse(seed[row])
    got = ROWS[row]
    assert (got["a"], got["b"]) == (want["a"], want["b"])
    assert got["to"] == want["to"]
    assert sorted(got.get("hands") or []) == sorted(want["hands"])
    assert int(got.get("times", 1)) == want["times"]


# Read from the seed by hand (not parsed): row -> (a, b, receiver, hands, times)
BY_HAND = {
    1: ("bust", "bust", "none", [], 1),  # Aがバストし、Bもバスト 引き分け
    3: ("bust", "through", "A", ["B"], 1),  # Aがバストし、AがBをスルー Bの手札分Aに加算
    4: ("bust", "misdoubt", "A", ["A", "B"], 2),  # Aがバストし、AがBをミスダウト A、Bの手札の倍をAに加算
    7: ("through", "through", "loser", ["winner"], 1),  # 数値の高い側の手札分低い側に加算
    13: ("misdoubt", "bust", "B", ["A", "B"], 2),  # BがAをミスダウトし、Bがバスト A、Bの手札の倍をBに加算
    16: ("misdoubt", "misdoubt", "none", [], 1),  # BがAをミスダウトし、AがBをミスダウト 引き分け
}


@pytest.mark.parametrize("row", sorted(BY_HAND))
def test_rows_read_by_hand(row: int) -> None:
    a, b, to, hands, times = BY_HAND[row]
    got = ROWS[row]
    assert (got["a"], got["b"], got["to"], sorted(got.get("hands") or []), int(got.get("times", 1))) == (
        a, b, to, sorted(hands), times)


@pytest.mark.parametrize("a_seat", [0, 1])
@pytest.mark.parametrize("row", range(1, 17))
def test_scoring_op_applies_the_row(row: int, a_seat: int) -> None:
    """A round with the row's outcomes is scored as the row says (for A in either seat)."""
    r = ROWS[row]
    game = fresh_game(seed=row)
    b_seat = 1 - a_seat
    judge = r["to"] == "loser"
    set_hand(game, a_seat, A_CARDS)
    set_hand(game, b_seat, B_CARDS_JUDGE if judge else B_CARDS)
    set_round(game, a_seat, r["a"], r["b"])
    s = game.state
    totals = {"A": 18, "B": 20 if judge else 24}
    assert game.hooks.total(s, a_seat) == totals["A"] and game.hooks.total(s, b_seat) == totals["B"]
    before = points(game)
    result = game.hooks.score(game, TABLE)
    gained = [points(game)[i] - before[i] for i in (0, 1)]
    seats = {"A": a_seat, "B": b_seat}
    if judge:  # B is the higher hand: its value goes to A, the lower
        seats["winner"], seats["loser"] = b_seat, a_seat
        totals["winner"] = totals["B"]
    expected = [0, 0]
    if r["to"] != "none":
        expected[seats[r["to"]]] = sum(totals[h] for h in r["hands"]) * int(r.get("times", 1))
    assert gained == expected
    assert result["row"] == row


def test_judge_tie_is_a_draw() -> None:
    """Step 6: equal numbers draw, whatever the number of cards."""
    game = fresh_game()
    set_hand(game, 0, ["♠10", "♠8"])  # 18 with two cards
    set_hand(game, 1, ["♡10", "♡5", "♡3"])  # 18 with three
    set_round(game, 0, "through", "through")
    result = game.hooks.score(game, TABLE)
    assert result["row"] == 7 and result["to"] is None and points(game) == [0, 0]


def test_blackjack_beats_not_bust_whatever_the_numbers() -> None:
    """Step 6: ブラックジャック against ノットバスト wins for the blackjack side regardless of the numbers."""
    game = fresh_game()
    set_hand(game, 0, ["♠10", "♠9"])  # 19, declared blackjack and accepted
    set_hand(game, 1, ["♡10", "♡A"])  # 21, declared not bust
    set_round(game, 0, "through", "through", a_decl="blackjack", b_decl="not_bust")
    assert game.hooks.judge(game.state) == 0
    game.hooks.score(game, TABLE)
    assert points(game) == [0, 19]  # the winner's hand value goes to the loser


def test_hand_value_counts_one_ace_as_eleven_when_it_fits() -> None:
    game = fresh_game()
    s = game.state
    set_hand(game, 0, ["♠A", "♠K"])
    assert game.hooks.total(s, 0) == 21
    set_hand(game, 0, ["♠A", "♡A", "♠9"])
    assert game.hooks.total(s, 0) == 21
    set_hand(game, 0, ["♠A", "♠K", "♠5"])
    assert game.hooks.total(s, 0) == 16
    set_hand(game, 0, ["♠Q", "♠J", "♠2"])
    assert game.hooks.total(s, 0) == 22


@pytest.mark.parametrize("row", range(1, 17))
def test_printed_row_is_the_seed_row(row: int, seeds_dir: Path) -> None:
    """The action list prints each row from its data; it reads as the seed's row (Bも/Bは/Bが バスト alike)."""
    from bpdsl.games.blackdoubt.ops import row_text

    seed = _seed_rows(seeds_dir)[row]
    seed = seed.replace("Bもバスト", "Bがバスト").replace("Bはバスト", "Bがバスト")
    assert row_text(ROWS[row]) == seed


def test_settlement_phrase_prints_the_whole_table() -> None:
    from bpdsl.ops.registry import PhraseContext, get

    text = get("bd_score").render(PhraseContext({}, {}), {"table": TABLE})
    assert all(f"{n}:" in text for n in range(1, 17))

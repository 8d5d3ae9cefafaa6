"""Per-player counters and values a game document declares (game.yaml ``counters:`` / ``values:``).

Black Doubt is the vehicle: its points and turn flags are declared counters and its hand value 合計 (ace 11
or 1) a declared value; here the generic parts are checked on their own: the names they give expressions,
the diagnostics of a wrong declaration, and the values computed from the cards.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bpdsl.dsl.expr import parse
from bpdsl.dsl.expr_names import names
from bpdsl.dsl.loader import load
from bpdsl.engine import build_rules, new_game, FirstLegalAgent
from bpdsl.engine.numbers import numbers_for
from tests.blackdoubt.conftest import fresh_game, set_hand

ROOT = Path(__file__).resolve().parents[2]
BD = ROOT / "definitions" / "blackdoubt"


def _bd_with_game(tmp_path: Path, old: str, new: str) -> list[str]:
    """Black Doubt's definitions with one text of its game document replaced; the diagnostics' lines."""
    shutil.copytree(BD, tmp_path / "bd")
    game = tmp_path / "bd" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert old in text
    game.write_text(text.replace(old, new), encoding="utf-8")
    result = load([tmp_path / "bd"])
    return [str(d) for d in result.errors]


def test_declared_names_reach_expressions() -> None:
    build_rules("bd1", "std")
    table = names()
    for name in ("me.points", "opponent.points", "me.total", "opponent.total", "me.to_answer"):
        assert name in table and table[name].type == "int"
    assert table["me.total"].phrase_ja == "自分の合計"
    assert parse("me.total >= 22 and opponent.points < 100").type == "bool"


@pytest.mark.parametrize("cards,total", [
    (["♠A", "♠K"], 21), (["♠A", "♠K", "♠Q"], 21), (["♠A", "♡A"], 12), (["♠A", "♡A", "♣9"], 21),
    (["♠A", "♡A", "♣K"], 12), (["♠9", "♠8", "♠5"], 22), ([], 0),
])
def test_value_of_the_cards_in_a_zone(cards: list[str], total: int) -> None:
    game = fresh_game(seed=1)
    set_hand(game, 1, [])
    set_hand(game, 0, cards)
    assert numbers_for(game.rules).value(game.state, 0, "total") == total


def test_counters_start_at_zero_and_add_up() -> None:
    rules = build_rules("bd1", "std")
    game = new_game(rules, [FirstLegalAgent(), FirstLegalAgent()], 1)
    nums = numbers_for(rules)
    s = game.state
    assert nums.get(s, 1, "points") == 0 and "points" not in s.counters
    nums.add(s, 1, "points", 7)
    nums.add(s, 1, "points", 5)
    assert s.counters["points"] == [0, 12]
    assert nums.resolve(s, 0, "opponent.points") == 12 and nums.resolve(s, 1, "me.points") == 12
    assert nums.resolve(s, 0, "deck.count") is None  # not a declared number: the game's own names answer


def test_unknown_zone_of_a_value(tmp_path: Path) -> None:
    errors = _bd_with_game(tmp_path, "zone: field", "zone: feild")
    assert any("D006" in e and "unknown zone 'feild'" in e and "did you mean 'field'" in e for e in errors), errors


def test_bad_expression_of_a_value(tmp_path: Path) -> None:
    errors = _bd_with_game(tmp_path, "cards.aces > 0", "cards.ace > 0")
    assert any("X001" in e and "game.yaml" in e and "cards.ace" in e for e in errors), errors


def test_a_counter_may_not_take_a_name_the_game_declares(tmp_path: Path) -> None:
    errors = _bd_with_game(tmp_path, "- {id: drawn,", "- {id: total,")
    assert any("D001" in e and "me.total" in e for e in errors), errors


@pytest.mark.parametrize("old", ["bd_step: {is: draw}", "bd_may_declare: {declaration: hit}"])
def test_a_retired_condition_names_its_replacement(tmp_path: Path, old: str) -> None:
    """Black Doubt's first definitions used conditions of its own; a file that still does is told what to
    write (deliverable 7: never a silent change of meaning)."""
    shutil.copytree(BD, tmp_path / "bd")
    actions = tmp_path / "bd" / "editions" / "bd1" / "actions.yaml"
    text = actions.read_text(encoding="utf-8")
    actions.write_text(text.replace("- only_if: {if: deck.count > 0}", "- " + old, 1), encoding="utf-8")
    errors = [str(d) for d in load([tmp_path / "bd"]).errors]
    name = old.split(":")[0]
    assert any("O001" in e and f"op {name!r} was retired" in e and "only_if" in e for e in errors), errors


@pytest.mark.parametrize("now,lines,old,replacement", [
    ("- next_turn:", 1, "bd_pass_turn", "next_turn"),
    ("- draw_to_field:", 2, "bd_draw", "draw_to_field"),  # the call and the add_counter step
])
def test_retired_black_doubt_effects_name_their_replacement(tmp_path: Path, now: str, lines: int, old: str,
                                                            replacement: str) -> None:
    """Black Doubt's own effects that became general ops: a file that still names one is told what to write."""
    shutil.copytree(BD, tmp_path / "bd")
    actions = tmp_path / "bd" / "editions" / "bd1" / "actions.yaml"
    text = actions.read_text(encoding="utf-8").splitlines(keepends=True)
    i = next(i for i, line in enumerate(text) if now in line)
    text[i:i + lines] = [f"      - {old}: {{}}\n"]
    actions.write_text("".join(text), encoding="utf-8")
    errors = [str(d) for d in load([tmp_path / "bd"]).errors]
    assert any(f"actions.yaml:{i + 1}:" in e and "O001" in e and f"{old!r} was retired" in e
               and replacement in e for e in errors), errors


@pytest.mark.parametrize("points,over,winner", [
    ([99, 40], False, None), ([100, 40], True, 1), ([40, 130], True, 0), ([120, 110], True, 1),
    ([110, 110], True, None),
])
def test_lose_at_a_counter_limit(points: list[int], over: bool, winner: int | None) -> None:
    """The generic point limit (Black Doubt's settlement: lose_at: {counter: points, at_least: 100}): the
    player at the limit loses; both at it: the one with more loses; equal: a draw."""
    from bpdsl.engine.core import Ctx
    from bpdsl.ops.registry import get

    game = fresh_game(seed=2)
    game.state.counters["points"] = list(points)
    get("lose_at").execute(Ctx(game, None, 0), {"counter": "points", "at_least": 100})
    assert game.state.over is over and game.state.winner == winner
    if over:
        assert "limit of points" in game.state.reason


def test_lose_at_prints_the_counter_with_the_editions_words() -> None:
    from bpdsl.engine import load_definitions
    from bpdsl.render.sheet import build_sheet

    sheet = build_sheet(load_definitions(), "bd1", "std")
    settlement = next(e for e in sheet.entries if e.id == "settlement")
    assert "得点が100点以上になったプレイヤーは試合に負ける。" in settlement.text


def test_add_and_set_counter_ops() -> None:
    """A designer's own counters change through add_counter / set_counter (expressions for the amounts)."""
    from bpdsl.engine.core import Ctx
    from bpdsl.ops.registry import PhraseContext, get

    game = fresh_game(seed=3)
    set_hand(game, 0, ["♠A", "♠9"])  # total 20
    ctx = Ctx(game, None, 0)
    get("add_counter").execute(ctx, {"counter": "points", "amount": parse("me.total"), "who": "opponent"})
    get("add_counter").execute(ctx, {"counter": "points", "amount": 3})
    assert game.state.counters["points"] == [3, 20]
    get("set_counter").execute(ctx, {"counter": "points", "value": parse("opponent.points - 5"), "who": "self"})
    assert game.state.counters["points"] == [15, 20]
    words = PhraseContext({"counter:points": "得点", "unit:points": "点"}, {})
    assert get("add_counter").phrase(words, {"counter": "points", "amount": 5, "who": "opponent"}) == \
        "対戦相手の得点に5点を加える。"
    assert get("set_counter").phrase(words, {"counter": "points", "value": 0}) == "自分の得点を0点にする。"


BP = ROOT / "definitions" / "blackpoker"


@pytest.mark.parametrize("name,hint", [("me.points", "did you mean"), ("opponent.to_answer", ""),
                                       ("me.total", "")])
def test_another_games_names_are_unknown_to_an_edition(tmp_path: Path, name: str, hint: str) -> None:
    """Names are per game: Black Doubt's declared counters and values (me.points, me.total ...), loaded in
    the same run, are a positioned definitions error in a BlackPoker edition, at the name's column -- not a
    game that aborts when the condition is first tested."""
    shutil.copytree(BD, tmp_path / "bd")
    shutil.copytree(BP, tmp_path / "bp")
    actions = tmp_path / "bp" / "editions" / "act8.2" / "actions.yaml"
    text = actions.read_text(encoding="utf-8")
    old = "- only_if: {if: not turn.is_mine}"
    assert old in text
    actions.write_text(text.replace(old, f"- only_if: {{if: not turn.is_mine and {name} > 0}}"), encoding="utf-8")
    line = next(i for i, t in enumerate(actions.read_text(encoding="utf-8").splitlines(), 1) if name in t)
    col = actions.read_text(encoding="utf-8").splitlines()[line - 1].index(name) + 1
    errors = [str(d) for d in load([tmp_path / "bd", tmp_path / "bp"]).errors]
    mine = [e for e in errors if "actions.yaml" in e and "act8.2" in e]
    assert len(mine) == 1, errors
    assert f"actions.yaml:{line}:{col}: X001" in mine[0] and f"unknown name {name!r}" in mine[0], mine
    assert hint in mine[0]
    # and Black Doubt's own file still reads them
    assert not [e for e in errors if "/bd/" in e], errors


def test_a_round_is_declared_and_a_wrong_zone_is_positioned(tmp_path: Path) -> None:
    """game.yaml ``round:`` (gather, deal, face) is read into the model; an undeclared zone to gather is a
    definitions error at its place with a did-you-mean hint."""
    game = load([BD]).definitions.games["blackdoubt"]
    assert game.round is not None and (game.round.gather, game.round.deal, game.round.face) == (("field",), 1, "up")
    errors = _bd_with_game(tmp_path, "round: {gather: [field]", "round: {gather: [feild]")
    assert any("game.yaml" in e and "D006" in e and "unknown zone 'feild' to gather" in e and "did you mean 'field'"
               in e for e in errors), errors


def test_a_new_round_gathers_shuffles_resets_and_deals() -> None:
    """The default start of a round: every card of the field back into the shared deck, the per-round
    counters (drawn, finished, to_answer) back to 0 and the points kept, one face-up card each, the first
    player holding the turn."""
    game = fresh_game(seed=2)
    s = game.state
    set_hand(game, 0, ["♠7", "♠Q", "♡2"], face_up=[True, False, True])
    s.counters.update({"points": [30, 12], "finished": [1, 1], "to_answer": [0, 1], "drawn": [1, 0]})
    turn_no = s.turn_no
    game.hooks.start_round(game, 1)
    assert s.counters == {"points": [30, 12]}
    assert [len(p.field) for p in s.players] == [1, 1] and all(ch.face_up for p in s.players for ch in p.field)
    assert len(s.players[0].pack) == 50 and (s.turn, s.chance, s.turn_no) == (1, 1, turn_no + 1)
    on_field = {c for p in s.players for ch in p.field for c in ch.cards}
    assert all(s.loc[c] == (game.rules.zones.deck, 0) for c in s.players[0].pack)
    assert len(on_field | set(s.players[0].pack)) == 52


def test_blackpokers_own_turn_passing_resets_per_turn_counters() -> None:
    """``reset: [turn]`` holds in every game: BlackPoker's エンド (its own pass_turn) resets such a counter as
    next_turn does (a designer's edition of BlackPoker may declare one)."""
    from bpdsl.model import Counter

    rules = build_rules("act8.0", "std")
    added = Counter("tally", "集計", "", ("turn",))
    rules.game.counters.append(added)
    try:
        game = new_game(rules, [FirstLegalAgent(), FirstLegalAgent()], 3)
        game.p_game_start()
        s = game.state
        s.counters.update({"tally": [2, 5]})
        game.hooks.pass_turn(game)
        assert "tally" not in s.counters
    finally:
        rules.game.counters.remove(added)

"""next_turn: turn passing as candidates with conditions (BlackPoker's エンド: always the opponent; Black
Doubt: the player who must answer, else the opponent unless finished, else the same player again)."""
from __future__ import annotations

from bpdsl.dsl.expr import parse
from bpdsl.engine.core import Ctx
from bpdsl.engine.log import EventLog
from bpdsl.ops.registry import PhraseContext, load_all
from tests.blackdoubt.conftest import fresh_game



def bd_turn() -> list[dict[str, object]]:
    """Black Doubt's candidates (its declared counters are known once its definitions are loaded)."""
    return [{"who": "opponent", "if": parse("opponent.to_answer > 0 or opponent.finished == 0")},
            {"who": "self", "if": parse("me.finished == 0")}]


def _game(seat: int, flags: dict[str, list[int]]) -> tuple[object, Ctx]:
    game = fresh_game(seed=3)
    game.log = EventLog()
    s = game.state
    s.turn = s.chance = seat
    s.counters.update({k: list(v) for k, v in flags.items()})
    s.raised_this_turn.add((seat, "draw"))
    s.raised_count[(seat, "draw")] = 1
    return game, Ctx(game, None, seat)


def test_the_first_candidate_that_holds_gets_a_new_turn() -> None:
    op = load_all()["next_turn"]
    game, ctx = _game(0, {"drawn": [1, 0], "finished": [0, 1], "points": [5, 7]})
    s = game.state
    before = s.turn_no
    op.execute(ctx, {"to": bd_turn()})  # the opponent has finished: the controller plays on
    assert (s.turn, s.chance, s.turn_no) == (0, 0, before + 1)
    assert "drawn" not in s.counters  # declared with reset: [turn]
    assert s.counters["finished"] == [0, 1] and s.counters["points"] == [5, 7]  # not per-turn
    assert not s.raised_this_turn and not s.raised_count
    assert game.log.lines[-1]["t"] == "turn" and game.log.lines[-1]["p"] == 0


def test_an_answer_awaited_goes_first_and_no_candidate_keeps_the_turn() -> None:
    op = load_all()["next_turn"]
    game, ctx = _game(1, {"finished": [1, 1], "to_answer": [1, 0]})
    op.execute(ctx, {"to": bd_turn()})
    assert game.state.turn == 0  # seat 0 must answer, though finished
    game, ctx = _game(1, {"finished": [1, 1], "drawn": [0, 1]})
    turn_no, lines = game.state.turn_no, len(game.log.lines)
    op.execute(ctx, {"to": bd_turn()})  # both finished, nothing to answer: the turn does not pass
    assert (game.state.turn, game.state.turn_no, len(game.log.lines)) == (1, turn_no, lines)
    assert game.state.counters["drawn"] == [0, 1]


def test_a_candidate_without_condition_always_holds_and_the_phrase_reads_the_list() -> None:
    op = load_all()["next_turn"]
    game, ctx = _game(0, {})
    op.execute(ctx, {"to": [{"who": "opponent"}]})
    assert game.state.turn == 1
    assert op.phrase(PhraseContext({}, {}), {"to": [{"who": "opponent"}]}) == "相手の番に移る。"
    words = {"cond:opponent.to_answer>0oropponent.finished==0": "相手が答える番か、手札を完成させていない",
             "cond:me.finished==0": "自分が手札を完成させていない"}
    assert op.phrase(PhraseContext(words, {}), {"to": bd_turn()}) == (
        "相手が答える番か、手札を完成させていない場合は相手の番に移り、自分が手札を完成させていない場合は自分の番を続ける。")
    assert op.phrase(PhraseContext({}, {}), {"to": [{"who": "self", "if": parse("me.finished == 0")},
                                                    {"who": "opponent"}]}) == (
        "me.finished == 0場合は自分の番を続け、そうでなければ相手の番に移る。")  # no words: the source text


def test_draw_to_field_puts_the_top_card_in_front_of_the_player() -> None:
    """draw_to_field: the deck's top card becomes a one-card character on the player's field, face up or
    down as asked (decision ``face`` for ``choose``); an empty deck stops the rest of the effect."""
    op = load_all()["draw_to_field"]
    game, ctx = _game(1, {})
    s = game.state
    deck = s.players[0].pack  # Black Doubt's deck is shared: kept with seat 0
    top, n, before = deck[-1], len(deck), len(s.players[1].field)
    assert op.execute(ctx, {"face": "down"}) is True
    ch = s.players[1].field[-1]
    assert (ch.cards, ch.face_up, ch.kind, ch.controller) == ([top], False, "card", 1)
    assert len(deck) == n - 1 and len(s.players[1].field) == before + 1 and s.loc[top] == (
        game.rules.zones.field, 1)
    assert game.log.lines[-1]["t"] == "place" and game.log.lines[-1]["card"] == "?"
    deck.clear()
    assert op.execute(ctx, {"face": "up"}) is False
    assert op.phrase(PhraseContext({}, {}), {"face": "choose"}) == "山札からカードを1枚引いて確認し、表向きか裏向きで自分の場に並べる。"
    assert op.phrase(PhraseContext({}, {}), {"face": "up", "where": "beside"}) == (
        "山札からカードを1枚引いて表向きで自分のカードの右隣に並べる。")


def test_the_prepared_next_turn_passes_as_the_plain_one() -> None:
    """The compiled actions run next_turn prepared (its conditions bound once): same turn, same state."""
    op = load_all()["next_turn"]
    for flags in ({"finished": [0, 1]}, {"finished": [1, 1], "to_answer": [1, 0]}, {"finished": [1, 1]},
                  {"finished": [0, 0]}):
        args = {"to": bd_turn()}
        plain, ctx = _game(1, flags)
        op.execute(ctx, args)
        prepared, ctx2 = _game(1, flags)
        op.prepare(args)(ctx2, args)
        got = [(g.state.turn, g.state.turn_no, dict(g.state.counters), len(g.log.lines)) for g in (plain, prepared)]
        assert got[0] == got[1], flags

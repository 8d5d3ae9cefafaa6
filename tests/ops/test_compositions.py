"""Seed-cut words replaced by compositions of general ops: what they print, and what a designer's file that
still names the old op is told (O001 with the composition to write instead, never a silent change)."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from bpdsl.dsl.expr import parse
from bpdsl.dsl.loader import load
from bpdsl.ops.registry import RETIRED, PhraseContext, load_all

ROOT = Path(__file__).resolve().parents[2]
COUNTER = "negate: {if: target.key_count == 1 and self.key_rank >= target.key_rank or target.key_count == 2, wording: full}"


def _retired_errors(tmp_path: Path, edition: str, new: str, old: str) -> list[str]:
    shutil.copytree(ROOT / "definitions" / "blackpoker", tmp_path / "bp")
    actions = tmp_path / "bp" / "editions" / edition / "actions.yaml"
    text = actions.read_text(encoding="utf-8")
    assert new in text
    actions.write_text(text.replace(new, old), encoding="utf-8")
    return [str(d) for d in load([tmp_path / "bp"]).errors]


@pytest.mark.parametrize("edition,new,old,name,hint", [
    ("act8.0", "move_cards: {cards: target, to: life, position: top, face: down, order: owner, say_owner: true}",
     "move_to_life_top: {cards: target, what: soldier, face: down}", "move_to_life_top", "move_cards:"),
    ("act8.0", COUNTER, "counter: {always_at: 2}", "counter", "negate: {if: target.key_count == 1"),
    ("act6.1", COUNTER, "counter", "counter", "wording: full"),
    ("act8.0", "move_cards: {cards: key, to: hand, back: true}", "return_to_hand: {cards: key}", "return_to_hand",
     "move_cards: {cards: key, to: hand, back: true}"),
])
def test_a_file_naming_a_retired_word_is_told_the_composition(tmp_path: Path, edition: str, new: str, old: str,
                                                               name: str, hint: str) -> None:
    errors = _retired_errors(tmp_path, edition, new, old)
    hits = [e for e in errors if f"'{name}' was retired" in e]
    assert len(hits) == 1, errors
    assert re.match(r"^.*actions\.yaml:\d+:\d+: O001 ", hits[0]), hits[0]
    assert hint in hits[0] and name in RETIRED


def _ctx(**terms: str) -> PhraseContext:
    return PhraseContext({"life": "ライフ", **terms}, {})


@pytest.mark.parametrize("args,words", [
    ({"cards": "target", "to": "life", "face": "down", "order": "owner", "say_owner": True},
     "対象のキャラクターをオーナーのライフの一番上に裏向きで移す。キャラクターが複数のカードから成る場合、任意の順でライフの一番上に裏向きで移す。"),
    ({"cards": "chosen", "to": "grave", "back": True}, "選んだカードを墓地に戻す。"),
    ({"cards": "key", "to": "life", "position": "bottom"}, "キーカードをライフの一番下に移す。"),
    ({"cards": "target", "to": "hand"}, "対象のキャラクターを手札に移す。"),
    ({"cards": "target", "to": "hand", "back": True, "if": parse("target.charged")},
     "対象のキャラクターがチャージ状態の場合、対象のキャラクターを手札に戻す。"),
])
def test_move_cards_prints_its_arguments(args: dict, words: str) -> None:
    assert load_all()["move_cards"].phrase(_ctx(), args) == words


def test_negate_prints_an_or_condition_as_the_cases_of_counter() -> None:
    op = load_all()["negate"]
    cond = parse("target.key_count == 1 and self.key_rank >= target.key_rank or target.key_count == 2")
    assert op.phrase(_ctx(request="リクエスト"), {"if": cond, "wording": "full"}).split("\n") == [
        "次のいずれかの場合、対象のリクエストを無効にする。その場合、対象リクエストをステージから取り除き、"
        "対象リクエストのキーカードを墓地に移す。",
        "  対象リクエストのキーカードが1枚かつこのリクエストのキーカードの数字が対象リクエストのキーカードの数字以上",
        "  対象リクエストのキーカードが2枚",
    ]
    # one condition: no list; and 停戦's brief sentence is unchanged
    assert op.phrase(_ctx(), {"if": parse("target.key_count == 2"), "wording": "full"}).startswith(
        "対象アクションのキーカードが2枚場合、対象のアクションを無効にする。")
    assert op.phrase(_ctx(request="リクエスト"), {"if": None}) == "対象のリクエストを無効し、対象のリクエストをステージから取り除く。"


def _reanimate_at(position: dict) -> tuple:
    """A game of act8.0 std at ``position`` and リアニメイト raised by seat 0 (not yet resolved)."""
    from bpdsl.engine import load_definitions, new_game
    from bpdsl.engine.compiled import compile_rules
    from bpdsl.engine.core import Ctx
    from bpdsl.scenarios.runner import start_position
    from bpdsl.engine.state import ActionInstance

    rules = compile_rules(load_definitions(), "act8.0", "std")
    game = new_game(rules, None, 1)
    start_position(game, {"edition": "act8.0", "format": "std", "turn": 0, "turn_no": 3, **position})
    inst = ActionInstance(game.state.uid(), rules.actions["reanimate"], 0, direct=False)
    return game, inst, Ctx(game, inst, 0)


def _texts(game, cards) -> list[str]:
    return [game.hooks.card_text(c) for c in cards]


def test_reanimate_when_the_target_cannot_be_moved_the_chosen_card_stays_in_the_grave() -> None:
    """「移せない場合、選んだカードを墓地に戻す」: the target is gone when the effect moves it, so the attempt takes
    its else branch — the chosen ◇K stays in the grave where it lay and nothing enters the field."""
    game, inst, ctx = _reanimate_at({"players": [{"life": 10, "grave": ["◇K", "♣7"]}, {"life": 10}]})
    inst.target = ("char", 999_999)  # no such character any more
    game.agents = None
    choose, attempt = inst.action.effect
    inst.data.update(chosen=[next(c for c in game.state.players[0].grave if game.hooks.card_text(c) == "◇K")],
                     chosen_from=game.state.loc[game.state.players[0].grave[0]][0])
    assert attempt[0](ctx, attempt[1]) is not False
    p = game.state.players[0]
    assert _texts(game, p.grave) == ["◇K", "♣7"] and not p.field
    assert "done" not in inst.data, "the done report does not outlive the attempt"


def test_reanimate_when_the_target_moves_the_chosen_card_enters_as_the_soldier_its_rank_makes() -> None:
    game, inst, ctx = _reanimate_at({"players": [
        {"life": 10, "grave": ["◇K"], "field": [{"as": "general_soldier", "cards": ["♠5"]}]}, {"life": 10}]})
    p = game.state.players[0]
    inst.target = ("char", p.field[0].uid)
    inst.data.update(chosen=list(p.grave), chosen_from=game.state.loc[p.grave[0]][0])
    _choose, attempt = inst.action.effect
    attempt[0](ctx, attempt[1])
    assert [(ch.char_id, _texts(game, ch.cards), ch.face_up, ch.driven) for ch in p.field] == [("hero", ["◇K"], True, False)]
    assert _texts(game, p.grave) == ["♠5"]


@pytest.mark.parametrize("sentence,done,undone", [
    ("対象のキャラクターを墓地に移す。", "対象のキャラクターを墓地に移せた", "移せない"),
    ("選んだカードを手札に加える。", "選んだカードを手札に加えられた", "加えられない"),
    ("カードを1枚引く。", "カードを1枚引けた", "引けない"),
])
def test_attempt_words_the_step_in_the_potential(sentence: str, done: str, undone: str) -> None:
    from bpdsl.ops.attempt import potential

    assert potential(sentence) == (done, undone)


def test_the_retired_revive_names_the_attempt(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "definitions" / "blackpoker", tmp_path / "bp")
    actions = tmp_path / "bp" / "editions" / "act8.0" / "actions.yaml"
    text = actions.read_text(encoding="utf-8")
    start = text.index("      - choose_cards: {from: grave, whose: self, count: 1}")
    end = text.index("back: true}}]\n", start) + len("back: true}}]\n")
    actions.write_text(text[:start] + "      - revive_by_sacrifice: {face: up, state: charge}\n" + text[end:],
                       encoding="utf-8")
    errors = [str(d) for d in load([tmp_path / "bp"]).errors]
    hits = [e for e in errors if "'revive_by_sacrifice' was retired" in e]
    assert len(hits) == 1 and "O001" in hits[0] and "attempt:" in hits[0] and "choose_cards" in hits[0], errors

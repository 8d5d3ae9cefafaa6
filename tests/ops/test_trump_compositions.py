"""The trump words of the エクストラ retired for compositions of general blocks: what a file that still names a
retired word is told, what the new block arguments print, and what the compositions do in a game (the choices
the sheet promises: 瞬殺's any one or more soldiers, 救済's owner's order ...)."""
from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from bpdsl.dsl.expr import parse
from bpdsl.dsl.loader import load
from bpdsl.ops.registry import RETIRED, PhraseContext, load_all

ROOT = Path(__file__).resolve().parents[2]
TRUMPS = ROOT / "definitions" / "blackpoker" / "editions" / "act8.2" / "trumps.yaml"


@pytest.mark.parametrize("new,old,name,hint", [
    ("send_to_grave: {cards: target, what: soldier, from_field: false, if: target.size <= source.size}\n"
     '            terms: {"expr:target.size": 対象の兵士}',
     "destroy_target_if: {compare: source_size_at_least}", "destroy_target_if", "send_to_grave:"),
    ("damage: {to: trigger_player, amount: trigger.discarded * 2, wording: amount_first}\n"
     "            terms: {trigger_player: 手札を捨てたプレイヤー}", "damage_per_discard: {per_card: 2}",
     "damage_per_discard", "trigger.discarded"),
    ("draw_top: {until_hand: 4, most: 2}", "refill_hand: {below: 4, most: 2}", "refill_hand", "until_hand"),
    ("reveal_top: {count: 2, pick: 1, rest: bottom}", "reveal_pick_soldier: {count: 2}", "reveal_pick_soldier",
     "pick: 1"),
    ("convert: {cards: own_chosen, to: bulwark, state: charge}", "soldiers_to_bulwarks: {}", "soldiers_to_bulwarks",
     "own_chosen"),
    ("reorder: {what: bulwark}", "reorder_bulwarks: {}", "reorder_bulwarks", "reorder: {what: bulwark}"),
])
def test_a_file_naming_a_retired_trump_word_is_told_the_composition(tmp_path: Path, new: str, old: str, name: str,
                                                                    hint: str) -> None:
    shutil.copytree(ROOT / "definitions" / "blackpoker", tmp_path / "bp")
    trumps = tmp_path / "bp" / "editions" / "act8.2" / "trumps.yaml"
    text = trumps.read_text(encoding="utf-8")
    assert new in text
    trumps.write_text(text.replace(new, old), encoding="utf-8")
    errors = [str(d) for d in load([tmp_path / "bp"]).errors]
    hits = [e for e in errors if f"'{name}' was retired" in e]
    assert len(hits) == 1, errors
    assert re.match(r"^.*trumps\.yaml:\d+:\d+: O001 ", hits[0]), hits[0]
    assert hint in hits[0] and name in RETIRED


def test_every_retired_trump_word_is_gone_from_the_registry() -> None:
    ops = load_all()
    for name in ("destroy_target_if", "damage_per_discard", "discard_hand_or_lose_trump", "soldiers_to_life_top",
                 "soldiers_to_bulwarks", "reveal_pick_soldier", "refill_hand", "reorder_bulwarks",
                 "sacrifice_to_destroy"):
        assert name in RETIRED and name not in ops


def _ctx(**terms: str) -> PhraseContext:
    return PhraseContext({"life": "ライフ", "self": "自分", **terms}, {})


@pytest.mark.parametrize("op,args,words", [
    ("draw_top", {"until_hand": 3}, "自分の手札が3枚になるまでカードを引く。"),
    ("draw_top", {"until_hand": 5, "most": 3},
     "自分の手札が2枚以下の場合、3枚カードを引き、3枚の場合2枚カードを引き、4枚の場合1枚カードを引く。"),
    ("draw_top", {"count": 2}, "ライフの一番上からカードを2枚引き手札に加える。"),
    ("discard_cards", {"who": "self", "all": True}, "手札を全て捨てる。"),
    ("discard_cards", {"who": "opponent", "count": 2}, "対戦相手は手札を2枚捨てる。"),
    ("reveal_top", {"count": 3, "pick": 1, "rest": "stay"},
     "ライフの一番上から3枚カードをめくり1枚を兵士としてチャージ状態で場に出し、残りのカードはそのままにする。"),
    ("convert", {"cards": "own_chosen", "to": "soldier", "state": "drive"},
     "自分の場にいる防壁を好きな数だけ選び、ドライブ状態の兵士にする。防壁の時に受けた効果、能力は無くなる。"
     "このターンに場に出た防壁を兵士にする場合、その兵士はこのターンに出た兵士と同様に扱う。"),
    ("reorder", {"what": "soldier"}, "自分の場にいる兵士の順番を任意の順番に並び替えてもよい。"),
    ("move_character", {"whose": "opponent", "what": "bulwark", "to": "hand", "count": "any"},
     "対戦相手の場にいる防壁を1体以上任意の数だけ手札に移す。"),
    ("damage", {"to": "trigger_player", "amount": parse("3"), "wording": "amount_first"},
     "3点のダメージを、このアクションを誘発したプレイヤーに与える。"),
    ("negate_chosen", {"where": parse("each.key_count == 2")},
     "ステージにあるアクションを1つ選び無効化しステージから取り除く。そのアクションはキーカードが2枚のものとする。"),
    ("negate_chosen", {"where": parse("each.key_rank <= key.rank or each.key_count == 2")},
     "ステージにあるアクションを1つ選び無効化しステージから取り除く。そのアクションは次のいずれかに該当するものとする。"
     "Xはキーカードの数字とする。\n  そのキーカードの数字がX以下\n  キーカードが2枚"),
    ("negate_chosen", {"single_key_at_most": parse("self.key_rank"), "two_keys": True},
     "ステージにあるアクションを1つ選び無効化しステージから取り除く。そのアクションは次のいずれかに該当するものとする。"
     "Xはこのアクションのキーカードの数字とする。\n  キーカードが1枚かつそのキーカードの数字がX以下\n  キーカードが2枚"),
    ("lose_trump", {"card": "♣10", "if": parse("discarded.count == 0"), "wording": "owner"},
     "捨てた手札が0枚の場合、自分の切札♣10を墓地に移す。"),
])
def test_the_new_block_arguments_print_their_sentence(op: str, args: dict, words: str) -> None:
    target = load_all()[op]
    full = {k: v["default"] for k, v in target.args.items() if isinstance(v, dict) and "default" in v} | args
    assert target.phrase(_ctx(), full) == words


def test_together_prints_its_steps_as_one_item_with_their_own_terms() -> None:
    from bpdsl.dsl.loader import load_or_raise
    from bpdsl.render.text import entry_text
    from bpdsl.resources import definitions_dir

    edition = load_or_raise([definitions_dir()]).editions["act8.2"]
    effect = [s for s in entry_text(edition, edition.actions["struggle"], None).sections if s.kind == "effect"][0]
    assert [line for b in effect.blocks for line in b.lines()][1:] == [
        "手札を全て捨てる。手札がない場合、自分の切札♣10を墓地に移す。"]


# --------------------------------------------------------------------------- in a game

def _game(position: dict, action: str, scripts: tuple[list, list] = ([], [])) -> tuple:
    """A game of act8.2 extra at ``position`` and ``action`` raised by seat 0 (not yet resolved)."""
    from bpdsl.engine import load_definitions, new_game
    from bpdsl.engine.compiled import compile_rules
    from bpdsl.engine.core import Ctx
    from bpdsl.engine.decisions import ScriptedAgent
    from bpdsl.scenarios.runner import start_position
    from bpdsl.engine.state import ActionInstance

    rules = compile_rules(load_definitions(), "act8.2", "extra")
    game = new_game(rules, [ScriptedAgent(scripts[0]), ScriptedAgent(scripts[1])], 1)
    start_position(game, {"edition": "act8.2", "format": "extra", "turn": 0, "turn_no": 3, **position})
    inst = ActionInstance(game.state.uid(), rules.actions[action], 0, direct=False)
    return game, inst, Ctx(game, inst, 0)


def _resolve(inst: Any, ctx: Any) -> None:
    for step in inst.action.effect:
        if step[0](ctx, step[1]) is False:
            return


def _texts(game: Any, cards: Any) -> list[str]:
    return [game.hooks.card_text(c) for c in cards]


def test_instant_kill_may_send_only_the_second_soldier() -> None:
    """瞬殺 「自分の場にいる兵士を1体以上任意の数だけ墓地に移す」: the player keeps the first soldier and sends the
    second (the last one is taken without asking when none was chosen); its 9 beats the targeted 8."""
    game, inst, ctx = _game({"players": [
        {"life": 10, "field": [{"as": "general_soldier", "cards": ["♠3"]}, {"as": "general_soldier", "cards": ["♠9"]}]},
        {"life": 10, "field": [{"as": "general_soldier", "cards": ["♣8"]}]}]}, "instant_kill", ([0], []))
    me, them = game.state.players
    inst.target = ("char", them.field[0].uid)
    _resolve(inst, ctx)
    assert [_texts(game, ch.cards) for ch in me.field] == [["♠3"]]
    assert _texts(game, me.grave) == ["♠9"] and _texts(game, them.grave) == ["♣8"] and not them.field


def test_instant_kill_without_a_soldier_to_send_does_nothing() -> None:
    game, inst, ctx = _game({"players": [{"life": 10}, {"life": 10, "field": [
        {"as": "general_soldier", "cards": ["♣2"], "mod": -2}]}]}, "instant_kill")
    them = game.state.players[1]
    inst.target = ("char", them.field[0].uid)
    _resolve(inst, ctx)
    assert len(them.field) == 1 and not them.grave


@pytest.mark.parametrize("hand,drawn", [(1, 2), (2, 2), (3, 1), (4, 0), (6, 0)])
def test_replenish_hand_draws_up_to_four_at_most_two(hand: int, drawn: int) -> None:
    cards = ["♠2", "♠3", "♠4", "♠5", "♠6", "♠7"][:hand]
    game, inst, ctx = _game({"players": [{"life": 10, "hand": cards}, {"life": 10}]}, "replenish_hand")
    _resolve(inst, ctx)
    assert len(game.state.players[0].hand) == hand + drawn and len(game.state.players[0].life) == 10 - drawn


def test_struggle_discards_the_hand_or_loses_its_trump() -> None:
    game, inst, ctx = _game({"players": [{"life": 10, "hand": ["♠2", "♡3"], "trump": ["♣10"]}, {"life": 10}]},
                            "struggle")
    me = game.state.players[0]
    _resolve(inst, ctx)
    assert not me.hand and sorted(_texts(game, me.grave)) == ["♠2", "♡3"]
    game, inst, ctx = _game({"players": [{"life": 10, "trump": ["♣10"]}, {"life": 10}]}, "struggle")
    me = game.state.players[0]
    _resolve(inst, ctx)
    assert _texts(game, me.grave) == ["♣10"]


@pytest.mark.parametrize("choice,top_two", [(0, ["♣9", "◇3"]), (1, ["◇3", "♣9"])])
def test_salvation_lets_the_owner_order_a_soldier_of_several_cards(choice: int, top_two: list[str]) -> None:
    """救済 「…オーナーのライフの一番上にオーナーの好きな順で移す」: the opponent's armed soldier of two cards goes
    onto their life in the order they choose (the last of the order on top); a soldier below the key's number
    stays."""
    game, inst, ctx = _game({"players": [
        {"life": 5, "field": [{"as": "general_soldier", "cards": ["♠2"]}]},
        {"life": 5, "field": [{"as": "general_soldier", "cards": ["♣9", "◇3"]}]}]}, "salvation", ([], [choice]))
    inst.keys = [next(c for c in range(len(game.state.loc)) if game.hooks.card_text(c) == "♡5")]
    _resolve(inst, ctx)
    me, them = game.state.players
    assert [_texts(game, ch.cards) for ch in me.field] == [["♠2"]] and not them.field
    assert _texts(game, them.life[-2:]) == top_two
    assert len(them.life) == 7

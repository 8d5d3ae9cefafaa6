"""The hand search of ``bpdsl balance combos --hands N``: the first turns of real game starts, the fastest kill per
combination with the hand (シナリオ手札) it needs, and how many hands were searched out of how many.  The draft's
trump 終焉 (invented for the test, not an official card) deals more damage than any life: every hand wins on
the first turn with it, and the search reports that with the deal and its hand."""
from __future__ import annotations

import json
import math
from pathlib import Path

from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.engine import build_rules
from bpdsl.sim.combo_hands import deal_position, fastest_by_combination, for_combination, hand_space

EDITION = """kind: edition
id: my8.4
name: 試作8.4版
extends: act8.2
date: 2026/11/26
"""

TRUMPS = """kind: trumps
edition: my8.4
format: extra
trumps:
  - id: doom
    card: ♠6
    name: 終焉
    ruby: しゅうえん
    abilities:
      - may_raise: {action: doom}
    actions:
      - id: doom
        name: 終焉
        ruby: しゅうえん
        category: trump_ability
        type: 通常魔法
        request: {trigger: direct, speed: instant, timing: main}
        target: {target_player: {who: opponent}}
        effect:
          - damage: {to: target, amount: 60}
"""


def _draft(tmp_path: Path) -> Path:
    folder = tmp_path / "defs" / "my8.4"
    folder.mkdir(parents=True)
    (folder / "edition.yaml").write_text(EDITION, encoding="utf-8")
    (folder / "trumps.yaml").write_text(TRUMPS, encoding="utf-8")
    return folder.parent


def test_every_opening_hand_with_the_drafted_trump_wins_on_the_first_turn_and_says_which_hand(tmp_path: Path) -> None:
    defs = _draft(tmp_path)
    r = CliRunner().invoke(app, ["balance", "combos", "-d", str(defs), "-e", "my8.4", "--trumps", "doom,revolution",
                                 "--hands", "2", "--depth", "3", "--nodes", "60", "--json"])
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    hands = report["hands"]
    assert hands["deals"] == 2
    assert hands["possible_hands"] == math.comb(hands["deck"], hands["hand_size"]) > 10 ** 6
    assert [x["deal"] for x in report["results"]] == [0, 1]  # one search per combination and deal
    [row] = hands["fastest"]
    assert row["trumps"] == ["revolution", "doom"] and row["deals"] == [0, 1]
    assert row["first_turn_win"] and row["kill"]["turns"] == 1 and row["deal"] == 0
    rules = build_rules("act8.2", "extra")
    assert row["hand"] == report["results"][0]["hand"]
    assert set(row["hand"]) <= set(deal_position(rules, 0)["players"][0]["hand"])  # the real deal's hand


def test_the_fastest_kill_is_fewest_turns_then_decisions_then_the_lowest_deal() -> None:
    def result(deal: int, kill: tuple[int, int] | None, turn_no: int = 1) -> dict:
        return {"trumps": ["a", "b"], "cards": ["♠2", "♠3"], "deal": deal, "hand": [f"hand{deal}"],
                "position": {"turn_no": turn_no}, "stats": {"nodes": 10, "stopped": None},
                "kill": {"turns": kill[0], "decisions": kill[1]} if kill else None}

    [row] = fastest_by_combination([result(0, None), result(1, (2, 3)), result(2, (1, 7)), result(3, (1, 7))])
    assert (row["deal"], row["hand"], row["kill"]) == (2, ["hand2"], {"turns": 1, "decisions": 7})
    assert row["first_turn_win"] and row["nodes"] == 40 and row["deals"] == [0, 1, 2, 3]
    [late] = fastest_by_combination([result(0, (1, 2), turn_no=5)])
    assert not late["first_turn_win"]  # a kill within a later turn's position is no first-turn win


def test_the_trumps_laid_face_up_come_out_of_the_life() -> None:
    pos = {"turn": 0, "turn_no": 1, "players": [{"life": 45, "hand": ["♠6", "♡2"]}, {"life": 46, "hand": []}]}
    out = for_combination(pos, ("♠6", "♠8"))
    assert out["players"][0]["life"] == 44 and pos["players"][0]["life"] == 45  # ♠6 is in the hand: one fewer
    assert hand_space(pos) == {"hand_size": 2, "deck": 47, "possible_hands": math.comb(47, 2)}


def test_hands_with_a_position_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "pos.yaml").write_text("players: [{life: 20}, {life: 20}]\n", encoding="utf-8")
    r = CliRunner().invoke(app, ["balance", "combos", "--hands", "2", "--position", str(tmp_path / "pos.yaml")])
    assert r.exit_code == 2
    assert "takes no --position" in r.output

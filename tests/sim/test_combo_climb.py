"""The hand climb of ``bpdsl balance combos --hands N --improve K``: from a combination's best deal, one card of
the hand swapped for one of the life at a time, towards a faster kill.

The draft's pair (invented for the test, not official cards): 王撃 (key: a K) and 兵撃 (key: a J) each deal 25
damage at once; together they end the game on the first turn (the opponent has 46 life), one alone does not.
Deal 0's first-player hand (♡Q ♣10 ◇A ♠3 ♡4 ◇7 ◇6 ♡7) holds neither a K nor a J: the deal alone gives no
first-turn win, the climb brings in a K, then a J, and the hand it reports wins on the first turn — with the
same result for one worker process or two, and a log that ``bpdsl replay`` plays."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.engine import build_rules
from bpdsl.sim.combo_climb import life_cards, score
from bpdsl.sim.combo_hands import deal_position

EDITION = """kind: edition
id: my8.5
name: 試作8.5版
extends: act8.2
date: 2026/11/26
"""


def _strike(tid: str, card: str, name: str, ruby: str, key: str) -> str:
    return f"""  - id: {tid}
    card: {card}
    name: {name}
    ruby: {ruby}
    abilities:
      - may_raise: {{action: {tid}}}
    actions:
      - id: {tid}
        name: {name}
        ruby: {ruby}
        category: trump_ability
        type: 通常魔法
        request: {{trigger: direct, speed: instant, timing: main}}
        key: {key}
        target: {{target_player: {{who: opponent}}}}
        effect:
          - damage: {{to: target, amount: 25}}
"""


TRUMPS = ("kind: trumps\nedition: my8.5\nformat: extra\ntrumps:\n"
          + _strike("king_strike", "♠6", "王撃", "おうげき", "K")
          + _strike("jack_strike", "♠8", "兵撃", "へいげき", "J"))

BOUND = ["--depth", "2", "--nodes", "150"]


@pytest.fixture(scope="module")
def defs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("climb") / "defs" / "my8.5"
    folder.mkdir(parents=True)
    (folder / "edition.yaml").write_text(EDITION, encoding="utf-8")
    (folder / "trumps.yaml").write_text(TRUMPS, encoding="utf-8")
    return folder.parent


def _combos(defs: Path, *args: str) -> dict[str, Any]:
    r = CliRunner().invoke(app, ["balance", "combos", "-d", str(defs), "-e", "my8.5", "--trumps",
                                 "king_strike,jack_strike", "--hands", "1", *BOUND, "--json", *args])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


@pytest.fixture(scope="module")
def climbed(defs: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Path]:
    logs = tmp_path_factory.mktemp("climb-logs")
    # with the base list alone too: two climbs, so that --jobs 2 climbs in two processes
    return _combos(defs, "--improve", "3", "--neighbours", "12", "--base", "--logs", str(logs)), logs


def test_deal_0_alone_has_no_first_turn_win(defs: Path) -> None:
    rules = build_rules("act8.2", "extra")
    hand = deal_position(rules, 0)["players"][0]["hand"]
    assert not any(c[1:] in ("K", "J") for c in hand)  # the test's premise: deal 0 lacks both keys
    report = _combos(defs, "--improve", "0")
    [row] = report["hands"]["fastest"]
    assert row["kill"] is None and not row["first_turn_win"]
    assert row["source"] == "deal" and row["hands_searched"] == 1 and report["hands"]["climbs"] == []
    # the closest it came: 投擲 with ♠3 (its raise and the pass that resolves it, the whole depth): 46 - 3
    assert report["results"][0]["stats"]["least_opponent_life"] == 43


def test_the_climb_finds_the_first_turn_win_and_the_hand_holds_a_king_and_a_jack(
        climbed: tuple[dict[str, Any], Path]) -> None:
    report, logs = climbed
    base, row = report["hands"]["fastest"]
    assert base["trumps"] == [] and not base["first_turn_win"]  # the base list alone: no first-turn win found
    assert row["first_turn_win"] and row["kill"]["turns"] == 1 and row["kill"]["decisions"] == 2
    assert row["source"] == "climb" and row["deal"] == 0 and row["swaps"] == 2
    ranks = [c[1:] for c in row["hand"]]
    assert "K" in ranks and "J" in ranks and len(row["hand"]) == 8
    _, climb = report["hands"]["climbs"]
    assert climb["hand"] == row["hand"] and climb["climb"]["from_deal"] == 0
    assert [s["in"][1:] for s in climb["climb"]["path"]] in (["K", "J"], ["J", "K"])
    # the first swap: one strike (an instant request: one decision), 46 - 25 left, better than 43; then the kill
    assert climb["climb"]["path"][0]["score"] == [1, 21, 0]
    assert climb["climb"]["path"][1]["score"] == [0, 1, 2]
    assert row["hands_searched"] == 1 + climb["climb"]["searched"]
    assert report["hands"]["hands_searched"] == row["hands_searched"] + base["hands_searched"]
    assert climb["climb"]["searched"] <= 3 * 12
    # the climbed hand's kill comes with a log that bpdsl replay plays
    log = logs / "kill-king_strike-jack_strike-climb.jsonl"
    assert Path(climb["logs"]["kill"]) == log
    scenario = json.loads(log.read_text(encoding="utf-8").splitlines()[1])
    assert scenario["t"] == "scenario" and scenario["data"]["players"][0]["hand"] == row["hand"]
    r = CliRunner().invoke(app, ["replay", str(log)])
    assert r.exit_code == 0, r.output
    assert "replayed identically" in r.output


def test_the_climb_is_the_same_with_two_worker_processes(defs: Path, climbed: tuple[dict[str, Any], Path]) -> None:
    report, _ = climbed
    two = _combos(defs, "--improve", "3", "--neighbours", "12", "--base", "--jobs", "2")

    def same(rep: dict[str, Any]) -> Any:
        return [(row["hand"], c["hand"], c["climb"]["path"], c["climb"]["searched"], c["kill"], c["stats"]["nodes"])
                for row, c in zip(rep["hands"]["fastest"], rep["hands"]["climbs"])]

    assert same(two) == same(report)


@pytest.mark.parametrize("args, message", [(["--hands", "1", "--improve", "-1"], "--improve"),
                                           (["--improve", "2"], "give --hands N too")])
def test_a_bad_improve_is_a_usage_error(args: list[str], message: str) -> None:
    r = CliRunner().invoke(app, ["balance", "combos", *args])
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert message in r.output


def test_the_life_a_neighbour_draws_from_leaves_out_the_hand_and_the_trumps() -> None:
    pos = {"turn": 0, "turn_no": 1, "players": [{"life": 3, "hand": ["♠A", "♠3"], "trump_up": ["♠2"]}, {}]}
    assert life_cards(pos, 54) == ["♠4", "♠5", "♠6"]  # the scenario's life: the first unused cards
    assert score({"kill": {"turns": 1, "decisions": 4}}) < score({"kill": {"turns": 2, "decisions": 1}}) \
        < score({"kill": None, "stats": {"least_opponent_life": 0}})


def test_a_climb_that_reaches_its_node_bound_says_so(defs: Path) -> None:
    report = _combos(defs, "--improve", "3", "--climb-nodes", "1")
    [climb] = report["hands"]["climbs"]
    assert climb["climb"]["stopped"] == "nodes" and climb["climb"]["searched"] == 1  # no search once reached
    assert report["hands"]["fastest"][0]["hands_searched"] == 2



ROYAL = ("kind: trumps\nedition: my8.6\nformat: extra\ntrumps:\n"
         + _strike("royal_strike", "♠6", "王兵撃", "おうへいげき", "K と J").replace("amount: 25", "amount: 50"))


@pytest.fixture(scope="module")
def royal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("royal") / "defs" / "my8.6"
    folder.mkdir(parents=True)
    (folder / "edition.yaml").write_text(EDITION.replace("my8.5", "my8.6"), encoding="utf-8")
    (folder / "trumps.yaml").write_text(ROYAL, encoding="utf-8")
    return folder.parent


def _royal(royal: Path) -> dict[str, Any]:
    r = CliRunner().invoke(app, ["balance", "combos", "-d", str(royal), "-e", "my8.6", "--trumps", "royal_strike",
                                 "--size", "1", "--hands", "1", *BOUND, "--json", "--improve", "2",
                                 "--neighbours", "12", "--jobs", "1"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_a_key_of_two_cards_useless_alone_is_brought_in_by_one_key_move(royal: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """王兵撃's key is a K and a J together: a K alone or a J alone changes nothing, so no single swap improves
    deal 0's hand; the key move brings in both at once and the first-turn win is found in one step."""
    with monkeypatch.context() as m:  # single swaps only: the climb stops at once, nothing better found
        m.setattr("bpdsl.sim.combo_climb.key_moves", lambda *a: [])
        [alone] = _royal(royal)["hands"]["climbs"]
        assert alone["kill"] is None and alone["climb"]["swaps"] == 0
        assert alone["climb"]["stopped"] == "no better neighbour" and alone["climb"]["searched"] == 12
    report = _royal(royal)
    [row] = report["hands"]["fastest"]
    [climb] = report["hands"]["climbs"]
    assert row["first_turn_win"] and row["source"] == "climb" and row["swaps"] == 1
    [move] = climb["climb"]["path"]
    assert sorted(c[1:] for c in move["in"].split()) == ["J", "K"] and len(move["out"].split()) == 2
    assert move["score"] == [0, 1, 1]  # a kill on turn 1 after one decision (the raise): 46 - 50


def test_key_moves_keep_the_cards_of_keys_the_hand_holds() -> None:
    import random
    from types import SimpleNamespace

    from bpdsl.dsl.cards import parse_pattern
    from bpdsl.sim.combo_climb import key_moves

    actions = {"king": SimpleNamespace(key=parse_pattern("K")), "royal": SimpleNamespace(key=parse_pattern("K と J"))}
    trumps = [SimpleNamespace(id="t1", actions=["king"]), SimpleNamespace(id="t2", actions=["royal"]),
              SimpleNamespace(id="other", actions=["royal"])]
    rules = SimpleNamespace(actions=actions, format="extra", edition=SimpleNamespace(trumps_in=lambda fmt: trumps))
    hand = ["♡Q", "♣10", "◇A", "♡4", "◇7", "◇6", "♡7", "♠K"]
    life = ["♠2", "♡9", "♣J", "◇9"]
    # 王撃's key (a K) is held; 王兵撃 lacks its J: the J comes in, and the K that both keys use stays
    moves = key_moves(rules, ("t1", "t2"), hand, life, random.Random(1))
    assert moves and all(ins == ("♣J",) and "♠K" not in outs and len(outs) == 1 for outs, ins in moves)
    assert key_moves(rules, ("t1",), hand, life, random.Random(1)) == []  # its key is held: nothing to bring
    # with no K in hand the two-card key is two cards away: one move brings both
    two = key_moves(rules, ("t2",), hand[:-1] + ["♡4"], life + ["◇K"], random.Random(1))
    assert [sorted(ins) for _, ins in two] == [["◇K", "♣J"]]

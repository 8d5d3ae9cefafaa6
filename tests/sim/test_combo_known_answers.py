"""Known answers of the combo search (``bpdsl balance combos``), found by its default strategy.

- The loop the official designers of 第9.0版 found by reading: in the draft (act9.0-draft) ドレイン (♠3) moves a
  character of one's own to the bottom of the life for 2 damage, and 防壁追加 (◇A), no longer once a turn, puts
  a new bulwark from the life as soon as one has no more bulwarks than the opponent — so ドレイン, 防壁追加,
  ドレイン … takes the opponent's life 2 by 2.  The default search finds it with its cycle and costs; it finds
  none in the published act9.0 (防壁追加 once a turn again), nor in act8.2, and finds it again in a designer's
  draft of act8.2 that lifts 防壁追加's limit.
- Loops and kills planted in a draft of act8.2 (invented cards, not official ones): a trump that refunds its own
  cost (血の返還: drive a bulwark, 1 damage, charge the bulwarks), a keyless repeatable damage (連撃: no cost, no
  key, 1 damage), a loop whose hand changes but never shrinks (循環撃: pay a card, draw a card, 1 damage) and a
  first-turn win (終焉: 30 damage once a turn, from a first-turn position).
- The pairs the official designers checked by hand and found no loop in: ドレイン + 蘇生, ドレイン + 援軍, ドレイン
  + each of the draft's summons (スラッシュ, ブレイク, 交渉, スイッチ: クイック兵士召喚), 内乱 (with its 暴動) repeated,
  救済 repeated — the search reports no loop in any.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bpdsl.cli import app

ROOT = Path(__file__).resolve().parents[2]

LIFTED = {
    "edition.yaml": """kind: edition
id: my8.2l
name: 試作8.2版 (防壁追加の回数制限なし)
extends: act8.2
date: 2026/11/28
""",
    "trumps.yaml": """kind: trumps
edition: my8.2l
format: extra
trumps:
  - id: add_bulwark
    card: ◇A
    actions:
      - {id: add_bulwark, conditions: []}
""",
}

PLANTED = {
    "edition.yaml": """kind: edition
id: my8.3p
name: 試作8.3版 (仕込み)
extends: act8.2
date: 2026/11/28
""",
    "trumps.yaml": """kind: trumps
edition: my8.3p
format: extra
trumps:
  - id: blood_refund
    card: ♠6
    name: 血の返還
    ruby: ちのへんかん
    abilities:
      - may_raise: {action: blood_refund}
    actions:
      - id: blood_refund
        name: 血の返還
        ruby: ちのへんかん
        category: trump_ability
        type: 通常魔法
        request: {trigger: direct, speed: normal, timing: main}
        cost: B
        target: {target_player: {who: opponent}}
        effect:
          - damage: {to: target, amount: 1}
          - charge_own: {what: bulwark}
  - id: endless_strike
    card: ♠8
    name: 連撃
    ruby: れんげき
    abilities:
      - may_raise: {action: endless_strike}
    actions:
      - id: endless_strike
        name: 連撃
        ruby: れんげき
        category: trump_ability
        type: 通常魔法
        request: {trigger: direct, speed: normal, timing: main}
        target: {target_player: {who: opponent}}
        effect:
          - damage: {to: target, amount: 1}
  - id: cycle_strike
    card: ♠10
    name: 循環撃
    ruby: じゅんかんげき
    abilities:
      - may_raise: {action: cycle_strike}
    actions:
      - id: cycle_strike
        name: 循環撃
        ruby: じゅんかんげき
        category: trump_ability
        type: 通常魔法
        request: {trigger: direct, speed: normal, timing: main}
        cost: D
        target: {target_player: {who: opponent}}
        effect:
          - draw: {count: 1}
          - damage: {to: target, amount: 1}
  - id: doom
    card: ♠9
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
        request: {trigger: direct, speed: normal, timing: main}
        cost: L
        conditions:
          - once_per_turn
        target: {target_player: {who: opponent}}
        effect:
          - damage: {to: target, amount: 30}
""",
}

FIRST_TURN = """turn: 0
turn_no: 1
players:
  - {life: 20, hand: ["♡3", "♣6", "◇9", "♡Q", "♣2"]}
  - {life: 20, hand: ["♡4", "♣7", "◇10", "♡K", "♣3"]}
"""


def draft(tmp_path: Path, files: dict[str, str], edition: str) -> Path:
    folder = tmp_path / "drafts" / edition
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder.parent


def combos(*args: str) -> dict:
    r = CliRunner().invoke(app, ["balance", "combos", "--json", *args])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def the_loop(report: dict) -> dict:
    [result] = report["results"]
    assert result["loop"] is not None, result["stats"]
    return result["loop"]


def test_the_drafts_loop_of_drain_and_add_bulwark_is_found_with_no_bound_given() -> None:
    report = combos("-e", "act9.0-draft", "-f", "extra", "--trumps", "drain,add_bulwark")
    assert report["bound"] == {"depth": 40, "turns": 1, "nodes": 2000, "seconds": 60.0, "strategy": "best-first"}
    loop = the_loop(report)
    assert loop["cycle"][0] == "防壁追加 (add_bulwark)" and "ドレイン (drain)" in loop["cycle"]
    assert sorted(loop["actions"]) == ["add_bulwark", "drain"]
    assert loop["opponent_life_per_cycle"] == 2 and loop["own_life_per_cycle"] == 1  # ◇A's cost L, ♠3's +1
    assert loop["own_hand_per_cycle"] == 0
    assert loop["counterable"] == []  # no key cards: nothing in the cycle a counter answers
    assert loop["ended_by_loop"] and loop["cycles_to_end"] >= 3
    assert report["results"][0]["stats"]["nodes"] < 2000  # found well within the bound


def test_the_drafts_loop_is_found_in_a_triple_within_the_triples_default_bound() -> None:
    # --size 3 searches every triple with its own, smaller default node bound: a third trump face up (here
    # 喪失, whose charge lock acts while it lies face up) does not hide the loop of the other two
    report = combos("-e", "act9.0-draft", "-f", "extra", "--size", "3", "--trumps", "drain,add_bulwark,loss")
    assert report["bound"]["nodes"] == 300 and report["size"] == 3
    loop = the_loop(report)
    assert sorted(loop["actions"]) == ["add_bulwark", "drain"] and loop["opponent_life_per_cycle"] == 2
    assert report["results"][0]["stats"]["nodes"] < 300


@pytest.mark.parametrize("edition", ["act9.0", "act8.2"])
def test_with_add_bulwark_once_a_turn_there_is_no_such_loop(edition: str) -> None:
    report = combos("-e", edition, "-f", "extra", "--trumps", "drain,add_bulwark")
    [result] = report["results"]
    assert result["loop"] is None
    assert result["stats"]["nodes"] == 2000 and result["stats"]["stopped"] == "nodes"  # the bound searched


def test_a_designers_draft_of_act8_2_without_the_limit_has_the_loop_again(tmp_path: Path) -> None:
    defs = draft(tmp_path, LIFTED, "my8.2l")
    loop = the_loop(combos("-d", str(defs), "-e", "my8.2l", "--trumps", "drain,add_bulwark"))
    assert "防壁追加 (add_bulwark)" in loop["cycle"] and loop["opponent_life_per_cycle"] == 2


@pytest.mark.parametrize("trump,cycle", [
    ("blood_refund", "血の返還 (blood_refund)"),  # refunds its own cost: the bulwark driven is charged again
    ("endless_strike", "連撃 (endless_strike)"),  # no cost, no key, no limit
])
def test_a_planted_loop_is_found_with_a_small_bound(tmp_path: Path, trump: str, cycle: str) -> None:
    defs = draft(tmp_path, PLANTED, "my8.3p")
    report = combos("-d", str(defs), "-e", "my8.3p", "--trumps", f"{trump},slash", "--nodes", "200",
                    "--depth", "12")
    loop = the_loop(report)
    assert loop["cycle"][0] == cycle and loop["actions"] == [trump]
    assert loop["opponent_life_per_cycle"] == 1 and loop["own_life_per_cycle"] == 0
    assert loop["ended_by_loop"] and loop["counterable"] == []


def test_a_loop_that_changes_the_hand_but_not_its_size_is_found_up_to_the_hand(tmp_path: Path) -> None:
    # 循環撃 pays a card of the hand and draws one: the hand holds other cards after each cycle, so the position
    # never repeats exactly; it repeats up to the hand's contents, with no fewer cards
    defs = draft(tmp_path, PLANTED, "my8.3p")
    report = combos("-d", str(defs), "-e", "my8.3p", "--trumps", "cycle_strike,slash", "--nodes", "200",
                    "--depth", "12")
    loop = the_loop(report)
    assert loop["cycle"][0] == "循環撃 (cycle_strike)" and loop["actions"] == ["cycle_strike"]
    assert loop["own_hand_per_cycle"] == 0 and loop["own_life_per_cycle"] == 1  # the card drawn from the life
    assert loop["ended_by_loop"] and loop["cycles_to_end"] == loop["cycles_played"]


def test_a_planted_first_turn_win_is_found_as_a_kill(tmp_path: Path) -> None:
    defs = draft(tmp_path, PLANTED, "my8.3p")
    position = tmp_path / "first_turn.yaml"
    position.write_text(FIRST_TURN, encoding="utf-8")
    report = combos("-d", str(defs), "-e", "my8.3p", "--trumps", "doom,slash", "--position", str(position),
                    "--nodes", "200", "--depth", "12")
    [result] = report["results"]
    assert result["loop"] is None  # once a turn: no loop
    kill = result["kill"]
    assert kill is not None and kill["turns"] == 1 and result["position"]["turn_no"] == 1
    assert "終焉 (doom)" in kill["line"]


def test_the_table_leads_with_the_findings_and_explain_tells_the_line_in_the_sheets_words(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    r = CliRunner().invoke(app, ["balance", "combos", "-e", "act9.0-draft", "-f", "extra", "--explain",
                                 "drain,add_bulwark", "--logs", str(logs)])
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "| drain ♠3 + add_bulwark ◇A | LOOP |" in out
    assert "the loop of drain ♠3 + add_bulwark ◇A" in out and "(cycle 1) 防壁追加 (add_bulwark)" in out
    # the actions as the action list prints them: name, type, request, cost and effect
    assert "◆ 防壁追加 (通常魔法) [extra] @直接-即時-メイン $ L" in out
    assert "自分の場にいるキャラクター1体をライフの一番下に移す。移せた場合、対象の対戦相手に2点のダメージを与える。" in out
    assert "the game is over: the searcher wins" in out
    log = logs / "loop-drain-add_bulwark.jsonl"
    lines = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    assert lines[-1]["t"] == "end" and lines[-1]["winner"] == 0
    replay = CliRunner().invoke(app, ["replay", str(log)])
    assert replay.exit_code == 0 and "replayed identically" in replay.stdout, replay.output
    # the sandbox's replay viewer opens it and steps to its end: the searcher has won
    from starlette.testclient import TestClient

    from bpdsl.web.app import create_app

    web = TestClient(create_app(), raise_server_exceptions=False, headers={"X-Bpdsl-Client": "1"})
    opened = web.post("/api/replays", content=log.read_bytes())
    assert opened.status_code == 200 and opened.json()["genuine"], opened.text
    steps = opened.json()["steps"]
    assert steps == sum(1 for e in lines if e["t"] == "decision")
    end = web.get(f"/api/replays/{opened.json()['replay']}?step={steps}&view=judge").json()
    assert end["result"]["winner"] == 0


def test_found_rows_come_before_the_rows_cut_by_a_limit(tmp_path: Path) -> None:
    defs = draft(tmp_path, PLANTED, "my8.3p")
    r = CliRunner().invoke(app, ["balance", "combos", "-d", str(defs), "-e", "my8.3p", "--trumps",
                                 "slash,drain,endless_strike", "--nodes", "150", "--depth", "12", "--jobs", "1"])
    assert r.exit_code == 0, r.output
    rows = [line for line in r.stdout.splitlines() if line.startswith("| ") and "♠" in line]
    verdicts = [row.split(" | ")[1] for row in rows]
    assert verdicts == sorted(verdicts, key=["LOOP", "kill", "none (proven)", "none (cut)"].index), rows
    assert verdicts[0] == "LOOP" and verdicts[-1] in ("none (cut)", "none (proven)")


CHECKED = [("drain", "resurrection"), ("drain", "reinforcement"), ("slash", "drain"), ("drain", "encouragement"),
           ("drain", "negotiation"), ("drain", "switch"), ("civil_war",), ("salvation",)]


def checked(nodes: int) -> list[dict]:
    from bpdsl.engine import build_rules
    from bpdsl.sim.combo_pairs import DEFAULT_POSITION, Combo, Task, playable_trumps, search_task
    from bpdsl.sim.combos import Bound

    rules = build_rules("act9.0-draft", "extra")
    cards = dict(playable_trumps(rules)[0])
    bound = Bound(depth=40, nodes=nodes, strategy="best-first")
    return [search_task(Task("act9.0-draft", "extra", Combo(c, tuple(cards[t] for t in c)), DEFAULT_POSITION,
                             bound), rules) for c in CHECKED]


def test_the_pairs_the_designers_checked_by_hand_have_no_loop() -> None:
    results = checked(300)
    assert [r["loop"] for r in results] == [None] * len(CHECKED)
    assert all(r["stats"]["nodes"] > 0 for r in results)  # each searched


@pytest.mark.long
def test_the_pairs_the_designers_checked_by_hand_have_no_loop_within_the_default_bound() -> None:
    results = checked(2000)
    assert [r["loop"] for r in results] == [None] * len(CHECKED)


def test_the_progress_label_counts_the_loops_and_kills_so_far() -> None:
    from bpdsl.commands._combos_cli import _Tally

    results: list[dict] = []
    label = _Tally("act9.0 extra combos", results)
    assert label.format(task=None) == "act9.0 extra combos: 0 loops, 0 kills"
    results.append({"loop": {"cycle": []}, "kill": {"turns": 1}})
    assert label.format(task=None) == "act9.0 extra combos: 1 loop, 1 kill"


def test_ctrl_c_reports_the_combinations_searched_so_far(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-m", "bpdsl", "balance", "combos", "-e", "act9.0", "-f", "extra",
                          "--nodes", "100", "--jobs", "2"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    children = Path(f"/proc/{p.pid}/task/{p.pid}/children")
    deadline = time.monotonic() + 120
    if not children.exists():  # no /proc children list here: give the command time to start
        time.sleep(8)
    while time.monotonic() < deadline and p.poll() is None and children.exists() and not children.read_text().strip():
        time.sleep(0.2)  # the search begins when its worker processes are there
    time.sleep(1.5)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130, err
    assert "interrupted after" in err and "of 435 searches" in err and "Traceback" not in err
    assert "of 435 combinations" in out  # the report of those finished


@pytest.mark.parametrize("args,says", [
    (["--explain", "a,b,c,d"], "--explain names one to three trump ids"),
    (["--explain", "drain,slash", "--trumps", "drain"], "it takes no --trumps"),
    (["--explain", "nosuch,drain"], "no playable trump nosuch"),
    (["--strategy", "bogus"], "unknown --strategy 'bogus'; strategies: best-first, deepening"),
])
def test_a_wrong_explain_or_strategy_is_a_usage_error(args: list[str], says: str) -> None:
    r = CliRunner().invoke(app, ["balance", "combos", "-e", "act9.0", "-f", "extra", *args])
    assert r.exit_code == 2 and says in r.output and "Traceback" not in r.output

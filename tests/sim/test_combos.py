"""The combo search (``bpdsl balance combos``) on a designer's draft: an invented pair of trumps whose
actions, raised one after the other, deal damage and restore the position — an uncounterable damage loop.
The search finds it with its cycle and a log that ``bpdsl replay`` plays; once the designer limits one of the
two actions to once a turn, it finds none within the same bound.  (Invented cards, not official ones.)"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


ROOT = Path(__file__).resolve().parents[2]

EDITION = """kind: edition
id: my8.3
name: 試作8.3版
extends: act8.2
date: 2026/11/25
"""

TRUMPS = """kind: trumps
edition: my8.3
format: extra
trumps:
  - id: blood_mark
    card: ♠6
    name: 血の刻印
    ruby: ちのこくいん
    abilities:
      - may_raise: {action: blood_mark}
    actions:
      - id: blood_mark
        name: 血の刻印
        ruby: ちのこくいん
        category: trump_ability
        type: 通常魔法
        request: {trigger: direct, speed: instant, timing: main}
        cost: B
        target: {target_player: {who: opponent}}
        effect:
          - damage: {to: target, amount: 1}
  - id: recharge
    card: ♠8
    name: 再充填
    ruby: さいじゅうてん
    abilities:
      - may_raise: {action: recharge}
    actions:
      - id: recharge
        name: 再充填
        ruby: さいじゅうてん
        category: trump_ability
        type: 通常魔法
        request: {trigger: direct, speed: instant, timing: main}
LIMIT        effect:
          - charge_own: {what: bulwark}
"""


def draft(tmp_path: Path, once_a_turn: bool) -> Path:
    folder = tmp_path / ("limited" if once_a_turn else "draft") / "my8.3"
    folder.mkdir(parents=True)
    (folder / "edition.yaml").write_text(EDITION, encoding="utf-8")
    limit = "        conditions:\n          - once_per_turn\n" if once_a_turn else ""
    (folder / "trumps.yaml").write_text(TRUMPS.replace("LIMIT", limit), encoding="utf-8")
    return folder.parent


def bpdsl(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "bpdsl", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def combos(defs: Path, *extra: str, depth: int = 4) -> dict:
    r = bpdsl("balance", "combos", "-d", str(defs), "-e", "my8.3", "--depth", str(depth), "--nodes", "4000",
              "--json", *extra, cwd=defs.parent)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_the_drafted_pair_makes_a_loop_found_with_its_cycle_and_a_log_replay_plays(tmp_path: Path) -> None:
    defs = draft(tmp_path, once_a_turn=False)
    logs = tmp_path / "logs"
    report = combos(defs, "--trumps", "blood_mark,recharge", "--logs", str(logs))
    [result] = report["results"]
    loop = result["loop"]
    assert loop is not None, result["stats"]
    assert result["trumps"] == ["blood_mark", "recharge"] and result["cards"] == ["♠6", "♠8"]
    assert sorted(loop["actions"]) == ["blood_mark", "recharge"]
    assert any("血の刻印" in c for c in loop["cycle"]) and any("再充填" in c for c in loop["cycle"])
    assert loop["opponent_life_per_cycle"] == 1 and loop["own_life_per_cycle"] == 0
    assert loop["own_hand_per_cycle"] == 0
    assert loop["counterable"] == []  # instant requests without key cards: nothing can counter them
    assert loop["ended_by_loop"] and loop["cycles_to_end"] == 20  # the opponent's 20 life, 1 a cycle
    assert report["summary"]["loops"] == [["blood_mark", "recharge"]]
    log = Path(result["logs"]["loop"])
    lines = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    assert lines[-1]["t"] == "end" and lines[-1]["winner"] == 0
    replay = bpdsl("replay", str(log), cwd=tmp_path)
    assert replay.returncode == 0, replay.stderr
    assert "replayed identically" in replay.stdout


def test_with_a_once_a_turn_limit_no_loop_is_found_and_the_bound_is_reported(tmp_path: Path) -> None:
    report = combos(draft(tmp_path, once_a_turn=True), "--trumps", "blood_mark,recharge")
    [result] = report["results"]
    assert result["loop"] is None
    st = result["stats"]
    assert st["complete"] and not st["stopped"]  # every line up to the bound was searched
    assert st["depth_reached"] == 4 and st["nodes"] > 100  # the cycle without the limit is 4 decisions
    assert report["bound"] == {"depth": 4, "turns": 1, "nodes": 4000, "seconds": 60.0, "strategy": "best-first"}


def test_pairs_searched_in_parallel_give_the_same_results(tmp_path: Path) -> None:
    defs = draft(tmp_path, once_a_turn=False)
    args = ("--trumps", "blood_mark,recharge,drain", "--nodes", "600")
    one, two = combos(defs, *args, depth=3), combos(defs, *args, "--jobs", "2", depth=3)
    for r in one["results"] + two["results"]:
        r["stats"].pop("seconds")
    assert [r["trumps"] for r in one["results"]] == [["drain", "blood_mark"], ["drain", "recharge"],
                                                     ["blood_mark", "recharge"]]
    assert one["results"] == two["results"]


def test_an_unknown_trump_is_a_usage_error(tmp_path: Path) -> None:
    r = bpdsl("balance", "combos", "--trumps", "nosuch", cwd=tmp_path)
    assert r.returncode == 2
    assert "no playable trump nosuch" in r.stderr and "Traceback" not in r.stderr


def test_the_loop_key_ignores_life_and_grave_but_not_the_hand() -> None:
    from bpdsl.engine import build_rules, new_game
    from bpdsl.scenarios.runner import start_position
    from bpdsl.sim.combos import loop_key

    rules = build_rules("act8.2", "extra")

    def key(life: int, grave: list[str], hand: list[str]) -> str:
        g = new_game(rules, None, 0)
        start_position(g, {"turn": 0, "turn_no": 3, "players": [{"life": 20, "hand": hand},
                                                                 {"life": life, "grave": grave}]})
        return loop_key(g)

    assert key(10, [], ["♡3"]) == key(9, ["♣2"], ["♡3"])
    assert key(10, [], ["♡3"]) != key(10, [], ["♡4"])


@pytest.mark.long
def test_pairs_searched_on_ray_give_the_same_results(tmp_path: Path) -> None:
    """Ray workers get the designer's -d definitions (they share no files with the command) and find the
    same loops as the search in this process."""
    pytest.importorskip("ray")
    defs = draft(tmp_path, once_a_turn=False)
    args = ("--trumps", "blood_mark,recharge")
    here, on_ray = combos(defs, *args), combos(defs, *args, "--backend", "ray", "--jobs", "2")
    for r in here["results"] + on_ray["results"]:
        r["stats"].pop("seconds")
    assert here["results"] == on_ray["results"]
    assert any(r["loop"] for r in on_ray["results"])  # the drafted pair's loop, found by a Ray worker

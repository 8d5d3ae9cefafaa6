"""``bpdsl simulate --coverage``: executions of every effect step with its printed sentence."""
from __future__ import annotations

import json
import subprocess
import sys

from bpdsl.engine import build_rules


def _coverage(games: int, jobs: int) -> dict:
    r = subprocess.run([sys.executable, "-m", "bpdsl", "simulate", "-e", "act8.0", "-f", "std", "-n", str(games),
                        "--seed", "3", "--coverage", "--json", "--no-check", "--jobs", str(jobs)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)["coverage"]


def test_every_effect_step_is_listed_with_its_sentence_and_counted() -> None:
    rules = build_rules("act8.0", "std")
    one = _coverage(1, 1)
    assert one["total"] == sum(len(a.effect) for a in rules.actions.values())
    assert all(s["sentence"] for s in one["steps"])
    never = [s["step"] for s in one["steps"] if s["executed"] == 0]
    assert one["never_executed"] == never and never, "one game cannot run every rule"
    assert one["covered"] + len(never) == one["total"]
    many = _coverage(60, 2)
    assert many == _coverage(60, 1)
    assert many["covered"] > one["covered"]
    by_step = {s["step"]: s for s in many["steps"]}
    assert by_step["attack#1"]["executed"] > 0 and by_step["attack#1"]["name"] == "アタック"
    # trigger conditions (actions' and characters' triggering abilities) and static abilities, by sentence
    triggers = {r["rule"]: r for r in many["triggers"]["rules"]}
    assert set(triggers) == {"charge!", "draw!", "block!", "damage_judgement!", "next_generation!"}
    assert all(r["sentence"].endswith("誘発する。") for r in triggers.values())
    assert triggers["block!"]["raises"] == "block" and triggers["block!"]["count"] > 0
    assert triggers["charge!"]["count"] >= triggers["block!"]["count"]  # every turn ends; not every turn attacks
    assert many["triggers"]["covered"] == sum(1 for r in triggers.values() if r["count"])
    abilities = {r["rule"]: r for r in many["abilities"]["rules"]}
    assert set(abilities) == {"magician@1"} and "魔力増加" in abilities["magician@1"]["sentence"]
    assert one["triggers"]["total"] == 5 and one["triggers"]["never"] == [
        r["rule"] for r in one["triggers"]["rules"] if r["count"] == 0]


def test_characters_triggering_abilities_and_activation_conditions_are_counted() -> None:
    r = subprocess.run([sys.executable, "-m", "bpdsl", "simulate", "-e", "act6.1", "-f", "lite", "-n", "40",
                        "--seed", "1", "--coverage", "--json", "--no-check", "--jobs", "1"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    cov = json.loads(r.stdout)["coverage"]
    triggers = {t["rule"]: t for t in cov["triggers"]["rules"]}
    # 世代交代 is raised by the characters' abilities in act6.1 (no trigger condition of its own)
    assert {"hero@2", "ace@2", "bulwark@2"} <= set(triggers)
    assert all(triggers[k]["raises"] == "next_generation" and triggers[k]["count"] > 0 for k in ("hero@2", "bulwark@2"))
    statics = {a["rule"]: a for a in cov["abilities"]["rules"]}
    assert "ace@1" in statics and statics["ace@1"]["op"] == "haste" and "hero@2" not in statics
    r = subprocess.run([sys.executable, "-m", "bpdsl", "simulate", "-e", "act8.2", "-f", "mast", "-n", "20",
                        "--seed", "1", "--coverage", "--json", "--no-check", "--jobs", "1"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    conditions = json.loads(r.stdout)["coverage"]["conditions"]
    held = {c["rule"]: c for c in conditions["rules"]}
    assert "quick_summon?1" in held and held["quick_summon?1"]["op"] == "only_if"
    assert held["quick_summon?1"]["count"] > 0 and "ターンを持っていない時" in held["quick_summon?1"]["sentence"]


def test_a_step_driven_game_counts_each_execution_once() -> None:
    """A game with a search agent is driven through the step API, which runs a flow node again from its
    checkpoint after each decision inside it: the coverage counts (kept in the game's state) still equal
    those of the same game played by callback."""
    from bpdsl.engine import RandomAgent, new_game
    from bpdsl.sim.job import COVERAGE, SimJob, _prepared
    from bpdsl.sim.search import drive

    prep = _prepared(SimJob("act8.0", "std", coverage=True, seed=5))
    compared = 0
    for seed in range(4):
        by_callback = new_game(prep.rules, [RandomAgent(seed), RandomAgent(seed + 10)], seed)
        prep.current = by_callback
        by_callback.play()
        stepped = new_game(prep.rules, None, seed)
        prep.current = stepped
        drive(stepped, [RandomAgent(seed), RandomAgent(seed + 10)])
        a, b = by_callback.state.counts[COVERAGE], stepped.state.counts[COVERAGE]
        assert a == b and sum(a.values()) > 50
        assert any(k.endswith("!") for k in a) and any("#" in k for k in a)  # triggers and effect steps
        compared += 1
    prep.current = None
    assert compared == 4


def test_wrapped_steps_are_named_as_written_and_abilities_that_raise_by_choice_are_no_triggers() -> None:
    """エクストラ wraps whole effects (要塞's prevent_damage, 革命's replace_effect): coverage still lists and
    counts each step as the designer wrote it.  騎士's raise_by_driving and 巨人's must_attack name an action
    but never trigger it: they are static abilities, not triggers that never fired."""
    from bpdsl.sim.job import written_steps

    rules = build_rules("act8.2", "extra")
    wrapped = {aid for aid, a in rules.actions.items() if a.effect[0][2] in ("prevent_damage", "replace_effect")}
    assert {"throwing", "charge"} <= wrapped
    r = subprocess.run([sys.executable, "-m", "bpdsl", "simulate", "-e", "act8.2", "-f", "extra", "-n", "20",
                        "--seed", "2", "--coverage", "--json", "--no-check", "--jobs", "1"],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    cov = json.loads(r.stdout)["coverage"]
    steps = {s["step"]: s for s in cov["steps"]}
    assert not {s["op"] for s in cov["steps"]} & {"prevent_damage", "replace_effect"}
    assert cov["total"] == sum(len(a.model.effect) for a in rules.actions.values())
    for aid in wrapped:
        written = [c.op for c in rules.actions[aid].model.effect]
        assert [steps[f"{aid}#{n + 1}"]["op"] for n in range(len(written))] == written
        assert len(written_steps(rules.actions[aid].effect)) == len(written)
    assert steps["throwing#1"]["op"] == "damage" and "ダメージ" in steps["throwing#1"]["sentence"]
    assert sum(steps[f"{aid}#1"]["executed"] for aid in wrapped) > 0  # counted through the wrapper
    triggers = {t["rule"]: t for t in cov["triggers"]["rules"]}
    assert not {t["op"] for t in triggers.values()} & {"raise_by_driving", "must_attack"}
    assert triggers["knight@3"]["op"] == "raises_on_leave"  # 騎士's real trigger stays
    abilities = {a["rule"]: a for a in cov["abilities"]["rules"]}
    assert abilities["knight@7"]["op"] == "raise_by_driving" and abilities["giant@4"]["op"] == "must_attack"

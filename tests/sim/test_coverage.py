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


def _inserted_total(rules, cov: dict) -> int:
    """Each step a ``replace_effect`` puts in is a row of its own, executed or not: its op, the sentence
    printed for it in the trump's ability, the action it goes into, its count (checked here); their number."""
    with_steps = {f"{t.id}@{n + 1}": call for t in rules.edition.trumps_in("extra")
                  for n, call in enumerate(t.abilities) if call.op == "replace_effect"}
    assert set(with_steps) == {"revolution@1", "loss@1"}
    inserted = {s["step"]: s for s in cov["steps"] if "inserted_into" in s}
    assert set(inserted) == {f"{rule}#{n + 1}" for rule, call in with_steps.items()
                             for n in range(len(call.args["with"]))}
    revolution, loss = inserted["revolution@1#1"], inserted["loss@1#1"]
    assert (revolution["op"], revolution["inserted_into"], revolution["name"]) == ("soldier_duel", "damage_judgement", "革命")
    assert "大きい方を墓地に移動する" in revolution["sentence"] and revolution["executed"] > 0  # this seed opens 革命
    assert (loss["op"], loss["inserted_into"], loss["sentence"]) == ("raise_action", "charge", "ドローアクションを起こす。")
    assert cov["never_executed"] == [s["step"] for s in cov["steps"] if s["executed"] == 0]
    assert ("loss@1#1" in cov["never_executed"]) == (loss["executed"] == 0)
    return len(inserted)


def test_wrapped_steps_are_named_as_written_and_abilities_that_raise_by_choice_are_no_triggers() -> None:
    """エクストラ wraps whole effects (要塞's prevent_damage, 革命's replace_effect): coverage still lists and
    counts each step as the designer wrote it, and the steps a replacement puts in.  騎士's raise_by_driving and 巨人's must_attack name an action
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
    assert cov["total"] == sum(len(a.model.effect) for a in rules.actions.values()) + _inserted_total(rules, cov)
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


class _Stop(Exception):
    pass


class _Script:
    """Both seats: the scripted choices (labels or indices), then stop the game."""

    def __init__(self, script: list) -> None:
        self.script = list(script)

    def decide(self, request, observe) -> int:
        if not self.script:
            raise _Stop()
        entry = self.script.pop(0)
        entry = entry.get("choose") if isinstance(entry, dict) else entry
        if isinstance(entry, int):
            return entry
        return next(i for i in range(len(request.options)) if request.label(i) == entry)


def _counted(scenario: str, change=None) -> dict[str, int]:
    """The coverage counts of a ruling's scenario played on the instrumented rules of a --coverage run."""
    from bpdsl.engine import new_game
    from bpdsl.scenarios.runner import load_scenario, start_position
    from bpdsl.sim.job import COVERAGE, SimJob, _prepared

    data = load_scenario(f"scenarios/rulings/act8.2-extra/{scenario}.yaml")
    if change is not None:
        change(data)
    prep = _prepared(SimJob("act8.2", "extra", coverage=True, seed=1))
    agent = _Script(data["decisions"])
    game = new_game(prep.rules, [agent, agent], 0)
    start_position(game, data)
    prep.current = game
    try:
        game.play()
    except _Stop:
        pass
    finally:
        prep.current = None
    assert not agent.script
    return game.state.counts.get(COVERAGE, {})


def test_the_steps_a_replacement_puts_in_are_counted_when_it_fires_and_only_then() -> None:
    """喪失 replaces チャージ's whole effect, 革命 one step of ダメージ判定: the steps they put in count under the
    trump's ability (``loss@1#1``, ``revolution@1#1``), the steps they replace do not — and the other way
    round when the replacement does not apply (trump face down, or too few charged bulwarks)."""
    fired = _counted("loss_replaces_charge")
    assert fired.get("loss@1#1") == 1 and not fired.get("charge#1")
    face_down = _counted("loss_replaces_charge", lambda d: d["players"][1].pop("trump_up"))
    assert not face_down.get("loss@1#1") and face_down.get("charge#1") == 1
    one_bulwark = _counted("loss_replaces_charge", lambda d: d["players"][1]["field"].pop())
    assert not one_bulwark.get("loss@1#1") and one_bulwark.get("charge#1") == 1
    duel = _counted("revolution_changes_damage_judgement")
    assert duel.get("revolution@1#1") == 1 and not duel.get("damage_judgement#1")
    assert duel.get("damage_judgement#2") == 1  # the steps not replaced still run
    plain = _counted("revolution_changes_damage_judgement", lambda d: d["players"][0].pop("trump_up"))
    assert not plain.get("revolution@1#1") and plain.get("damage_judgement#1") == 1



def test_the_report_lists_a_replacements_steps_with_the_action_they_go_into(tmp_path) -> None:
    import csv

    out = tmp_path / "report"
    r = subprocess.run([sys.executable, "-m", "bpdsl", "balance", "report", "act8.2/extra", "-n", "6", "--seed", "2",
                        "--jobs", "1", "--out", str(out)], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    with (out / "coverage.csv").open(encoding="utf-8") as fh:
        rows = {row["rule"]: row for row in csv.DictReader(fh) if row["part"] == "steps"}
    assert rows["revolution@1#1"]["inserted_into"] == "damage_judgement" and rows["attack#1"]["inserted_into"] == ""
    assert rows["loss@1#1"]["op"] == "raise_action" and rows["loss@1#1"]["count"] == "0"
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "loss@1#1 → charge" in html.split("Never executed")[1].split("</table>")[0]  # listed as never run
    assert "revolution@1#1 → damage_judgement" in html

"""第8.2版's rulings played on 第9.0版: where 第9.0版 did not change the rule, the ruling still holds.

Every settled scenario of ``scenarios/rulings/act8.2`` and ``act8.2-extra`` is run again with ``edition:
act9.0`` (same format, same position, same decisions, same expectations).  The ones whose rule 第9.0版
changed are listed in ``CHANGED`` with the change; they are strict expected failures, so a ruling that
starts to hold again (or a change that is undone) is noticed.  The 第9.0版 rulings of those entries are in
``scenarios/rulings/act9.0*``.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from bpdsl.scenarios.runner import load_scenario, run_scenario

RULINGS = Path(__file__).resolve().parents[2] / "scenarios" / "rulings"
CHANGED = {
    "chariot_summon": "♡J チャリオット召喚 is 防壁破壊士召喚 in 第9.0版",
    "demon_king_summon": "the options it pins name オープン, which is クイックオープン and メインオープン in the frame list",
    "giant_summon": "♡K 巨人召喚 has no key card in the frame list (the ◇Q it used stays in the hand)",
    "demon_king_leaves": "still two 世代交代, one per K by the basic rule (the order offered names ♠K and ♣K), "
                         "not 魔王's own ability, which the frame list does not have",
    "demon_king_end_and_not_found": "ドロー draws 2 cards without asking for a second one",
    "encourage": "♡3 激励 is 誘惑 (bounce) in 第9.0版",
    "exhaustion_on_end": "◇5's 疲弊 on エンド is gone; 虚脱 is a direct quick action",
    "loss_replaces_charge": "◇5 喪失's ability is the frame list's: no charging by チャージ, not ドロー in its place",
    "knight_leaves_trump_regenerate": "♣J returns by 騎士再生, the trump's own triggered action, not by 切札再生",
    "open_brings_ability": "オープン ($BBD) is メインオープン ($BBL) and クイックオープン ($DD)",
    "phantom": "♡7's ファントム (リバース on an own character, cost B) is ファントムリバース, a bulwark's own action",
    "pursuit": "♡5 追撃 costs nothing and turns ♡5 face down: the 第8.2版 script (cost BDD) no longer applies",
    "reanimator_free_reanimate": "♠J's free リアニメイト is リアニメーターリアニメイト (転生召喚), a 兵士起因 action",
    "repair": "◇8 修繕 targets any own soldier and chooses a card of its suit",
    "reset": "♣8 リセット closes the trumps itself (no triggered 切札リセット)",
    "resurrect": "♠5 蘇生 chooses any ♠ of the grave (the choice offered differs)",
    "truce_against_attack": "the quick opening is クイックオープン, its own action, not オープン's ※$DD",
    "tactician_summon": "◇J 策士召喚 only summons; the negation is クイック策士召喚's",
}


def _params() -> list[object]:
    out = []
    for folder in ("act8.2", "act8.2-extra"):
        for path in sorted((RULINGS / folder).glob("*.yaml")):
            if load_scenario(path).get("xfail"):
                continue
            marks = [pytest.mark.xfail(strict=True, reason=CHANGED[path.stem])] if path.stem in CHANGED else []
            out.append(pytest.param(path, id=f"{folder}/{path.stem}", marks=marks))
    return out


@pytest.mark.parametrize("path", _params())
def test_ruling_of_82_holds_on_90(path: Path) -> None:
    data = dict(load_scenario(path))
    data["edition"] = "act9.0"
    result = run_scenario(data)
    assert result.ok, f"{path.name} on act9.0:\n  - " + "\n  - ".join(result.failures)


def test_most_rulings_carry_over() -> None:
    assert len(_params()) >= 60 and len(CHANGED) <= 18

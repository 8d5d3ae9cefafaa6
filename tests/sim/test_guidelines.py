"""The design guidelines (definitions/blackpoker/guidelines.yaml, ``bpdsl validate --guidelines``): for each of
the six rules, an entry written to break it is reported at its file:line:col, as an error for a 必須 rule and a
warning for a 推奨 one; the checks that need play say what they searched."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bpdsl.dsl.loader import load
from bpdsl.resources import definitions_dir
from bpdsl.sim.guidelines import PlayBound, check_guidelines

ROOT = Path(__file__).resolve().parents[2]

EDITION = """kind: edition
id: my8.3
name: 試作8.3版
extends: act8.2
date: 2026/11/25
"""

HEAD = "kind: actions\nedition: my8.3\nactions:\n"

BREAKING = {
    "single_target": """  - id: twin_shot
    name: 双撃
    ruby: そうげき
    category: normal_magic
    type: 通常魔法
    request: {trigger: direct, speed: normal, timing: main}
    key: ♠A〜K
    target: {target_character: {what: soldier, count: 2}}
    formats: [std]
    effect:
      - send_to_grave: {cards: target, what: soldier}
""",
    "keyed_normal_quick": """  - id: keyless_quick
    name: 鍵なし速攻
    ruby: かぎなしそっこう
    category: quick_magic
    type: 速攻魔法
    request: {trigger: direct, speed: normal, timing: quick}
    target: {target_player: {who: opponent}}
    formats: [std]
    effect:
      - damage: {to: target, amount: 1}
""",
    "triggered_instant_quick": """  - id: slow_echo
    name: 遅い残響
    ruby: おそいざんきょう
    category: basic
    type: 基本
    request: {trigger: triggered, speed: normal, timing: quick}
    when:
      card_moved: {ranks: [A], from: field, to: grave, whose: self}
    formats: [std]
    effect:
      - draw_top: {count: 1}
""",
    "single_main_trigger": """  - id: mourning
    name: 弔い
    ruby: とむらい
    category: basic
    type: 基本
    request: {trigger: triggered, speed: normal, timing: main}
    when:
      card_moved: {ranks: [J, Q, K], from: field, to: grave, whose: self, each: card}
    formats: [std]
    effect:
      - draw_top: {count: 1}
""",
    "no_first_turn_win": """  - id: meteor
    name: 隕石
    ruby: いんせき
    category: normal_magic
    type: 通常魔法
    request: {trigger: direct, speed: instant, timing: main}
    target: {target_player: {who: opponent}}
    formats: [std]
    effect:
      - damage: {to: target, amount: 40}
""",
}

TWIN_SOLDIER = """kind: characters
edition: my8.3
characters:
  - id: twin_soldier
    name: 双子兵
    ruby: ふたごへい
    kind: soldier
    type: 兵士
    key: "♡2〜5"
    size: size_key_rank
    labels: [label_attacker]
    formats: [std]
"""


def draft(tmp_path: Path, rule: str) -> Path:
    folder = tmp_path / "defs" / "my8.3"
    folder.mkdir(parents=True)
    (folder / "edition.yaml").write_text(EDITION, encoding="utf-8")
    if rule == "identifiable_characters":
        (folder / "characters.yaml").write_text(TWIN_SOLDIER, encoding="utf-8")
    else:
        (folder / "actions.yaml").write_text(HEAD + BREAKING[rule], encoding="utf-8")
    return folder.parent


def breaches_of(tmp_path: Path, rule: str, play: bool = False) -> list:
    result = load([definitions_dir(), draft(tmp_path, rule)])
    assert result.ok, [d.format() for d in result.errors]
    report = check_guidelines(result.definitions, editions=["my8.3"], play=play,
                              bound=PlayBound(deals=1, depth=3, nodes=150, games=2))
    return [d for d in report.diagnostics() if f"[{rule} " in d.message and "my8.3" in d.pos.file], report


@pytest.mark.parametrize("rule, line, severity", [
    ("single_target", 11, "error"),            # the target op call asking for two
    ("keyed_normal_quick", 4, "error"),        # the action
    ("triggered_instant_quick", 4, "warning"), # 推奨: a warning
    ("single_main_trigger", 11, "error"),      # its trigger condition, matched for each card
    ("identifiable_characters", 4, "error"),   # ♡2〜5 soldiers look like 一般兵
])
def test_an_entry_written_to_break_a_rule_is_reported_at_its_place(tmp_path: Path, rule: str, line: int,
                                                                   severity: str) -> None:
    found, _ = breaches_of(tmp_path, rule)
    assert len(found) == 1, [d.format() for d in found]
    d = found[0]
    assert d.severity == severity
    assert d.code == ("L101" if severity == "error" else "L102")
    assert d.pos.line == line and d.pos.col > 0
    assert d.hint  # the rule's text


def test_a_sure_first_turn_win_is_found_by_play_and_the_search_is_stated(tmp_path: Path) -> None:
    found, report = breaches_of(tmp_path, "no_first_turn_win", play=True)
    assert found, report.notes
    d = found[0]
    assert d.severity == "error" and d.pos.line == 4  # at 隕石, the action that won
    assert "隕石 (meteor)" in d.message and "first turn" in d.message
    assert any(n.startswith("no_first_turn_win: searched the first turn of 1 deal(s)") for n in report.notes)


def test_a_keyless_repeatable_damage_is_a_first_turn_win_too(tmp_path: Path) -> None:
    found, report = breaches_of(tmp_path, "keyed_normal_quick", play=True)
    wins = [d for d in report.diagnostics() if "[no_first_turn_win " in d.message]
    assert wins and "鍵なし速攻 (keyless_quick)" in wins[0].message  # 1 damage again and again: a loop in turn 1


def test_without_a_winning_entry_no_first_turn_win_is_reported(tmp_path: Path) -> None:
    found, report = breaches_of(tmp_path, "triggered_instant_quick", play=True)
    assert not [d for d in report.diagnostics() if "[no_first_turn_win " in d.message]
    assert any("searches" in n for n in report.notes)


def test_validate_guidelines_through_the_command(tmp_path: Path) -> None:
    defs = draft(tmp_path, "keyed_normal_quick")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-m", "bpdsl", "validate", "-d", str(defs), "--guidelines", "--no-play", "-q"],
                       cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "my8.3/actions.yaml:4:5: L101 [keyed_normal_quick 必須]" in r.stdout
    assert "鍵なし速攻 (keyless_quick) @直接-通常-クイック has no key cards" in r.stdout
    assert "not played (--no-play)" in r.stdout
    plain = subprocess.run([sys.executable, "-m", "bpdsl", "validate", "-d", str(defs), "-q"], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=300)
    assert plain.returncode == 0  # without --guidelines the draft is valid definitions


def test_the_bundled_editions_break_only_recommended_rules_without_play() -> None:
    result = load([definitions_dir()])
    report = check_guidelines(result.definitions, play=False)
    diags = report.diagnostics()
    assert diags and all(d.code == "L102" for d in diags)
    assert {d.message.split("]")[0] for d in diags} == {"[triggered_instant_quick 推奨"}

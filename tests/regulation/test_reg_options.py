"""Options (5.3): presets and the パック option's action, printed from its op calls as the seed prints it."""
from __future__ import annotations

import re
from pathlib import Path

from reg_seed_helpers import seed_text


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_pack_action_text_equals_the_seed(seeds_dir: Path, bp2024) -> None:
    seed = _squash(seed_text(seeds_dir, "000").split("### 5.3.3 パック")[1].split("## 5.4")[0])
    pack = bp2024.options["pack"]
    (action,) = pack.actions
    assert _squash(f"【{action.name}】<{action.type}>@クイック") in seed
    assert action.timing == "quick" and action.speed == "instant" and action.trigger == "direct"
    lines = action.printed(action.conditions) + action.printed(action.effect)
    assert len(lines) == 3
    for n, line in enumerate(action.printed(action.effect), start=1):
        assert f"{n}.{_squash(line)}" in seed
    assert "※" + _squash(action.printed(action.conditions)[0]) in seed
    assert _squash(pack.rule) in seed and _squash(action.remark) in seed


def test_presets_follow_the_seed(seeds_dir: Path, bp2024) -> None:
    text = seed_text(seeds_dir, "000")
    for oid, section in (("preset2", "5.3.1"), ("preset4", "5.3.2")):
        o = bp2024.options[oid]
        block = _squash(text.split(f"### {section}")[1][:300])
        assert _squash(o.rule) in block
        # "上から N 枚を防壁、次の M 枚を兵士": the counts the engine uses are the ones printed
        m = re.search(r"上から(\d)枚を防壁、次の(\d)枚を兵士", block)
        assert m is not None
        assert (o.preset_bulwarks, o.preset_soldiers) == (int(m.group(1)), int(m.group(2)))
        assert f"キャラクター{o.preset_bulwarks + o.preset_soldiers}体" in block

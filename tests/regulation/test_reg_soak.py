"""Every valid regulation whose action list is defined plays whole matches to the end (invariants checked)."""
from __future__ import annotations

import pytest

from bpdsl.engine.invariants import check
from bpdsl.games.blackpoker.regulation.check import allowed_regulations, resolve, unplayable_reason
from bpdsl.dsl.loader import load_definitions
from bpdsl.games.blackpoker.regulation.load import systems
from bpdsl.games.blackpoker.regulation.match_batch import simulate_matches

from reg_seed_helpers import soak_games

DEFS = load_definitions()
SYSTEMS = systems(DEFS)


def _playable() -> list[str]:
    out: list[str] = []
    for s in SYSTEMS.values():
        if s.frames:
            out += ["+".join([f.id, fr.id] + [o.id for o in opts]) for f, fr, opts in allowed_regulations(s)
                    if not unplayable_reason(DEFS, s, f)]
        out += [n.name for n in s.named.values() if not unplayable_reason(DEFS, s, s.formats[n.format])]
    return out


PLAYABLE = _playable()


def test_the_playable_set_is_what_the_tables_and_the_edition_allow() -> None:
    s = SYSTEMS["bp2024"]
    defined = {f.id for f in DEFS.editions[s.edition].formats}
    for text in PLAYABLE:
        r = resolve(text, SYSTEMS)
        assert r.valid and r.regulation.format.action_list in (defined | {f.id for f in DEFS.editions["act6.1"].formats})
    assert "std+random-half+preset2" in PLAYABLE and "std+random40+pack" in PLAYABLE
    # act8.2 defines プロ and マスター: they play in every frame Table 5.2 allows; エクストラ (its format extra:
    # the マスター list and the trumps) in the frames Table 5.2 allows it, レギュラー and フル
    frames = {fr.id for f, fr, _opts in allowed_regulations(s) if f.id == "mast"}
    for fid in ("pro", "mast"):
        assert {fr for fr in frames if f"{fid}+{fr}" in PLAYABLE} == frames
    extra = {fr.id for f, fr, _opts in allowed_regulations(s) if f.id == "extra"}
    assert extra and {fr for fr in extra if f"extra+{fr}" in PLAYABLE} == extra


@pytest.mark.parametrize("text", PLAYABLE)
def test_one_match_under_every_playable_regulation(text: str) -> None:
    reg = resolve(text, SYSTEMS).regulation
    out = simulate_matches(DEFS, reg, matches=1, seed=11, check=check, keep=True)
    assert out["games_aborted"] == 0
    (match,) = out["match_results"]
    assert 1 <= len(match["games"]) <= reg.match.max_games
    for g in match["games"]:
        for n in g["deck_sizes"]:
            assert reg.deck.size.allows(n) or (reg.deck.count == 2 and reg.deck.size.exact is None)


@pytest.mark.soak
@pytest.mark.parametrize("text", PLAYABLE)
def test_soak_matches_under_every_playable_regulation(text: str) -> None:
    reg = resolve(text, SYSTEMS).regulation
    matches = max(1, soak_games() // 200)
    out = simulate_matches(DEFS, reg, matches=matches, seed=soak_games(), check=check)
    assert out["games_aborted"] == 0 and out["matches"] == matches
    assert out["match_wins"][0] + out["match_wins"][1] + out["match_draws"] == matches

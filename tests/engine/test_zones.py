"""The game declares its zones, their roles, its character kinds and its card universe in game.yaml; the
engine reads them from the model (bpdsl.engine.zones) and the validator reports what a game's rules need
but its game.yaml lacks, as a positioned diagnostic."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from bpdsl import plugins
from bpdsl.engine import FirstLegalAgent, RandomAgent, build_rules, new_game
from bpdsl.engine.invariants import check
from bpdsl.engine.log import canonical_state

ROOT = Path(__file__).resolve().parents[2]
BPDSL = str(Path(__file__).resolve().parents[2] / ".venv" / "bin" / "bpdsl")


def test_the_zone_table_is_read_from_the_model() -> None:
    bp = build_rules("act8.0", "std").zones
    assert bp is not None
    assert bp.ids == plugins.game("blackpoker").zone_ids()  # the plugin's zones are numbered first, in its order
    assert [bp.ids[z] for z in bp.card_zones] == ["life", "hand", "grave", "fog", "trump", "pack", "rare"]
    assert (bp.ids[bp.field], bp.ids[bp.stage], bp.ids[bp.deck], bp.ids[bp.keys], bp.ids[bp.spent]) == (
        "field", "stage", "life", "hand", "grave")
    assert bp.deck_size == 54 and bp.kinds == ("soldier", "bulwark") and bp.face_down_kinds == {"bulwark"}
    bd = build_rules("bd1", "std").zones
    assert bd is not None
    assert bd.ids == ("pack", "field") and bd.keys == -1 and bd.stage == -1
    assert bd.deck_size == 52 and bd.kinds == ("card",)  # no Jokers in Black Doubt


def test_players_have_the_declared_zones_only() -> None:
    game = new_game(build_rules("bd1", "std"), [FirstLegalAgent(), FirstLegalAgent()], 1)
    p = game.state.players[0]
    assert len(p.pack) == 52 and p.field == []
    with pytest.raises(AttributeError, match="'life'"):
        p.life  # noqa: B018
    assert set(canonical_state(game)["players"][0]) == {"pack", "field"}
    bp = new_game(build_rules("act8.0", "std"), [RandomAgent(1), RandomAgent(2)], 1)
    assert set(canonical_state(bp)["players"][0]) == {"life", "hand", "grave", "fog", "trump", "pack", "rare", "field"}


def test_an_extra_zone_declared_by_the_game_is_numbered_after_the_plugins(tmp_path: Path) -> None:
    from bpdsl.dsl.loader import load

    defs_dir = tmp_path / "definitions"
    shutil.copytree(ROOT / "definitions" / "blackpoker", defs_dir / "blackpoker")
    game_yaml = defs_dir / "blackpoker" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    text = text.replace("zones:\n", "zones:\n  - {id: exile, name: 除外, ordered: false, visibility: face_up}\n", 1)
    game_yaml.write_text(text, encoding="utf-8")
    result = load([defs_dir])
    assert result.ok, [d.format() for d in result.diagnostics]
    rules = build_rules("act8.0", "std", result.definitions)
    assert rules.zones is not None and rules.zones.ids[-1] == "exile" and rules.zones.index("life") == 0
    game = new_game(rules, [RandomAgent(3), RandomAgent(4)], 3, check=check)
    assert game.state.players[1].exile == []
    result_game = game.play()
    assert not result_game.aborted


def _broken_copy(tmp_path: Path, game: str, old: str, new: str) -> Path:
    defs_dir = tmp_path / "definitions"
    shutil.copytree(ROOT / "definitions" / game, defs_dir / game)
    game_yaml = defs_dir / game / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    assert old in text
    game_yaml.write_text(text.replace(old, new, 1), encoding="utf-8")
    return defs_dir


@pytest.mark.parametrize("game,old,new,message", [
    ("blackpoker", "  - {id: field, name: 場, ordered: true, visibility: face_up, owner_visibility: contents, "
     "role: characters}\n", "", "game 'blackpoker' has no zone 'field', which its rules need"),
    ("blackpoker", "visibility: count, owner_visibility: contents, role: keys}",
     "visibility: count, owner_visibility: contents}", "zone 'hand' of game 'blackpoker' needs role 'keys'"),
    ("blackpoker", "  - {id: bulwark, name: 防壁, face_down: true}\n", "",
     "game 'blackpoker' has no character kind 'bulwark'"),
    ("blackpoker", "  - {id: Joker, value: 0}\n", "",
     "the rules of game 'blackpoker' need the whole deck of the card grammar (54 cards)"),
    ("blackdoubt", "  - {id: pack, name: 山札,", "  - {id: deck, name: 山札,",
     "game 'blackdoubt' has no zone 'pack', which its rules need"),
])
def test_a_missing_zone_role_or_kind_is_a_positioned_error(tmp_path: Path, game: str, old: str, new: str,
                                                           message: str) -> None:
    defs_dir = _broken_copy(tmp_path, game, old, new)
    r = subprocess.run([BPDSL, "validate", "--no-bundled", "-q", "-d", str(defs_dir)], capture_output=True, text=True,
                       cwd=tmp_path, timeout=300)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "Traceback" not in r.stdout + r.stderr
    line = next(x for x in r.stdout.splitlines() if "G001" in x)
    assert re.match(rf".*{game}/game\.yaml:\d+:\d+: G001 ", line), line
    assert message in line
    assert "hint:" in r.stdout


def test_a_character_of_an_undeclared_kind_is_an_error(tmp_path: Path) -> None:
    defs_dir = _broken_copy(tmp_path, "blackpoker", "  - {id: soldier, name: 兵士}\n",
                            "  - {id: soldier, name: 兵士}\n  - {id: wall, name: 壁}\n")
    edition = defs_dir / "blackpoker" / "editions" / "act8.0" / "characters.yaml"
    text = edition.read_text(encoding="utf-8")
    edition.write_text(text.replace("kind: bulwark", "kind: bulwork", 1), encoding="utf-8")
    r = subprocess.run([BPDSL, "validate", "--no-bundled", "-q", "-d", str(defs_dir)], capture_output=True, text=True,
                       cwd=tmp_path, timeout=300)
    assert r.returncode == 1 and "Traceback" not in r.stdout + r.stderr
    assert re.search(r"characters\.yaml:\d+:\d+: D006 character '\w+': unknown character kind 'bulwork'", r.stdout)
    assert "did you mean 'bulwark'" in r.stdout


def test_a_shared_deck_holds_the_whole_card_universe_once() -> None:
    """Black Doubt's 山札 is declared ``shared: true``: the default new_state puts its 52 cards (no Jokers:
    game.yaml) into the one deck, and ``deck.count`` reads it for both seats."""
    from bpdsl.dsl.expr import parse
    from bpdsl.engine.core import Ctx

    rules = build_rules("bd1", "std")
    assert rules.zones.shared == {rules.zones.deck}
    game = new_game(rules, [FirstLegalAgent(), FirstLegalAgent()], 1)
    s = game.state
    assert s.players[0].pack == list(range(52)) and s.players[1].pack == []
    assert set(s.owner) == {-1, 0} and s.owner.count(0) == 52
    count = parse("deck.count")
    assert [game.hooks.evaluate(count, Ctx(game, None, seat)) for seat in (0, 1)] == [52, 52]
    assert [game.hooks.resolve_name(Ctx(game, None, seat), "deck.count") for seat in (0, 1)] == [52, 52]


def test_deck_count_is_ones_own_deck_in_blackpoker() -> None:
    from bpdsl.dsl.expr import parse
    from bpdsl.engine.core import Ctx

    game = new_game(build_rules("act8.0", "std"), [RandomAgent(1), RandomAgent(2)], 4)
    game.p_game_start()
    s = game.state
    del s.players[1].life[-3:]  # (the test compares the counts only)
    got = [game.hooks.evaluate(parse("deck.count"), Ctx(game, None, seat)) for seat in (0, 1)]
    assert got == [len(s.players[0].life), len(s.players[1].life)] and got[0] != got[1]


@pytest.mark.parametrize("seed", range(4))
def test_what_a_seat_sees_follows_the_declared_visibility(seed: int) -> None:
    """Black Doubt's visibility is its game.yaml's (場: face_up for the opponent, contents for the owner;
    山札: count): the default visible_cards gives a seat its own cards and every face-up card, never the
    deck, at every decision of random games."""
    rules = build_rules("bd1", "std")
    seen_down = 0

    def expected(game: object, seat: int) -> set[int]:
        return {c for p in game.state.players for ch in p.field if ch.face_up or p.seat == seat for c in ch.cards}

    def watch(game: object) -> None:  # called by the engine after every step (the invariant check's place)
        nonlocal seen_down
        for seat in (0, 1):
            assert game.hooks.visible_cards(game, seat) == expected(game, seat)
        seen_down += sum(not ch.face_up for p in game.state.players for ch in p.field)

    res = new_game(rules, [RandomAgent(seed), RandomAgent(seed + 9)], seed, check=watch).play()
    assert not res.aborted and seen_down > 0


def test_a_position_giving_both_seats_a_shared_deck_puts_seat_1s_cards_under() -> None:
    """A start position (a scenario's) may give each seat cards for a shared zone: the default game start
    puts seat 1's under seat 0's, keeps the order when asked, and deals the first round from the top."""
    rules = build_rules("bd1", "std")
    game = new_game(rules, [FirstLegalAgent(), FirstLegalAgent()], 5)
    s = game.state
    s.keep_order = True
    s.turn = 1
    deck = s.players[0].pack

    def position(g: object) -> None:
        moved = deck[:10]  # the bottom ten cards, given to seat 1 for the shared deck
        del deck[:10]
        s.players[1].pack.extend(moved)
        for c in moved:
            s.loc[c] = (rules.zones.deck, 1)

    game.setup_hook = position
    before = list(deck)
    game.p_game_start()
    assert s.players[1].pack == [] and len(s.players[0].pack) == 50
    assert s.players[0].pack[10:] == before[10:-2]  # seat 0's order kept, less the two dealt from its top
    assert [ch.cards[0] for p in (s.players[1], s.players[0]) for ch in p.field] == [before[-1], before[-2]]
    assert all(s.loc[c] == (rules.zones.deck, 0) for c in s.players[0].pack) and s.turn == 1

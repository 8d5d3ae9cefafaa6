"""Games and matches under a regulation with the real engine: deck sizes, presets, the pack, 2-deck matches."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from bpdsl.cli import app
from bpdsl.engine import RandomAgent, new_game
from bpdsl.engine.invariants import check
from bpdsl.games.blackpoker.regulation.check import resolve
from bpdsl.games.blackpoker.regulation.decks import build_match_decks
from bpdsl.dsl.loader import load_definitions
from bpdsl.games.blackpoker.regulation.load import systems
from bpdsl.games.blackpoker.regulation.match import GameRequest, play_match
from bpdsl.games.blackpoker.regulation.play import NotPlayable, game_runner, regulation_rules, setup_hook
from bpdsl.games.blackpoker.regulation.match_batch import simulate_matches


@pytest.fixture(scope="module")
def defs():  # type: ignore[no-untyped-def]
    return load_definitions()


def _reg(defs, text: str):  # type: ignore[no-untyped-def]
    r = resolve(text, systems(defs))
    assert r.valid, [p.format() for p in r.problems]
    return r.regulation


def _started_game(defs, text: str, seed: int = 4):  # type: ignore[no-untyped-def]
    """A game under ``text`` taken to the end of its start (3.9) and not further."""
    reg = _reg(defs, text)
    players = build_match_decks(reg, seed)
    decks = [players[0].decks[0].cards, players[1].decks[0].cards]
    packs = (players[0].pack, players[1].pack)
    game = new_game(regulation_rules(defs, reg), [RandomAgent(1), RandomAgent(2)], seed=seed, decks=decks,
                    setup=setup_hook(reg, packs))
    game.hooks.game_start(game)
    check(game)
    return reg, game, decks, packs


@pytest.mark.parametrize("text,bulwarks,soldiers", [
    ("std+random40+preset2", 1, 1), ("std+random40+preset4", 2, 2), ("std+entry+preset2", 1, 1),
])
def test_presets_place_characters_before_the_hands(defs, text: str, bulwarks: int, soldiers: int) -> None:
    reg, game, decks, _ = _started_game(defs, text)
    for seat, p in enumerate(game.state.players):
        kinds = [ch.kind for ch in p.field]
        assert kinds == ["bulwark"] * bulwarks + ["soldier"] * soldiers
        assert all(not ch.face_up for ch in p.field if ch.kind == "bulwark")
        assert all(ch.face_up and not ch.driven for ch in p.field if ch.kind == "soldier")
        in_hand = len(p.hand) - (1 if seat == game.state.turn else 0)
        assert in_hand == 7
        on_field = sum(len(ch.cards) for ch in p.field)
        assert on_field + len(p.hand) + len(p.life) + len(p.grave) == len(decks[seat])


def test_without_options_the_field_starts_empty(defs) -> None:
    _, game, _, _ = _started_game(defs, "std+random40")
    assert all(not p.field and not p.pack for p in game.state.players)


def test_pack_holds_the_cards_left_out(defs) -> None:
    _, game, decks, packs = _started_game(defs, "std+random40+pack")
    for seat, p in enumerate(game.state.players):
        assert len(p.pack) == 14 == 54 - len(decks[seat])
        assert sorted(c % 54 for c in p.pack) == sorted(c.index for c in packs[seat])
        assert {c % 54 for c in p.pack}.isdisjoint(c.index for c in decks[seat])


def test_pack_open_is_an_option_action_only(defs) -> None:
    with_pack = regulation_rules(defs, _reg(defs, "std+random40+pack"))
    without = regulation_rules(defs, _reg(defs, "std+random40"))
    assert "pack_open" in with_pack.actions and "pack_open" not in without.actions
    a = with_pack.actions["pack_open"]
    assert a.instant and not a.main and a.key is None and a.cost == ""


def test_entry_match_completes_with_21_cards(defs) -> None:
    out = simulate_matches(defs, _reg(defs, "std+entry"), matches=4, seed=2, check=check, keep=True)
    assert out["games"] == 4 and out["games_aborted"] == 0
    assert out["deck_sizes"] == {21: 8}
    assert sum(out["match_wins"]) + out["match_draws"] == 4
    for m in out["match_results"]:
        assert len(m["games"]) == 1 and m["winner"] == m["games"][0]["winner"]


def test_random_half_two_deck_match_with_the_engine(defs) -> None:
    reg = _reg(defs, "std+random-half+preset2")
    run = game_runner(defs, reg, check=check)
    for seed in (1, 2, 3):
        players = build_match_decks(reg, seed)
        assert all(sum(len(d) for d in p.decks) == 54 for p in players)
        result = play_match(reg, players, run, seed)
        assert 2 <= len(result.games) <= 3
        won: list[set[int]] = [set(), set()]
        for g in result.games:
            assert not g.details["aborted"]
            for seat in (0, 1):
                assert g.deck_sizes[seat] == len(players[seat].decks[g.deck_choice[seat]])
                assert g.details["deck_sizes"][seat] == g.deck_sizes[seat]
                assert g.deck_choice[seat] not in won[seat]
            if g.winner is not None:
                won[g.winner].add(g.deck_choice[g.winner])
        if result.winner is not None:
            assert result.wins[result.winner] == 2


def test_pack_match_completes_and_pack_opens_once_per_game(defs) -> None:
    out = simulate_matches(defs, _reg(defs, "std+random40+pack"), matches=6, seed=5, check=check, keep=True)
    assert out["games_aborted"] == 0 and out["deck_sizes"] == {40: 12} and out["pack_sizes"] == {14: 12}
    assert out["pack_opened"] <= 2 * out["games"]
    assert out["pack_opened"] > 0  # random bots do open it


def test_once_per_game_holds_in_every_game(defs) -> None:
    reg = _reg(defs, "std+random40+pack")
    run = game_runner(defs, reg, check=check)
    for seed in range(6):
        players = build_match_decks(reg, seed)
        outcome = run(GameRequest(reg, 1, (players[0].decks[0].cards, players[1].decks[0].cards),
                                  (players[0].pack, players[1].pack), seed))
        opened = outcome.details["raised"].get("pack_open", 0)
        assert opened <= 2
        assert sum(14 - n for n in outcome.details["pack_left"]) == opened


def test_2021_random_half_plays_on_act61(defs) -> None:
    out = simulate_matches(defs, _reg(defs, "ライトランダムハーフ"), matches=2, seed=1, check=check)
    assert out["edition"] == "act6.1" and out["deck_sizes"] == {27: out["games"] * 2}
    assert out["games_aborted"] == 0


def test_extra_plays_with_the_trumps_of_its_extra_list(defs) -> None:
    """エクストラ (4.4) plays act8.2's format extra: the マスター list and the trumps, placed and opened."""
    out = simulate_matches(defs, _reg(defs, "エクストラ + フル + プリセット4"), matches=3, seed=1, check=check)
    assert out["edition"] == "act8.2" and out["format"] == "extra" and out["games_aborted"] == 0
    assert out["raised"].get("open", 0) > 0


@pytest.mark.parametrize("text", ["プロ40"])
def test_formats_without_an_action_list_are_not_playable(defs, text: str) -> None:
    reg = _reg(defs, text)
    with pytest.raises(NotPlayable, match="not defined"):
        game_runner(defs, reg)
    r = CliRunner().invoke(app, ["match", "simulate", "--regulation", text, "--matches", "1"])
    assert r.exit_code == 1 and "not defined" in r.output


def test_match_simulate_cli(defs) -> None:
    r = CliRunner().invoke(app, ["match", "simulate", "-r", "スタンダード + ランダムハーフ", "-n", "2", "--json"])
    assert r.exit_code == 0, r.output
    import json

    data = json.loads(r.output)
    assert data["matches"] == 2 and data["match_type"] == "2デッキマッチ" and data["games_aborted"] == 0


def test_interactive_match_with_a_scripted_person(defs) -> None:
    from bpdsl.commands._match_play import play_interactive

    answers = iter(["9", "2", "1", "2", "1"])  # "9" is not a deck: asked again
    said: list[str] = []
    result = play_interactive(defs, _reg(defs, "std+random-half"), 3, RandomAgent(99),
                              lambda s: RandomAgent(s), lambda q: next(answers), said.append)
    assert result.games and result.games[0].deck_choice[0] == 1
    assert not any(g.details["aborted"] for g in result.games)
    assert any("choose one of" in s for s in said)
    assert sum(s.startswith("your deck of game") for s in said) == len(result.games)  # 個人公開 after each game
    assert said[-1].startswith("match:")


def test_simulate_and_play_take_a_regulation(defs) -> None:
    runner = CliRunner()
    r = runner.invoke(app, ["simulate", "--regulation", "std+entry", "--games", "2", "--json"])
    assert r.exit_code == 0, r.output
    import json

    data = json.loads(r.output)
    assert data["matches"] == 2 and data["deck_sizes"] == {"21": 4}
    r = runner.invoke(app, ["simulate", "--regulation", "mast+entry", "--games", "1", "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["edition"] == "act8.2", r.output
    r = runner.invoke(app, ["play", "--regulation", "pro40"])  # 2021: act6.1 has no プロ list
    assert r.exit_code == 1 and "not defined" in r.output
    r = runner.invoke(app, ["play", "--regulation", "std+full", "--seed", "1"], input="q\n")
    assert r.exit_code == 0 and "終了" in r.output


@pytest.mark.parametrize("text", ["std+random40+pack+preset2", "std+random-half", "ライト40"])
def test_logged_game_of_a_match_replays(defs, tmp_path, text: str) -> None:
    log = tmp_path / "m.jsonl"
    runner = CliRunner()
    r = runner.invoke(app, ["simulate", "--regulation", text, "--games", "2", "--seed", "4", "--log", str(log)])
    assert r.exit_code == 0, r.output
    lines = log.read_text(encoding="utf-8").splitlines()
    assert sum('"t": "game"' in line for line in lines) == 1  # one game logged
    for cmd in (["replay", str(log)], ["match", "replay", str(log)]):
        r = runner.invoke(app, cmd)
        assert r.exit_code == 0 and r.output.startswith("ok:") and "replayed identically" in r.output, r.output
    # a decision changed in the log no longer replays to the same state
    broken = tmp_path / "broken.jsonl"
    changed = False
    out = []
    for line in lines:
        if not changed and '"t": "decision"' in line and '"n": 2' in line:
            line = line.replace('"i": 0', '"i": 1') if '"i": 0' in line else line.replace('"i": 1', '"i": 0')
            changed = True
        out.append(line)
    assert changed
    broken.write_text("\n".join(out) + "\n", encoding="utf-8")
    assert runner.invoke(app, ["match", "replay", str(broken)]).exit_code == 1


def test_illegal_deck_files_stop_every_match_command(defs, tmp_path) -> None:  # type: ignore[no-untyped-def]
    deck = tmp_path / "deck.yaml"
    deck.write_text("- ♠A\n- ♠A\n", encoding="utf-8")
    runner = CliRunner()
    for cmd in (["match", "simulate", "-n", "1"], ["match", "play", "--seed", "1"], ["deck", "build"]):
        r = runner.invoke(app, cmd + ["-r", "std+constructed40", "--deck", str(deck)], input="q\n")
        assert r.exit_code == 1, (cmd, r.output)
        assert "♠A" in r.output and f"{deck}: illegal under" in r.output


def test_play_refuses_a_log_with_a_regulation(defs, tmp_path) -> None:  # type: ignore[no-untyped-def]
    r = CliRunner().invoke(app, ["play", "-r", "std+entry", "--log", str(tmp_path / "g.jsonl")], input="q\n")
    assert r.exit_code == 2 and "--log" in r.output
    assert not (tmp_path / "g.jsonl").exists()


@pytest.mark.parametrize("extra", [["--seat", "1"], ["--seat", "0"], ["--edition", "act6.1"], ["-f", "lite"],
                                   ["-e", "act8.0", "--format", "std"]])
def test_play_refuses_seat_edition_and_format_with_a_regulation(extra: list[str]) -> None:
    r = CliRunner().invoke(app, ["play", "-r", "std+entry", "--seed", "1", *extra], input="q\n")
    assert r.exit_code == 2, r.output
    named = {"-e": "--edition", "-f": "--format"}.get(extra[0], extra[0])
    assert "cannot be combined with --regulation" in r.output and named in r.output, r.output
    assert "Traceback" not in r.output and "seed 1" not in r.output  # refused before any game starts


def test_a_damaged_regulation_log_is_a_bad_log_not_a_crash(defs, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json

    log = tmp_path / "m.jsonl"
    runner = CliRunner()
    r = runner.invoke(app, ["simulate", "--regulation", "std+random40+pack", "--games", "1", "--log", str(log)])
    assert r.exit_code == 0, r.output
    lines = log.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    assert head["t"] == "regulation"
    for key, value in (("system", -1), ("packs", [["♠A"], ["nope"]]), ("regulation", None)):
        damaged = tmp_path / "damaged.jsonl"
        damaged.write_text("\n".join([json.dumps({**head, key: value}, ensure_ascii=False)] + lines[1:]) + "\n",
                           encoding="utf-8")
        for cmd in (["replay", str(damaged)], ["match", "replay", str(damaged)]):
            r = runner.invoke(app, cmd)
            assert r.exit_code == 1, (cmd, key, r.output, r.exception)
            assert "cannot replay" in r.output and repr(key) in r.output, (cmd, key, r.output)


def test_simulate_takes_deck_files_for_constructed_frames(defs) -> None:  # type: ignore[no-untyped-def]
    import json
    from pathlib import Path

    from bpdsl.games.blackpoker.regulation.decks import read_deck_file

    deck = Path(__file__).parent / "decks" / "constructed-half.yaml"
    sizes = sorted({len(d) for d in read_deck_file(deck)})
    runner = CliRunner()
    r = runner.invoke(app, ["simulate", "-r", "std+constructed-half", "--deck", str(deck), "-n", "1", "--json"])
    assert r.exit_code == 0, r.output
    assert sorted(int(n) for n in json.loads(r.stdout)["deck_sizes"]) == sizes
    r = runner.invoke(app, ["simulate", "--deck", str(deck), "-n", "1"])
    assert r.exit_code == 2 and "--regulation" in r.output

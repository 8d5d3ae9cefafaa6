"""The interpreter plays complete games of both editions; seeds, logs, replay, observations, invariants."""
from __future__ import annotations

import pytest

from bpdsl.engine import FirstLegalAgent, RandomAgent, ScriptedAgent, ScriptError, build_rules, new_game, play_game
from bpdsl.engine.invariants import InvariantError, check
from bpdsl.engine.log import EventLog
from bpdsl.engine.replay import replay_events
from bpdsl.games.blackpoker.components import Z_HAND

PAIRS = [("act8.0", "std"), ("act8.0", "lite"), ("act6.1", "lite")]


@pytest.mark.parametrize("edition,fmt", PAIRS)
def test_random_games_complete(edition: str, fmt: str) -> None:
    rules = build_rules(edition, fmt)
    for seed in range(5):
        r = play_game(rules, [RandomAgent(seed), RandomAgent(seed + 100)], seed=seed, check=check)
        assert not r.aborted, r.reason
        assert r.draw or r.winner in (0, 1)
        assert r.turns >= 1 and r.decisions > 0
        assert r.raised.get("end", 0) >= 1


@pytest.mark.parametrize("edition,fmt", PAIRS)
def test_first_legal_agents_finish(edition: str, fmt: str) -> None:
    r = play_game(build_rules(edition, fmt), [FirstLegalAgent(), FirstLegalAgent()], seed=3, check=check)
    assert not r.aborted, r.reason


def test_step_limit_aborts_a_game_of_passes() -> None:
    class Passer(FirstLegalAgent):
        def decide(self, request, observe):  # type: ignore[override]
            return 0

    r = play_game(build_rules("act8.0", "std"), [Passer(), Passer()], seed=3, max_steps=20_000)
    # always passing never ends the game by the rules: the step limit aborts it instead of looping forever
    assert r.aborted and "core-flow steps" in r.reason


def test_same_seed_same_game_and_different_seed_differs() -> None:
    rules = build_rules("act8.0", "std")
    h = [play_game(rules, [RandomAgent(1), RandomAgent(2)], seed=s).state_hash for s in (7, 7, 8)]
    assert h[0] == h[1]
    assert h[0] != h[2]


@pytest.mark.parametrize("edition,fmt", [("act8.0", "std"), ("act6.1", "lite")])
def test_log_replays_to_same_hash(edition: str, fmt: str) -> None:
    rules = build_rules(edition, fmt)
    log = EventLog()
    r = new_game(rules, [RandomAgent(5), RandomAgent(6)], seed=11, log=log).play()
    events = [dict(e) for e in log.lines]
    rep = replay_events(events)
    assert rep.ok and rep.actual == r.state_hash
    # a tampered decision leads elsewhere (or is illegal)
    first = next(e for e in events if e["t"] == "decision")
    first["i"] = (first["i"] + 1) % first["n"]
    try:
        assert not replay_events(events).ok
    except Exception as exc:  # a decision that became illegal is reported as such
        assert "decision" in str(exc)


def test_scripted_agent_error_names_options() -> None:
    rules = build_rules("act8.0", "std")
    game = new_game(rules, [ScriptedAgent(["no such action"]), RandomAgent(1)], seed=1)
    with pytest.raises(ScriptError) as exc:
        game.play()
    msg = str(exc.value)
    assert "illegal scripted choice 'no such action' for player 0's '" in msg
    assert "' decision" in msg and "legal options: '" in msg


def test_observation_shows_only_public_information() -> None:
    rules = build_rules("act8.0", "std")
    seen: list[dict] = []

    class Spy(RandomAgent):
        def decide(self, request, observe):  # type: ignore[override]
            seen.append(observe())
            return super().decide(request, observe)

    play_game(rules, [Spy(1), RandomAgent(2)], seed=4)
    assert seen
    for obs in seen:
        me, opp = obs["players"][obs["you"]], obs["players"][1 - obs["you"]]
        assert "hand" in me and "hand" not in opp and "grave" not in opp
        assert isinstance(me["life"], int)
        assert opp["life"] == "10以上" or (isinstance(opp["life"], int) and opp["life"] < 10)
        for ch in opp["field"]:
            if not ch["face_up"]:
                assert ch["cards"] == ["?"] * len(ch["cards"])
    assert any(o["players"][1 - o["you"]]["life"] == "10以上" for o in seen)


def test_invariant_check_catches_a_card_in_two_places() -> None:
    rules = build_rules("act8.0", "std")
    game = new_game(rules, [RandomAgent(1), RandomAgent(2)], seed=1)
    s = game.state
    check(game)
    c = s.players[0].life[-1]
    s.players[0].hand.append(c)  # the card is now in the life and in the hand
    with pytest.raises(InvariantError):
        check(game)
    s.players[0].hand.pop()
    s.loc[c] = (Z_HAND, 0)  # recorded in the hand but lying in the life
    with pytest.raises(InvariantError):
        check(game)


def test_custom_decks_and_setup_hook() -> None:
    from bpdsl.dsl.cards import full_deck
    from bpdsl.engine import place_character

    rules = build_rules("act8.0", "std")
    deck = [c for c in full_deck() if c.rank not in ("Joker",)][:40]
    placed = []

    def setup(game):  # preset: a soldier on each field before the hands are drawn
        placed.append(place_character(game, 0, [deck[5]], "general_soldier"))
        placed.append(place_character(game, 1, [deck[6]], "general_soldier"))

    game = new_game(rules, [RandomAgent(1), RandomAgent(2)], seed=9, decks=[deck, deck], setup=setup, check=check)
    assert sum(len(p.life) for p in game.state.players) == 80
    r = game.play()
    assert not r.aborted and len(placed) == 2


def test_log_of_a_game_with_own_decks_replays() -> None:
    from bpdsl.dsl.cards import full_deck

    rules = build_rules("act8.0", "std")
    log = EventLog()
    decks = [full_deck()[10:50], full_deck()[::-1][:45]]
    r = new_game(rules, [RandomAgent(1), RandomAgent(2)], 5, decks=decks, log=log).play()
    head = log.lines[0]
    assert head["t"] == "game" and len(head["decks"][0]) == 40 and "Joker2" in head["decks"][1]
    rep = replay_events(log.lines)
    assert rep.ok and rep.actual == r.state_hash

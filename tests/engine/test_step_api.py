"""The step API: pending() / apply(i) / clone() / observe() for every kind of decision.

* a game driven step by step with seeded choosers ends exactly like the same game played by callback
  agents with the same seeds (same decisions, same end-state hash);
* 200 seeded act8.0 std games cloned at random decisions -- and at least once at a decision of every kind
  the games ask -- finish with identical end-state hashes in the original and the clone given the same
  choices, and the cloning does not disturb the original;
* bad indices raise ValueError and change nothing; a finished game has no pending decision.
"""
from __future__ import annotations

import random

import pytest

from bpdsl.engine import RandomAgent, build_rules, new_game
from bpdsl.engine.bench import game_seeds
from bpdsl.engine.log import EventLog, state_hash

STD = build_rules("act8.0", "std")


def _drive(game, agents, choices=None):
    """Play a step game to its end with callback agents choosing; returns the list of choices made."""
    made = []
    while (req := game.pending()) is not None:
        assert len(req.options) > 1 and len(req.labels) == len(req.options)
        i = agents[req.player].decide(req, lambda: game.observe(req.player))
        made.append(i)
        game.apply(i)
    return made


@pytest.mark.parametrize("edition, fmt", [("act8.0", "std"), ("act8.2", "mast"), ("act8.2", "extra"), ("act6.1", "lite"),
                                          ("bd1", "std")])
def test_step_play_equals_callback_play(edition: str, fmt: str) -> None:
    rules = build_rules(edition, fmt)
    for gs, s0, s1 in game_seeds(11, 15):
        by_callback = new_game(rules, [RandomAgent(s0), RandomAgent(s1)], gs).play()
        stepped = new_game(rules, None, gs)
        _drive(stepped, [RandomAgent(s0), RandomAgent(s1)])
        assert stepped.over and stepped.pending() is None
        r = stepped.result()
        assert (r.state_hash, r.winner, r.turns, r.decisions, r.raised) == (
            by_callback.state_hash, by_callback.winner, by_callback.turns, by_callback.decisions, by_callback.raised)


def test_step_log_equals_callback_log() -> None:
    gs, s0, s1 = game_seeds(3, 1)[0]
    a, b = EventLog(), EventLog()
    new_game(STD, [RandomAgent(s0), RandomAgent(s1)], gs, log=a).play()
    g = new_game(STD, None, gs, log=b)
    _drive(g, [RandomAgent(s0), RandomAgent(s1)])
    assert a.lines == b.lines


@pytest.mark.long
def test_clone_at_random_decisions_of_every_kind_plays_on_identically() -> None:
    rng = random.Random(2024)
    kinds_seen: set[str] = set()
    kinds_cloned: set[str] = set()
    games = 200
    for gs, s0, s1 in game_seeds(5, games):
        chooser = random.Random(s0 ^ s1)
        # the reference: the whole game with one sequence of choices, never cloned
        ref = new_game(STD, None, gs)
        choices = []
        while (req := ref.pending()) is not None:
            kinds_seen.add(req.kind)
            choices.append(chooser.randrange(len(req.options)))
            ref.apply(choices[-1])
        # clone points: two random decisions, plus the first decision of a kind not cloned yet
        game = new_game(STD, None, gs)
        points = set(rng.sample(range(len(choices)), min(2, len(choices))))
        clones = []
        for n, i in enumerate(choices):
            req = game.pending()
            if n in points or req.kind not in kinds_cloned:
                kinds_cloned.add(req.kind)
                c = game.clone()
                assert c.pending().kind == req.kind and c.pending().player == req.player
                assert c.pending().labels == req.labels
                assert c.observe(req.player) == game.observe(req.player)
                clones.append((n, c))
            game.apply(i)
        assert game.over
        assert game.result().state_hash == ref.result().state_hash  # cloning did not disturb the original
        for n, c in clones:
            for i in choices[n:]:
                c.apply(i)
            assert c.over and c.result().state_hash == ref.result().state_hash, f"game {gs}, clone at {n}"
    assert kinds_cloned == kinds_seen
    assert {"action", "key", "target", "attackers", "blockers", "order", "cost_B", "cost_D"} <= kinds_seen


def test_clones_that_diverge_do_not_touch_the_original() -> None:
    gs, s0, s1 = game_seeds(9, 1)[0]
    ref = new_game(STD, None, gs)
    choices = _drive(ref, [RandomAgent(s0), RandomAgent(s1)])
    g = new_game(STD, None, gs)
    for n, i in enumerate(choices):
        if n < 40:  # a clone at each of the first 40 decisions plays on differently, to its end
            assert g.pending() is not None  # (the game starts at its first pending(): hash it after that)
            before = state_hash(g)
            c = g.clone()
            _drive(c, [RandomAgent(n), RandomAgent(n + 1)])
            assert c.over and state_hash(g) == before
        g.apply(i)
    assert g.result().state_hash == ref.result().state_hash


def test_bad_index_raises_and_changes_nothing() -> None:
    g = new_game(STD, None, 4)
    req = g.pending()
    h = state_hash(g)
    for bad in (-1, len(req.options), "0", None, True):
        with pytest.raises(ValueError):
            g.apply(bad)
    assert g.pending() is req and state_hash(g) == h
    with pytest.raises(ValueError):
        g.result()
    with pytest.raises(ValueError):
        g.play()


def test_finished_game_has_no_pending_decision() -> None:
    g = new_game(STD, None, 4)
    _drive(g, [RandomAgent(1), RandomAgent(2)])
    assert g.over and g.pending() is None
    with pytest.raises(ValueError):
        g.apply(0)
    assert g.result().state_hash == state_hash(g)


@pytest.mark.parametrize("edition, fmt", [("act8.0", "std"), ("act8.2", "extra"), ("bd1", "std")])
def test_play_on_hands_a_step_game_to_callback_agents(edition: str, fmt: str) -> None:
    """A step game handed to callback agents at any pending decision (also one asked in the middle of a
    flow node, whose earlier choices are fed back) ends as the callback game does; a clone handed over
    leaves the original as it was."""
    rules = build_rules(edition, fmt)
    rng = random.Random(7)
    kinds: set[str] = set()
    for gs, s0, s1 in game_seeds(13, 12):
        ref = new_game(rules, [RandomAgent(s0), RandomAgent(s1)], gs).play()
        g = new_game(rules, None, gs)
        agents = [RandomAgent(s0), RandomAgent(s1)]
        stop = rng.randrange(max(1, ref.decisions))
        for _ in range(stop):
            req = g.pending()
            g.apply(agents[req.player].decide(req, lambda: {}))
        req = g.pending()
        if req is None:
            continue
        kinds.add(req.kind)
        before = state_hash(g)
        twin = [RandomAgent(0), RandomAgent(0)]
        for a, b in zip(agents, twin):
            b.rng.setstate(a.rng.getstate())
        c = g.clone()
        r_clone = c.play_on(twin)
        assert state_hash(g) == before and g.pending() is req  # the original did not move
        r = g.play_on(agents)
        assert g.over and g.pending() is None
        for x in (r, r_clone):
            assert (x.state_hash, x.winner, x.turns, x.decisions, x.raised) == (
                ref.state_hash, ref.winner, ref.turns, ref.decisions, ref.raised)
    assert len(kinds) >= 2


def test_a_clone_copies_every_field_of_a_game() -> None:
    """``clone`` copies a game's fields by the names in ``GAME_FIELDS`` (compiled, the fields gamebase.pxd declares
    sit in C slots, not in the game's ``__dict__``): the list names every declared field and every attribute a
    game gives itself, so that a field added to one and not to the other cannot be lost by a clone."""
    import re
    from pathlib import Path

    from bpdsl.engine.stepping import GAME_FIELDS as _GAME_FIELDS

    pxd = (Path(__file__).resolve().parents[2] / "bpdsl/engine/gamebase.pxd").read_text(encoding="utf-8")
    block = pxd.split("cdef class GameBase:", 1)[1].split("cdef class", 1)[0]
    declared = {name.strip() for names in re.findall(r"cdef public \w+ ([\w, ]+)", block)
                for name in names.split(",")}
    assert declared == set(_GAME_FIELDS)
    game = new_game(build_rules("act8.0", "std"), None, 3)
    game.pending()
    assert set(vars(game)) <= set(_GAME_FIELDS)  # pure Python: all of them; compiled: none
    clone = game.clone()
    for name in _GAME_FIELDS:
        if name not in ("_legal_cache", "_feed", "_scratch", "_shared"):  # copied or made anew on purpose
            assert getattr(clone, name) is getattr(game, name), name

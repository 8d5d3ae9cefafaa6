"""The counters a game's rules keep for statistics (``State.counts``: trumps turned face up in エクストラ).

* A step-driven game re-runs a flow node from its checkpoint for every decision the node asks; the counters
  live in the state, which the checkpoint restores, so a trump opened inside such a node is counted once:
  the same games played by callback and step by step end with the same counters.
* The simulation's tally reads them from the state (they used to be read from an attribute the game does not
  have, and every trump showed 0 openings).
"""
from __future__ import annotations

from bpdsl.engine import RandomAgent, build_rules, new_game
from bpdsl.engine.bench import game_seeds
from bpdsl.sim.job import SimJob, play_range

EXTRA = build_rules("act8.2", "extra")


def _drive(game, agents) -> None:
    while (req := game.pending()) is not None:
        game.apply(agents[req.player].decide(req, lambda: game.observe(req.player)))


def test_step_games_count_each_opening_once() -> None:
    total = 0
    for gs, s0, s1 in game_seeds(7, 12):
        by_callback = new_game(EXTRA, [RandomAgent(s0), RandomAgent(s1)], gs)
        by_callback.play()
        stepped = new_game(EXTRA, None, gs)
        _drive(stepped, [RandomAgent(s0), RandomAgent(s1)])
        assert stepped.state.counts == by_callback.state.counts
        opened = by_callback.state.counts.get("trumps_opened", {})
        raised = by_callback.raised
        # each オープン turns one trump up, each 切札再生 one more (a trump found in the hand or grave)
        assert sum(opened.values()) <= raised.get("open", 0) + raised.get("trump_regenerate", 0)
        total += sum(opened.values())
    assert total > 0


def test_simulation_tally_reads_the_counters() -> None:
    tally = play_range(SimJob("act8.2", "extra", seed=3), 0, 10)
    opened = tally.counts.get("trumps_opened", {})
    assert sum(opened.values()) > 0


def test_a_virtual_key_card_beside_the_real_card_on_the_stage_keeps_the_invariants() -> None:
    """Game 873 of the seed-1 run: ファントム's リバース (virtual ♡7 and ♠7) waits on the stage when its player
    raises 切札破壊 with the real ♠7 as its key; the invariant check must not count the virtual one as a card."""
    tally = play_range(SimJob("act8.2", "extra", seed=1, check=True), 873, 874)
    assert tally.violations == 0 and tally.aborted == 0

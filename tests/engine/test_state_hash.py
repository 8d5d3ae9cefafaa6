"""The state hash writes the canonical JSON of the state directly; it must be the text of canonical_state's
picture, in every game and at every point of a game (stage, face-up trumps, counters, a game's own state)."""
from __future__ import annotations

import hashlib

import pytest

from bpdsl.engine import RandomAgent, build_rules, load_definitions, new_game
from bpdsl.engine.log import _canonical_text, _texts, canonical_json, canonical_state, state_hash


def _slow(game: object) -> str:
    return canonical_json(canonical_state(game))


@pytest.mark.parametrize("edition,fmt", [("act8.0", "std"), ("act8.2", "extra"), ("act6.1", "lite"),
                                         ("bd1", "std")])
def test_the_written_text_is_the_pictures_json_at_every_decision(edition: str, fmt: str) -> None:
    rules = build_rules(edition, fmt)
    staged = up = 0
    for seed in range(4):
        g = new_game(rules, None, seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 9)]
        while (req := g.pending()) is not None:
            assert _canonical_text(g) == _slow(g)
            staged += bool(g.state.stage)
            up += bool(g.state.trump_up)
            g.apply(agents[req.player].decide(req, dict))
        assert _canonical_text(g) == _slow(g)
        assert g.result().state_hash == hashlib.sha256(_slow(g).encode("utf-8")).hexdigest() == state_hash(g)
    if edition.startswith("act"):
        assert staged  # the stage was written out, not only empty lists
    if fmt == "extra":
        assert up  # so were trumps lying face up


def test_card_texts_that_would_not_sort_as_themselves_once_quoted_take_the_slow_way() -> None:
    rules2 = build_rules("act8.0", "std", load_definitions())  # compiled afresh, with hooks of its own
    g2 = new_game(rules2, [RandomAgent(1), RandomAgent(2)], 3)
    # a text with a space: "A" < "A x" but '"A"' > '"A x"' (the quote sorts after the space)
    g2.hooks.card_text = lambda c: "A x" if c % 2 else "A"  # type: ignore[method-assign]
    g2.play()
    assert _texts(g2) is None
    assert '"A x"' in _canonical_text(g2)
    assert _canonical_text(g2) == _slow(g2)

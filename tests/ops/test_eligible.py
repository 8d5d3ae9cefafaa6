"""アタック and ブロック name the rule of who may attack or block (``eligible``), and the rule named is the one
played: ``label`` reads the アタッカー / ブロッカー labels of a character that has labels, ``soldier`` (an
attack of 第六版) any soldier no ability forbids to attack, ``character`` (a block of 第六版) any character.
No bundled character's labels disagree with the soldier's rule, so a designer's soldier without the
アタッカー label shows the difference here (it was listed as a trap: the argument was printed, not played)."""
from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest

from bpdsl.engine import build_rules, load_definitions, new_game
from bpdsl.engine.core import Ctx
from bpdsl.ops.registry import load_all

OPS = load_all()


class _Always:
    """An agent that takes the last option: designate every candidate attacker, block with the last one."""

    name = "always"

    def decide(self, request: Any, observation: Any) -> int:
        return len(request.options) - 1


@pytest.fixture(scope="module")
def game() -> Any:
    """act8.0 with its 一般兵 stripped of the アタッカー and ブロッカー labels (given 速攻 instead: it still has labels), one of
    them charged on each side's field since an earlier turn."""
    d = copy.deepcopy(load_definitions())
    ed = d.editions["act8.0"]
    gs = ed.characters["general_soldier"]
    ed.characters["general_soldier"] = dataclasses.replace(
        gs, labels=[x for x in gs.labels if x.op not in ("label_attacker", "label_blocker")] or
        [dataclasses.replace(gs.labels[0], op="label_haste")])
    g = new_game(build_rules("act8.0", "std", d), [_Always(), _Always()], 1)
    s = g.state
    for seat in (0, 1):
        c = s.players[seat].life[0]  # any card of the seat's: the character's card
        for ch in g.hooks.put_onto_field(g, seat, [c], "general_soldier", True, False):
            ch.entered_turn = -1
    return g


@pytest.mark.parametrize("eligible,attacks", [("label", False), ("soldier", True)])
def test_the_attack_names_who_may_attack(game: Any, eligible: str, attacks: bool) -> None:
    ch = game.state.players[0].field[-1]
    assert game.hooks.may_attack(game, ch, eligible) is attacks


@pytest.mark.parametrize("eligible,blocks", [("label", False), ("character", True)])
def test_the_block_names_who_may_block(game: Any, eligible: str, blocks: bool) -> None:
    ch = game.state.players[1].field[-1]
    assert game.hooks.can_block(ch, eligible) is blocks


@pytest.mark.parametrize("eligible,attackers", [("label", 0), ("soldier", 1)])
def test_the_attack_op_plays_the_rule_it_names(game: Any, eligible: str, attackers: int) -> None:
    """The op's executor hands ``eligible`` to the common rules: the same position, two attacks."""
    from bpdsl.engine.state import ActionInstance

    op = OPS["declare_attackers"]
    inst = ActionInstance(0, None, 0)
    game.state.turn = 0
    try:
        op.execute(Ctx(game, inst, 0), {"eligible": eligible})
        found = len(inst.data["attackers"])
    finally:
        for ch in game.state.players[0].field:
            ch.driven = False
        game.state.combat = {}
    assert found == attackers

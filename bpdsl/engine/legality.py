"""Which actions a player may raise now: the legal-action listing of the walker, and the targets and costs
it weighs.

A listing is the hottest path of play (asked at every chance): the candidates are first narrowed by the
cards of the hand (key tests on a bitmask of the hand's card indices, shared by the games of one set of
rules), then each candidate's once-per-turn record, gate, conditions, costs and targets are asked, the
cheap ones first.  The costs come from the game's hooks; a cost an ability changes by the chosen target
(bpdsl.engine.abilities) is weighed target by target.
"""
from __future__ import annotations

import weakref
from typing import Any

try:
    import cython
except ImportError:  # without Cython (the ``speed`` extra) its declarations change nothing
    from bpdsl import purecython as cython

from bpdsl.engine.compiled import CAction, Rules
from bpdsl.engine.gamebase import Ctx, GameBase
from bpdsl.engine.state import ActionInstance, Character

_NONE_UP: frozenset[int] = frozenset()  # no card face up (the key of the candidates without one)
# hands (as bitmasks) whose candidates the games of one set of rules share, at most (a bound on memory)
_SHARED_MASKS = 1 << 16
# rules -> (their direct actions when the table was made, (hand bitmask, main timing open) -> candidates)
_CANDIDATES: "weakref.WeakKeyDictionary[Rules, tuple[list[CAction], dict[tuple[int, bool], list[CAction]]]]" = (
    weakref.WeakKeyDictionary())


@cython.locals(game=GameBase, a=CAction)
def legal_actions(game: GameBase, seat: int) -> list[CAction]:
    """Actions ``seat`` may raise directly now (timing, once per turn, conditions, key, target, costs)."""
    s = game.state
    my_turn_empty = s.turn == seat and not s.stage
    # the candidates by the cards of the hand: about half of all listings end here, with no action whose
    # key the hand holds (a quick chance of a player without a quick action's key)
    hand = tuple(getattr(s.players[seat], game._key_attr)) if game._key_attr else ()
    if game._up_gated:
        up = s.trump_up
        chars = charged_ids(game, seat) if game._char_gated else ()
        key = (hand, my_turn_empty, seat, frozenset(up) if up else _NONE_UP, chars)
        candidates = game._by_hand.get(key)
        if candidates is None:
            candidates = game._by_hand[key] = gated_candidates(game, hand, my_turn_empty, seat, up, chars)
    else:
        candidates = game._by_hand.get((hand, my_turn_empty))
        if candidates is None:
            candidates = game._by_hand[(hand, my_turn_empty)] = hand_candidates(game, hand, my_turn_empty)
    if not candidates:
        return []
    raised = s.raised_this_turn
    out = []
    targets: dict[Any, bool] = {}  # target op call -> some target exists (for key-independent targets)
    hooks = game.hooks
    budget = None
    abilities = game.rules.abilities
    changed = abilities is not None and bool(abilities.cost_changes)  # an ability may add a cost to a free action
    # some change depends on the chosen target: such actions are weighed target by target (most rules: none)
    by_target = changed and any(c.by_target for c in abilities.cost_changes)
    for a in candidates:
        if a.once_per_turn and (seat, a.id) in raised:
            continue
        if a.gate is not None and not a.gate(game, seat):
            continue
        if a.conditions and not conditions_hold(game, a, seat):
            continue
        if a.target_uses_keys:
            if a.cost or changed:  # not even with key cards from outside the hand
                if budget is None:
                    budget = hooks.budget(game, seat)
                if not hooks.affordable(game, budget, a, seat, 0):
                    continue
            if not first_raise_plan(game, a, seat):
                continue
        else:  # the costs (from one budget) before the target: listing targets costs more
            if a.cost or changed:
                if budget is None:
                    budget = hooks.budget(game, seat)
                if a.key_test is None and a.key is not None:
                    if not first_raise_plan(game, a, seat):
                        continue
                elif not hooks.affordable(game, budget, a, seat, a.key_min):
                    continue
            elif a.key is not None and a.key_test is None and not hooks.has_key(game, a, seat):
                continue
            if a.target is not None:
                has = targets.get(a.target_key)
                if has is None:
                    has = targets[a.target_key] = bool(targets_of(game, a, seat, ()))
                if not has:
                    continue
        if by_target and not some_payable_target(game, a, seat):
            continue
        out.append(a)
    return out


@cython.locals(game=GameBase, ch=Character)
def charged_ids(game: GameBase, seat: int) -> tuple[str, ...]:
    """The ids of the charged characters on ``seat``'s field that some direct action requires
    (``CAction.requires_char``), in field order: mostly none, an empty tuple."""
    needed = game._char_gated
    found: tuple[str, ...] = ()
    for ch in game.state.players[seat].field:
        if not ch.driven and ch.char_id in needed:
            found += (ch.char_id,)
    return found


@cython.locals(game=GameBase, a=CAction)
def gated_candidates(game: GameBase, hand: tuple[int, ...], my_turn_empty: bool, seat: int, up: set[int],
                      chars: tuple[str, ...]) -> list[CAction]:
    """hand_candidates where some action needs a card face up or a charged character: the candidates of the
    hand's cards (the key tests, shared as in hand_candidates) with those whose requirements fail left out,
    keyed in the same shared table also by the seat's own face-up cards, as card indices, and its charged
    characters of the ids needed, so that both seats and every game share one list per hand and such a
    position."""
    n_cards = game._deck_size
    mask = 0
    for c in hand:
        mask |= 1 << (c % n_cards)
    offset = n_cards * seat  # the seat's copy of a card is card index + deck size × seat
    mine = frozenset([c - offset for c in up if offset <= c < offset + n_cards]) if up else _NONE_UP
    by_mask = game._by_mask
    key = (mask, my_turn_empty, mine, chars)
    found = by_mask.get(key)
    if found is None:
        found = [a for a in mask_candidates(game, mask, my_turn_empty)
                 if (a.requires_up < 0 or a.requires_up in mine)
                 and (a.requires_char is None or a.requires_char in chars)]
        if len(by_mask) >= _SHARED_MASKS:
            by_mask.clear()
        by_mask[key] = found
    return found


@cython.locals(game=GameBase)
def hand_candidates(game: GameBase, hand: tuple[int, ...], my_turn_empty: bool) -> list[CAction]:
    """The direct actions of the open timings whose key cards ``hand`` can provide (by the key tests on a
    bitmask of the hand's card indices)."""
    mask = 0
    n_cards = game._deck_size
    for c in hand:
        mask |= 1 << (c % n_cards)
    return mask_candidates(game, mask, my_turn_empty)


@cython.locals(game=GameBase, a=CAction)
def mask_candidates(game: GameBase, mask: int, my_turn_empty: bool) -> list[CAction]:
    """The direct actions of the open timings whose key tests accept the hand's bitmask ``mask``."""
    by_mask = game._by_mask
    found = by_mask.get((mask, my_turn_empty))
    if found is None:
        if len(by_mask) >= _SHARED_MASKS:
            by_mask.clear()
        found = by_mask[(mask, my_turn_empty)] = [
            a for a in (game._direct if my_turn_empty else game._quick) if a.key_test is None or a.key_test(mask)]
    return found


@cython.locals(game=GameBase, a=CAction, ctx=Ctx)
def conditions_hold(game: GameBase, a: CAction, seat: int) -> bool:
    ctx = game._scratch
    ctx.inst.action = a
    ctx.inst.controller = seat
    ctx.inst.keys = []
    ctx.seat = seat
    for fn, args, _ in a.conditions:
        if not fn(ctx, args):
            return False
    return True


@cython.locals(game=GameBase, a=CAction, ctx=Ctx, inst=ActionInstance)
def targets_of(game: GameBase, a: CAction, seat: int, keys: tuple[int, ...]) -> list[Any]:
    if a.target is None:
        return [None]
    fn, args, _ = a.target
    ctx = game._scratch
    inst = ctx.inst
    inst.action = a
    inst.controller = seat
    inst.keys = list(keys) if keys else []
    ctx.seat = seat
    return fn(ctx, args)


@cython.locals(game=GameBase, a=CAction)
def first_raise_plan(game: GameBase, a: CAction, seat: int) -> bool:
    """Whether ``a`` can be raised now: some key cards, a target for them, and the costs payable."""
    hooks = game.hooks
    if a.key is None:  # legal_actions checks the target
        return hooks.can_pay(game, a, seat, ())
    if a.key_test is None and not hooks.has_key(game, a, seat):
        return False
    if not a.target_uses_keys:  # legal_actions checks the target
        return hooks.can_pay_n(game, a, seat, a.key_min)
    # legal_actions has checked the costs without the key cards; the target first: it rejects more keys
    for keys in hooks.key_choices(game, a, seat):
        if targets_of(game, a, seat, keys) and hooks.can_pay(game, a, seat, keys):
            return True
    return False


@cython.locals(game=GameBase)
def costed_by_target(game: GameBase, a: CAction) -> bool:
    """Whether an ability changes the cost of ``a`` by the target chosen (bpdsl.engine.abilities)."""
    abilities = game.rules.abilities
    return a.target is not None and abilities is not None and abilities.costed_by_target(a)


@cython.locals(game=GameBase)
def some_payable_target(game: GameBase, a: CAction, seat: int) -> bool:
    """Whether ``seat`` can pay for ``a`` with some key and target, where an ability changes its cost by
    the target (any other action: True)."""
    if not costed_by_target(game, a):
        return True
    for keys in (game.hooks.key_choices(game, a, seat) if a.key is not None else [()]):
        if payable_targets(game, a, seat, keys):
            return True
    return False


@cython.locals(game=GameBase)
def payable_targets(game: GameBase, a: CAction, seat: int, keys: tuple[int, ...]) -> list[Any]:
    """The targets of ``a`` whose cost (as an ability changes it for that target) ``seat`` can pay."""
    hooks = game.hooks
    return [t for t in targets_of(game, a, seat, keys) if hooks.can_pay_target(game, a, seat, keys, t)]


def shared_candidates(rules: Rules, direct: list[CAction]) -> dict[tuple[int, bool], list[CAction]]:
    """The candidates table shared by the games of ``rules``: a new one when the direct actions were changed
    since (an option adds some after compiling)."""
    hit = _CANDIDATES.get(rules)
    if hit is not None and len(hit[0]) == len(direct) and all(x is y for x, y in zip(hit[0], direct)):
        return hit[1]
    table: dict[tuple[int, bool], list[CAction]] = {}
    _CANDIDATES[rules] = (direct, table)
    return table



__all__ = ["hand_candidates", "legal_actions", "payable_targets", "shared_candidates", "targets_of"]

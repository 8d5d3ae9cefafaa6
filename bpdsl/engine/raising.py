"""Raising and resolving actions: a player's raise (key cards, target, costs), an effect's raise, the
resolution of an action and its negation.

Every raise is counted (once per turn, once per game) and announced as an event when something listens
(``action_raised``); a resolution is announced only when a trigger source can match it (``resolved``,
looked up once per action id), a negation when something listens (``action_negated``).
"""
from __future__ import annotations

from typing import Any

try:
    import cython
except ImportError:  # without Cython (the ``speed`` extra) its declarations change nothing
    from bpdsl import purecython as cython

from bpdsl.engine import dispatch, legality
from bpdsl.engine import events as ev
from bpdsl.engine.compiled import CAction
from bpdsl.engine.gamebase import Ctx, Event, GameBase
from bpdsl.engine.state import ActionInstance


# (``game`` untyped: a closure below reads it, which Cython allows only of an untyped argument)
@cython.locals(a=CAction, inst=ActionInstance)
def raise_direct(game: GameBase, a: CAction, seat: int) -> ActionInstance:
    """A player raises ``a``: key cards, target, costs (3.10.3); the once-per-turn record is updated."""
    s = game.state
    hooks = game.hooks
    inst = ActionInstance(s.uid(), a, seat, direct=True)
    by_target = legality.costed_by_target(game, a)
    if a.key is not None:
        choices = hooks.key_choices(game, a, seat)
        if by_target:  # keys leaving some target the seat can pay for
            options = [k for k in choices if legality.payable_targets(game, a, seat, k)]
        elif a.target_uses_keys:
            options = [k for k in choices if hooks.can_pay(game, a, seat, k) and legality.targets_of(game, a, seat, k)]
        elif a.target is not None and not legality.targets_of(game, a, seat, ()):
            options = []
        elif a.cost or (game.rules.abilities is not None and game.rules.abilities.cost_changes):
            # (an ability may add a cost to a free action)
            options = [k for k in choices if hooks.can_pay(game, a, seat, k)]
        else:
            options = choices
        i = game.decide(seat, "key", options, {"action": a.name},
                        lambda: ["+".join(hooks.card_text(c) for c in k) for k in options])
        keys = options[i]
        for c in keys:
            hooks.move_card(game, c, game._stage_zone, s.owner[c])
        inst.keys = list(keys)
    if a.target is not None:
        targets = legality.payable_targets(game, a, seat, tuple(inst.keys)) if by_target else \
            legality.targets_of(game, a, seat, tuple(inst.keys))
        i = game.decide(seat, "target", targets, {"action": a.name},
                        lambda: [hooks.describe_target(game, t, seat) for t in targets])
        inst.target = targets[i]
    if a.on_raise is not None:
        a.on_raise(game, inst)
    hooks.pay_costs(game, inst)
    count_raise(game, inst)
    return inst


@cython.locals(game=GameBase, inst=ActionInstance, a=CAction)
def count_raise(game: GameBase, inst: ActionInstance) -> None:
    s = game.state
    a = inst.action
    key = (inst.controller, a.id)
    if inst.direct:  # "1ターンに1回" limits what a player raises, not what an effect raises (追撃's アタック)
        s.raised_this_turn.add(key)
        s.raised_count[key] = s.raised_count.get(key, 0) + 1
    game.raised[a.id] = game.raised.get(a.id, 0) + 1
    game.raised_game[key] = game.raised_game.get(key, 0) + 1
    if game.rules.raise_events and a.instant:
        game.events.append(Event("raised", inst.controller, inst=inst))
    if "action_raised" in game.hears:
        game.events.append(Event("action_raised", inst.controller, inst=inst))
    if game.log is not None:
        keys = [] if inst.data.get("virtual_keys") else [game.hooks.card_text(c) for c in inst.keys]
        game.log.write(ev.Raised(inst.controller, a.id, inst.direct, keys,
                                 (game.hooks.describe_target(game, inst.target, inst.controller)
                                  if inst.target is not None else None),
                                 list(inst.target) if inst.target is not None else None))


# (``game`` untyped: a closure below reads it, which Cython allows only of an untyped argument)
def raise_by_effect(game: GameBase, action_id: str, seat: int, keys: tuple[int, ...] = (), target: Any = None,
                    virtual_keys: bool = False) -> ActionInstance | None:
    """An effect raises another action ("チャージアクションを起こす"): not a player's act, so no pass and
    no move of the chance, and no cost.  Instant actions resolve at once (then the win check); normal
    ones go on the stage.

    ``keys``: its key cards — real cards moved to the stage (修繕: the card the effect chose) or, with
    ``virtual_keys``, cards it counts as having that stay where they are (「キーカードは仮想的に♡7と♠7
    とする」: never moved to the grave).  ``target``: the target the effect names; otherwise the
    controller chooses one of the action's legal targets (none: the action is not raised)."""
    a = game.rules.actions.get(action_id)
    if a is None:
        return None
    inst = ActionInstance(game.state.uid(), a, seat, direct=False)
    if keys:
        inst.keys = list(keys)
        if virtual_keys:
            inst.data["virtual_keys"] = True
            if game.log is not None:
                game.log.write(ev.VirtualKeys(seat, a.id, [game.hooks.card_text(c) for c in keys]))
        else:
            for c in keys:
                game.hooks.move_card(game, c, game._stage_zone, game.state.owner[c])
    if target is not None:
        inst.target = target
    elif a.target is not None:
        targets = legality.targets_of(game, a, seat, tuple(inst.keys))
        if not targets:
            return None
        i = game.decide(seat, "target", targets, {"action": a.name},
                        lambda: [game.hooks.describe_target(game, t, seat) for t in targets])
        inst.target = targets[i]
    count_raise(game, inst)
    if a.instant:
        resolve(game, inst)
        game.hooks.win_check(game)
    else:
        game.state.stage.append(inst)
        if game.log is not None:
            game.log.write(ev.Staged(a.id, seat))
    return inst


@cython.locals(game=GameBase, inst=ActionInstance, a=CAction, ctx=Ctx)
def resolve(game: GameBase, inst: ActionInstance) -> None:
    """Resolve ``inst`` (3.10.4): re-check the target, run the effect steps, key cards to the grave."""
    s = game.state
    a = inst.action
    if game.log is not None:
        game.log.write(ev.Resolving(a.id, inst.controller))
    if inst.target is None or game.hooks.target_alive(game, inst.target):
        ctx = Ctx(game, inst, inst.controller)
        game.hooks.before_effect(game, inst)
        for fn, args, _name in a.effect:
            if fn(ctx, args) is False:  # a guard step (…場合、次を行う) whose condition does not hold
                break
            if s.over:
                return
    elif game.log is not None:
        game.log.write(ev.NoEffect(a.id, "target lost", inst.controller))
    hooks = game.hooks
    if inst.keys and not inst.data.get("virtual_keys"):  # virtual key cards stay where they are
        for c in inst.keys:
            if s.loc[c][0] == game._stage_zone:
                hooks.move_card(game, c, game._spent_zone, s.owner[c])
    heard = game._heard.get(a.id)
    if heard is None:
        heard = game._heard[a.id] = bool(dispatch.sources_of(game, ("resolved", a.id)))
    if heard:
        game.events.append(Event("resolved", inst.controller, -1, "", inst))


@cython.locals(game=GameBase)
def remove_from_stage(game: GameBase, inst: ActionInstance) -> bool:
    """Negate an action on the stage (カウンター): off the stage, its key cards to the grave."""
    s = game.state
    for i, x in enumerate(s.stage):
        if x is inst:
            del s.stage[i]
            inst.countered = True
            for c in ([] if inst.data.get("virtual_keys") else inst.keys):
                if s.loc[c][0] == game._stage_zone:
                    game.hooks.move_card(game, c, game._spent_zone, s.owner[c])
            if game.log is not None:
                game.log.write(ev.Negated(inst.action.id, inst.controller))
            if "action_negated" in game.hears:
                game.events.append(Event("action_negated", inst.controller, inst=inst))
            return True
    return False



__all__ = ["count_raise", "raise_by_effect", "raise_direct", "remove_from_stage", "resolve"]

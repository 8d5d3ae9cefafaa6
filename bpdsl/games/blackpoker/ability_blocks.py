"""The general ability blocks of a trump, wired into compiled rules: triggers on any event (``on``),
replacements, cost changes and prohibitions.

A trump's ability is active while its card lies face up in its owner's 切札 zone; the owner is the ability's
*holder*.  :func:`install_block` turns one ability op call into a subscriber of the event spine
(:mod:`bpdsl.engine.abilities` for replacements and static rules, a :class:`TriggerSource` for a trigger),
each with the holders' test and its filter made once, and :func:`finish` puts the prohibitions in front of
the actions they forbid.  Called by :func:`bpdsl.games.blackpoker.trumps.install`.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from bpdsl.engine.abilities import Abilities, CostChange, Prohibition, Replacement
from bpdsl.engine.compiled import TriggerSource, _step, listened_event, trigger_limit
from bpdsl.engine.core import Ctx
from bpdsl.engine.state import ActionInstance
from bpdsl.games.blackpoker.components import DECK_SIZE
from bpdsl.games.blackpoker.event_filters import (PROTECTED, REPLACEABLE, action_matches, card_matches, relative,
                                                  targets_match)
from bpdsl.model import OpCall
from bpdsl.ops.args import get

BLOCKS = ("replacement", "cost_change", "forbid")


def holders(card: int) -> Callable[[Any], list[int]]:
    """The seats whose copy of ``card`` lies face up (the trump's ability is theirs)."""
    copies = [(card % DECK_SIZE + DECK_SIZE * p, p) for p in (0, 1)]

    def seats(game: Any) -> list[int]:
        up = game.state.trump_up
        return [p for c, p in copies if c in up] if up else []
    return seats


def abilities_of(rules: Any) -> Abilities:
    if rules.abilities is None:
        rules.abilities = Abilities()
    return rules.abilities


def _holds(game: Any, cond: Any, seat: int, card: int) -> bool:
    """A condition (``while``) asked as the holder ``seat`` of ``card``."""
    if cond is None:
        return True
    inst = ActionInstance(0, None, seat, None, None, False, False, {"holder": card})
    return bool(Ctx(game, inst, seat).value(cond))


def trigger_source(rules: Any, card: int, key: str, when: OpCall, action_id: str,
                   gated_step: tuple[Callable[..., Any], dict[str, Any], str]) -> TriggerSource:
    """The trigger source of a trump's ``raises_when`` whose trigger is a general one (``on``): the event type
    it waits for, its limit, and the card (``this``)."""
    args = dict(when.args)
    up = frozenset(card % DECK_SIZE + DECK_SIZE * p for p in (0, 1))
    return TriggerSource(rules.actions[action_id], gated_step, None, listened_event(when.op, args), None, up,
                         trigger_limit(args, key), card % DECK_SIZE)


def install_block(rules: Any, card: int, key: str, call: OpCall) -> bool:
    """Install ability ``call`` of the trump on ``card`` if it is one of the general blocks (True), under the
    name ``key`` (``<trump id>@<n>``) its limits are kept by."""
    if call.op == "replacement":
        _replacement(rules, card, key, call)
    elif call.op == "cost_change":
        _cost_change(rules, card, call.args)
    elif call.op == "forbid":
        _forbid(rules, card, call.args)
    else:
        return False
    return True


def _replacement(rules: Any, card: int, key: str, call: OpCall) -> None:
    a = call.args
    on = a["on"]
    kind = REPLACEABLE[on["event"]]
    whose, least = get(on, "whose", "self"), on.get("min_amount") or 0
    origin, to = on.get("from"), on.get("to")

    def applies(game: Any, e: Any, seat: int) -> bool:
        return relative(whose, e.seat, seat) and e.amount >= least

    def moves(game: Any, e: Any, seat: int) -> bool:  # a card about to move (bpdsl.games.blackpoker.moves)
        return relative(whose, e.seat, seat) and (not origin or e.origin in origin) and (not to or e.to in to) \
            and card_matches(game, e, on)
    steps = [_step(c, f"replacement of {key}") for c in a.get("then") or []]
    abilities_of(rules).replacements.setdefault(kind, []).append(Replacement(
        kind, key, holders(card), moves if kind == "card_moved" else applies, on.get("limit"), on.get("if"),
        int(a.get("reduce") or 0), bool(a.get("prevent")), steps, card % DECK_SIZE, None,
        str(a.get("move_to") or ""), get(a, "at", "top") == "bottom"))


def _cost_change(rules: Any, card: int, a: Mapping[str, Any]) -> None:
    whose, actions, cond = get(a, "whose", "opponent"), a.get("actions"), a.get("while")
    seats = holders(card)

    def matches(game: Any, action: Any, seat: int, target: Any) -> bool:
        return any(relative(whose, seat, h) and action_matches(game, action, seat, h, actions, target, True)
                   and _holds(game, cond, h, card) for h in seats(game))
    by_target = bool(actions and actions.get("targets"))
    abilities_of(rules).cost_changes.append(CostChange(
        seats, matches, str(a.get("add") or ""), bool(a.get("waive")), by_target, str(a.get("remove") or ""),
        lambda action: action_matches(None, action, -1, -1, actions, None, None)))


def _forbid(rules: Any, card: int, a: Mapping[str, Any]) -> None:
    whose, actions, cond, what = get(a, "whose", "opponent"), a.get("actions"), a.get("while"), get(a, "what", "raise")
    seats = holders(card)
    if what == "target":
        _forbid_target(rules, card, a, seats)
        return

    def matches(game: Any, action: Any, seat: int, target: Any) -> bool:
        return any(relative(whose, seat, h) and (what == "open" or action_matches(
            game, action, seat, h, actions, None, True)) and _holds(game, cond, h, card) for h in seats(game))
    abilities_of(rules).prohibitions.append(Prohibition(what, seats, matches))


def _forbid_target(rules: Any, card: int, a: Mapping[str, Any], seats: Callable[[Any], list[int]]) -> None:
    """「…は、対戦相手が起こす…アクションの対象にならない」: the targets an action may not choose."""
    whose, by, cond = get(a, "whose", "opponent"), a.get("by"), a.get("while")
    protected = a.get("targets") or PROTECTED

    def protects(game: Any, action: Any, seat: int, target: Any) -> bool:
        return target is not None and any(
            relative(whose, seat, h) and action_matches(game, action, seat, h, by, None, None)
            and targets_match(game, action, seat, h, protected, target) and _holds(game, cond, h, card)
            for h in seats(game))

    def never(game: Any, action: Any, seat: int, target: Any) -> bool:
        return False
    abilities_of(rules).prohibitions.append(Prohibition(
        "target", seats, never, protects,
        lambda action: action.target is not None and action_matches(None, action, -1, -1, by, None, None)
        and targets_match(None, action, -1, -1, protected, None)))


def guard(rules: Any, card: int, key: str) -> None:
    """要塞 (``prevent_damage``) as a replacement: 「その効果によってあなたはダメージを受けない」 — the damage a
    player guarded by the effect now resolving would take is prevented.  Which effect guards whom is decided
    just before it takes effect (the trump face up, a character on the field, a key of the suit: the effect's
    wrapper in :mod:`bpdsl.games.blackpoker.trumps` marks ``State.no_damage``), so the replacement holds for
    either player and asks only that mark."""
    def everyone(game: Any) -> list[int]:
        return list(range(len(game.state.players)))

    def guarded(game: Any, e: Any, seat: int) -> bool:
        return e.seat == seat and seat in game.state.no_damage
    abilities_of(rules).replacements.setdefault("damage", []).append(Replacement(
        "damage", key, everyone, guarded, prevent=True, card=card % DECK_SIZE))


def mentions(edition: Any, word: str) -> bool:
    """Whether some expression of ``edition`` mentions ``word`` (a record the rules then keep, such as the
    damage taken this turn: kept only for an edition that reads it)."""
    from bpdsl.dsl.checks import entries, op_calls_of
    from bpdsl.dsl.opcalls import walk
    from bpdsl.ops.args import source_text

    for _kind, entry in entries(edition):
        for top in op_calls_of(entry):
            for _call, _key, value, rule in walk(top):
                if rule.get("type") == "expr" and value is not None and word in source_text(value):
                    return True
    return False


def _opens_trump(action: Any) -> bool:
    return any(step[2] == "open_trump" for step in action.effect)


def finish(rules: Any) -> None:
    """Put the prohibitions in front of the actions a player raises: an action a prohibition forbids (or one
    that would turn a trump face up, while opening is forbidden) is not offered; the targets an action may
    not choose are left out of its targets."""
    ab = rules.abilities
    if ab is None or not ab.prohibitions:
        return
    opening = any(p.what == "open" for p in ab.prohibitions)
    gating = any(p.what in ("raise", "open") for p in ab.prohibitions)
    seen: set[int] = set()
    for a in [*rules.direct_actions, *rules.actions.values()]:
        if id(a) in seen:
            continue
        seen.add(id(a))
        if gating:
            a.gate = _gated(a.gate, ab, a, opening and _opens_trump(a))
        if a.target is not None and ab.guards_targets(a):
            fn, args, name = a.target
            a.target = (_guarded(fn, ab), args, name)
            a.target_key = (a.target_key, a.id)  # its targets are its own: not shared with another action


def _guarded(fn: Callable[[Any, Any], list[Any]], ab: Abilities) -> Callable[[Any, Any], list[Any]]:
    """A target step ``fn`` without the targets a prohibition protects from the action asking."""
    def targets(ctx: Any, args: Any) -> list[Any]:
        found = fn(ctx, args)
        action = ctx.inst.action
        return [t for t in found if not ab.untargetable(ctx.game, action, ctx.seat, t)]
    return targets


def _gated(gate: Callable[[Any, int], bool] | None, ab: Abilities, action: Any,
           opens: bool) -> Callable[[Any, int], bool]:
    """``gate`` (the action's own test, or None) behind the prohibitions."""
    def check(game: Any, seat: int) -> bool:
        if ab.forbids(game, "raise", action, seat) or (opens and ab.forbids(game, "open", action, seat)):
            return False
        return gate is None or gate(game, seat)
    return check


__all__ = ["BLOCKS", "abilities_of", "finish", "guard", "holders", "install_block", "trigger_source"]

"""Which events and actions a filter of an ability names: the matching half of the ability blocks' filters
(their schemas and wording are in :mod:`bpdsl.games.blackpoker.ops._filters`), shared by the ops' executors
and by the rules that install replacements and static rules (:mod:`bpdsl.games.blackpoker.ability_blocks`).

``whose`` is seen from the player holding the ability: ``self`` (the holder's card, damage the holder takes,
an action the holder raises), ``opponent`` or ``any``.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.engine.compiled import RANK
from bpdsl.games.blackpoker.components import DECK_SIZE

# the events a replacement may wait for -> the engine's event type
REPLACEABLE = {"damage": "damage", "would_lose": "would_lose", "card_moved": "card_moved"}
# what a prohibition of targets (``forbid: {what: target}``) protects without ``targets``: the holder's characters
PROTECTED = {"whose": "self", "kind": "character"}


def _get(args: Mapping[str, Any], key: str, default: Any = None) -> Any:
    value = args.get(key, default)
    return default if value is None else value


def seats_for(whose: str, subject: int, n: int = 2) -> list[int]:
    """The players from whose point of view an event of ``subject`` (a seat) is ``whose``."""
    if whose == "self":
        return [subject]
    if whose == "opponent":
        return [p for p in range(n) if p != subject]
    return list(range(n))


def relative(whose: str, subject: int, holder: int) -> bool:
    """Whether ``subject`` is ``whose`` seen from ``holder``."""
    return whose == "any" or (subject == holder) == (whose == "self")


def _card_kind(game: Any, char_id: str) -> str:
    cdef = game.rules.characters.get(char_id) if char_id else None
    return cdef.kind if cdef is not None else ""


def card_matches(game: Any, e: Any, a: Mapping[str, Any]) -> bool:
    """The card filters of an event about a card or character: ``kind`` and ``ranks``."""
    kind = a.get("kind")
    if kind and kind != "character" and _card_kind(game, e.char_id) != kind:
        return False
    if kind == "character" and not e.char_id:
        return False
    ranks = a.get("ranks")
    return not ranks or (e.card >= 0 and RANK[e.card % DECK_SIZE] in ranks)


def action_matches(game: Any, action: Any, raiser: int, holder: int, f: Mapping[str, Any] | None,
                   target: Any = None, direct: bool | None = None) -> bool:
    """Whether ``action`` raised by ``raiser`` is one the filter ``f`` names, seen from ``holder``; a
    ``targets`` part is matched against ``target`` when one is given (else: whether it could be)."""
    if not f:
        return True
    ids = f.get("ids")
    if ids and action.id not in ids:
        return False
    if f.get("type") and action.type != f["type"]:
        return False
    speed = f.get("speed")
    if speed is not None and action.instant != (speed == "instant"):
        return False
    most = f.get("max_cost")
    if most is not None and len(action.cost or "") > most:
        return False
    passes = f.get("passes_turn")
    if passes is not None and bool(action.passes_turn) != passes:
        return False
    want = f.get("direct")
    if want is not None and direct is not None and want != direct:
        return False
    targets = f.get("targets")
    if targets:
        return targets_match(game, action, raiser, holder, targets, target)
    return True


def targets_match(game: Any, action: Any, raiser: int, holder: int, t: Mapping[str, Any], target: Any) -> bool:
    """Whether the chosen ``target`` (None: any it may choose) is of the kind and side ``t`` names."""
    if action.target is None:
        return False
    kind, whose = t["kind"], _get(t, "whose", "any")
    if target is None:  # not chosen yet: whether the action targets such things at all
        op = action.target[2]
        return {"player": op == "target_player", "action": op in ("target_action", "target_stage_action")}.get(
            kind, op == "target_character")
    what, ref = target
    if kind == "player":
        return what == "player" and relative(whose, ref, holder)
    if kind == "action":
        return what == "action"
    if what != "char":
        return False
    ch = game.hooks.find(game, ref)
    if ch is None:
        return False
    return relative(whose, ch.controller, holder) and (kind == "character" or ch.kind == kind)


__all__ = ["PROTECTED", "REPLACEABLE", "action_matches", "card_matches", "relative", "seats_for", "targets_match"]

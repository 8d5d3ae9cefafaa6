"""An attack in progress as a scenario's starting position states it, and as a scenario observes it.

BlackPoker keeps the current attack in ``state.combat``: the attackers (character uids), the blockers of each
attacker, and the attackers ダメージ判定 has already judged.  A ruling about ダメージ判定, about a blocker
removed before it, or about a role left from an earlier attack of the turn needs such a position; a scenario
names characters by ``[seat, field index]``, so this module translates both ways and refuses a position
the rules cannot reach (an attacker of the wrong side, a bulwark blocking beside another blocker ...).
"""
from __future__ import annotations

from typing import Any


def _char(game: Any, ref: Any, what: str) -> Any:
    try:
        seat, idx = ref
        return game.state.players[int(seat)].field[int(idx)]
    except (IndexError, TypeError, ValueError):
        raise ValueError(f"{what} {ref!r} names no character (write [seat, field index])") from None


def set_combat(game: Any, roles: dict[str, Any]) -> None:
    """``roles``: ``attackers: [[seat, index] ...]``, ``blocks: [{attacker: [seat, index], by: [[seat,
    index] ...]}]``, ``judged: [[seat, index] ...]`` (attackers ダメージ判定 has dealt with).  ValueError
    naming the first impossible role."""
    s = game.state
    attackers = [_char(game, r, "attackers:") for r in roles.get("attackers") or []]
    if len({a.uid for a in attackers}) != len(attackers):
        raise ValueError("attackers: a character is named twice")
    for a in attackers:
        if a.kind != "soldier":
            raise ValueError(f"attackers: {a.char_id} is not a soldier; only soldiers attack")
        if a.controller != s.turn:
            raise ValueError(f"attackers: {a.char_id} belongs to player {a.controller}, but only the turn "
                             f"player ({s.turn}) attacks")
    auids = [a.uid for a in attackers]
    blocks: dict[int, list[int]] = {u: [] for u in auids}
    used: set[int] = set()
    for i, b in enumerate(roles.get("blocks") or []):
        where = f"blocks[{i}]"
        a = _char(game, b.get("attacker"), f"{where}.attacker:")
        if a.uid not in blocks:
            raise ValueError(f"{where}.attacker: {a.char_id} is not one of the attackers")
        blockers = [_char(game, r, f"{where}.by:") for r in b.get("by") or []]
        for x in blockers:
            if x.controller == s.turn:
                raise ValueError(f"{where}.by: {x.char_id} belongs to the attacking player {s.turn}")
            if x.uid in used:
                raise ValueError(f"{where}.by: {x.char_id} blocks two attackers; a character blocks one")
            used.add(x.uid)
        if any(x.kind == "bulwark" for x in blockers) and len(blockers) > 1:
            raise ValueError(f"{where}.by: a bulwark blocks alone (no other blocker beside it)")
        blocks[a.uid] = [x.uid for x in blockers]
    judged = {_char(game, r, "judged:").uid for r in roles.get("judged") or []}
    if not judged <= set(auids):
        raise ValueError("judged: name attackers only")
    s.combat = {"attackers": auids, "blocks": blocks, "judged": judged}


def combat_roles(game: Any) -> dict[str, Any]:
    """The attack in progress as a scenario writes it (characters as [seat, field index]; a character that has
    left the field is left out)."""
    combat = game.state.combat
    if not combat:
        return {}
    where: dict[int, list[int]] = {}
    for seat, p in enumerate(game.state.players):
        for i, ch in enumerate(p.field):
            where[ch.uid] = [seat, i]
    attackers = [where[u] for u in combat.get("attackers", []) if u in where]
    blocks = [{"attacker": where[a], "by": [where[u] for u in by if u in where]}
              for a, by in combat.get("blocks", {}).items() if a in where and by]
    judged = [where[u] for u in combat.get("judged", ()) if u in where]
    return {"attackers": attackers, "blocks": blocks, "judged": judged}


__all__ = ["combat_roles", "set_combat"]

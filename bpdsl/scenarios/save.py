"""A game's position written as a scenario (the format :mod:`bpdsl.scenarios.runner` reads), so that a
surprising position met in a game becomes a ruling to pin: ``bpdsl scenario FILE`` sets it up and the sandbox
plays on from it.

The position is taken where a chance is asked (the flow's ask-action node, 「アクションを起こすか？」): there the
whole game is in the state — the zones, the characters, the stage, the pass record, the turn's once-per-turn
record and the attack in progress — and nothing half done (an action being raised, a trigger being ordered)
lives only in the walker.  Every card is written, hidden or not: the file is the judge's.

What a scenario cannot hold is refused (:class:`UnsavedPosition`) rather than left out silently: a game's own
state beyond the core's (Black Doubt's hands and rounds), the per-player counters, the packs of a
regulation, an effect's 「チャンスをパスする」 waiting for a seat.
"""
from __future__ import annotations

from typing import Any


class UnsavedPosition(ValueError):
    """The position holds state a scenario file cannot write (the message says which)."""


def chance_node(rules: Any) -> str | None:
    """The id of the flow node that asks the chance (ask_action), when the flow has exactly one."""
    ids = [rules.flow_ids[k] for k, node in enumerate(rules.flow_nodes) if node[0] == "ask_action"]
    return ids[0] if len(ids) == 1 else None


def unsaved_reason(game: Any) -> str:
    """Why ``game``'s position cannot be written as a scenario ("" when it can)."""
    s = game.state
    if game.hooks.canonical_extra(game) is not None:
        return "the game keeps state of its own (rounds, hands, points) that a scenario file cannot hold"
    if s.counters:
        return "the game's counters (points ...) cannot be written in a scenario file"
    if getattr(s, "pack_in_use", False):
        return "the packs of a regulation cannot be written in a scenario file"
    if s.must_pass:
        return "an effect makes a seat pass its next chance: a scenario file cannot say so"
    if chance_node(game.rules) is None:
        return "the game's flow has no single node that asks the chance"
    return ""


def position_scenario(game: Any, name: str, edition: str, fmt: str, seed: int = 0) -> dict[str, Any]:
    """The scenario data of ``game`` as it stands at a chance (see the module); :class:`UnsavedPosition`
    when it holds what a scenario cannot."""
    why = unsaved_reason(game)
    if why:
        raise UnsavedPosition(why)
    s = game.state
    zones = game.rules.zones
    text = game.hooks.card_text
    uid_at = {ch.uid: [seat, k] for seat, p in enumerate(s.players) for k, ch in enumerate(p.field)}
    players = []
    for p in s.players:
        picture: dict[str, Any] = {}
        for z in zones.card_zones:
            key = str(zones.ids[z])
            cards = list(p.zone(z))
            if z == zones.deck:
                picture[key] = [text(c) for c in reversed(cards)]  # top first (the list's end is the top)
            elif key == "trump":  # エクストラ: face-down and face-up trumps
                down = [text(c) for c in cards if c not in s.trump_up]
                up = [text(c) for c in cards if c in s.trump_up]
                if down:
                    picture[key] = down
                if up:
                    picture["trump_up"] = up
            elif cards:  # an empty zone is left out (cards not mentioned are out of the game)
                picture[key] = [text(c) for c in cards]
        picture["field"] = [{"as": ch.char_id, "cards": [text(c) for c in ch.cards], "face_up": bool(ch.face_up),
                             "driven": bool(ch.driven), "entered": int(ch.entered_turn),
                             **({"mod": int(ch.size_mod)} if ch.size_mod else {})} for ch in p.field]
        players.append(picture)
    stage = []
    for x in s.stage:
        entry: dict[str, Any] = {"action": x.action.id, "p": int(x.controller), "keys": [text(c) for c in x.keys]}
        target = _target(x.target, uid_at, [y.uid for y in s.stage])
        if target is not None:
            entry["target"] = target
        stage.append(entry)
    data: dict[str, Any] = {"name": name, "edition": edition, "format": fmt, "seed": int(seed),
                            "start": chance_node(game.rules), "turn": int(s.turn), "chance": int(s.chance),
                            "turn_no": int(s.turn_no)}
    if s.passed:
        data["passed"] = sorted(int(x) for x in s.passed)
    data["players"] = players
    if stage:
        data["stage"] = stage
    raised = [{"p": int(seat), "action": str(aid), "times": int(s.raised_count.get((seat, aid), 1))}
              for seat, aid in sorted(s.raised_this_turn)]
    if raised:
        data["raised"] = raised
    roles = game.hooks.combat_roles(game) if hasattr(game.hooks, "combat_roles") else {}
    if roles and any(roles.values()):
        data["combat"] = roles
    return data


def _target(target: Any, uid_at: dict[int, list[int]], stage_uids: list[int]) -> dict[str, Any] | None:
    if target is None:
        return None
    kind, ref = target[0], target[1]
    if kind == "player":
        return {"player": int(ref)}
    if kind == "char" and ref in uid_at:
        return {"char": uid_at[ref]}
    if kind == "action" and ref in stage_uids:
        return {"action": stage_uids.index(ref)}
    raise UnsavedPosition(f"a target on the stage ({kind}) names nothing a scenario file can point at")


__all__ = ["UnsavedPosition", "chance_node", "position_scenario", "unsaved_reason"]

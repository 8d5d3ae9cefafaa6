"""The hand search of the combo search: fastest kills and first-turn wins over real opening hands.

"Can the first player win on turn 1?" depends on the hand it is dealt.  The goldfish search of
:mod:`bpdsl.sim.combos` searches one position; this module gives it the first turn of real game starts
instead: deal ``k`` is the game of seed ``k`` (the engine's own deal, no trump placed) played passively up
to the first player's first action decision, and its position — the first player's hand and life, the other
player's, ``turn_no: 1`` — is the goldfish position of every combination (the combination's trumps laid
face up, :func:`bpdsl.sim.combo_pairs.position_for`).  For each combination the fastest kill over the deals
is kept with the hand it needs, written as a scenario's ``hand:`` (シナリオ手札), so that a designer can
replay it or put it into a scenario.

The hands are a sample, and the result says how large: ``deals`` of the C(n, h) hands of ``h`` cards from
the ``n`` cards of the first player's deck.  "No first-turn win" therefore means "none in these deals, within
the search bound of each", never "none at all".
"""
from __future__ import annotations

import math
from typing import Any

from bpdsl.sim.combos import passive_choice


def deal_position(rules: Any, seed: int) -> dict[str, Any]:
    """The position of the first player's first action decision in the game of ``seed`` (both players
    passive until then: no trump placed, no response): the first player as seat 0, ``turn_no: 1``."""
    from bpdsl.engine import new_game

    game = new_game(rules, None, seed)
    while (req := game.pending()) is not None and not (req.kind == "action" and req.player == game.state.turn):
        game.apply(passive_choice(req, game))
    s = game.state
    first = s.turn
    text = game.hooks.card_text
    players = []
    for seat in (first, 1 - first):
        p = s.players[seat]
        players.append({"life": len(p.life), "hand": [text(c) for c in p.hand]})
    return {"turn": 0, "turn_no": s.turn_no, "players": players}


def for_combination(position: dict[str, Any], cards: tuple[str, ...]) -> dict[str, Any]:
    """A deal's position for a combination whose trump ``cards`` lie face up: the trumps come out of the first
    player's deck before the deal (3.11.4), so its life is one card shorter for each trump its hand does not
    hold (one its hand holds is taken out of the hand, :func:`bpdsl.sim.combo_pairs.position_for`)."""
    from bpdsl.dsl.cards import parse_card

    pos = {**position, "players": [dict(p) for p in position["players"]]}
    me = pos["players"][0]
    held = {parse_card(c).id for c in me.get("hand") or []}
    me["life"] = int(me.get("life") or 0) - sum(1 for c in cards if parse_card(c).id not in held)
    return pos


def hand_space(position: dict[str, Any]) -> dict[str, int]:
    """How many opening hands there are: C(n, h) for the ``h`` cards of the first player's hand out of the
    ``n`` cards of its hand and life together."""
    me = position["players"][0]
    h = len(me.get("hand") or [])
    n = int(me.get("life") or 0) + h
    return {"hand_size": h, "deck": n, "possible_hands": math.comb(n, h)}


def fastest_by_combination(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per combination (in the order of ``results``), the fastest kill over its deals — fewest turns, then
    decisions, then the lowest deal — with the hand it needs; the deals searched and whether any search of
    the combination was stopped by a limit."""
    out: dict[tuple[str, ...], dict[str, Any]] = {}
    for r in results:
        key = tuple(r["trumps"])
        row = out.setdefault(key, {"trumps": r["trumps"], "cards": r["cards"], "deals": [], "kill": None,
                                   "deal": None, "hand": None, "first_turn_win": False, "stopped": 0, "nodes": 0})
        row["deals"].append(r["deal"])
        row["nodes"] += r["stats"]["nodes"]
        row["stopped"] += 1 if r["stats"]["stopped"] else 0
        kill = r.get("kill")
        if kill is None:
            continue
        best = row["kill"]
        if best is None or (kill["turns"], kill["decisions"], r["deal"]) < (best["turns"], best["decisions"], row["deal"]):
            row["kill"], row["deal"], row["hand"] = kill, r["deal"], r["hand"]
            # the position is the first player's first turn: a kill within it is a first-turn win
            row["first_turn_win"] = kill["turns"] == 1 and r["position"].get("turn_no") == 1
    return list(out.values())


__all__ = ["deal_position", "fastest_by_combination", "for_combination", "hand_space"]

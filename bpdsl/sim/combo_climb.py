"""The hand climb of the combo search (``balance combos --hands N --improve K``): a local search for a faster
kill over opening hands, one card swapped at a time.

Searching every opening hand is out of reach (C(53, 8) is hundreds of millions of hands, each a goldfish
search), and a sample of real deals (:mod:`bpdsl.sim.combo_hands`) finds a first-turn win only if a deal
happens to hold its cards.  The climb starts from a combination's best deal and improves the hand card by
card: a *neighbour* replaces one card of the hand by one card of the first player's life (the deck the hand
is drawn from; the combination's trumps stay out), and is searched with the same goldfish search and bounds.

- **The measure** of a hand is its search's result: a kill beats no kill; between kills, fewer turns, then
  fewer decisions; without a kill, fewer cards left in the opponent's life at any position searched
  (:attr:`bpdsl.sim.combos.SearchStats.least_opponent_life`: the most damage the searcher dealt within the
  bound).  Lower is better (:func:`score`).
- **First improvement**: at each step the neighbours are tried in an order drawn by a seeded RNG (seeded by
  the combination and the deal, so the climb is the same in any process); the first that scores strictly
  better becomes the hand.  At most ``neighbours`` are tried per step, and a hand searched before is not
  searched again.  The climb stops after ``steps`` moves, or when no neighbour tried improves.
- **Bounded**: at most ``steps`` × ``neighbours`` searches of at most the search's node bound each, and
  optionally a node bound for the whole climb (no search starts once it is reached).

It is an optimisation, not a proof: a hand it did not reach may kill faster, and a climb that finds no kill
says nothing of the hands it did not search.  The result says how many hands it searched.
"""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any, Callable

from bpdsl.dsl.cards import card_at, parse_card


@dataclass(frozen=True)
class ClimbSpec:
    """The bound of one climb and where it starts: the start deal's search result (JSON of
    :func:`bpdsl.sim.combo_pairs.search_task`)."""

    steps: int  # moves at most (``--improve``)
    neighbours: int  # neighbours tried per step at most (``--neighbours``)
    start: dict[str, Any]
    nodes: int = 0  # nodes of all the climb's searches at most (0: only steps x neighbours x the search's bound)


def score(result: dict[str, Any]) -> tuple[int, int, int]:
    """The measure of a searched hand, lower is better: (0, turns, decisions) for a kill, else (1, least
    opponent life within the bound, 0)."""
    kill = result.get("kill")
    if kill:
        return (0, int(kill["turns"]), int(kill["decisions"]))
    least = int(result["stats"].get("least_opponent_life", -1))
    return (1, least if least >= 0 else 10 ** 9, 0)


def best_start(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The deal a combination's climb starts from: the best score, then the lowest deal."""
    return min(results, key=lambda r: (score(r), r["deal"]))


def life_cards(position: dict[str, Any], deck_size: int) -> list[str]:
    """The cards of the first player's life in a searched position (trumps face up, a life given as a count):
    the scenario fills it with the first unused cards of the player's deck in index order."""
    me = position["players"][0]
    used: set[int] = set()
    for zone, value in me.items():
        if zone == "field":
            used.update(parse_card(str(c)).index for ch in value for c in ch.get("cards") or [])
        elif isinstance(value, list):
            used.update(parse_card(str(c)).index for c in value)
    rest = [card_at(i).id for i in range(deck_size) if i not in used]
    return rest[: int(me.get("life") or 0)]


def _swapped(position: dict[str, Any], hand: list[str]) -> dict[str, Any]:
    """The start deal's position (before the trumps are laid) with the first player's hand ``hand``."""
    players = [dict(p) for p in position["players"]]
    players[0]["hand"] = list(hand)
    return {**position, "players": players}


def climb(task: Any, rules: Any, search_task: Callable[[Any, Any], dict[str, Any]]) -> dict[str, Any]:
    """Climb from ``task``'s deal (a :class:`bpdsl.sim.combo_pairs.Task` with ``climb`` set), searching each hand
    with ``search_task`` (:func:`bpdsl.sim.combo_pairs.search_task`, given by the caller: that module runs the
    climbs): the search result of the hand it ends on, with ``climb``: the swaps made, the hands searched, the
    nodes, why it stopped."""
    spec: ClimbSpec = task.climb
    current = spec.start
    hand = list(current["hand"])
    seen = {frozenset(hand)}
    rng = random.Random(f"{'+'.join(task.combo.trumps)}/{task.deal}")
    path: list[dict[str, Any]] = []
    searched = nodes = limited = 0
    stopped = "steps"
    for _ in range(spec.steps):
        if spec.nodes and nodes >= spec.nodes:
            stopped = "nodes"
            break
        life = life_cards(current["position"], rules.zones.deck_size)
        swaps = [(i, c) for i in range(len(hand)) for c in life]
        rng.shuffle(swaps)
        moved = False
        tried = 0
        for i, card in swaps:
            if tried >= spec.neighbours or (spec.nodes and nodes >= spec.nodes):
                break
            candidate = hand[:i] + [card] + hand[i + 1:]
            if frozenset(candidate) in seen:
                continue
            seen.add(frozenset(candidate))
            tried += 1
            r = search_task(dataclasses.replace(task, climb=None, position=_swapped(task.position, candidate)), rules)
            searched += 1
            nodes += r["stats"]["nodes"]
            limited += 1 if r["stats"]["stopped"] else 0
            if score(r) < score(current):
                path.append({"out": hand[i], "in": card, "score": list(score(r))})
                current, hand, moved = r, candidate, True
                break
        if not moved:
            stopped = "nodes" if spec.nodes and nodes >= spec.nodes else "no better neighbour"
            break
    out = dict(current)
    out["seed"] = task.seed
    out["climb"] = {"from_deal": task.deal, "swaps": len(path), "path": path, "searched": searched,
                    "nodes": nodes, "stopped": stopped, "steps": spec.steps, "neighbours": spec.neighbours,
                    "node_bound": spec.nodes, "stopped_searches": limited,
                    "start_score": list(score(spec.start)), "score": list(score(current))}
    return out


def merge(fastest: list[dict[str, Any]], climbs: list[dict[str, Any]]) -> None:
    """Put each combination's climb into its row of the fastest kills (``fastest_by_combination``): the
    hands searched in all, and the climbed hand when the climb moved to a kill."""
    by_trumps = {tuple(c["trumps"]): c for c in climbs}
    for row in fastest:
        c = by_trumps.get(tuple(row["trumps"]))
        row["source"], row["swaps"], row["hands_searched"] = "deal", 0, len(row["deals"])
        if c is None:
            continue
        row["hands_searched"] += c["climb"]["searched"]
        row["nodes"] += c["climb"]["nodes"]
        row["stopped"] += c["climb"]["stopped_searches"]  # searches a node or time limit stopped, deals and climb
        row["climb"] = {"swaps": c["climb"]["swaps"], "searched": c["climb"]["searched"],
                        "stopped": c["climb"]["stopped"], "hand": c["hand"], "score": c["climb"]["score"],
                        "least_opponent_life": c["stats"].get("least_opponent_life")}
        if c["climb"]["swaps"] and c.get("kill"):
            row.update(kill=c["kill"], deal=c["climb"]["from_deal"], hand=c["hand"], source="climb",
                       swaps=c["climb"]["swaps"],
                       first_turn_win=c["kill"]["turns"] == 1 and c["position"].get("turn_no") == 1)


__all__ = ["ClimbSpec", "best_start", "climb", "life_cards", "merge", "score"]

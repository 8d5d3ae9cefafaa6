"""The hand climb of the combo search (``balance combos --hands N --improve K``): a local search for a faster
kill over opening hands, one card swapped at a time.

Searching every opening hand is out of reach (C(53, 8) is hundreds of millions of hands, each a goldfish
search), and a sample of real deals (:mod:`bpdsl.sim.combo_hands`) finds a first-turn win only if a deal
happens to hold its cards.  The climb starts from a combination's best deal and improves the hand card by
card: a *neighbour* replaces one card of the hand by one card of the first player's life (the deck the hand
is drawn from; the combination's trumps stay out), and is searched with the same goldfish search and bounds.
*Key moves* (:func:`key_moves`) are tried first: the one or two cards that a key of the combination's actions
lacks, brought in at once, which single swaps cannot see when each card alone is useless.

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


KEY_CARDS = 2  # a key move brings in at most this many cards


def key_moves(rules: Any, trumps: tuple[str, ...], hand: list[str], life: list[str],
              rng: random.Random) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """The moves that complete the key of one of the combination's actions: for each such action whose key the
    hand lacks by at most ``KEY_CARDS`` cards (:meth:`bpdsl.dsl.cards.KeyPattern.partials`, the collector agent's
    measure), the missing cards brought in from the life for as many hand cards the key does not keep (chosen
    by ``rng``), when the new hand then holds a key.  A single swap cannot see a key of two cards that are
    useless one at a time; these moves can.  ``(cards out, cards in)``, tried before the single swaps."""
    from itertools import combinations

    wanted_actions = [rules.actions[a] for t in rules.edition.trumps_in(rules.format) if t.id in trumps
                      for a in t.actions if a in rules.actions]
    have = [parse_card(c) for c in hand]
    pool = [parse_card(c) for c in life]
    # the cards of the keys the hand already holds for the combination's actions are not swapped out
    keep = {c.index for a in wanted_actions if a.key is not None for choice in a.key.choices(have)[:1] for c in choice}
    moves: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    for action in wanted_actions:
        key = action.key
        if key is None or key.choices(have):
            continue  # no key, or the hand holds one already
        for partial in key.partials(have, pool)[:2]:
            if not 0 < partial.missing <= KEY_CARDS:
                continue
            kept = keep | {c.index for c in partial.held}
            free = [c for c in hand if parse_card(c).index not in kept]
            if len(free) < partial.missing:
                continue
            for ins in combinations([c for c in pool if c.index in partial.wanted], partial.missing):
                outs = tuple(rng.sample(free, partial.missing))
                new = [parse_card(c) for c in hand if c not in outs] + list(ins)
                if key.choices(new):
                    moves.append((outs, tuple(c.id for c in ins)))
                    break
    return moves


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
        singles = [((hand[i],), (c,)) for i in range(len(hand)) for c in life]
        rng.shuffle(singles)
        moves = key_moves(rules, task.combo.trumps, hand, life, rng) + singles
        moved = False
        tried = 0
        for outs, ins in moves:
            if tried >= spec.neighbours or (spec.nodes and nodes >= spec.nodes):
                break
            candidate = [c for c in hand if c not in outs] + list(ins)
            if frozenset(candidate) in seen:
                continue
            seen.add(frozenset(candidate))
            tried += 1
            r = search_task(dataclasses.replace(task, climb=None, position=_swapped(task.position, candidate)), rules)
            searched += 1
            nodes += r["stats"]["nodes"]
            limited += 1 if r["stats"]["stopped"] else 0
            if score(r) < score(current):
                path.append({"out": " ".join(outs), "in": " ".join(ins), "score": list(score(r))})
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


__all__ = ["ClimbSpec", "best_start", "climb", "key_moves", "life_cards", "merge", "score"]

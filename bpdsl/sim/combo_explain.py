"""A finding of the combo search told in the sheet's words (``balance combos --explain PAIR``).

The line of a loop or a kill is played again from its position, decision by decision, through the engine's
step API; each of the searcher's decisions is given as it was offered (the option's label), with both
players' life and the searcher's hand after it, and each action raised is printed once as the action list
prints it (its printed name, type, request, cost, key, conditions and effect: :func:`bpdsl.render.text.
action_text`).  The cycles of a loop after the first are one line each: what the opponent's life came to.
"""
from __future__ import annotations

import re
from typing import Any

from bpdsl.sim.combos import deck_count, hand_count

_LABEL_ID = re.compile(r"\(([a-z0-9_]+)\)$")  # an action option's label ends with its id: 「ドレイン (drain)」


def explain_finding(rules: Any, result: dict[str, Any], seed: int = 0) -> dict[str, Any] | None:
    """The line of ``result``'s loop (else its kill) as plain data: ``what``, ``steps`` (the searcher's
    decisions of the prefix and the first cycle, each with the lives after it), ``cycles`` (one line per later
    cycle) and ``actions`` (the sheet's lines of each action raised, by id); None without a finding."""
    from bpdsl.engine import new_game
    from bpdsl.scenarios.runner import start_position
    from bpdsl.render.text import action_text, plain_lines

    what = "loop" if result.get("loop") else "kill" if result.get("kill") else None
    if what is None:
        return None
    finding = result[what]
    seat = 0
    g = new_game(rules, None, seed)
    start_position(g, result["position"])
    prefix = len(finding.get("prefix") or []) if what == "loop" else len(finding["line"])
    cycle = len(finding.get("cycle") or []) if what == "loop" else 0
    steps: list[dict[str, Any]] = []
    cycles: list[dict[str, Any]] = []
    actions: dict[str, list[str]] = {}
    own = 0
    for i in finding["choices"]:
        req = g.pending()
        if req is None:
            break
        mine = req.player == seat
        label = req.label(i) if mine else ""
        g.apply(i)
        if not mine:
            continue
        m = _LABEL_ID.search(label)
        aid = m.group(1) if m and m.group(1) in rules.edition.actions else None
        if aid is not None and aid not in actions:
            actions[aid] = plain_lines(action_text(rules.edition, rules.edition.actions[aid], rules.format))
        own += 1
        after = {"opponent_life": deck_count(g, 1 - seat), "own_life": deck_count(g, seat),
                 "own_hand": hand_count(g, seat)}
        if own <= prefix + cycle:
            part = "line" if what == "kill" else "prefix" if own <= prefix else "cycle 1"
            steps.append({"n": own, "part": part, "label": label,
                          "action": aid, **after})
        elif cycle and (own - prefix) % cycle == 0:
            cycles.append({"cycle": (own - prefix) // cycle, **after})
    over = g.pending() is None
    if cycle and own > prefix + cycle and (own - prefix) % cycle:  # the game ended within a cycle
        cycles.append({"cycle": (own - prefix) // cycle + 1, "opponent_life": deck_count(g, 1 - seat),
                       "own_life": deck_count(g, seat), "own_hand": hand_count(g, seat)})
    return {"what": what, "trumps": result["trumps"], "steps": steps, "cycles": cycles, "actions": actions,
            "over": over, "winner": g.result().winner if over else None}


__all__ = ["explain_finding"]

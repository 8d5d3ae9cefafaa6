"""The core flow as data: the nodes and edges of the rulebook's core-flow figure (2.8, Fig. 2.3).

A :class:`Flow` is a small directed graph.  Each :class:`FlowNode` carries the rulebook's label (e.g.
``[3] アクションを起こすか？``), the *primitive* the engine runs there, and its outgoing edges: ``next`` for
a plain step, or ``branches`` (``yes``/``no``) for a question node.  The engine walks the graph; the
renderer draws it.  Neither knows which rulebook it came from: the 2021 and 2024 flows differ only in
their data (node order, where the trigger check sits, and the trigger-check style).

The trigger check (2.8.16) is a sub-flow of its own; its steps ([6-1]..[6-13] in 2024, [10-1]..[10-5] in
2021) are listed as data too (:class:`TriggerStep`) and the engine runs the algorithm named by
``trigger_style``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from bpdsl.diagnostics import UNKNOWN_POS, Pos

# Every primitive a node may name, with the outcomes (edge names) it produces.  ``None`` = a plain step
# followed by ``next``.  Kept here (not in the engine) so the validator can check a flow without the engine.
PRIMITIVES: dict[str, tuple[str, ...] | None] = {
    "game_start": None,  # set the game up (common rules: shuffle, hands, first player)
    "chance_to_turn_player": None,  # the turn player gets the chance
    "ask_action": ("yes", "no"),  # the chance holder raises an action or passes
    "reset_pass": None,  # clear the pass record
    "raise_action": None,  # the chosen action is raised (costs, key cards, target)
    "trigger_check": None,  # the trigger check sub-flow (style given by the flow)
    "is_instant": ("yes", "no"),  # is the current action of instant speed?
    "resolve": None,  # resolve the current action
    "win_check": None,  # decide the game if it is over (ends the walk)
    "push_stage": None,  # add the current action to the stage
    "record_pass": None,  # the chance holder is recorded as passed
    "all_passed": ("yes", "no"),  # has every player passed?
    "stage_nonempty": ("yes", "no"),  # is there an action on the stage?
    "stage_empty": ("yes", "no"),  # is the stage empty? (2021 wording of the same question)
    "pop_stage": None,  # take the last added action off the stage
    "move_chance": None,  # the chance goes to the next player
    "from_stage": ("yes", "no"),  # was the action just resolved taken from the stage?
}

TRIGGER_STYLES = ("lists", "simple")  # 2024: per-player instant/normal lists; 2021: instant then normal


@dataclass(frozen=True)
class FlowNode:
    id: str  # "3", "6r" ...
    label: str  # printed label, e.g. "[3] アクションを起こすか？"
    primitive: str
    next: str | None = None
    branches: dict[str, str] = field(default_factory=dict)
    section: str = ""  # rulebook section, e.g. "2.8.3"
    text: str = ""  # the rulebook's explanation of the step
    pos: Pos = UNKNOWN_POS


@dataclass(frozen=True)
class TriggerStep:
    id: str  # "6-1"
    label: str  # "[6-1] 誘発したアクションを..."
    text: str = ""


@dataclass
class Flow:
    """One core flow: a graph of nodes from ``start`` to the win check that ends the game."""

    id: str  # bp2024
    name: str  # コアフロー (2024)
    rulebook: str  # "2024/4/1"
    start: str  # id of the first node
    nodes: dict[str, FlowNode]
    trigger_style: str  # one of TRIGGER_STYLES
    trigger_steps: list[TriggerStep] = field(default_factory=list)
    note: str = ""
    pos: Pos = UNKNOWN_POS
    passing: bool = True  # ask_action offers a pass (false: the chance holder must raise a legal action)

    def edges(self) -> list[tuple[str, str, str]]:
        """(from, to, label) for every edge; the label is "" for a plain step, else the outcome."""
        out: list[tuple[str, str, str]] = []
        for node in self.nodes.values():
            if node.next:
                out.append((node.id, node.next, ""))
            for outcome, target in node.branches.items():
                out.append((node.id, target, outcome))
        return out

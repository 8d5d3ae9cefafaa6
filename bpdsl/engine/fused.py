"""Callback play's walk table with the runs of plain steps fused into one call, and the checked walk.

A game played by callback agents (``Game.play``) walks the flow graph as a table of (primitive, yes, no,
steps).  Most nodes are plain steps whose answer is always "next"; calling a run of them as one closure
saves the walker's loop per node.  The invariant check, when asked for, wraps every primitive instead.
"""
from __future__ import annotations

from typing import Any, Callable

from bpdsl.engine.state import State

def walk_table(game: Any) -> list[tuple[Callable[[], Any], int, int, int]]:
    """(primitive, yes, no, 1) by flow node of ``game``'s rules: a plain step (next) is a question whose answers
    both go to next (r is None takes the "no" edge).  Bound methods are built per play, not kept on the game,
    so that a finished game holds no cycles."""
    return [(getattr(game, "p_" + prim), yes if nxt < 0 else nxt, nxt if no < 0 else no, 1)
            for prim, nxt, yes, no in game.rules.flow_nodes]


def checked(fn: Callable[[], Any], check: Callable[[Any], None], game: Any) -> Callable[[], Any]:
    """A primitive followed by the invariant check."""
    def step() -> Any:
        r = fn()
        check(game)
        return r

    return step


def fused(plain: list[tuple[Callable[[], Any], int, int, int]], nodes: list[tuple[str, int, int, int]],
           state: State, cut: list[int]) -> list[tuple[Callable[[], Any], int, int, int]]:
    """The walk table of callback play with the runs of plain steps fused: from node i the run follows the
    next edges and ends with the first question (or before a node already in it, or at :data:`_RUN`
    steps); one call then walks the whole run (a resolution: resolve, win check, trigger check, ask whether
    it came from the stage).  Entry i still starts at node i, with the edges of the run's last node and its
    number of steps.  A run stops where a step ends the game or raises, and leaves in ``cut`` how many of
    its steps came before that one and that step's node (what the plain walk would have counted)."""
    out = []
    for i, (fn, yes, no, _) in enumerate(plain):
        run = [i]
        while len(run) < _RUN:
            nxt = nodes[run[-1]][1]
            if nxt < 0 or nxt in run:  # a question ends the run
                break
            run.append(nxt)
        if len(run) == 1:
            out.append((fn, yes, no, 1))
            continue
        last = plain[run[-1]]
        out.append((chain(tuple(plain[k][0] for k in run), tuple(run), state, cut), last[1], last[2], len(run)))
    return out


def chain(fns: tuple[Callable[[], Any], ...], where: tuple[int, ...], state: State,
           cut: list[int]) -> Callable[[], Any]:
    """Call ``fns`` (the primitives of the nodes ``where``) in order; the last one's answer.  When one of
    them ends the game or raises, the run stops there and ``cut`` says where (see :func:`fused`)."""
    steps = tuple(enumerate(fns))

    def run() -> Any:
        k = 0
        try:
            for k, fn in steps:
                r = fn()
                if state.over:
                    cut[0] = k
                    cut[1] = where[k]
                    return r
        except BaseException:
            cut[0] = k
            cut[1] = where[k]
            raise
        return r
    return run


# the longest run of steps callback play walks in one call (see fused)
_RUN = 8


__all__ = ["checked", "fused", "walk_table"]

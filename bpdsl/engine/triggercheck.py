"""The trigger check: the triggered actions resolved or staged in the order the edition's flow says.

Two orders exist: the 2024 rule's per-player lists (instant and normal, turn player first, [6-1]..[6-13]) and
the 2021 rule's ([10-1]..[10-5]); ``rules.flow.trigger_style`` chooses.  Which actions triggered is the
dispatch's answer (bpdsl.engine.dispatch); how each is raised and resolved is raising's.
"""
from __future__ import annotations

try:
    import cython
except ImportError:  # without Cython (the ``speed`` extra) its declarations change nothing
    from bpdsl import purecython as cython

from bpdsl.engine import dispatch, raising
from bpdsl.engine import events as ev
from bpdsl.engine.errors import GameAborted
from bpdsl.engine.gamebase import GameBase
from bpdsl.engine.state import ActionInstance

# Instant triggered actions one trigger check may resolve: beyond it, actions trigger each other (or
# themselves) forever, e.g. a settlement whose effect never ends the round that triggers it.
TRIGGER_CHECK_LIMIT = 10_000


def _triggered_once_more(resolved: int, inst: ActionInstance) -> int:
    if resolved >= TRIGGER_CHECK_LIMIT:
        raise GameAborted(f"{TRIGGER_CHECK_LIMIT} triggered actions in one trigger check (the last: "
                          f"{inst.action.id!r}): triggered actions keep triggering")
    return resolved + 1



@cython.locals(game=GameBase, x=ActionInstance)
def collect(game: GameBase, inst_lists: list[list[ActionInstance]], norm_lists: list[list[ActionInstance]],
             found: list[ActionInstance] | None = None) -> None:
    """[6-1]/[10-1]: the triggered actions into each player's instant and normal lists."""
    for x in dispatch.triggered(game) if found is None else found:
        (inst_lists if x.action.instant else norm_lists)[x.controller].append(x)


@cython.locals(game=GameBase)
def order(game: GameBase) -> tuple[int, ...]:
    """The seats from the turn player on."""
    s = game.state
    orders = game._orders
    if orders is None or len(orders) != len(s.players):
        n = len(s.players)
        orders = game._orders = [tuple((t + k) % n for k in range(n)) for t in range(n)]
    return orders[s.turn]


# (``game`` untyped: a closure below reads it, which Cython allows only of an untyped argument)
def take(game: GameBase, seat: int, lst: list[ActionInstance], what: str) -> ActionInstance:
    if len(lst) == 1:  # forced (as decide counts it)
        game.forced += 1
        return lst.pop()
    i = game.decide(seat, "order", lst, {"what": what}, lambda: [trigger_label(game, x) for x in lst])
    return lst.pop(i)


@cython.locals(game=GameBase)
def trigger_label(game: GameBase, x: ActionInstance) -> str:
    """A triggered action named with the card whose event triggered it (「世代交代 (♠K)」), so that two
    identical triggers can be told apart by a player and by a scenario."""
    e = x.data.get("event") if x.data else None
    card = getattr(e, "card", None)
    if isinstance(card, int) and card >= 0:
        return f"{x.action.name} ({game.hooks.card_text(card)})"
    return str(x.action.name)


@cython.locals(game=GameBase)
def check_lists(game: GameBase) -> None:
    """2024 trigger check [6-1]..[6-13]: per-player instant and normal lists, turn player first."""
    found = dispatch.triggered(game)
    if not found:
        return
    n = len(game.state.players)
    inst_lists: list[list[ActionInstance]] = [[] for _ in range(n)]
    norm_lists: list[list[ActionInstance]] = [[] for _ in range(n)]
    collect(game, inst_lists, norm_lists, found)  # [6-1]
    resolved = 0
    while any(inst_lists) or any(norm_lists):  # [6-2]
        while any(inst_lists):  # [6-3], [6-9]
            for p in order(game):
                while inst_lists[p]:  # [6-8]
                    inst = take(game, p, inst_lists[p], "誘発即時リスト")  # [6-4]
                    resolved = _triggered_once_more(resolved, inst)
                    raising.count_raise(game, inst)
                    raising.resolve(game, inst)  # [6-5]
                    game.hooks.win_check(game)  # [6-6]
                    if game.state.over:
                        return
                    collect(game, inst_lists, norm_lists)  # [6-7]
        for p in order(game):  # [6-10]
            while norm_lists[p]:
                inst = take(game, p, norm_lists[p], "誘発通常リスト")  # [6-11]
                raising.count_raise(game, inst)
                game.state.stage.append(inst)
                if game.log is not None:
                    game.log.write(ev.Staged(inst.action.id, p))
            collect(game, inst_lists, norm_lists)  # [6-12]
            if any(inst_lists):
                break
        # [6-13]: repeat while anything was triggered


@cython.locals(game=GameBase)
def check_simple(game: GameBase) -> None:
    """2021 trigger check [10-1]..[10-5]: instant ones resolved (turn player's first, each followed by
    the win check), then normal ones added to the stage (turn player's first)."""
    found = dispatch.triggered(game)
    if not found:
        return
    n = len(game.state.players)
    inst_lists: list[list[ActionInstance]] = [[] for _ in range(n)]
    norm_lists: list[list[ActionInstance]] = [[] for _ in range(n)]
    collect(game, inst_lists, norm_lists, found)  # [10-1]
    resolved = 0
    while any(inst_lists):  # [10-2]
        for p in order(game):
            while inst_lists[p]:
                inst = take(game, p, inst_lists[p], "即時効果の誘発")
                resolved = _triggered_once_more(resolved, inst)
                raising.count_raise(game, inst)
                raising.resolve(game, inst)  # [10-3]
                game.hooks.win_check(game)
                if game.state.over:
                    return
                collect(game, inst_lists, norm_lists)
    for p in order(game):  # [10-4], [10-5]
        while norm_lists[p]:
            inst = take(game, p, norm_lists[p], "通常効果の誘発")
            raising.count_raise(game, inst)
            game.state.stage.append(inst)
            if game.log is not None:
                game.log.write(ev.Staged(inst.action.id, p))



__all__ = ["TRIGGER_CHECK_LIMIT", "check_lists", "check_simple", "order"]

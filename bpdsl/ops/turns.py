"""Turn passing as a composition: who holds the next turn is a list of candidates with conditions.

BlackPoker's エンド always hands the turn to the opponent; in Black Doubt the turn goes to the player who must
answer a declaration, else to the opponent unless their hand is finished, else it stays.  Both are the one
op ``next_turn``: the first candidate (``who: opponent`` / ``self``) whose ``if`` holds gets a new turn;
when none holds the turn does not pass.  A new turn sets the turn and the chance to that player, counts the
turn, forgets the once-per-turn record and sets the counters the game declares with ``reset: [turn]`` back
to 0 (Black Doubt's "drew this turn").
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from bpdsl.ops.args import predicate
from bpdsl.ops.context import ExecContext
from bpdsl.ops.registry import PhraseContext, declare

_WHO = {"opponent": "相手", "self": "自分"}


def start_turn(ctx: ExecContext, seat: int) -> None:
    """A new turn of ``seat``: it holds the turn and the chance; once-per-turn records and per-turn counters
    start afresh; the log says so (the ``turn`` event of both games)."""
    s = ctx.state
    ctx.hooks.reset_counters(s, "turn")
    s.turn = seat
    s.chance = seat
    s.turn_no += 1
    s.raised_this_turn.clear()
    s.raised_count.clear()
    if ctx.game.log is not None:
        ctx.game.log.write({"t": "turn", "p": seat, "turn_no": s.turn_no})


# what happens to the turn, as a clause that goes on (連用形) and as the end of the sentence
_ACT = {"opponent": ("相手の番に移り", "相手の番に移る"), "self": ("自分の番を続け", "自分の番を続ける")}


def _next_turn_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    """「<条件>場合は相手の番に移り、<条件>場合は自分の番を続ける。」: each candidate's condition in the edition's
    words (a term ``cond:…``, see :func:`bpdsl.ops.args.predicate`), a candidate without one as そうでなければ."""
    cands = list(a.get("to") or [])
    parts = []
    for i, cand in enumerate(cands):
        go_on, end = _ACT.get(cand.get("who"), _ACT["opponent"])
        act = end if i == len(cands) - 1 else go_on
        cond = cand.get("if")
        parts.append(f"{predicate(cond, ctx)}場合は{act}" if cond is not None else
                     (f"そうでなければ{act}" if i else act))
    return "、".join(parts) + "。"


NEXT_TURN = declare(
    "next_turn", "effect",
    args={"to": {"type": "list", "required": True, "minlength": 1, "schema": {"type": "dict", "schema": {
        "who": {"type": "string", "allowed": list(_WHO), "required": True},
        "if": {"type": "expr", "meta": {"expr": "bool"}}}}}},
    phrase=_next_turn_phrase,
    summary=("Hand the turn on: the first candidate of `to` (`who`: opponent or self) whose condition `if` "
             "holds (none: always) starts a new turn (turn and chance, turn count, once-per-turn record, the "
             "counters declared with reset: [turn]); when no candidate holds, the turn does not pass."),
    example={"next_turn": {"to": [{"who": "opponent", "if": "opponent.finished == 0"},
                                  {"who": "self", "if": "me.finished == 0"}]}},
    passes_turn=True,
)

@NEXT_TURN.executor
def _next_turn(ctx: ExecContext, a: Mapping[str, Any]) -> None:
    for cand in a["to"]:
        cond = cand.get("if")
        if cond is None or ctx.value(cond):
            start_turn(ctx, ctx.seat if cand["who"] == "self" else 1 - ctx.seat)
            return


def _prepare_next_turn(a: Mapping[str, Any]) -> Callable[[ExecContext, Mapping[str, Any]], None]:
    """One next_turn call with its conditions bound to the game's readers when first run (Black Doubt
    passes the turn after every declaration and reply)."""
    cands = [(cand["who"] == "self", cand.get("if")) for cand in a["to"]]
    if any(c is not None and not hasattr(c, "root") for _, c in cands):
        return _next_turn  # a literal or a text built by hand: the plain executor
    seen: list[Any] = [None, ()]  # the hooks they were bound for, the bound candidates

    def run(ctx: ExecContext, _a: Mapping[str, Any]) -> None:
        hooks = ctx.game.hooks
        if seen[0] is not hooks:
            seen[0], seen[1] = hooks, [(me, None if c is None else hooks.bound(c)) for me, c in cands]
        for me, holds in seen[1]:
            if holds is None or holds(ctx):
                start_turn(ctx, ctx.seat if me else 1 - ctx.seat)
                return
    return run


NEXT_TURN.prepare = _prepare_next_turn

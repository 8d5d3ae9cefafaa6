"""Trigger ops: trigger conditions (誘発条件) of the triggered actions of act8.0.

``on_resolved`` fires when a given action resolves (チャージ after エンド, ドロー after チャージ, ブロック
after アタック, ダメージ判定 after ブロック); ``card_moved`` fires once per card of given ranks that moves
between zones (世代交代: Joker/A/J/Q/K leaving the own field for the grave).
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from bpdsl.games.blackpoker.ops._common import NOUNS, get, predicate, ranks_text, zone_name
from bpdsl.ops.registry import PhraseContext, declare
from bpdsl.engine.core import Ctx


def _on_resolved_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    who = "ターンプレイヤーかつ、" if get(a, "by", "turn_player") == "turn_player" else ""
    cond = f"{predicate(a['if'])}場合、" if a.get("if") is not None else ""
    return f"{who}{ctx.name(a['action'])}アクションが解決した時に{cond}誘発する。"


ON_RESOLVED = declare(
    "on_resolved", "trigger",
    args={"action": {"type": "ref", "required": True, "meta": {"ref": "action"}},
          "by": {"type": "string", "allowed": ["turn_player", "any"], "default": "turn_player"},
          "if": {"type": "expr", "nullable": True, "meta": {"expr": "bool"}}},
    phrase=_on_resolved_phrase,
    summary=("Triggers when `action` resolves; `by: turn_player`: for the turn player (who controls the "
             "triggered action). With `if`, only when the condition holds at that moment."),
    example={"on_resolved": {"action": "attack", "by": "turn_player", "if": "attackers.count >= 1"}},
)

@ON_RESOLVED.executor
def _on_resolved(ctx: Any, a: Mapping[str, Any]) -> list[int]:
    return _prepare_on_resolved(a)(ctx, a)


def _prepare_on_resolved(a: Mapping[str, Any]) -> Callable[[Any, Mapping[str, Any]], list[int]]:
    """One on_resolved call with its arguments read once (it is asked at every resolution it listens to)."""
    action, cond = a["action"], a.get("if")
    by_turn_player = get(a, "by", "turn_player") == "turn_player"

    def run(ctx: Any, _a: Mapping[str, Any]) -> list[int]:
        ev = ctx.event
        if ev is None or ev.type != "resolved" or ev.inst is None or ev.inst.action.id != action:
            return []
        seat = ctx.game.state.turn if by_turn_player else ev.seat
        if cond is not None and not Ctx(ctx.game, ev.inst, seat).value(cond):
            return []
        return [seat]
    return run


ON_RESOLVED.prepare = _prepare_on_resolved


# the printed causes of a move (「ダメージ判定にてブロッカーとして」) and the move's Event.cause they match
_CAUSES: dict[str, str] = {"blocker": "ダメージ判定にてブロッカーとして", "attacker": "ダメージ判定にてアタッカーとして"}


def _card_moved_clause(ctx: PhraseContext, a: Mapping[str, Any]) -> tuple[str, str] | None:
    """The event words up to 「時」 of a move printed as an event (no ranks): 「自分の防壁がダメージ判定にて
    ブロッカーとして墓地に移った」, 「自分のライフのカードが墓地に移った」; None for a move by ranks (「…たびに」)."""
    if a.get("ranks"):
        return None
    whose = {"self": ctx.term("self", "あなた") + "の", "opponent": "対戦相手の"}.get(get(a, "whose", "self"), "")
    moves = ctx.term("moves", "行く")
    verb = moves[:-1] + {"る": "った", "く": "った"}.get(moves[-1], moves[-1])
    if a["from"] != "field":  # cards, not characters: 「自分のライフのカードが墓地に移った」
        return f"{whose}{zone_name(ctx, a['from'])}のカードが{zone_name(ctx, a['to'])}に{verb}", ""
    noun = NOUNS[a.get("kind") or "character"]
    return f"{whose}{noun}が{_CAUSES.get(a.get('cause') or '', '')}{zone_name(ctx, a['to'])}に{verb}", ""


def _card_moved_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    whose = {"self": ctx.term("self", "あなた") + "の", "opponent": "対戦相手の"}.get(get(a, "whose", "self"), "")
    moves = ctx.term("moves", "行く")
    kind, cause = a.get("kind"), a.get("cause")
    event = _card_moved_clause(ctx, a)
    if event is not None:  # an event: 「自分の防壁がダメージ判定にてブロッカーとして墓地に移った時に」
        if getattr(ctx, "trigger_head", False):
            return f"{event[0]}時、"
        return f"{event[0]}時に誘発する。"
    each = "1枚につき1回" if get(a, "each", "card") == "card" else ""
    noun = "のカード" if not kind else f"を含む{NOUNS[kind]}"
    return (f"{ranks_text(a['ranks'])}{noun}が{whose}{zone_name(ctx, a['from'])}から{_CAUSES.get(cause or '', '')}"
            f"{zone_name(ctx, a['to'])}に{moves}たびに{each}誘発する。")


CARD_MOVED = declare(
    "card_moved", "trigger",
    args={
        "ranks": {"type": "list", "minlength": 1, "nullable": True,
                  "schema": {"type": "string", "allowed": ["Joker", "A", "2", "3", "4", "5", "6", "7", "8", "9",
                                                           "10", "J", "Q", "K"]}},
        "from": {"type": "string", "allowed": ["field", "hand", "life", "fog"], "required": True},
        "to": {"type": "string", "allowed": ["grave", "hand", "life"], "required": True},
        "whose": {"type": "string", "allowed": ["self", "opponent", "any"], "default": "self"},
        # once per card only: a move of several matching cards is announced card by card (once per
        # character: ``on: {event: card_moved, each: character}``)
        "each": {"type": "string", "allowed": ["card"], "default": "card"},
        "kind": {"type": "string", "allowed": list(NOUNS), "nullable": True},
        "cause": {"type": "string", "allowed": list(_CAUSES), "nullable": True},
    },
    phrase=_card_moved_phrase,
    summary=("Triggers whenever cards of `ranks` (any card without `ranks`) move from `from` (of the "
             "controller, `whose: self`) to `to`, once per such card (always once per character without "
             "`ranks`; once per character with them: `on` with `each: character`). `kind` limits it to characters of that kind (soldier, "
             "bulwark); `cause` to a move of ダメージ判定 (`blocker`: 「ダメージ判定にてブロッカーとして」, "
             "`attacker`), whose triggered action can then name the other side: `damage: {to: attacker_owner}` "
             "(反撃)."),
    example={"card_moved": {"ranks": ["Joker", "A", "J", "Q", "K"], "from": "field", "to": "grave",
                            "whose": "self", "each": "card"}},
    # a character leaving the field is its own event (its definition, its first card, the cause); a card
    # moving between other zones is the general move of the event spine
    listens=lambda a: "left_field" if a.get("from") == "field" else "card_moved",
    clause=_card_moved_clause,
)

def _whose(a: Mapping[str, Any], owner: int, players: int) -> list[int]:
    """The players a move of ``owner``'s card is ``whose`` for (self: the owner; any: everyone)."""
    whose = get(a, "whose", "self")
    if whose == "self":
        return [owner]
    return [p for p in range(players) if whose == "any" or p != owner]


@CARD_MOVED.executor
def _card_moved(ctx: Any, a: Mapping[str, Any]) -> list[int]:
    ev = ctx.event
    if ev is not None and ev.type == "card_moved" and a["from"] != "field":  # between zones other than the field
        if ev.origin != a["from"] or ev.to != a["to"]:
            return []
        ranks = a.get("ranks")
        if ranks and ctx.hooks.card_rank(ev.card) not in ranks:
            return []
        return _whose(a, ev.seat, len(ctx.state.players))
    if ev is None or ev.type != "left_field" or a["from"] != "field" or ev.to != a["to"]:
        return []
    ranks = a.get("ranks")
    if ranks:
        if ctx.hooks.card_rank(ev.card) not in ranks:
            return []
    elif not ev.first:  # a character (of any cards) moves once
        return []
    cause, kind = a.get("cause"), a.get("kind")
    if cause and ev.cause != cause:
        return []
    if kind and kind != "character":
        cdef = ctx.hooks.compiled.characters.get(ev.char_id)
        if cdef is None or cdef.kind != kind:
            return []
    return _whose(a, ev.seat, len(ctx.state.players))

"""Black Doubt ops: drawing and placing a card, the declarations, the replies, and scoring a round.

Black Doubt (seed 004) is the second game on the framework.  Its actions are data in
``definitions/blackdoubt/``; these ops are what those actions do, executed against the game's common
rules (:mod:`bpdsl.games.blackdoubt.hooks`, reached as ``ctx.hooks``).  When an action may be raised is
not an op of its own: the generic ``only_if`` reads the counters and the hand value the game declares.  The scoring table
(成績簡易表) is an argument of ``bd_score``: one row per pair of outcomes (A = the player who finished
first, B = the other), so the table is read from the definitions, never written as code.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.ops.args import get
from bpdsl.ops.registry import PhraseContext, declare, retire

DECLARATION = {"hit": "ヒット", "bust": "バスト", "not_bust": "ノットバスト", "blackjack": "ブラックジャック"}
REPLY = {"doubt": "ダウト", "through": "スルー"}
OUTCOME = ["bust", "through", "doubt", "misdoubt"]

# the conditions of the first definitions, now the generic only_if on the declared counters and value
retire("bd_step", "only_if: {if: me.to_answer == 0 and me.finished == 0 and me.drawn == 0 and deck.count > 0} "
                  "(is: draw); ... (me.drawn > 0 or deck.count == 0) (is: declare); me.to_answer > 0 (is: reply)")
retire("bd_point_limit", "lose_at: {counter: points, at_least: 100} (the generic point limit on a declared counter)")
retire("bd_may_declare", "only_if: {if: deck.count > 0} (ヒット) or only_if: {if: me.total >= 22} (バスト)")
retire("bd_draw", "draw_to_field: {face: choose} then add_counter: {counter: drawn, amount: 1} (the generic draw "
                  "onto the field, and the declared counter of cards drawn this turn)")
retire("bd_pass_turn", 'next_turn: {to: [{who: opponent, if: "opponent.to_answer > 0 or opponent.finished == 0"}, '
                      '{who: self, if: "me.finished == 0"}]} (the generic turn passing; drawn: reset: [turn] in game.yaml)')
SIDE = ["A", "B", "winner", "loser", "none"]

# ------------------------------------------------------------------ effects

BD_DECLARE = declare(
    "bd_declare", "effect",
    args={"declaration": {"type": "string", "allowed": list(DECLARATION), "required": True}},
    phrase=lambda ctx, a: f"「{DECLARATION.get(a.get('declaration'), 'ヒット')}」を宣言する。",
    summary=("Black Doubt: make a declaration. ヒット continues the hand; バスト, ノットバスト and "
             "ブラックジャック finish it. ノットバスト with three or more cards and ブラックジャック must be "
             "answered by the opponent with ダウト or スルー."),
    example={"bd_declare": {"declaration": "not_bust"}},
)

@BD_DECLARE.executor
def _bd_declare(ctx: Any, a: Mapping[str, Any]) -> None:
    ctx.hooks.declare(ctx.game, ctx.seat, a["declaration"])


BD_REPLY = declare(
    "bd_reply", "effect",
    args={"reply": {"type": "string", "allowed": list(REPLY), "required": True}},
    phrase=lambda ctx, a: ("相手の伏せたカードを全て表にし、宣言が偽りならダウト、正しければミスダウトとする。"
                           if a.get("reply") == "doubt" else "相手の宣言を受け入れる。"),
    summary=("Black Doubt: answer the opponent's end declaration. ダウト reveals every face-down card of the "
             "declarer and is judged a ダウト (the declaration was false) or a ミスダウト; スルー accepts it."),
    example={"bd_reply": {"reply": "doubt"}},
)

@BD_REPLY.executor
def _bd_reply(ctx: Any, a: Mapping[str, Any]) -> None:
    ctx.hooks.reply(ctx.game, ctx.seat, a["reply"])


_ROW = {
    "row": {"type": "integer", "min": 1, "required": True},
    "a": {"type": "string", "allowed": OUTCOME, "required": True},
    "b": {"type": "string", "allowed": OUTCOME, "required": True},
    "to": {"type": "string", "allowed": SIDE, "required": True},
    "hands": {"type": "list", "schema": {"type": "string", "allowed": ["A", "B", "winner"]}},
    "times": {"type": "integer", "min": 1, "default": 1},
}

# the seed's wording of each outcome, for A's declaration (answered by B) and for B's (answered by A)
_A_CLAUSE = {"bust": "Aがバストし", "through": "BがAをスルーし", "doubt": "BがAをダウトし", "misdoubt": "BがAをミスダウトし"}
_B_CLAUSE = {"bust": "Bがバスト", "through": "AがBをスルー", "doubt": "AがBをダウト", "misdoubt": "AがBをミスダウト"}


def row_text(r: Mapping[str, Any]) -> str:
    """One row of the 成績簡易表 in the seed's wording, made from the row's data (what the engine scores)."""
    cond = f"{_A_CLAUSE.get(r.get('a'), '')}、{_B_CLAUSE.get(r.get('b'), '')}"
    to = r.get("to", "none")
    hands = [h for h in r.get("hands") or [] if h in ("A", "B", "winner")]
    times = int(r.get("times", 1) or 1)
    if to == "none" or not hands:
        result = "引き分け"
    elif to == "loser" or "winner" in hands:
        result = "数値の高い側の手札分低い側に加算"
    else:
        whose = "、".join(hands)
        how = "分" if times == 1 else "の倍を" if times == 2 else f"の{times}倍を"
        target = to if to in ("A", "B") else "A"
        result = f"{whose}の手札{how}{target}に加算"
    return f"{cond} {result}"


def _score_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    rows = sorted(a.get("table") or [], key=lambda r: int(r.get("row", 0) or 0))
    lines = "／".join(f"{r.get('row', i + 1)}:{row_text(r).replace(' ', '→')}" for i, r in enumerate(rows))
    return "成績簡易表に従い得点を加算する（先に手札を完成させ宣言した方をA、後をBとする）。" + lines + "。"


BD_SCORE = declare(
    "bd_score", "effect",
    args={"table": {"type": "list", "required": True, "minlength": 1, "schema": {"type": "dict", "schema": _ROW},
                    "meta": {"unique": (("row",), ("a", "b"))}}},  # one row per number and per pair of outcomes
    phrase=_score_phrase,
    summary=("Black Doubt: score the finished round by the 成績簡易表. `table` has one row per pair of "
             "outcomes (`a` of A's declaration, `b` of B's: bust, through, doubt, misdoubt); the row adds "
             "the hand values of `hands` times `times` to the points of `to` (A, B, or the loser of the "
             "judge when both were accepted; none for a draw)."),
    example={"bd_score": {"table": [{"row": 3, "a": "bust", "b": "through", "to": "A", "hands": ["B"]}]}},
)

@BD_SCORE.executor
def _bd_score(ctx: Any, a: Mapping[str, Any]) -> None:
    ctx.hooks.score(ctx.game, list(a["table"]))


BD_NEW_ROUND = declare(
    "bd_new_round", "effect",
    args={},
    phrase="全てのカードを山札に戻して切り直し、先攻と後攻を入れ替えて次の勝負を始める。",
    summary=("Black Doubt: unless the match is decided, every card goes back into the deck, which is "
             "shuffled, and the next round starts with the other player first (both draw one card face up)."),
    example={"bd_new_round": {}},
)

@BD_NEW_ROUND.executor
def _bd_new_round(ctx: Any, a: Mapping[str, Any]) -> None:
    s = ctx.state
    if not s.over:
        ctx.hooks.start_round(ctx.game, 1 - s.first)


# ------------------------------------------------------------------ trigger

BD_ROUND_OVER = declare(
    "bd_round_over", "trigger",
    args={},
    phrase="両者が手札を完成させ、全ての宣言への応答が済んだ時",
    summary=("Black Doubt: triggers when both hands are finished and every declaration has been answered "
             "(the round is ready to be scored); the player who finished first controls the settlement."),
    example={"bd_round_over": {}},
)

@BD_ROUND_OVER.executor
def _bd_round_over(ctx: Any, a: Mapping[str, Any]) -> list[int]:
    s = ctx.state
    if ctx.event is None or ctx.event.type != "resolved" or not hasattr(s, "finish_order"):
        return []
    return [s.finish_order[0]] if ctx.hooks.round_complete(s) else []

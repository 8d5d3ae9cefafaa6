"""The ``undo`` line of a game's log: a decision taken back by agreement of both seats (the browser sandbox).

A game played in the sandbox is its start and the people's choices; taking a decision back is dropping the
last choice, so the game goes on from the decision as it was asked before.  The log keeps the line of play
that stands — the undone decision and what it caused are no longer in it — and records each undo as an
``undo`` line written just before the decision that was asked again (or before the ``end`` line of a game
quit there)::

    {"t": "undo", "p": 0, "kind": "key", "i": 2, "n": 4, "choice": "♠5+♣7", "asked": 0, "agreed": 1}

``p``/``kind``/``i``/``n``/``choice``: the decision taken back (its seat, kind, option index, number of
options, option text); ``asked``: the seat that asked for the undo; ``agreed``: the seat that accepted it
(``bot: true`` when that seat is a bot, which always agrees).  The line is part of the hash chain like any
other, and the replayer (:mod:`bpdsl.engine.replay`) writes the logged undo lines again at the decisions
they stand before, so a line moved, removed or made up shows as a broken chain or as a divergence.

A seat is told an undo in words that name no card (:func:`undo_words`): the undone option's text may name a
card the other seat never saw; the full log, given out once the game is over, names it.
"""
from __future__ import annotations

from typing import Any

from bpdsl.engine.decisions import without_id
from bpdsl.engine.events import Undone

UNDO = "undo"

# a decision in words, by its kind (a kind not listed: 選択): what an undo took back, the judge's lines
KIND_WORDS = {"action": "アクションの選択", "key": "キーカードの選択", "target": "対象の選択",
              "cost_B": "コストBの支払い", "cost_D": "コストDの支払い", "cost_S": "コストSの支払い",
              "attackers": "アタックの選択", "blockers": "ブロッカーの選択", "draw_more": "任意のドローの選択",
              "order": "誘発したアクションの順番", "discard": "手札を捨てる選択", "trump_place": "切札を置く選択",
              "trump": "切札の選択", "source": "ドライブする兵士の選択", "hit_or_stand": "ヒットの選択",
              "face": "並べる向きの選択", "choose": "選択"}


def undo_event(decision: dict[str, Any], asked: int, agreed: int, bot: bool) -> dict[str, Any]:
    """The ``undo`` line (:class:`bpdsl.engine.events.Undone`) for the logged ``decision`` line taken back."""
    return Undone(int(decision["p"]), str(decision.get("kind", "")), int(decision["i"]), int(decision.get("n", 0)),
                  str(decision.get("choice", "")), asked, agreed, True if bot else None).json()


def undo_words(e: dict[str, Any], seat: int) -> str:
    """An undo line as ``seat`` reads it (あなた is the reader, 相手 the other; no card is named)."""

    def who(s: Any) -> str:
        return "あなた" if s == seat else "相手"

    what = KIND_WORDS.get(str(e.get("kind")), "選択")
    agreed = "相手 (ボット) が同意" if e.get("bot") and e.get("agreed") != seat else f"{who(e.get('agreed'))}が同意"
    return f"取り消し: {who(e.get('p'))}の{what}を取り消した ({who(e.get('asked'))}が求め、{agreed})"


def judge_undo_words(e: dict[str, Any]) -> str:
    """An undo line as the judge reads it: every seat by its number, the undone option named."""
    bot = " (ボット)" if e.get("bot") else ""
    return (f"取り消し: 席{e.get('p')}の{KIND_WORDS.get(str(e.get('kind')), '選択')}「{without_id(str(e.get('choice')))}」を取り消した "
            f"(席{e.get('asked')}が求め、席{e.get('agreed')}{bot}が同意)")


def undo_problem(e: dict[str, Any]) -> str:
    """What is wrong with the fields of a logged undo line ("" when nothing is)."""
    for key in ("p", "i", "n", "asked", "agreed"):
        v = e.get(key)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            return f"a bad {key!r}: {v!r}"
    for key in ("kind", "choice"):
        if not isinstance(e.get(key), str):
            return f"a bad {key!r}: {e.get(key)!r}"
    return ""


def undos_by_decision(events: list[dict[str, Any]]) -> dict[int, list[dict[str, Any]]]:
    """The logged undo lines by the number of decision lines before them: the lines to write again when
    the replayed game asks that decision."""
    out: dict[int, list[dict[str, Any]]] = {}
    decisions = 0
    for e in events:
        t = e.get("t")
        if t == "decision":
            decisions += 1
        elif t == UNDO:
            out.setdefault(decisions, []).append(e)
    return out


__all__ = ["KIND_WORDS", "UNDO", "judge_undo_words", "undo_event", "undo_problem", "undo_words", "undos_by_decision"]

"""The constants and helpers BlackPoker's common rules share: the hand limit, the ranks of 世代交代, the
suits' ids, a rank's order, how a result and an event are told.
"""
from __future__ import annotations

import re

from bpdsl.dsl.cards import RANKS as RANK_ORDER
HAND_LIMIT = 7
NEXT_GEN_RANKS = frozenset({"Joker", "A", "J", "Q", "K"})
SUIT_IDS = ("spade", "heart", "diamond", "club")
NONE_WAIVED: frozenset[str] = frozenset()  # no character waives a cost


def describe_result(reason: str, seat: int) -> str:
    """The win check's reasons (3.10.5) in the reader's words; any other reason as logged."""
    if reason == "both lives are 0":
        return "両者のライフが0になった"
    m = re.fullmatch(r"player (\d+)'s life is 0", reason)
    if m:
        loser = int(m.group(1))
        return f"{seat_word(loser, seat) if seat >= 0 else f'プレイヤー{loser}'}のライフが0になった"
    return reason


# events told in the same words to both seats: event type -> wording over the event's fields
TOLD = {"pass": "{who}: パス", "resolve": "{whose}{action} を解決", "negated": "{whose}{action} は無効になった",
         "no_effect": "{whose}{action} は対象を失い効果なし", "damage": "{who} に {n} 点のダメージ",
         "draw": "{who} が {n} 枚引いた", "cost": "{who} がコスト {letter} を支払った",
         "turn": "ターン {turn_no}: {who}のターン", "pack_face_up": "{who} がパックを表向きにした", "over": "ゲーム終了"}
ZONE_NAMES = {"grave": "墓地", "hand": "手札", "life": "ライフ", "fog": "フォグ", "field": "場"}


def seat_word(seat: int, me: int) -> str:
    return "あなた" if seat == me else "相手"


def rank_index(rank: str) -> int:
    return RANK_ORDER.index(rank) if rank in RANK_ORDER else -1


__all__ = ["HAND_LIMIT", "NEXT_GEN_RANKS", "NONE_WAIVED", "SUIT_IDS", "TOLD", "ZONE_NAMES", "describe_result", "rank_index",
           "seat_word"]

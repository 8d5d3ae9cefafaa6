"""Reading a condition an official sentence states in words, as the expression it checks.

The official lists state some conditions in words no op of bpdsl prints by itself: the frame list's レアドロー
says 「プレイヤーのライフが9以下の場合にしかこのアクションを起こすことができない。」.  A designer writes that as
``only_if: {if: me.life <= 9}`` with the sentence's words as a ``cond:`` term beside the call; the import
finds the same by reading the words the sentence says where the call's condition is printed.

What is read is a comparison of a number of the game's state (a player's life, hand or field, the turn) with
a number, 「<number's words>が<N><order>」 with an optional counter (枚, 体) and case ending (「の場合に」,
「の時」 ...).  The number's words are those the game declares for its names
(:mod:`bpdsl.games.blackpoker.expr_names` and the phrases' own nouns),
also with a count's 「の枚数」/「の数」 left unsaid (「ライフが9以下」 of 「ライフの枚数」) and, for the names of
the player who raises the action, with the word the conditions and notes of the lists give that player
(「プレイヤー」, as in 「プレイヤーは、1ターンに1回まで…」).  No sentence is kept here: only the grammar of a
comparison and the words of the names; what is read is printed back and compared by the import's render
check like every other composition.
"""
from __future__ import annotations

import re
from functools import lru_cache

from bpdsl.dsl.expr import ExprError, parse
from bpdsl.games.blackpoker.expr_names import NAMES
from bpdsl.games.blackpoker.ops._common import EXPR_NOUNS, ORDER_WORDS

# the names a condition may read wherever it stands: the players' state and the turn (not what a step or the
# action being resolved looks at: each.*, key.*, target.* have a value only there)
STATE_PREFIXES = ("me.", "opponent.", "turn.")
# the player raising the action, as the official conditions and notes name them besides the names' own 自分
RAISER_WORDS = ("プレイヤー",)
MY = "自分の"  # how the names of the raising player (me.*) begin
COUNT_ENDINGS = ("の枚数", "の数")
CASE_ENDINGS = ("の場合に", "の場合", "場合に", "場合", "の時に", "の時", "時に", "時")

_ORDER = {words: op for op, words in ORDER_WORDS.items()}
_COMPARISON = re.compile(r"(?P<what>.+?)が(?P<n>\d+)(?:枚|体)?(?P<order>" + "|".join(
    sorted(map(re.escape, _ORDER), key=len, reverse=True)) + r")")


@lru_cache(maxsize=1)
def number_words() -> dict[str, str]:
    """The words of each number of the game's state (int names) -> the name, every way a list may say it."""
    nouns = {name: info.phrase_ja for name, info in NAMES.items()
             if info.type == "int" and info.phrase_ja and name.startswith(STATE_PREFIXES)}
    nouns.update({name: words for name, words in EXPR_NOUNS.items() if name.startswith(STATE_PREFIXES)})
    out: dict[str, str] = {}
    for name, words in nouns.items():
        said = {words} | {words.removesuffix(end) for end in COUNT_ENDINGS if words.endswith(end)}
        if name.startswith("me."):  # 「自分のライフ」 also as 「プレイヤーのライフ」
            said |= {raiser + w[len(MY) - 1:] for w in list(said) if w.startswith(MY) for raiser in RAISER_WORDS}
        for w in said:
            out.setdefault(w, name)  # the first declared name keeps a wording two names share
    return out


def read_condition(words: str) -> str | None:
    """The expression (source text) a condition in words checks, or None where the words are not a
    comparison of a number of the game's state with a number.  ``words`` is normalised text (no spaces)."""
    body = words
    for end in CASE_ENDINGS:
        if body.endswith(end):
            body = body[: -len(end)]
            break
    m = _COMPARISON.fullmatch(body)
    if m is None:
        return None
    name = number_words().get(m.group("what"))
    if name is None:
        return None
    source = f"{name} {_ORDER[m.group('order')]} {int(m.group('n'))}"
    try:
        parse(source, expect="bool")
    except ExprError:
        return None
    return source

"""Shared wording helpers of the BlackPoker ops (no op is declared here).

Phrases return the printed Japanese text of one op call.  A phrase may return several lines separated by
``"\\n"``; a line indented by two spaces per level is a sub-item of the line above it (the renderer turns
them into nested lists, e.g. the conditions of カウンター or the steps of the bulwark in ダメージ判定).

Expressions (``amount: key.spade.rank``) reach a phrase either as source text (op examples, raw data) or
as a parsed ``bpdsl.dsl.expr`` object (validated definitions); :func:`src` gives the source text of both,
and :func:`noun` / :func:`predicate` turn it into the printed words.  An expression without a printed
wording renders as its source text, which the golden test then reports.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.dsl.cards import RANK_VALUES  # Table 3.1 (re-exported for the size phrases)
from bpdsl.games.blackpoker.expr_names import NAMES
from bpdsl.ops.args import CONDITION_WORDERS, PREDICATE_WORDS, get, predicate, source_text  # get, predicate: re-exported
from bpdsl.ops.registry import PhraseContext, declare_term


RANKS = ["Joker", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]  # printed order

# Printed nouns of the character types (types, not character ids: 兵士 covers 一般兵, 英雄, ...).
NOUNS: dict[str, str] = {"soldier": "兵士", "bulwark": "防壁", "character": "キャラクター"}

FACES: dict[str, str] = {"up": "表向き", "down": "裏向き"}
STATES: dict[str, str] = {"charge": "チャージ状態", "drive": "ドライブ状態"}

# Printed words of expressions: a name's own wording is declared with the name (bpdsl.dsl.expr_names);
# this table only holds the wordings the sheets print differently in an op's sentence (source text without
# spaces -> words). Nouns are what a value *is*; predicates give (holds, does not hold).
EXPR_NOUNS: dict[str, str] = {
    "target.size": "対象の兵士の数字",  # 死の槍 prints 数字 even in act8.0
}
EXPR_PREDICATES: dict[str, tuple[str, str]] = {
    "key.has_ace": ("キーカードにAが含まれる", "キーカードにAが含まれない"),
    "attackers.count>=1": ("アタッカーが1体以上いる", "アタッカーがいない"),
    "target.charged": ("対象のキャラクターがチャージ状態の", "対象のキャラクターがドライブ状態の"),
    "target.is_soldier": ("対象が兵士の", "対象が兵士でない"),
    "target.is_bulwark": ("対象が防壁の", "対象が防壁でない"),
    "turn.is_mine": ("ターンを持っている時", "ターンを持っていない時"),
    "chosen.found": ("選べた", "選べなかった"),
    "target.shares_key": ("対象アクションのキーカードのいずれかがこのアクションのキーカードと同じ",
                          "対象アクションのキーカードのいずれもこのアクションのキーカードと異なる"),
    "me.pack_sealed": ("パックが開封済みでない", "パックが開封済みの"),
    "step.end": ("エンドアクションが起こされている", "エンドアクションが起こされていない"),
    "step.combat": ("アタックの最中である", "アタックの最中でない"),
}
PREDICATE_WORDS.update(EXPR_PREDICATES)  # the generic conditions (only_if) print them too

# ids of the reference-type enumerations used in schemas
CARD_SOURCES = ["key", "hand", "life_top", "target", "grave"]
WHO = ["self", "opponent", "turn_player", "target", "target_owner"]


src = source_text  # the source text of an expression argument (bpdsl.ops.args)


def _key(value: Any) -> str:
    return "".join(src(value).split())


def noun(value: Any, ctx: PhraseContext | None = None) -> str:
    """Printed words of a value expression: ``key.spade.rank`` -> キーカードの♠カードの数字.

    An edition may word a name its own way with a term ``expr:<name>`` (act8.2 prints key.rank_sum as
    キーカードの合計値), which wins over the tables here."""
    key = _key(value)
    if ctx is not None and f"expr:{key}" in ctx.terms:
        return ctx.terms[f"expr:{key}"]
    if key in EXPR_NOUNS:
        return EXPR_NOUNS[key]
    if key.lstrip("-").isdigit():
        return key
    info = NAMES.get(key)  # names declared by the DSL carry their own wording
    return info.phrase_ja if info is not None else src(value)


ORDER_WORDS = {"<=": "以下", ">=": "以上", "<": "未満", ">": "より大きい", "==": "と等しい"}


_MORE_WORDS = {**ORDER_WORDS, "!=": "と等しくない"}
_COUNT = "の枚数"  # a count's noun: 「対象アクションのキーカードの枚数」 == 2 reads 「…キーカードが2枚」


def condition_words(node: Any, ctx: PhraseContext, subject: list[str] | None = None) -> str | None:
    """The printed words of a condition (a parsed expression node), or None when it has no wording of its
    own: comparisons as 以上/以下/…, ``X % Y == 0`` as 「Yで割切れる」, ``!= 0`` as 「0以外」, a count
    ``== N`` as 「…がN枚」, ``and`` as 「かつ」.  A subject is said once when the next condition is about the
    same thing, and then the conditions join with 「かつ、」 (死の槍: 「…の数字が0以外かつ、…で割切れる」)."""
    subject = [] if subject is None else subject
    op = getattr(node, "op", None)
    if op == "and":
        left = condition_words(node.left, ctx, subject)
        said = len(subject)
        right = condition_words(node.right, ctx, subject)
        if left is None or right is None:
            return None
        if left.endswith("る時") or left.endswith("い時"):  # 「ターンを持っている時」 joined: 「…持っているかつ」
            left = left[:-1]
        elided = len(subject) > said and len(subject) > 1 and subject[-1] == subject[-2]
        return f"{left}かつ{'、' if elided else ''}{right}"
    if op is None or op == "not":  # a condition named by itself: 「キーカードにAが含まれる」
        return _bool_words(node)
    if op not in _MORE_WORDS:
        return None
    left, right = node.left, node.right
    if op == "==" and getattr(left, "op", None) == "%" and getattr(right, "value", None) == 0:
        what, words = left.left, f"{_expr_noun(left.right, ctx)}で割切れる"  # X % Y == 0
    elif op == "!=" and getattr(right, "value", None) == 0 and not isinstance(getattr(right, "value", None), bool):
        what, words = left, "0以外"
    else:
        what, words = left, f"{_expr_noun(right, ctx)}{_MORE_WORDS[op]}"
    name = _expr_noun(what, ctx)
    if op == "==" and name.endswith(_COUNT) and isinstance(getattr(right, "value", None), int):
        subject.append(name)
        return f"{name[:-len(_COUNT)]}が{right.value}枚"
    said = bool(subject) and subject[-1] == name
    subject.append(name)
    return words if said else f"{name}が{words}"


def _bool_words(node: Any) -> str | None:
    """The words of a condition that is a name, or ``not`` a name: its predicate words (holds, fails), else
    the wording its declaration gives (「エンドアクションが起こされた後」), or None."""
    negate = getattr(node, "op", None) == "not"
    name = getattr(node.operand if negate else node, "name", None)
    if name is None:
        return None
    if name in PREDICATE_WORDS:
        yes, no = PREDICATE_WORDS[name]
        return no if negate else yes
    info = NAMES.get(name)
    if info is None or info.type != "bool" or negate:
        return None
    return info.phrase_ja


def _worded_names(node: Any, ctx: PhraseContext) -> bool:
    """Whether every name of a condition has printed words (a BlackPoker name, or an ``expr:`` term)."""
    name = getattr(node, "name", None)
    if name is not None:
        return name in NAMES or f"expr:{name}" in ctx.terms
    return all(_worded_names(getattr(node, part), ctx) for part in ("left", "right", "operand")
               if getattr(node, part, None) is not None)


# only_if and the others print BlackPoker's conditions in words too (another game's names keep their own)
CONDITION_WORDERS.append(lambda root, ctx: condition_words(root, ctx) if _worded_names(root, ctx) else None)


def case_words(words: str) -> str:
    """「<condition>場合、」 with the の a condition ending in a noun takes (「…以上の場合、」, 「…が2枚の場合、」) and a
    verb or adjective does not (「…で割切れる場合、」, 「…がない場合、」)."""
    if words.endswith("る時") or words.endswith("い時"):  # 「ターンを持っている時」 as a case: 「…持っている場合、」
        words = words[:-1]
    last = words[-1:] if words else ""
    return f"{words}{'' if not last or chr(0x3041) <= last <= chr(0x309f) else 'の'}場合、"


def case_of(ctx: PhraseContext, condition: Any) -> str:
    """「<condition>場合、」 of a step's ``if``: the call's or edition's ``cond:`` wording when there is one
    (悪あがき: 「手札がない場合、」), else a comparison in the words proceed_if prints (スラッシュ: 「対象の兵士が…以下の
    場合、」), else the condition's predicate words (「選べなかった場合、」)."""
    worded = ctx.terms.get("cond:" + "".join(src(condition).split()))
    if worded is not None:
        return case_words(worded)
    root = getattr(condition, "root", None)
    words = condition_words(root, ctx) if root is not None else None
    return case_words(words) if words is not None else f"{predicate(condition, ctx)}場合、"


def disjuncts(node: Any) -> list[Any]:
    """The alternatives of an ``or`` condition, in written order (one node when it is no ``or``)."""
    if getattr(node, "op", None) == "or":
        return disjuncts(node.left) + disjuncts(node.right)
    return [node]


def _expr_noun(node: Any, ctx: PhraseContext) -> str:
    from bpdsl.dsl.expr import unparse

    return noun(unparse(node), ctx)


def filter_words(value: Any, ctx: PhraseContext, subject: dict[str, str]) -> str:
    """Printed words of a filter over the things a step selects: ``each.size <= key.rank_sum`` ->
    サイズがキーカードの合計値以下の. ``subject`` maps the selection's names to their printed attribute
    ("" when the attribute goes without saying: a card's 数字 in 「キーカードの合計値以下のカード」)."""
    from bpdsl.dsl.expr import Binary, Name

    root = getattr(value, "root", None)
    if isinstance(root, Binary) and root.op in ORDER_WORDS and isinstance(root.left, Name) \
            and root.left.name in subject:
        from bpdsl.dsl.expr import unparse

        attr = subject[root.left.name]
        rhs = noun(unparse(root.right), ctx)
        return f"{attr + 'が' if attr else ''}{rhs}{ORDER_WORDS[root.op]}の"
    return src(value)


def request_word(ctx: PhraseContext) -> str:
    """What the sheet calls a raised action: アクション (act8.0) or リクエスト (act8.2)."""
    return ctx.term("request", "アクション")


def label_ref(ctx: PhraseContext, label: str) -> str:
    """A label named in a sentence: ラベルにアタッカー (act8.0) or <アタッカー> (act8.2)."""
    return f"<{label}>" if ctx.term("label_ref", "") == "bracket" else f"ラベルに{label}"


TARGET_FORM = declare_term("target_form", "sentence", ("noun",),
                          "how (対象) prints what is targeted: as a sentence 「兵士1体を対象とする。」 or as a noun "
                          "「兵士1体」 (第8.2版)")


def noun_targets(ctx: PhraseContext) -> bool:
    """True where (対象) prints what is targeted as a noun (act8.2 「兵士1体」), not a sentence."""
    return ctx.term("target_form", "") == "noun"


STAGE_REF = declare_term("stage_ref", "アクション", ("リクエスト",),
                        "what a trump's effect calls a raised action on the stage: 対象アクション (第8.2版) / "
                        "対象リクエスト (the 第9.0版 frame list)")


def stage_ref(ctx: PhraseContext) -> str:
    """The word for a raised action on the stage (the wording term ``stage_ref``)."""
    return ctx.term(STAGE_REF.key, STAGE_REF.default)


def target_sentence(ctx: PhraseContext, what: str) -> str:
    return what if noun_targets(ctx) else f"{what}を対象とする。"


def target_noun(ctx: PhraseContext, default: str = "対象") -> str:
    """The printed noun of the entry's target (兵士, 対戦相手, プレイヤー, リクエスト ...) for 「対象の…」."""
    call = ctx.target
    if call is None:
        return default
    args = getattr(call, "args", {}) or {}
    op = getattr(call, "op", "")
    if op == "target_character":
        return NOUNS[args.get("what") or "character"]
    if op == "target_player":
        return "対戦相手" if (args.get("who") or "opponent") == "opponent" else "プレイヤー"
    if op == "target_action":
        return request_word(ctx)
    return default


def life(ctx: PhraseContext) -> str:
    """デッキ (act6.1) or ライフ (act8.0): the pile that is the player's life."""
    return ctx.term("life")


def zone_name(ctx: PhraseContext, zone: str) -> str:
    names = {"life": life(ctx), "hand": "手札", "field": "場", "grave": "墓地", "fog": "フォグ", "stage": "ステージ",
             "trump": "切札", "pack": "パック", "rare": "レアカード"}
    return names.get(zone, zone)


def ranks_text(ranks: list[str] | tuple[str, ...]) -> str:
    return ",".join(ranks)


def sort_ranks(ranks: list[str]) -> list[str]:
    return sorted(ranks, key=lambda r: RANKS.index(r) if r in RANKS else 99)


def indent(lines: list[str], depth: int = 1) -> list[str]:
    return ["  " * depth + line for line in lines]

"""Target ops: what an action targets (対象).

Targets are chosen when the action is raised and checked again when it resolves (a lost target makes
the effect do nothing).  Characters may be restricted by type, controller, suit of the key cards and
Joker; players by side; actions on the stage by their number of key cards.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

try:
    import cython
except ImportError:  # without Cython (the ``speed`` extra) its declarations change nothing
    from bpdsl import purecython as cython

from bpdsl.dsl.cards import card_at, parse_pattern
from bpdsl.engine.gamebase import Ctx
from bpdsl.engine.state import Character

from bpdsl.games.blackpoker.ops._common import FACES, NOUNS, STATES, get, noun_targets, request_word, target_sentence
from bpdsl.ops.registry import PhraseContext, declare, declare_term
from bpdsl.engine.compiled import RANK, SUIT
from bpdsl.games.blackpoker.components import DECK_SIZE


TARGET_FORM = declare_term("target_form", "sentence", ("noun",),
                           "how (対象) prints what is targeted: 兵士1体を対象とする。 (sentence) / 兵士1体 (noun, act8.2)")


def _character_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    noun = NOUNS[get(a, "what", "character")]
    n = get(a, "count", 1)
    contains = a.get("contains")
    if contains is not None:  # 「◇2〜10のカードを含んだ兵士」
        noun = f"{getattr(contains, 'text', contains)}のカードを含んだ{noun}"
    noun = _state_words(a) + noun  # 「ドライブ状態のキャラクター」 (虚脱)
    where = ""
    if noun_targets(ctx):  # act8.2: 「キーカードとスートが等しい自分の兵士1体」
        if get(a, "same_suit_as_key", False):
            where += f"キーカードと{ctx.term('suit')}が等しい"
        where += {"self": "自分の", "opponent": "対戦相手の"}.get(get(a, "controller", "any"), "")
        if where and get(a, "on_field", False):  # 修繕 (フレーム編): 「自分の場にいる兵士1体」
            where += "場にいる"
        text = f"{where}{noun}{n}体"
        return text + ("Jokerは対象にできない。" if get(a, "exclude_joker", False) else "")
    if get(a, "controller", "any") == "self":
        if get(a, "same_suit_as_key", False):
            where = f"自分の場にいるキーカードと同じ{ctx.term('suit')}の"
        else:
            where = "自分の場の"
    elif get(a, "same_suit_as_key", False):
        where = f"キーカードと同じ{ctx.term('suit')}の"
    text = f"{where}{noun}{n}体を対象とする。"
    if get(a, "exclude_joker", False):
        text += "Jokerは対象にできない。"
    return text


def _state_words(a: Mapping[str, Any]) -> str:
    """The printed filter of a character's state: 「ドライブ状態の」, 「裏向きの」, 「表向きかつチャージ状態の」."""
    words = [FACES[a["face"]]] if a.get("face") else []
    if a.get("state"):
        words.append(STATES[a["state"]])
    return "かつ".join(words) + "の" if words else ""


def _prepare_character(a: Mapping[str, Any]) -> Callable[[Any, Mapping[str, Any]], list[Any]]:
    """The executor of one ``target_character`` call, its arguments read once (the op lists targets at most
    decisions, and at most listings of legal actions)."""
    what = a.get("what") or "character"
    kind = None if what == "character" else what
    who = a.get("controller") or "any"
    same_suit = bool(a.get("same_suit_as_key"))
    no_joker = bool(a.get("exclude_joker"))
    contains = a.get("contains")
    slot = None
    if contains is not None:
        slot = (parse_pattern(contains) if isinstance(contains, str) else contains).slots[0]
    mine, theirs = who != "opponent", who != "self"
    state, face = a.get("state"), a.get("face")
    driven = None if state is None else state == "drive"
    face_up = None if face is None else face == "up"

    if slot is None and not no_joker and not same_suit and driven is None and face_up is None:  # by type and controller alone (most calls)
        @cython.locals(ctx=Ctx, ch=Character)
        def by_kind(ctx: Any, _a: Mapping[str, Any]) -> list[Any]:
            seat, players = ctx.seat, ctx.game.state.players
            out = []
            for p in ((seat, 1 - seat) if mine and theirs else (seat,) if mine else (1 - seat,)):
                for ch in players[p].field:
                    if kind is None or ch.kind == kind:
                        out.append(("char", ch.uid))
            return out
        return by_kind

    @cython.locals(ctx=Ctx, ch=Character)
    def run(ctx: Any, _a: Mapping[str, Any]) -> list[Any]:
        seat, players = ctx.seat, ctx.game.state.players
        suits = {SUIT[c % DECK_SIZE] for c in ctx.inst.keys} if same_suit else None
        out = []
        for p in ((seat, 1 - seat) if mine and theirs else (seat,) if mine else (1 - seat,)):
            for ch in players[p].field:
                if kind is not None and ch.kind != kind:
                    continue
                if (driven is not None and ch.driven != driven) or (face_up is not None and ch.face_up != face_up):
                    continue
                if slot is not None and not any(slot(card_at(c % DECK_SIZE)) for c in ch.cards):
                    continue
                if no_joker and any(RANK[c % DECK_SIZE] == "Joker" for c in ch.cards):
                    continue
                if suits is not None and not any(SUIT[c % DECK_SIZE] in suits for c in ch.cards):
                    continue
                out.append(("char", ch.uid))
        return out
    return run


TARGET_CHARACTER = declare(
    "target_character", "target",
    args={
        "what": {"type": "string", "allowed": list(NOUNS), "default": "character"},
        "controller": {"type": "string", "allowed": ["any", "self", "opponent"], "default": "any"},
        "same_suit_as_key": {"type": "boolean", "default": False},
        "exclude_joker": {"type": "boolean", "default": False},
        "count": {"type": "integer", "min": 1, "default": 1},
        "contains": {"type": "pattern", "nullable": True},
        "state": {"type": "string", "allowed": list(STATES), "nullable": True},
        "face": {"type": "string", "allowed": list(FACES), "nullable": True},
        "on_field": {"type": "boolean", "default": False},
    },
    phrase=_character_phrase,
    summary=("Target `count` characters on the field: of type `what` (soldier, bulwark or any character), "
             "controlled by `controller`, optionally of the key card's suit, optionally not containing a Joker, "
             "optionally holding a card matching `contains` (修繕: 「◇2〜10のカードを含んだ兵士」), optionally only in "
             "`state` charge or drive and face `up` or `down` (虚脱: 「ドライブ状態のキャラクター1体」). `on_field` prints "
             "「自分の場にいる兵士1体」 where the noun form says 「自分の兵士1体」 (a wording only)."),
    example={"target_character": {"what": "soldier", "controller": "self", "same_suit_as_key": True,
                                  "exclude_joker": True}},
    prepare=_prepare_character,
)


@TARGET_CHARACTER.executor
def _target_character(ctx: Any, a: Mapping[str, Any]) -> list[Any]:
    return _prepare_character(a)(ctx, a)


TARGET_PLAYER = declare(
    "target_player", "target",
    args={"who": {"type": "string", "allowed": ["opponent", "any"], "default": "opponent"},
          "count": {"type": "integer", "min": 1, "default": 1}},
    phrase=lambda ctx, a: target_sentence(
        ctx, f"{'対戦相手' if get(a, 'who', 'opponent') == 'opponent' else 'プレイヤー'}{get(a, 'count', 1)}人"),
    summary="Target `count` players (an opponent of the controller by default).",
    example={"target_player": {"who": "opponent"}},
)

@TARGET_PLAYER.executor
def _target_player(ctx: Any, a: Mapping[str, Any]) -> list[Any]:
    if get(a, "who", "opponent") == "opponent":
        return [("player", 1 - ctx.seat)]
    return [("player", ctx.seat), ("player", 1 - ctx.seat)]


def _action_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    words = ""
    if a.get("key_counts"):
        counts = "または".join(f"{n}枚" for n in a["key_counts"])
        words += f"キーカードが{counts}の"
    if a.get("actions"):
        words += "・".join(f"{ctx.name(x)}アクション" for x in a["actions"]) + "の"
    if get(a, "has_target", False):
        words += "対象が指定されている"
    return target_sentence(ctx, words + request_word(ctx))


TARGET_ACTION = declare(
    "target_action", "target",
    args={"key_counts": {"type": "list", "minlength": 1, "nullable": True, "schema": {"type": "integer", "min": 0}},
          "actions": {"type": "list", "minlength": 1, "nullable": True,
                      "schema": {"type": "ref", "meta": {"ref": "action"}}},
          "has_target": {"type": "boolean", "default": False}},
    phrase=_action_phrase,
    summary=("Target one action on the stage (another than this one): whose number of key cards is one of "
             "`key_counts`, that is one of `actions`, that has a target itself (`has_target`); never an "
             "action whose notes say it cannot be targeted by this action (`not_targeted_by`)."),
    example={"target_action": {"key_counts": [1, 2]}},
    keyed_targets=False,  # key_counts are the targeted action's key cards, not this action's
)

@TARGET_ACTION.executor
def _target_action(ctx: Any, a: Mapping[str, Any]) -> list[Any]:
    counts = set(a["key_counts"]) if a.get("key_counts") else None
    ids = set(a["actions"]) if a.get("actions") else None
    need_target = bool(a.get("has_target"))
    me = ctx.inst.uid if ctx.inst is not None else -1
    mine = ctx.inst.action.id if ctx.inst is not None and ctx.inst.action is not None else ""
    out = []
    for x in ctx.state.stage:
        if x.uid == me or (counts is not None and len(x.keys) not in counts):
            continue
        if ids is not None and x.action.id not in ids:
            continue
        if need_target and x.target is None:
            continue
        if mine in x.action.untargetable_by:
            continue
        out.append(("action", x.uid))
    return out

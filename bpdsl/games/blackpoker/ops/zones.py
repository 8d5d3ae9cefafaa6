"""Zone ops: moving cards between life (deck), hand, field, grave and fog.

Covers putting cards onto the field as a character (every summon, 防壁設置, 防壁補充, 装備), drawing,
searching the life, revealing until a card of given ranks appears (世代交代), sending characters to the
grave, clearing the fog (エンド), and ``move_cards``: the general move of a target's, chosen or key cards to the top or bottom of a zone (死の槍 is ``move_cards`` to the life top in an
order the owner chooses; 帰還 is ``move_cards`` ``back`` to the hand, of the target if it is charged and of
the key cards; リアニメイト is ``choose_cards`` from the grave, then an ``attempt`` to send the target
to the grave: the chosen card onto the field if it went, else ``move_cards`` ``back`` to the grave).
"""
from __future__ import annotations

import itertools
from typing import Any, Callable, Mapping

from bpdsl.games.blackpoker.ops._common import (FACES, NOUNS, STATES, case_of, case_words, condition_words, get, life, noun, predicate,
                                               ranks_text, target_noun,
                                               zone_name)
from bpdsl.engine.rng import shuffle
from bpdsl.ops._nested import report_done
from bpdsl.ops.registry import PhraseContext, declare, declare_term, retire
from bpdsl.games.blackpoker.components import Z_FOG, Z_GRAVE, Z_HAND, Z_LIFE, Z_STAGE
from bpdsl.games.blackpoker.events import Revealed

_FACE = {"type": "string", "allowed": list(FACES)}
_STATE = {"type": "string", "allowed": list(STATES)}


def _put_source(ctx: PhraseContext, cards: str, count: int) -> str:
    if cards == "key":
        return "キーカード"
    if cards == "hand":
        return f"手札からカード{count}枚"
    if cards == "life_top":
        return f"自分の{life(ctx)}の一番上から{count}枚"
    if cards == "chosen":
        return "選んだカード"
    return cards


def _put_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    as_ = a.get("as")
    name = ctx.name(as_) if as_ else NOUNS["soldier"]  # no kind: the soldier the cards' rank makes
    face, state = get(a, "face", "up"), get(a, "state", "charge")
    text = f"{_put_source(ctx, a['cards'], get(a, 'count', 1))}を{name}として{FACES[face]}かつ{STATES[state]}で場に出す。"
    if a.get("wording") == "choose" and a["cards"] == "hand":  # スイッチ: 「手札からカードを1枚選び、兵士として…」
        shown = "" if face == "up" else f"{FACES[face]}かつ"
        text = f"手札からカードを{get(a, 'count', 1)}枚選び、{name}として{shown}{STATES[state]}で場に出す。"
    if a.get("if") is not None:  # 防壁追加: 「対戦相手の場にいる防壁の数が自分の場にいる防壁の数以上の場合、…」
        root = getattr(a["if"], "root", None)
        words = condition_words(root, ctx) if root is not None else None
        text = f"{case_words(words if words is not None else predicate(a['if']))}{text}"
    alt = a.get("or")
    if alt:
        alt_src = _put_source(ctx, a["cards"], get(alt, "count", get(a, "count", 1)))
        text += (f"もしくは、{alt_src}を{name}として{FACES[get(alt, 'face', face)]}かつ"
                 f"{STATES[get(alt, 'state', state)]}で場に出す。")
    if get(a, "see_abilities", False):
        # the sheets print 「防壁の能力は…」 without the comma they print after soldiers' names
        text += f"{name}の能力は{'' if face == 'down' else '、'}キャラクターリスト参照。"
    if get(a, "see_placement", False):
        text += "防壁の置き方は「防壁の置き方」参照。"
    return text


PUT_ONTO_FIELD = declare(
    "put_onto_field", "effect",
    args={
        "cards": {"type": "string", "allowed": ["key", "hand", "life_top", "chosen"], "required": True},
        "count": {"type": "integer", "min": 1, "default": 1},
        "as": {"type": "ref", "meta": {"ref": "character"}},
        "face": {**_FACE, "default": "up"},
        "state": {**_STATE, "default": "charge"},
        "or": {"type": "dict", "schema": {"count": {"type": "integer", "min": 1}, "face": _FACE, "state": _STATE}},
        "see_abilities": {"type": "boolean", "default": False},
        "see_placement": {"type": "boolean", "default": False},
        "if": {"type": "expr", "nullable": True, "meta": {"expr": "bool"}},
        "wording": {"type": "string", "allowed": ["plain", "choose"], "default": "plain"},
    },
    phrase=_put_phrase,
    summary=("Put cards onto the field as one character of the given kind (`as`; without it the soldier their "
             "rank makes them: 一般兵, 英雄, エース ...), face up or down, charged or driven. `cards`: the key "
             "cards, `count` cards chosen from the hand, the top `count` cards of the own life, or the cards a "
             "choose step picked that are still where they were chosen. `or` offers the player an alternative count/state (防壁補充). `see_*` only add "
             "the printed references to the character list and the bulwark placement box. With `if`, only when the "
             "condition holds (防壁追加: `if: opponent.bulwarks >= me.bulwarks`). `wording: choose` prints a hand card as "
             "「手札からカードを1枚選び、兵士としてチャージ状態で場に出す。」 (スイッチ)."),
    example={"put_onto_field": {"cards": "key", "as": "general_soldier", "face": "up", "state": "charge"}},
)

@PUT_ONTO_FIELD.executor
def _put_onto_field(ctx: Any, a: Mapping[str, Any]) -> None:
    rules, game, seat = ctx.hooks, ctx.game, ctx.seat
    if a.get("if") is not None and not ctx.value(a["if"]):
        return
    count, face, state = get(a, "count", 1), get(a, "face", "up"), get(a, "state", "charge")
    alt = a.get("or")
    if alt:
        alt_count, alt_face, alt_state = get(alt, "count", count), get(alt, "face", face), get(alt, "state", state)
        choice = ctx.decide(seat, "choose", [0, 1], {"what": "場に出す方法"},
                            [f"{count}枚を{FACES[face]}かつ{STATES[state]}",
                             f"{alt_count}枚を{FACES[alt_face]}かつ{STATES[alt_state]}"])
        if choice == 1:
            count, face, state = alt_count, alt_face, alt_state
    p = game.state.players[seat]
    if a["cards"] == "key":
        cards = list(ctx.inst.keys)
    elif a["cards"] == "chosen":
        where = ctx.inst.data.get("chosen_from")
        cards = [c for c in ctx.inst.data.get("chosen", []) if where is None or ctx.state.loc[c][0] == where]
    elif a["cards"] == "life_top":
        cards = [p.life[-1 - i] for i in range(min(count, len(p.life)))]
    else:
        cards = []
        for _ in range(min(count, len(p.hand))):
            opts = sorted([c for c in p.hand if c not in cards])
            cards.append(opts[ctx.decide(seat, "choose", opts, {"what": "場に出すカード"},
                                         lambda: [rules.card_text(c) for c in opts])])
    if cards:
        rules.put_onto_field(game, seat, cards, a.get("as"), face == "up", state == "drive")


def _attach_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    name = ctx.name(a["as"])
    text = f"対象とした兵士の上にキーカードを置き{name}とする。"
    if get(a, "see_abilities", False):
        text += f"{name}の能力は、キャラクターリスト参照。"
    return text


ATTACH_KEY = declare(
    "attach_key", "effect",
    args={"as": {"type": "ref", "required": True, "meta": {"ref": "character"}}, "see_abilities": {"type": "boolean", "default": False}},
    phrase=_attach_phrase,
    summary=("Put the key cards on top of the targeted soldier; the soldier and the key cards become one "
             "character of kind `as` (装備兵) made of all those cards."),
    example={"attach_key": {"as": "armed_soldier", "see_abilities": True}},
    uses_target=True,
)

@ATTACH_KEY.executor
def _attach_key(ctx: Any, a: Mapping[str, Any]) -> None:
    ch = ctx.hooks.find(ctx.game, ctx.inst.target[1])
    if ch is not None and ctx.inst.keys:
        ctx.hooks.attach(ctx.game, ch, list(ctx.inst.keys), a["as"])


def _draw_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    more = "必要であれば、更に" if get(a, "optional", False) else ""
    text = f"{more}{life(ctx)}の一番上からカードを{get(a, 'count', 1)}枚引き、手札に加える。"
    if a.get("fewer_if") is not None:  # 第9.0版 ドロー: 「ただし、ライフが2以下の場合、1枚引く。」
        root = getattr(a["fewer_if"], "root", None)
        words = condition_words(root, ctx) if root is not None else None
        cond = words if words is not None else predicate(getattr(a["fewer_if"], "source", str(a["fewer_if"])))
        joint = "の" if cond.endswith(("以上", "以下", "未満")) else ""
        text += f"ただし、{cond}{joint}場合、{get(a, 'fewer_count', 1)}枚引く。"
    return text


DRAW = declare(
    "draw", "effect",
    args={"count": {"type": "integer", "min": 1, "default": 1}, "optional": {"type": "boolean", "default": False},
          "fewer_if": {"type": "expr", "meta": {"expr": "bool"}},
          "fewer_count": {"type": "integer", "min": 0, "default": 1}},
    phrase=_draw_phrase,
    summary=("The turn player draws `count` cards from the top of their life into the hand; with "
             "`optional: true` the player may decline (a decision). With `fewer_if` (a condition, read when "
             "the step runs) the player draws `fewer_count` cards instead while it holds (第9.0版 ドロー: 2 "
             "cards, 1 at life 2 or less: ``fewer_if: me.life <= 2``)."),
    example={"draw": {"count": 1, "optional": True}},
)

@DRAW.executor
def _draw(ctx: Any, a: Mapping[str, Any]) -> None:
    _prepare_draw(a)(ctx, a)


def _prepare_draw(a: Mapping[str, Any]) -> Callable[[Any, Mapping[str, Any]], None]:
    """One draw call with its arguments read once (every turn draws)."""
    optional, count = get(a, "optional", False), get(a, "count", 1)
    fewer_if, fewer_count = a.get("fewer_if"), get(a, "fewer_count", 1)

    def run(ctx: Any, _a: Mapping[str, Any]) -> None:
        game = ctx.game
        seat = game.state.turn  # ドロー: the turn player draws
        if optional and ctx.decide(seat, "draw_more", [False, True], {"what": "更に引くか"},
                                   ["引かない", "引く"]) == 0:
            return
        n = fewer_count if fewer_if is not None and ctx.value(fewer_if) else count
        if n:
            game.hooks.draw(game, seat, n)
    return run


DRAW.prepare = _prepare_draw


def _search_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    if get(a, "from", "life") == "rare":  # レアドロー: 「レアカードを1枚手札に加える。」 (the owner's own cards)
        shown = "選び対戦相手に見せ" if get(a, "reveal", True) else ""
        return f"{zone_name(ctx, 'rare')}を{get(a, 'count', 1)}枚{shown}手札に加える。"
    if get(a, "from", "life") == "grave":
        text = f"自分の墓地からカードを{get(a, 'count', 1)}枚選び"
    else:
        text = f"{life(ctx)}から好きなカードを{get(a, 'count', 1)}枚選び"
    if get(a, "reveal", True):
        text += "対戦相手に見せ"
    text += "手札に加える。"
    if get(a, "shuffle", True) and get(a, "from", "life") == "life":
        text += f"その後{life(ctx)}を切りなおす。"
    return text


SEARCH = declare(
    "search", "effect",
    args={
        "count": {"type": "integer", "min": 1, "default": 1},
        "reveal": {"type": "boolean", "default": True},
        "shuffle": {"type": "boolean", "default": True},
        "from": {"type": "string", "allowed": ["life", "grave", "rare"], "default": "life"},
    },
    phrase=_search_phrase,
    summary=("The controller chooses any `count` cards of their life (or, `from: grave`, of their grave; "
             "`from: rare`, of their rare cards: レアドロー 「レアカードを1枚手札に加える。」), "
             "shows them to the opponent (`reveal`), adds them to the hand, then shuffles the life "
             "(`shuffle`, a life only)."),
    example={"search": {"count": 1, "reveal": True, "shuffle": True}},
)

@SEARCH.executor
def _search(ctx: Any, a: Mapping[str, Any]) -> None:

    rules, seat = ctx.hooks, ctx.seat
    p = ctx.state.players[seat]
    source = get(a, "from", "life")
    pile = p.grave if source == "grave" else p.rare if source == "rare" else p.life
    for _ in range(get(a, "count", 1)):
        if not pile:
            break
        opts = sorted(pile)
        c = opts[ctx.decide(seat, "choose", opts, {"what": "手札に加えるカード"},
                            lambda: [rules.card_text(x) for x in opts])]
        rules.move_card(ctx.game, c, Z_HAND, seat)
        if ctx.game.log is not None and get(a, "reveal", True):
            ctx.game.log.write(Revealed(seat, card=rules.card_text(c)))
    if get(a, "shuffle", True) and pile is p.life:
        shuffle(ctx.game.rng, p.life)


def _reveal_until_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    return (f"{life(ctx)}の一番上から{ranks_text(a['ranks'])}のいずれかが出るまで"
            f"{zone_name(ctx, get(a, 'others_to', 'grave'))}にカードを移動し、出たら"
            f"{zone_name(ctx, get(a, 'found_to', 'hand'))}に加える。")


REVEAL_UNTIL = declare(
    "reveal_until", "effect",
    args={
        "ranks": {"type": "list", "required": True, "minlength": 1,
                  "schema": {"type": "string", "allowed": ["Joker", "A", "2", "3", "4", "5", "6", "7", "8", "9",
                                                           "10", "J", "Q", "K"]}},
        "others_to": {"type": "string", "allowed": ["grave"], "default": "grave"},
        "found_to": {"type": "string", "allowed": ["hand"], "default": "hand"},
    },
    phrase=_reveal_until_phrase,
    summary=("Move cards one by one from the top of the controller's life to `others_to` until a card of one "
             "of `ranks` appears; that card goes to `found_to`. Nothing is found when the life runs out."),
    example={"reveal_until": {"ranks": ["Joker", "A", "J", "Q", "K"], "others_to": "grave", "found_to": "hand"}},
)

@REVEAL_UNTIL.executor
def _reveal_until(ctx: Any, a: Mapping[str, Any]) -> None:

    rules, seat = ctx.hooks, ctx.seat
    p = ctx.state.players[seat]
    ranks = set(a["ranks"])
    while p.life:
        c = p.life[-1]
        if rules.card_rank(c) in ranks:
            rules.move_card(ctx.game, c, Z_HAND, seat)
            return
        rules.move_card(ctx.game, c, Z_GRAVE, seat)


def _to_grave_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    each = ctx.each
    if a["cards"] == "each" and each is not None:  # 剣の雨: サイズが…以下の全ての兵士を墓地に移す。
        if each.get("wording") == "all":  # 威圧 (フレーム編): サイズが10以下の兵士を全て墓地に移す。
            return f"{each['filter']}{each['whose']}{each['noun']}を全て墓地に移す。"
        return f"{each['filter']}{each['whose']}全ての{each['noun']}を墓地に移す。"
    where = "場から" if get(a, "from_field", True) else ""
    if get(a, "wording", "plain") == "x" and a.get("if") is not None:
        said = _x_condition(ctx, a["if"])
        if said is not None:  # スラッシュ (フレーム編): 「…のサイズがX以下なら、その兵士を墓地に移す。Xは…に等しい。」
            words, x = said
            return f"{words}なら、その{NOUNS[get(a, 'what', 'character')]}を{where}墓地に移す。Xは{x}に等しい。"
    cond = case_of(ctx, a["if"]) if a.get("if") is not None else ""
    return f"{cond}{ctx.term(TARGET_REF.key, TARGET_REF.default)}{NOUNS[get(a, 'what', 'character')]}を{where}墓地に移す。"


def _x_condition(ctx: PhraseContext, condition: Any) -> tuple[str, str] | None:
    """A comparison whose right side is not a number, said with X: (「対象の兵士のサイズがX以下」, what X is)."""
    from bpdsl.dsl.expr import unparse

    root = getattr(condition, "root", None)
    right = getattr(root, "right", None)
    if right is None or getattr(root, "op", None) in ("and", "or"):
        return None
    rhs = unparse(right)
    said = PhraseContext({**ctx.terms, f"expr:{rhs}": "X"}, ctx.names)
    words = condition_words(root, said)
    return None if words is None else (words, noun(rhs, ctx))


TARGET_REF = declare_term("target_ref", "対象の", ("対象とした",),
                          "how an effect names what its action targets: 対象の兵士 / 対象とした兵士")


SEND_TO_GRAVE = declare(
    "send_to_grave", "effect",
    args={"cards": {"type": "string", "allowed": ["target", "each"], "required": True},
          "what": {"type": "string", "allowed": list(NOUNS), "default": "character"},
          "from_field": {"type": "boolean", "default": True},
          "if": {"type": "expr", "nullable": True, "meta": {"expr": "bool"}},
          "wording": {"type": "string", "allowed": ["plain", "x"], "default": "plain"}},
    phrase=_to_grave_phrase,
    summary=("Move every card of a character from the field to its owner's grave: the target, or (`each`) "
             "the character a for_each step is at; with `if`, only when the condition holds. `from_field: "
             "false` leaves 場から out of the printed sentence. `wording: x` prints a comparison `if` with its right "
             "side as X (「対象の兵士のサイズがX以下なら、その兵士を墓地に移す。Xはキーカードのサイズに等しい。」)."),
    example={"send_to_grave": {"cards": "target", "what": "bulwark"}},
)

@SEND_TO_GRAVE.executor
def _send_to_grave(ctx: Any, a: Mapping[str, Any]) -> None:
    if a.get("if") is not None and not ctx.value(a["if"]):
        return
    if a["cards"] == "each":
        uid = int(ctx.inst.data.get("each", -1))
    else:
        t = ctx.inst.target
        uid = t[1] if t is not None and t[0] == "char" else -1
    ch = ctx.hooks.find(ctx.game, uid)
    report_done(ctx, ch is not None)
    if ch is not None:
        ctx.hooks.to_grave(ctx.game, ch)


_MOVE_ZONES = {"life": Z_LIFE, "hand": Z_HAND, "grave": Z_GRAVE}
_POSITIONS = {"top": "一番上", "bottom": "一番下", "choose": "一番上もしくは一番下"}  # choose: the player's choice
_PROMPT = {"life": "ライフ", "hand": "手札", "grave": "墓地"}  # the word a decision's prompt names a zone by


SOURCE_REF = declare_term("source_ref", "このアクションを起こした兵士", ("キーカード",),
                         "what an effect calls the soldier that raised its action by driving itself: 「このアクションを"
                         "起こした兵士」 or, as the frame list (the unit is the key card), 「キーカード」")
OWNER_FORM = declare_term("owner_form", "オーナーの", ("オーナー",),
                          "how a move names the owner's zone: 「オーナーの手札」 / 「オーナー手札」 (the frame list)")


def _move_subject(ctx: PhraseContext, cards: str) -> str:
    if cards == "each":  # outside a for_each's wording (its example): the character it is at
        return "そのキャラクター"
    if cards == "target":
        return f"対象の{target_noun(ctx, 'キャラクター')}"
    if cards == "source":
        return ctx.term(SOURCE_REF.key, SOURCE_REF.default)
    return {"chosen": "選んだカード", "key": "キーカード"}[cards]


def _move_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    cards, to = a["cards"], a["to"]
    owner = ctx.term(OWNER_FORM.key, OWNER_FORM.default) if get(a, "say_owner", False) else ""
    place = zone_name(ctx, to) + (f"の{_POSITIONS[get(a, 'position', 'top')]}" if to == "life" else "")
    if cards == "hand":  # 先読み: 「手札から1枚選びライフの一番上もしくは一番下に移す。」
        return f"手札から1枚選び{owner}{place}に{'戻す' if get(a, 'back', False) else '移す'}。"
    face = f"{FACES[a['face']]}で" if a.get("face") else ""
    verb = "戻す" if get(a, "back", False) else "移す"
    each = ctx.each
    if cards == "each" and each is not None:  # 救済: 「…以上の全ての兵士をオーナーのライフの一番上にオーナーの好きな順で移す。」
        order = "オーナーの好きな順で" if get(a, "order", "kept") == "owner" else ""
        return f"{each['filter']}{each['whose']}全ての{each['noun']}を{owner}{place}に{face}{order}{verb}。"
    cond = f"{predicate(a['if'])}場合、" if a.get("if") is not None else ""
    text = f"{cond}{_move_subject(ctx, cards)}を{owner}{place}に{face}{verb}。"
    if get(a, "order", "kept") == "owner" and cards == "target":
        text += f"{target_noun(ctx, 'キャラクター')}が複数のカードから成る場合、任意の順で{place}に{face}{verb}。"
    return text


MOVE_CARDS = declare(
    "move_cards", "effect",
    args={"cards": {"type": "string", "allowed": ["target", "chosen", "key", "source", "hand", "each"],
                    "required": True},
          "to": {"type": "string", "allowed": list(_MOVE_ZONES), "required": True},
          "position": {"type": "string", "allowed": list(_POSITIONS), "default": "top"},
          "face": {"type": "string", "allowed": ["down"], "nullable": True},
          "order": {"type": "string", "allowed": ["kept", "owner"], "default": "kept"},
          "say_owner": {"type": "boolean", "default": False},
          "back": {"type": "boolean", "default": False},
          "if": {"type": "expr", "nullable": True, "meta": {"expr": "bool"}}},
    phrase=_move_phrase,
    summary=("Move cards to a zone of their owner, on top or (`position: bottom`) under the pile: every card "
             "of the targeted character (it leaves the field) or of the soldier that raised this action (`source`), the cards a choose step picked that are still "
             "where they were chosen, or this action's key cards. `order: owner`: a character of several cards "
             "goes there in an order its owner chooses. `back`: the cards return where they came from "
             "(「戻す」; a card already in that zone stays where it lies). `face: down` and `say_owner` only word "
             "the sentence (a life is face down). With `if`, only when the condition holds (帰還: `if: "
             "target.charged`). `cards: each`: the character a for_each step is at (救済: every soldier of a "
             "size to its owner's life top, printed 「…全ての兵士を…に移す」). Reports whether anything was moved "
             "(an `attempt` reads it)."),
    example={"move_cards": {"cards": "target", "to": "life", "position": "top", "face": "down", "order": "owner",
                            "say_owner": True}},
)


@MOVE_CARDS.executor
def _move_cards(ctx: Any, a: Mapping[str, Any]) -> None:
    rules, game, s = ctx.hooks, ctx.game, ctx.state
    if a.get("if") is not None and not ctx.value(a["if"]):
        report_done(ctx, False)
        return
    zone, top = _MOVE_ZONES[a["to"]], get(a, "position", "top") == "top"
    if a["cards"] == "hand":  # one card the controller chooses from their hand
        hand = sorted(s.players[ctx.seat].hand)
        report_done(ctx, bool(hand))
        if not hand:
            return
        i = ctx.decide(ctx.seat, "choose", hand, {"what": f"{_PROMPT[a['to']]}に移すカード"},
                       lambda: [rules.card_text(c) for c in hand])
        if get(a, "position", "top") == "choose":
            top = ctx.decide(ctx.seat, "choose", [True, False], {"what": "移す場所"}, ["一番上", "一番下"]) == 0
        rules.move_card(game, hand[i], zone, s.owner[hand[i]], top=top)
        return
    if a["cards"] in ("target", "source", "each"):
        if a["cards"] == "source":  # the soldier driven to raise this action (スイッチ)
            uid = ctx.inst.data.get("source")
            ch = rules.find(game, uid) if uid is not None else None
        elif a["cards"] == "each":  # the character a for_each step is at
            ch = rules.find(game, int(ctx.inst.data.get("each", -1)))
        else:
            t = ctx.inst.target
            ch = rules.find(game, t[1]) if t is not None and t[0] == "char" else None
        report_done(ctx, ch is not None)
        if ch is None:
            return
        order = None
        if get(a, "order", "kept") == "owner":
            orders = [list(p) for p in itertools.permutations(ch.cards)] if len(ch.cards) <= 4 else [list(ch.cards)]
            i = ctx.decide(ch.owner, "order", orders, {"what": f"{_PROMPT[a['to']]}に置く順 (最後が一番上)"},
                           ["→".join(rules.card_text(c) for c in o) for o in orders])
            order = orders[i]
        moved = list(order or ch.cards)
        rules.leave_field(game, ch, zone, order=order)
        if not top:
            for c in reversed(moved):  # under the pile, the last of the order nearest the top
                rules.move_card(game, c, zone, s.owner[c], top=False)
        return
    if a["cards"] == "chosen":
        where = ctx.inst.data.get("chosen_from")
        cards = [c for c in ctx.inst.data.get("chosen", []) if where is None or s.loc[c][0] == where]
    else:  # key cards still on the stage (virtual key cards never move)
        cards = [] if ctx.inst.data.get("virtual_keys") else [c for c in ctx.inst.keys if s.loc[c][0] == Z_STAGE]
    report_done(ctx, bool(cards))
    for c in cards:
        if get(a, "back", False) and s.loc[c][0] == zone:
            continue  # already back where it belongs: it stays where it lies
        rules.move_card(game, c, zone, s.owner[c], top=top)


retire("return_to_hand", "move_cards: {cards: target, to: hand, back: true, if: target.charged} (if_state: charge) "
                         "or move_cards: {cards: key, to: hand, back: true}")
retire("move_to_life_top", "move_cards: {cards: target, to: life, position: top, face: down, order: owner, "
                           "say_owner: true}")


def _move_all_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    whose = "自分の" if get(a, "whose", "self") == "self" else "対戦相手の"
    return f"{whose}{zone_name(ctx, a['from'])}にあるカードを全て{zone_name(ctx, a['to'])}に移す。"


MOVE_ALL = declare(
    "move_all", "effect",
    args={"from": {"type": "string", "allowed": ["fog", "hand", "field"], "required": True},
          "to": {"type": "string", "allowed": ["grave"], "required": True},
          "whose": {"type": "string", "allowed": ["self", "opponent"], "default": "self"}},
    phrase=_move_all_phrase,
    summary="Move every card of one zone of a player to another zone (エンド clears the own fog into the grave).",
    example={"move_all": {"from": "fog", "to": "grave", "whose": "self"}},
)

@MOVE_ALL.executor
def _move_all(ctx: Any, a: Mapping[str, Any]) -> None:

    rules, game = ctx.hooks, ctx.game
    seat = ctx.seat if get(a, "whose", "self") == "self" else 1 - ctx.seat
    p = ctx.state.players[seat]
    if a["from"] == "field":
        for ch in list(p.field):
            rules.to_grave(game, ch)
        return
    zone = {"fog": Z_FOG, "hand": Z_HAND}[a["from"]]
    for c in list(p.zone(zone)):
        rules.move_card(game, c, Z_GRAVE, ctx.state.owner[c])


retire("revive_by_sacrifice", "choose_cards: {from: grave} then attempt: {do: {send_to_grave: {cards: target, "
                              "from_field: false}}, then: [{put_onto_field: {cards: chosen, face: up, state: "
                              "charge}}], else: [{move_cards: {cards: chosen, to: grave, back: true}}]} "
                              "(list: prose)")

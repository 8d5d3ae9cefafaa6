"""Effect ops of the エクストラ: the 切札 zone (オープン, クローズ, 切札破壊, 切札再生, 切札リセット) and the
effects of the actions trumps bring.

The zone ops move cards of the 切札 zone through :mod:`bpdsl.games.blackpoker.trumps`, which keeps which trumps
are face up and raises the events their abilities listen to.  The other ops are the effect steps of the
trump actions, written as general steps ("自分の場にいる全ての兵士をチャージ状態にする", "対象アクションを
ステージから取り除き…") so that a designer can reuse them.  ``not_executed`` marks a step the engine does not
run yet: it prints its ``text:`` override, and the trump whose action holds it is printed but not played.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.engine.compiled import SUIT
from bpdsl.games.blackpoker.components import Z_FOG, Z_HAND, Z_LIFE, Z_STAGE
from bpdsl.games.blackpoker.ops._common import NOUNS, case_of, get, noun, stage_ref
from bpdsl.ops.registry import PhraseContext, declare, declare_term, retire
from bpdsl.games.blackpoker.components import DECK_SIZE
from bpdsl.games.blackpoker.noeffect import keys_text, say_no_effect

_CARD = {"type": "string", "required": True, "regex": r"^[♠♡♥◇♦♢♣][A2-9JQK]$|^[♠♡♥◇♦♢♣]10$"}
_SEE = {"type": "boolean", "default": False}
SEE_TRUMPS = "切札については「切札について」参照"
SEE_ABILITIES = "切札に対応する能力については「アビリティリスト」参照"


def _see(a: Mapping[str, Any], *lines: str) -> str:
    return "".join("\n" + line for line in lines) if get(a, "see", False) else ""


def _card_index(ctx: Any, text: str, seat: int) -> int:
    from bpdsl.dsl.cards import parse_card

    return parse_card(text).index + DECK_SIZE * seat


def _trumps() -> Any:
    from bpdsl.games.blackpoker import trumps

    return trumps


# --------------------------------------------------------------------------- the 切札 zone

TRUMP_WORDS = declare_term("trump_words", "切札", ("表切札",),
                          "how the trump operations name trumps: 「自分の切札を1枚表にし、切札に対応した能力を有効にする」 "
                          "or, as the frame list, by face: 「自分の裏切札を1枚表にし表切札とする」")


def _frame_words(ctx: PhraseContext) -> bool:
    return ctx.term(TRUMP_WORDS.key, TRUMP_WORDS.default) == "表切札"


OPEN_TRUMP = declare(
    "open_trump", "effect",
    args={"see": _SEE},
    phrase=lambda ctx, a: ("自分の裏切札を1枚表にし表切札とする。" if _frame_words(ctx) else
                           "自分の切札を1枚表にし、切札に対応した能力を有効にする。" + _see(a, SEE_TRUMPS, SEE_ABILITIES)),
    summary="The controller turns one of their face-down trumps face up; its ability becomes active.",
    example={"open_trump": {"see": True}},
)

@OPEN_TRUMP.executor
def _open_trump(ctx: Any, a: Mapping[str, Any]) -> None:
    t = _trumps()
    down = t.openable(ctx.state, ctx.seat)
    if down and not t.forbidden_open(ctx.game, ctx.seat):  # 「…切札を表向きにできない」
        i = ctx.decide(ctx.seat, "trump", down, {"what": "表にする切札"}, [ctx.rules.card_text(c) for c in down])
        t.turn_up(ctx.game, ctx.seat, down[i])


def _close_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    if get(a, "same_suit", True):
        text = ("対象の切札が表向きかつキーカードのスートと同じ場合、その切札を裏向きにする。"
                "対象の切札に対応した能力は無効になる。")
    else:  # クローズ (フレーム編): 「対象の表切札を裏向きにする。」
        text = f"対象の{'表切札' if _frame_words(ctx) else '切札'}を裏向きにする。"
    if get(a, "for_turn", False):
        text += "このターンが終わるまで、それは表切札にならない。"
    if get(a, "fog", None):
        text += "その印としてフォグにキーカードを置く。"
    return text + _see(a, SEE_TRUMPS)


CLOSE_TRUMP = declare(
    "close_trump", "effect",
    args={"see": _SEE, "same_suit": {"type": "boolean", "default": True},
          "for_turn": {"type": "boolean", "default": False},
          "fog": {"type": "ref", "nullable": True, "meta": {"ref": "fog"}}},
    phrase=_close_phrase,
    summary=("If the targeted trump is face up (and, with `same_suit`, the default, of the key cards' suit), it "
             "turns face down (its ability ends). `for_turn`: it cannot turn face up again until the end of the "
             "turn; `fog`: the key cards go into the controller's fog as that fog card, the mark of it "
             "(クローズ, フレーム編)."),
    example={"close_trump": {"see": True}},
)

@CLOSE_TRUMP.executor
def _close_trump(ctx: Any, a: Mapping[str, Any]) -> None:
    t = _trumps()
    card = t.target_card(ctx)
    if card is None or not t.is_up(ctx.state, card):
        say_no_effect(ctx, a, "対象の切札はもう裏向き")
        return
    if get(a, "same_suit", True) and not all(SUIT[k % DECK_SIZE] == SUIT[card % DECK_SIZE] for k in ctx.inst.keys):
        say_no_effect(ctx, a, f"キーカード {keys_text(ctx)} のスートが対象の切札 {ctx.hooks.card_text(card)} と違う")
        return
    t.turn_down(ctx.game, card)
    if get(a, "for_turn", False):
        t.lock(ctx.state, card)
    if get(a, "fog", None):
        for k in ctx.inst.keys:
            if ctx.state.loc[k][0] == Z_STAGE:
                ctx.hooks.move_card(ctx.game, k, Z_FOG, ctx.seat)


FOG_KEEPS_CLOSED = declare(
    "fog_keeps_closed", "ability",
    args={},
    phrase=lambda ctx, a: "対象とした切札はこのターンが終わるまで表向きにできない。",
    summary=("A fog card's ability: the trump it marks cannot turn face up until the end of the turn (the "
             "closing that left it, `close_trump` with `for_turn`, applies it; the card marks it)."),
    example={"fog_keeps_closed": {}},
)

@FOG_KEEPS_CLOSED.executor
def _fog_keeps_closed(ctx: Any, a: Mapping[str, Any]) -> None:
    return None  # applied by close_trump (for_turn); the fog card marks it until the turn ends


DESTROY_TRUMP = declare(
    "destroy_trump", "effect",
    args={"see": _SEE},
    phrase=lambda ctx, a: ("対象の表切札とキーカードのスートと数字が同じ場合、対象の表切札を墓地に移す。" if _frame_words(ctx)
                           else "対象の切札が表向きかつキーカードとスートと数字が同じ場合、切札を墓地に移す。"
                           "対象の切札に対応した能力は無効になる。" + _see(a, SEE_TRUMPS)),
    summary="If the targeted trump is face up and the same card (suit and number) as the key card, it goes to the grave.",
    example={"destroy_trump": {"see": True}},
)

@DESTROY_TRUMP.executor
def _destroy_trump(ctx: Any, a: Mapping[str, Any]) -> None:
    t = _trumps()
    card = t.target_card(ctx)
    if card is not None and t.is_up(ctx.state, card) and any(k % DECK_SIZE == card % DECK_SIZE for k in ctx.inst.keys):
        t.trump_to_grave(ctx.game, card)
    elif card is None or not t.is_up(ctx.state, card):
        say_no_effect(ctx, a, "対象の切札が裏向き")
    else:
        say_no_effect(ctx, a, f"キーカード {keys_text(ctx)} と対象の切札 {ctx.hooks.card_text(card)} のスートと数字が違う")


def _regenerate_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    if a.get("card"):  # the frame list's …再生: 「墓地から♠Jを1枚選び、自分の表切札として置く。」
        return f"墓地から{a['card']}を1枚選び、自分の表切札として置く。"
    return ("対象のカードを手札、墓地から見つけられた場合、それを自分の切札として表向きにして置き、"
            "切札に対応した能力を有効にする。" + _see(a, SEE_TRUMPS, SEE_ABILITIES))


REGENERATE_TRUMP = declare(
    "regenerate_trump", "effect",
    args={"see": _SEE, "card": {**_CARD, "required": False, "nullable": True}},
    phrase=_regenerate_phrase,
    summary=("The targeted card, if found in its owner's hand or grave, becomes a face-up trump of the "
             "controller; with `card` (a trump character's own …再生), that card of the controller's grave."),
    example={"regenerate_trump": {"see": True}},
)

@REGENERATE_TRUMP.executor
def _regenerate_trump(ctx: Any, a: Mapping[str, Any]) -> None:
    t = _trumps()
    if a.get("card"):
        card = _card_index(ctx, a["card"], ctx.seat)
        if ctx.state.loc[card][0] == t.Z_GRAVE:
            t.regenerate(ctx.game, ctx.seat, card)
        return
    card = t.target_card(ctx)
    if card is not None:
        t.regenerate(ctx.game, ctx.seat, card)


CLOSE_ALL_TRUMPS = declare(
    "close_all_trumps", "effect",
    args={},
    phrase=lambda ctx, a: f"全ての切札を{ctx.term(CLOSED_TRUMP.key, CLOSED_TRUMP.default)}にする。",
    summary="Every trump of every player turns face down.",
    example={"close_all_trumps": {}},
)

@CLOSE_ALL_TRUMPS.executor
def _close_all_trumps(ctx: Any, a: Mapping[str, Any]) -> None:
    t = _trumps()
    for card in sorted(ctx.state.trump_up):
        t.turn_down(ctx.game, card)


def _close_own_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    text = f"自分の切札にある{a['card']}を{'表向きから' if a.get('or_damage') else ''}裏向きにする。"
    if a.get("or_damage"):
        text += f"切札を裏向きにしたくない場合、{a['or_damage']}点のダメージを受ける。"
    return text


CLOSE_OWN_TRUMP = declare(
    "close_own_trump", "effect",
    args={"card": _CARD, "or_damage": {"type": "integer", "min": 1, "nullable": True}},
    phrase=_close_own_phrase,
    summary=("The controller's trump `card` turns face down; with `or_damage`, the controller may take that "
             "much damage instead."),
    example={"close_own_trump": {"card": "◇5", "or_damage": 2}},
)

@CLOSE_OWN_TRUMP.executor
def _close_own_trump(ctx: Any, a: Mapping[str, Any]) -> None:
    t = _trumps()
    card = _card_index(ctx, a["card"], ctx.seat)
    if not t.is_up(ctx.state, card):
        say_no_effect(ctx, a, f"切札の{a['card']}が表向きでない")
        return
    if a.get("or_damage") and ctx.decide(ctx.seat, "choose", [0, 1], {"what": a["card"]},
                                         ["裏向きにする", f"{a['or_damage']}点のダメージを受ける"]) == 1:
        ctx.rules.damage(ctx.game, ctx.seat, a["or_damage"])
        return
    t.turn_down(ctx.game, card)


GUARD_FORM = declare_term("guard_form", "次を行う", ("inline",),
                         "a guard before the steps it governs: 「切札の◇Jが表の場合、次を行う。」 or, before a single "
                         "step, run into it: 「切札の◇Jが表の場合、キーカードと…」")


def _if_trump_open_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    if ctx.term(GUARD_FORM.key, GUARD_FORM.default) == "inline":
        return f"切札の{a['card']}が表の場合、"
    return f"切札の{a['card']}が表の場合、次を行う。"


IF_TRUMP_OPEN = declare(
    "if_trump_open", "effect",
    args={"card": _CARD},
    phrase=_if_trump_open_phrase,
    summary="A guard: the rest of the effect happens only if the controller's trump `card` is face up.",
    example={"if_trump_open": {"card": "♠J"}},
    lead=True,
)

@IF_TRUMP_OPEN.executor
def _if_trump_open(ctx: Any, a: Mapping[str, Any]) -> bool:
    up = _trumps().is_up(ctx.state, _card_index(ctx, a["card"], ctx.seat))
    if not up:
        say_no_effect(ctx, a, f"切札の{a['card']}が表向きでない")
    return up


def _summon_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    name = ctx.name(a["as"])
    if get(a, "with", "key") == "key":
        return f"キーカードと切札の{a['card']}をあわせて{name}としてチャージ状態で場に出す。"
    found = a.get("found") or ""
    clear = f"場にいるすべての{NOUNS[a['clear']]}を墓地に移し、" if a.get("clear") else ""
    return f"{found}を見つけた場合、{clear}切札の{a['card']}と{found}を合わせて{name}としてチャージ状態で場に出す。"


SUMMON_WITH_TRUMP = declare(
    "summon_with_trump", "effect",
    args={"card": _CARD, "as": {"type": "ref", "required": True, "meta": {"ref": "character"}},
          "with": {"type": "string", "allowed": ["key", "found"], "default": "key"},
          "found": {**_CARD, "required": False, "nullable": True},
          "clear": {"type": "string", "nullable": True, "allowed": ["soldier", "bulwark"]}},
    phrase=_summon_phrase,
    summary=("The controller's trump `card` and the key cards (`with: found`: the card `found` an earlier "
             "`find_card` found, and only if it found it) enter the field together as one charged character `as` "
             "(a trump character); the trump leaves the 切札 zone. `clear`: every character of that kind on both "
             "fields goes to the grave first (魔王: 兵士, 巨人: 防壁)."),
    example={"summon_with_trump": {"card": "♣J", "as": "knight"}},
)

@SUMMON_WITH_TRUMP.executor
def _summon_with_trump(ctx: Any, a: Mapping[str, Any]) -> None:
    card = _card_index(ctx, a["card"], ctx.seat)
    if ctx.state.loc[card][0] != _trumps().Z_TRUMP:
        return
    if get(a, "with", "key") == "found":
        found = ctx.inst.data.get("found")
        if found is None:
            return
        if a.get("clear"):
            for p in ctx.state.players:
                for ch in [c for c in p.field if c.kind == a["clear"]]:
                    ctx.rules.to_grave(ctx.game, ch)
        if ctx.state.loc[found][0] == _trumps().Z_TRUMP:
            ctx.state.trump_up.discard(found)
        others = [found]
    else:
        others = list(ctx.inst.keys)
    ctx.state.trump_up.discard(card)
    # the trump first: the character's first card names the trump its 切札再生 brings back
    ctx.rules.put_onto_field(ctx.game, ctx.seat, [card, *others], a["as"], True, False)


_PLACES = {"key": "キーカード", "hand": "手札", "life": "ライフ", "grave": "墓地", "trump": "切札"}


def _find_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    if "all" in a["in"]:  # the frame list: every own zone, the hidden ones shuffled after
        return f"自分の全ての領域から{a['card']}を探す。非公開の領域を見た場合、その領域をシャッフルする。"
    places = "、".join(ctx.term("life") if p == "life" else _PLACES[p] for p in a["in"])
    return f"{places}の中から{a['card']}を見つける。"


FIND_CARD = declare(
    "find_card", "effect",
    args={"card": _CARD, "in": {"type": "list", "required": True, "minlength": 1,
                                "schema": {"type": "string", "allowed": [*_PLACES, "all"]}}},
    phrase=_find_phrase,
    summary=("Look for the controller's own copy of `card` among the places `in` (this action's key cards, the "
             "hand, the life, the grave, the 切札 zone; `all`: every zone of the controller, the life shuffled "
             "afterwards as a hidden zone looked through); a later step uses it (`summon_with_trump` with `with: "
             "found`, `lose_trump` with `unless_found`)."),
    example={"find_card": {"card": "♣K", "in": ["key", "hand", "life", "grave", "trump"]}},
)

@FIND_CARD.executor
def _find_card(ctx: Any, a: Mapping[str, Any]) -> None:
    from bpdsl.games.blackpoker.components import Z_GRAVE, Z_HAND, Z_LIFE, Z_STAGE

    card = _card_index(ctx, a["card"], ctx.seat)
    zone, seat = ctx.state.loc[card]
    where = {"key": Z_STAGE, "hand": Z_HAND, "life": Z_LIFE, "grave": Z_GRAVE, "trump": _trumps().Z_TRUMP}
    if "all" in a["in"]:
        ok = seat == ctx.seat and zone in (*where.values(), Z_HAND)
        if not ctx.state.keep_order:  # 非公開の領域を見た場合、その領域をシャッフルする (a scenario keeps the order)
            ctx.game.rng.shuffle(ctx.state.players[ctx.seat].life)
    else:
        ok = any(zone == where[p] and (p != "key" or card in ctx.inst.keys) for p in a["in"]) and seat == ctx.seat
    ctx.inst.data["found"] = card if ok else None


def _lose_trump_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    lead = f"{a['unless_found']}が無い場合、" if a.get("unless_found") else ""
    if a.get("if") is not None:
        lead += case_of(ctx, a["if"])
    if a.get("face"):
        return f"{lead}{ctx.term('self', 'あなた')}の{'表' if a['face'] == 'up' else '裏'}切札にある{a['card']}を墓地に移す。"
    if get(a, "wording", "zone") == "owner":  # 悪あがき: 「自分の切札♣10を墓地に移す。」
        return f"{lead}{ctx.term('self', 'あなた')}の切札{a['card']}を墓地に移す。"
    return f"{lead}切札の{a['card']}を墓地に移す。"


LOSE_TRUMP = declare(
    "lose_trump", "effect",
    args={"card": _CARD, "unless_found": {**_CARD, "required": False, "nullable": True},
          "face": {"type": "string", "allowed": ["up", "down"], "nullable": True},
          "if": {"type": "expr", "nullable": True, "meta": {"expr": "bool"}},
          "wording": {"type": "string", "allowed": ["zone", "owner"], "default": "zone"}},
    phrase=_lose_trump_phrase,
    summary=("The controller's trump `card` goes to the grave (with `unless_found`: only if the earlier "
             "`find_card` did not find that card; with `if`: only if the condition holds, 悪あがき's "
             "`discarded.count == 0`; with `face`: only if it lies face up / face down, "
             "「自分の裏切札にある♣8を墓地に移す」; `wording: owner` prints 「自分の切札♣10」 for 「切札の♣10」)."),
    example={"lose_trump": {"card": "♠K", "unless_found": "♣K"}},
)

@LOSE_TRUMP.executor
def _lose_trump(ctx: Any, a: Mapping[str, Any]) -> None:
    if a.get("unless_found") and ctx.inst.data.get("found") is not None:
        return
    if a.get("if") is not None and not ctx.value(a["if"]):
        return
    t = _trumps()
    card = _card_index(ctx, a["card"], ctx.seat)
    face = a.get("face")
    if ctx.state.loc[card][0] == t.Z_TRUMP and (face is None or t.is_up(ctx.state, card) == (face == "up")):
        t.trump_to_grave(ctx.game, card)


SHUFFLE_LIFE = declare(
    "shuffle_life", "effect",
    args={},
    phrase=lambda ctx, a: f"{ctx.term('life')}を切りなおす。",
    summary="The controller shuffles their life.",
    example={"shuffle_life": {}},
)

@SHUFFLE_LIFE.executor
def _shuffle_life(ctx: Any, a: Mapping[str, Any]) -> None:
    if not ctx.state.keep_order:  # a scenario keeps the lives in their given order
        ctx.game.rng.shuffle(ctx.state.players[ctx.seat].life)


NOT_EXECUTED = declare(
    "not_executed", "effect",
    args={},
    phrase="（この手順は text: で書く）",
    summary=("A step printed from its `text:` override that the engine does not run yet; the trump whose action "
             "holds it is printed but left out of games (bpdsl validate --stats counts the override)."),
    example={"not_executed": {}},
)


# --------------------------------------------------------------------------- damage and life

def _take_damage_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    if a["amount"] == "target_key_sum":
        return f"対象{stage_ref(ctx)}のキーカードの数字の合計値分ダメージを受ける。"
    return f"{a['amount']}点のダメージを受ける。"


TAKE_DAMAGE = declare(
    "take_damage", "effect",
    args={"amount": {"type": ["integer", "string"], "required": True, "min": 0,
                     "regex": "^target_key_sum$"}},
    phrase=_take_damage_phrase,
    summary="The controller takes damage: a number, or `target_key_sum` (the key cards' values of the target action).",
    example={"take_damage": {"amount": 8}},
)

@TAKE_DAMAGE.executor
def _take_damage(ctx: Any, a: Mapping[str, Any]) -> None:
    amount = a["amount"]
    if amount == "target_key_sum":
        amount = _trumps().target_key_sum(ctx)
    ctx.rules.damage(ctx.game, ctx.seat, int(amount))


def _draw_top_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    until, most = a.get("until_hand"), a.get("most")
    if until is None:
        return f"{ctx.term('life')}の一番上からカードを{get(a, 'count', 1)}枚引き手札に加える。"
    if most is None:  # 「手札が3枚になるまでカードを引く。」
        return f"自分の手札が{until}枚になるまでカードを引く。"
    # 手札補充 (第8.2版): the cases of the hand size, 「自分の手札が2枚以下の場合、2枚カードを引き、3枚の場合1枚カードを引く。」
    text = f"自分の手札が{until - most}枚以下の場合、{most}枚カードを引き"
    rest = [f"{until - k}枚の場合{k}枚カードを引き" for k in range(most - 1, 0, -1)]
    return "、".join([text, *rest]).removesuffix("引き") + "引く。"  # the last case ends the sentence


DRAW_TOP = declare(
    "draw_top", "effect",
    args={"count": {"type": "integer", "min": 1, "default": 1},
          "until_hand": {"type": "integer", "min": 1, "nullable": True},
          "most": {"type": "integer", "min": 1, "max": 5, "nullable": True}},
    phrase=_draw_top_phrase,
    summary=("The controller draws `count` cards from the top of their life; with `until_hand`, as many as "
             "bring the hand to that many cards (「手札が3枚になるまで」), at most `most` (手札補充 of 第8.2版: "
             "`until_hand: 4, most: 2`, printed as the cases of the hand size)."),
    example={"draw_top": {"count": 2}},
)

@DRAW_TOP.executor
def _draw_top(ctx: Any, a: Mapping[str, Any]) -> None:
    until = a.get("until_hand")
    if until is None:
        ctx.rules.draw(ctx.game, ctx.seat, get(a, "count", 1))
        return
    n = max(0, until - len(ctx.state.players[ctx.seat].hand))
    if a.get("most") is not None:
        n = min(n, a["most"])
    if n:
        ctx.rules.draw(ctx.game, ctx.seat, n)


# --------------------------------------------------------------------------- characters

SIZE_WORD = declare_term("size_word", "数字", ("サイズ",),
                        "the word for a soldier's size in 威圧 and 瞬殺: 数字が10以下 / サイズが10以下")
EVERY_FORM = declare_term("every_form", "全ての", ("を全て",),
                          "where 「全て」 stands: 「全ての兵士を墓地に移す」 / 「兵士を全て墓地に移す」")
CLOSED_TRUMP = declare_term("closed_trump", "裏向き", ("裏切札",),
                            "what a closed trump becomes: 「全ての切札を裏向きにする」 / 「全ての切札を裏切札にする」")


def _destroy_all_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    what = "と".join(NOUNS[w] for w in a["what"])
    size = ctx.term(SIZE_WORD.key, SIZE_WORD.default)
    cond = f"{size}が{a['max_size']}以下の" if a.get("max_size") is not None else ""
    if ctx.term(EVERY_FORM.key, EVERY_FORM.default) == "を全て":
        return f"{cond}{what}を全て墓地に移す。"
    return f"{cond}全ての{what}を墓地に移す。"


DESTROY_ALL = declare(
    "destroy_all", "effect",
    args={"what": {"type": "list", "required": True, "minlength": 1,
                   "schema": {"type": "string", "allowed": ["soldier", "bulwark"]}},
          "max_size": {"type": "integer", "min": 0, "nullable": True}},
    phrase=_destroy_all_phrase,
    summary="Every character of the kinds `what` on both fields (of size at most `max_size`) goes to the grave.",
    example={"destroy_all": {"what": ["soldier"], "max_size": 10}},
)

@DESTROY_ALL.executor
def _destroy_all(ctx: Any, a: Mapping[str, Any]) -> None:
    rules, game = ctx.rules, ctx.game
    limit = a.get("max_size")
    for p in game.state.players:
        for ch in list(p.field):
            if ch.kind in a["what"] and (limit is None or rules.size(ch) <= limit):
                rules.to_grave(game, ch)


def _charge_own_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    what = NOUNS[a["what"]]
    if get(a, "order", "all_first") == "all_first":
        return f"自分の場にいる全ての{what}をチャージ状態にする。"
    return f"自分の場にいる{what}を全てチャージ状態にする。"


CHARGE_OWN = declare(
    "charge_own", "effect",
    args={"what": {"type": "string", "required": True, "allowed": ["soldier", "bulwark", "character"]},
          "order": {"type": "string", "allowed": ["all_first", "all_after"], "default": "all_first"}},
    phrase=_charge_own_phrase,
    summary="Every character of kind `what` of the controller is charged (`order` only changes the wording).",
    example={"charge_own": {"what": "soldier", "order": "all_after"}},
)

@CHARGE_OWN.executor
def _charge_own(ctx: Any, a: Mapping[str, Any]) -> None:
    for ch in ctx.state.players[ctx.seat].field:
        if a["what"] == "character" or ch.kind == a["what"]:
            ch.driven = False


def _revive_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    cards = a.get("cards")
    face = "表向きかつ" if get(a, "face_up", False) else ""
    if cards is not None:
        return (f"{'自分の' if get(a, 'whose', 'self') == 'self' else ''}墓地にある{getattr(cards, 'text', cards)}"
                f"のカードを1枚選ぶ。選んだカードを兵士として{face}チャージ状態で場に出す。")
    return f"{'自分の' if get(a, 'whose', 'self') == 'self' else ''}墓地にあるカードを1枚選び、兵士として{face}チャージ状態で場に出す。"


REVIVE_FROM_GRAVE = declare(
    "revive_from_grave", "effect",
    args={"cards": {"type": "pattern", "nullable": True},
          "whose": {"type": "string", "allowed": ["self", "any"], "default": "self"},
          "face_up": {"type": "boolean", "default": False}},
    phrase=_revive_phrase,
    summary=("The controller chooses a card (matching `cards` when given) in their grave (`whose: any`: in any "
             "grave) and puts it onto their field as a charged soldier (`face_up` only says 表向き in print: a "
             "soldier is always face up)."),
    example={"revive_from_grave": {"cards": "♠2〜10"}},
)

@REVIVE_FROM_GRAVE.executor
def _revive_from_grave(ctx: Any, a: Mapping[str, Any]) -> None:
    from bpdsl.dsl.cards import card_at, parse_pattern

    cards = a.get("cards")
    slot = None
    if cards is not None:
        slot = (cards if not isinstance(cards, str) else parse_pattern(cards)).slots[0]
    seats = [ctx.seat] if get(a, "whose", "self") == "self" else [ctx.seat, 1 - ctx.seat]
    opts = [c for p in seats for c in sorted(ctx.state.players[p].grave) if slot is None or slot(card_at(c % DECK_SIZE))]
    if opts:
        i = ctx.decide(ctx.seat, "choose", opts, {"what": "場に出すカード"},
                       [("" if ctx.state.owner[c] == ctx.seat else "相手の") + ctx.rules.card_text(c) for c in opts])
        ctx.rules.put_onto_field(ctx.game, ctx.seat, [opts[i]], None, True, False)


def _sacrifices_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    what = NOUNS[get(a, "what", "character")]
    if get(a, "who", "target") == "target":
        return f"対象の対戦相手は自分の場にいる{what}を1体墓地に移す。"
    return f"対戦相手は自分の場にある{what}を1枚選び墓地に移す。"  # the official wording of 騎士召喚


TARGET_SACRIFICES = declare(
    "target_sacrifices", "effect",
    args={"who": {"type": "string", "allowed": ["target", "opponent"], "default": "target"},
          "what": {"type": "string", "allowed": ["character", "soldier", "bulwark"], "default": "character"}},
    phrase=_sacrifices_phrase,
    summary=("The targeted opponent (`who: target`) or the opponent chooses one of their characters of kind "
             "`what` and sends it to the grave."),
    example={"target_sacrifices": {"who": "opponent", "what": "soldier"}},
)

@TARGET_SACRIFICES.executor
def _target_sacrifices(ctx: Any, a: Mapping[str, Any]) -> None:
    target = ctx.inst.target if get(a, "who", "target") == "target" else None
    seat = 1 - ctx.seat  # the opponent; the targeted player, or the targeted character's controller
    if target and target[0] == "player":
        seat = target[1]
    elif target and target[0] == "char":
        targeted = ctx.state.character(target[1])
        seat = targeted.controller if targeted is not None else seat
    what = get(a, "what", "character")
    field = [ch for ch in ctx.state.players[seat].field if what == "character" or ch.kind == what]
    if field:
        i = ctx.decide(seat, "choose", field, {"what": "墓地に移すキャラクター"},
                       [ctx.rules.describe_char(ctx.game, ch, seat) for ch in field])
        ctx.rules.to_grave(ctx.game, field[i])


# --------------------------------------------------------------------------- hands

# --------------------------------------------------------------------------- the stage

def _remove_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    ref = stage_ref(ctx)
    if get(a, "negate", False):
        if ref == "リクエスト":  # the frame list: 「対象のリクエストを無効にしステージから取り除く。」
            return "対象のリクエストを無効にしステージから取り除く。"
        return "対象のアクションを無効し、対象アクションをステージから取り除く。"
    return f"対象{ref}をステージから取り除き、対象{ref}のキーカードを墓地に移す。"


REMOVE_TARGET_ACTION = declare(
    "remove_target_action", "effect",
    # the key cards always go to the grave (as the sentence says): ``keys_to_grave: true`` is the only value
    args={"negate": {"type": "boolean", "default": False},
          "keys_to_grave": {"type": "boolean", "allowed": [True], "default": True}},
    phrase=_remove_phrase,
    summary="The targeted action leaves the stage without taking effect (`negate`: worded as negated); its key cards go to the grave.",
    example={"remove_target_action": {"negate": True}},
)

@REMOVE_TARGET_ACTION.executor
def _remove_target_action(ctx: Any, a: Mapping[str, Any]) -> None:
    t = ctx.inst.target
    if t and t[0] == "action":
        inst = next((x for x in ctx.state.stage if x.uid == t[1]), None)
        if inst is not None:
            ctx.game.remove_from_stage(inst)


TRIGGER_ACTION = declare(
    "trigger_action", "effect",
    args={"action": {"type": "ref", "required": True, "meta": {"ref": "action"}}},
    phrase=lambda ctx, a: f"{ctx.name(a['action'])}アクションを誘発する。",
    summary="Trigger `action` for the controller (it joins the next trigger check like any triggered action).",
    example={"trigger_action": {"action": "trump_reset"}},
    triggers_action=True,
)

@TRIGGER_ACTION.executor
def _trigger_action(ctx: Any, a: Mapping[str, Any]) -> None:
    _trumps().trigger(ctx.game, a["action"], ctx.seat)


# --------------------------------------------------------------------------- combat

def _duel_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    loser = "大きい" if a["loser"] == "larger" else "小さい"
    return ("兵士（アタッカー）と兵士（ブロッカー）の場合、アタッカーとブロッカーで数字を比較し、"
            f"{loser}方を墓地に移動する。同じ場合は両方を墓地に移動する。アタッカーとブロッカーを比較した数字の差を"
            "ダメージとして兵士を墓地に移した方のプレイヤーに与える。1アタッカーに対して複数ブロッカーがいる場合、"
            "ブロッカーの合計数字と比較する。")


SOLDIER_DUEL = declare(
    "soldier_duel", "effect",
    args={"loser": {"type": "string", "required": True, "allowed": ["larger", "smaller"]},
          "damage": {"type": "string", "allowed": ["difference"], "default": "difference"}},
    phrase=_duel_phrase,
    summary=("ダメージ判定 between an attacker and its blocking soldiers (their sizes added): the `loser` side goes "
             "to the grave (both on a tie) and its player takes the difference as damage (革命)."),
    example={"soldier_duel": {"loser": "larger", "damage": "difference"}},
)

@SOLDIER_DUEL.executor
def _soldier_duel(ctx: Any, a: Mapping[str, Any]) -> None:
    ctx.hooks.compare_soldiers(ctx.game, loser=a["loser"], damage=get(a, "damage", "difference") == "difference")


retire("bulwark_from_life_if_behind", "put_onto_field: {cards: life_top, count: 1, as: bulwark, face: down, "
                                      "state: charge, if: opponent.bulwarks >= me.bulwarks}",
       migrate=lambda a: None if a else [{"put_onto_field": {
           "cards": "life_top", "count": 1, "as": "bulwark", "face": "down", "state": "charge",
           "if": "opponent.bulwarks >= me.bulwarks"}}])
retire("if_target_hand_not_smaller", "proceed_if: {if: target.hand >= me.hand}",
       migrate=lambda a: None if a else [{"proceed_if": {"if": "target.hand >= me.hand"}}])
retire("if_target_key_sum", "proceed_if: {if: target.key_sum >= N}",
       migrate=lambda a: [{"proceed_if": {"if": f"target.key_sum >= {a['at_least']}"}}]
       if set(a) == {"at_least"} and isinstance(a["at_least"], int) and not isinstance(a["at_least"], bool) else None)
retire("drain_character", "attempt: {do: {move_character: {whose: self, to: life, position: bottom}}, "
                          "then: [{damage: {to: target, amount: N}}], wording: restate}")
retire("destroy_chosen", "move_character: {whose: any, what: bulwark, to: grave, say_choose: true}")
retire("drive_target", "set_state: {cards: target, state: drive}")
retire("source_to_hand", "move_cards: {cards: source, to: hand, back: true}")
retire("boost_by_source", "modify_size: {by: source.size, direction: up, wording: onto}")
retire("hand_card_as_soldier", "put_onto_field: {cards: hand, count: 1, state: charge, wording: choose}")
retire("hand_to_life_end", "move_cards: {cards: hand, to: life, position: choose}")
retire("destroy_target_if", "send_to_grave: {cards: target, what: soldier, from_field: false, "
                             "if: target.size <= source.size} (terms: {\"expr:target.size\": 対象の兵士})")
retire("damage_per_discard", "damage: {to: trigger_player, amount: trigger.discarded * N, wording: amount_first} "
                              "(terms: {trigger_player: 手札を捨てたプレイヤー})")
retire("discard_hand_or_lose_trump", "together: {steps: [discard_cards: {all: true}, lose_trump: {card: C, if: "
                                      "discarded.count == 0, wording: owner}]} (terms: {\"cond:discarded.count==0\": "
                                      "手札がない} beside lose_trump)")
retire("soldiers_to_life_top", "for_each: {what: soldier, where: each.size >= N, do: [move_cards: {cards: each, to: "
                                "life, position: top, say_owner: true, order: owner}]} (terms: {\"expr:each.size\": \"\"})")
retire("soldiers_to_bulwarks", "convert: {cards: own_chosen, to: bulwark, state: charge}")
retire("reveal_pick_soldier", "reveal_top: {count: 2, pick: 1, rest: bottom}")
retire("refill_hand", "draw_top: {until_hand: N, most: M}")
retire("reorder_bulwarks", "reorder: {what: bulwark}")
retire("sacrifice_to_destroy", "move_character: {whose: self, what: soldier, to: grave, count: any} then send_to_grave: "
                                "{cards: target, what: soldier, from_field: false, if: moved.size_sum >= target.size} (list: prose)")

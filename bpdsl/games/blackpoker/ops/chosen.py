"""Choosing cards in one step and acting on them in the next: ``choose_cards`` remembers the cards it picks
(``cards: chosen`` of the later steps of the same effect).

ハンデス's 「対戦相手の手札を見てカードを1枚指定する。対戦相手は指定されたカードを手札から捨てる。」 is two
steps: ``choose_cards: {from: hand, whose: target, look: true}`` and ``discard: {cards: chosen, whose:
target}``.  A step that acts on ``chosen`` reads only what the choice picked and is still where it was.
"""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.games.blackpoker.components import Z_GRAVE, Z_HAND
from bpdsl.games.blackpoker.ops._common import get
from bpdsl.ops._nested import report_done
from bpdsl.ops.registry import PhraseContext, declare, retire

_ZONES = {"hand": Z_HAND, "grave": Z_GRAVE}
_ZONE_WORDS = {"hand": "手札", "grave": "墓地"}
_WHOSE = {"self": "自分の", "target": "対戦相手の"}


def _seat(ctx: Any, whose: str) -> int:
    if whose == "self":
        return int(ctx.seat)
    t = ctx.inst.target
    return t[1] if t is not None and t[0] == "player" else 1 - ctx.seat


def _choose_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    whose, zone, n = _WHOSE[get(a, "whose", "self")], _ZONE_WORDS[get(a, "from", "hand")], get(a, "count", 1)
    if get(a, "look", False):
        return f"{whose}{zone}を見て{n}枚カードを指定する。"
    return f"{whose}{zone}にあるカード{n}枚を選ぶ。"


CHOOSE_CARDS = declare(
    "choose_cards", "effect",
    args={"from": {"type": "string", "allowed": list(_ZONES), "default": "hand"},
          "whose": {"type": "string", "allowed": list(_WHOSE), "default": "self"},
          "count": {"type": "integer", "min": 1, "default": 1},
          "look": {"type": "boolean", "default": False}},
    phrase=_choose_phrase,
    summary=("The controller chooses `count` cards of a zone (its own, or the targeted player's; `look`: "
             "looking at a hidden zone such as the opponent's hand; without it a choice in another player's hand "
             "is blind, of a place in the hand); later steps act on them as `cards: chosen`."),
    example={"choose_cards": {"from": "hand", "whose": "target", "count": 1, "look": True}},
)

@CHOOSE_CARDS.executor
def _choose_cards(ctx: Any, a: Mapping[str, Any]) -> None:
    seat = _seat(ctx, get(a, "whose", "self"))
    pile = ctx.state.players[seat].zone(_ZONES[get(a, "from", "hand")])
    # another player's hand, not looked at (no `look`): a blind choice, of a place in the hand, not a card
    blind = seat != ctx.seat and get(a, "from", "hand") == "hand" and not get(a, "look", False)
    chosen: list[int] = []
    for _ in range(get(a, "count", 1)):
        opts = [c for c in pile if c not in chosen] if blind else sorted(c for c in pile if c not in chosen)
        if not opts:
            break
        i = ctx.decide(ctx.seat, "choose", opts, {"what": "指定するカード"},
                       (lambda: [f"{n + 1}枚目" for n in range(len(opts))]) if blind else
                       (lambda: [ctx.hooks.card_text(x) for x in opts]))
        chosen.append(opts[i])
    ctx.inst.data["chosen"] = chosen
    ctx.inst.data["chosen_from"] = _ZONES[get(a, "from", "hand")]  # a later step acts on them while still there


def _discard_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    who = "対戦相手" if get(a, "whose", "target") == "target" else "自分"
    return f"{who}は指定されたカードを手札から捨てる。"


DISCARD = declare(
    "discard", "effect",
    args={"cards": {"type": "string", "allowed": ["chosen"], "required": True},
          "whose": {"type": "string", "allowed": list(_WHOSE), "default": "target"}},
    phrase=_discard_phrase,
    summary="The chosen cards still in that player's hand are discarded (to the grave; an event like cost D).",
    example={"discard": {"cards": "chosen", "whose": "target"}},
)

@DISCARD.executor
def _discard(ctx: Any, a: Mapping[str, Any]) -> None:
    seat = _seat(ctx, get(a, "whose", "target"))
    hand = ctx.state.players[seat].hand
    for c in ctx.inst.data.get("chosen", []):
        if c in hand:
            ctx.hooks.discard(ctx.game, seat, c)


_DISCARDER = {"self": "自分", "opponent": "対戦相手", "target": "対象の対戦相手"}


def _discard_cards_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    who = get(a, "who", "self")
    subject = "" if who == "self" else f"{_DISCARDER[who]}は"  # the controller: the subject a card leaves out
    return f"{subject}手札を{'全て' if get(a, 'all', False) else str(get(a, 'count', 1)) + '枚'}捨てる。"


def _discarder(ctx: Any, who: str) -> int:
    if who == "self":
        return int(ctx.seat)
    if who == "opponent":
        return 1 - ctx.seat
    return _seat(ctx, "target")


DISCARD_CARDS = declare(
    "discard_cards", "effect",
    args={"who": {"type": "string", "allowed": list(_DISCARDER), "default": "self"},
          "count": {"type": "integer", "min": 1, "default": 1},
          "all": {"type": "boolean", "default": False}},
    phrase=_discard_cards_phrase,
    summary=("A player (the controller, the opponent or the targeted player) discards `count` cards of their "
             "own choice from their hand (fewer when the hand is short; the step then counts as not done for "
             "`attempt` and `may`); `all: true`: the whole hand (done if there was a card). The number "
             "discarded is `discarded.count` for the later steps. 内乱: 「対象の対戦相手は手札を2枚捨てる。」, "
             "悪あがき: 「手札を全て捨てる。」"),
    example={"discard_cards": {"who": "target", "count": 2}},
)

@DISCARD_CARDS.executor
def _discard_cards(ctx: Any, a: Mapping[str, Any]) -> None:
    seat = _discarder(ctx, get(a, "who", "self"))
    hand = ctx.state.players[seat].hand
    if get(a, "all", False):  # no choice: the whole hand, in card order
        cards = sorted(hand)
        report_done(ctx, bool(cards))
        for c in cards:
            ctx.rules.discard(ctx.game, seat, c)
        ctx.inst.data["discarded"] = len(cards)
        return
    count = get(a, "count", 1)
    report_done(ctx, len(hand) >= count)
    n = min(count, len(hand))
    for _ in range(n):
        opts = sorted(hand)
        i = ctx.decide(seat, "choose", opts, {"what": "捨てるカード"}, [ctx.rules.card_text(c) for c in opts])
        ctx.rules.discard(ctx.game, seat, opts[i])
    ctx.inst.data["discarded"] = n


retire("target_discards", "discard_cards: {who: target, count: N}")

retire("discard_chosen", "choose_cards: {from: hand, whose: target, count: N, look: true} then "
                         "discard: {cards: chosen, whose: target}")

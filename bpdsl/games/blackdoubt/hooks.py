"""Black Doubt's common rules (seed 004, 第4.5話 ルールブック:ブラックダウト), as hooks the generic core calls.

Black Doubt is a two-player bluffing game on one shared deck without Jokers.  A *match* (one engine game)
is a series of *rounds*; each round:

* both players draw one card face up (the first player first; the first player alternates per round,
  the first round's is chosen at random);
* on their turn a player draws a card, looks at it, places it face up or face down (the generic ``draw_to_field``),
  then declares ヒット / バスト / ノットバスト / ブラックジャック (``bd_declare``); the last three finish the
  player's hand.  Which of these a player may do now is written in the definitions as conditions on the
  declared counters (``only_if: {if: me.drawn == 0 and ...}``);
* ノットバスト with three or more cards and ブラックジャック are answered by the opponent with ダウト or
  スルー (``bd_reply``); a doubt reveals every face-down card and is judged (ダウト / ミスダウト);
* when both hands are finished and answered, the round is scored by the 成績簡易表 (a table in the
  definitions read by the ``bd_score`` op); the player whose points reach the limit loses the match.

Hand value: the value ``total`` of the game document (``values:``), an expression over the card values
(A 1, J/Q/K 10) with one ace counting 11 when the total stays 21 or less (the blackjack convention the
seed's "ブラックジャック" relies on).  A declaration nobody may doubt is taken as true: バスト may be declared
only with 22 or more (a condition in the definitions), and ノットバスト with two cards (which cannot bust)
is accepted without a reply.

Where the round is kept: the points and the turn's flags are the counters the game document declares
(``points``, ``drawn``, ``finished``, ``to_answer``: ``State.counters``); :class:`BDState` adds what only
Black Doubt has, the declarations and their outcomes (:class:`Hand` per player) and the order in which the
hands were finished.  The shared deck is the ``pack`` zone (game.yaml ``shared: true``, kept with seat 0)
and the cards in front of a player are one-card characters (kind ``card``) on that player's field, so the
core's invariant check and state hash see every card.

What is generic and declared (not here): the deck and what each seat sees (the zones and their visibility),
building the state, the observation's layout, drawing onto the field (``draw_to_field``), the turn passing
(``next_turn`` over the counters, ``drawn`` reset per turn), when an action may be raised (``only_if``), the
hand value (game.yaml ``values:``) and the point limit (``lose_at``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
import re
from typing import Any

from bpdsl.engine.contract import BaseHooks
from bpdsl.engine.core import Game, GameAborted
from bpdsl.engine.numbers import numbers_for
from bpdsl.engine.state import Character, State
from bpdsl.games.blackdoubt.plugin import PLUGIN
from bpdsl.games.blackdoubt.events import Declared, Replied, RoundStarted, Scored

DECLARATIONS = ("hit", "bust", "not_bust", "blackjack")
DECLARATION_NAMES = {"hit": "ヒット", "bust": "バスト", "not_bust": "ノットバスト", "blackjack": "ブラックジャック"}
OUTCOMES = ("bust", "through", "doubt", "misdoubt")  # what became of a finished hand's declaration
OUTCOME_NAMES = {"bust": "バスト", "through": "スルー", "doubt": "ダウトされた", "misdoubt": "ミスダウトされた"}
BLACKJACK = 21
# the declared counters (definitions/blackdoubt/game.yaml) the common rules keep
POINTS, FINISHED, TO_ANSWER = "points", "finished", "to_answer"
# the engine numbers the zones the plugin lists first, in that order (bpdsl.engine.zones)
Z_PACK, Z_FIELD = (PLUGIN.zone_ids().index(z) for z in ("pack", "field"))


@dataclass(eq=False)
class Hand:
    """One player's hand in the current round."""

    declaration: str | None = None  # the last declaration (hit, bust, not_bust, blackjack)
    outcome: str | None = None  # one of OUTCOMES once the declaration is settled


@dataclass(eq=False)
class BDState(State):
    """The core state (with the declared counters) plus the round in progress."""

    round_no: int = 0
    first: int = 0  # first player of the current round
    hands: list[Hand] = field(default_factory=lambda: [Hand(), Hand()])
    finish_order: list[int] = field(default_factory=list)  # A (first to finish) then B
    rounds: list[dict[str, Any]] = field(default_factory=list)  # scored rounds (row, points) for the log


class BlackDoubtHooks(BaseHooks):
    """Hooks of the generic core for Black Doubt (one instance per compiled Rules)."""

    state_class = BDState

    def __init__(self, rules: Any):
        super().__init__(rules)
        self.numbers = numbers_for(rules)

    def total(self, s: BDState, seat: int) -> int:
        """The hand value: the game document's value ``total`` (one ace counting 11 when that fits)."""
        return self.numbers.value(s, seat, "total")

    def counter(self, s: BDState, seat: int, counter: str) -> int:
        return self.numbers.get(s, seat, counter)

    def awaiting(self, s: BDState) -> int:
        """The seat that must answer the opponent's end declaration, -1 when none must."""
        return next((seat for seat in (0, 1) if self.counter(s, seat, TO_ANSWER)), -1)

    # ------------------------------------------------------------------ game start, rounds, end

    def start_round(self, game: Game, first: int) -> None:
        """A new round (steps 1 and 7; game.yaml ``round:`` deals it), with its declarations and finishing
        order afresh; the game start (the default: the first player at random) starts the first one."""
        s = game.state
        s.round_no += 1
        s.first = first
        s.hands = [Hand(), Hand()]
        s.finish_order = []
        super().start_round(game, first)
        if game.log is not None:
            game.log.write(RoundStarted(s.round_no, first, self.points(s)))

    # ------------------------------------------------------------------ declarations and replies

    def points(self, s: BDState) -> list[int]:
        return [self.counter(s, seat, POINTS) for seat in (0, 1)]

    def declare(self, game: Game, seat: int, what: str) -> None:
        s = game.state
        h = s.hands[seat]
        h.declaration = what
        if game.log is not None:
            game.log.write(Declared(seat, what, len(s.players[seat].field)))
        if what == "hit":
            return
        self.numbers.set(s, seat, FINISHED, 1)
        s.finish_order.append(seat)
        if what == "bust":
            h.outcome = "bust"
        elif what == "not_bust" and len(s.players[seat].field) < 3:
            h.outcome = "through"  # two cards cannot bust: nothing to doubt (step 4)
        else:
            self.numbers.set(s, 1 - seat, TO_ANSWER, 1)

    def truthful(self, s: BDState, seat: int) -> bool:
        t = self.total(s, seat)
        d = s.hands[seat].declaration
        return t <= BLACKJACK if d == "not_bust" else t == BLACKJACK if d == "blackjack" else t > BLACKJACK

    def reply(self, game: Game, seat: int, what: str) -> None:
        """ダウト reveals the declarer's face-down cards and is judged; スルー accepts the declaration."""
        s = game.state
        declarer = 1 - seat
        if what == "doubt":
            for ch in s.players[declarer].field:
                ch.face_up = True
            outcome = "misdoubt" if self.truthful(s, declarer) else "doubt"
        else:
            outcome = "through"
        s.hands[declarer].outcome = outcome
        self.numbers.set(s, seat, TO_ANSWER, 0)
        if game.log is not None:
            game.log.write(Replied(seat, what, outcome, self.total(s, declarer) if what == "doubt" else None))

    def round_complete(self, s: BDState) -> bool:
        return (len(s.finish_order) == 2 and self.awaiting(s) == -1 and all(h.outcome for h in s.hands)
                and not s.over)

    # ------------------------------------------------------------------ scoring (成績簡易表)

    def judge(self, s: BDState) -> int | None:
        """Step 6: both declarations accepted -> the higher hand wins (a hand over 21 counts lowest);
        ブラックジャック beats ノットバスト whatever the numbers; equal -> None (draw)."""
        def strength(seat: int) -> tuple[int, int]:
            t = self.total(s, seat)
            return (1 if s.hands[seat].declaration == "blackjack" else 0, t if t <= BLACKJACK else -1)

        a, b = strength(0), strength(1)
        if a == b:
            return None
        return 0 if a > b else 1

    def score(self, game: Game, table: list[dict[str, Any]]) -> dict[str, Any]:
        """Score the round by the row of ``table`` matching (A's outcome, B's outcome); returns the result."""
        s = game.state
        a_seat, b_seat = s.finish_order
        a_out, b_out = s.hands[a_seat].outcome, s.hands[b_seat].outcome
        row = next((r for r in table if r.get("a") == a_out and r.get("b") == b_out), None)
        if row is None:
            raise GameAborted(f"the scoring table has no row for A {a_out} / B {b_out}")
        seats = {"A": a_seat, "B": b_seat}
        to = row.get("to", "none")
        if to in ("winner", "loser") or "winner" in (row.get("hands") or []):  # the judge of step 6
            winner = self.judge(s)
            if winner is not None:  # equal numbers: a draw, nobody gets points
                seats["winner"], seats["loser"] = winner, 1 - winner
        gain = 0
        receiver = seats.get(to)
        if receiver is not None:
            gain = sum(self.total(s, seats[h]) for h in row.get("hands") or [] if h in seats) * int(row.get("times", 1))
            self.numbers.add(s, receiver, POINTS, gain)
        scored = Scored(s.round_no, row.get("row"), a_seat, b_seat, receiver, gain, [self.total(s, 0), self.total(s, 1)],
                        self.points(s))
        result = scored.json()
        del result["t"]
        s.rounds.append(result)
        if game.log is not None:
            game.log.write(scored)
        return result

    # ------------------------------------------------------------------ expression names, size, state hash

    def size(self, ch: Character) -> int:
        value = self.numbers.card_value
        return sum(value[c] for c in ch.cards)

    def canonical_extra(self, game: Game) -> dict[str, Any]:
        """The match and round state for the state hash (bpdsl.engine.log.canonical_state)."""
        s = game.state
        return {"round": s.round_no, "first": s.first, "finish_order": list(s.finish_order),
                "hands": [[h.declaration, h.outcome] for h in s.hands]}

    # ------------------------------------------------------------------ what a player may see

    def describe_result(self, reason: str, seat: int) -> str:
        """The point limit's reasons (lose_at) in the reader's words; any other reason as logged."""
        m = re.fullmatch(r"player (\d+) reached the limit of \w+ \((.*)\)", reason)
        if m:
            loser = int(m.group(1))
            who = f"プレイヤー{loser}" if seat < 0 else ("あなた" if loser == seat else "相手")
            return f"{who}の得点が上限に達した ({m.group(2)})"
        m = re.fullmatch(r"both players reached the limit of \w+ \((.*)\)", reason)
        return f"両者の得点が上限に達した ({m.group(1)})" if m else reason

    def describe_event(self, game: Game, e: dict[str, Any], me: int) -> str:
        """One event as the player ``me`` hears it ("" when not told)."""
        t = e.get("t")
        who = ("あなた" if e["p"] == me else "相手") if isinstance(e.get("p"), int) else ""
        if t == "place":
            card = e["card"] if e.get("face_up") else "裏向き"
            return f"{who}がカードを置いた [{card}]"
        if t == "declare":
            return f"{who}: {DECLARATION_NAMES.get(e['what'], e['what'])} ({e['cards']}枚)"
        if t == "reply":
            what = "ダウト" if e["what"] == "doubt" else "スルー"
            total = f" 合計 {e['total']}" if e.get("total") is not None else ""
            return f"{who}: {what} → {OUTCOME_NAMES.get(e['outcome'], e['outcome'])}{total}"
        if t == "round":
            return f"勝負 {e['round']} 開始 (得点 {e['points'][0]}-{e['points'][1]})"
        if t == "score":
            return f"勝負 {e['round']} の結果: 得点 {e['score'][me]} (あなた) - {e['score'][1 - me]} (相手)"
        if t == "over":
            return "ゲーム終了"
        return ""

    def observe(self, game: Game, seat: int) -> dict[str, Any]:
        """The generic observation (own cards, the opponent's face-up ones and "?" for each face-down one:
        原則事項 2; the counters; 合計 when every card of the hand is visible) plus the round, the
        declarations and the rows a person at the terminal sees (bpdsl play)."""
        s = game.state
        out = super().observe(game, seat)
        out.update(round=s.round_no, points=self.points(s), awaiting_reply=self.awaiting(s))
        for info in out["players"]:
            h = s.hands[info["seat"]]
            info.update(declaration=h.declaration, outcome=h.outcome)
        me, opp = out["players"][seat], out["players"][1 - seat]

        def decl(info: dict[str, Any]) -> str:
            d = info["declaration"]
            text = DECLARATION_NAMES.get(d, "-") if d else "-"
            return text + (f" ({OUTCOME_NAMES[info['outcome']]})" if info["outcome"] else "")

        out["board"] = [
            ("得点", out["points"][seat], out["points"][1 - seat]),
            ("カード", " ".join(me["field"]) + f" (合計 {me['total']})", " ".join(opp["field"])),
            ("宣言", decl(me), decl(opp)),
            ("山札", f"{zone_count(out['table'], 'pack')}枚", f"勝負 {s.round_no}"),
        ]
        return out


def zone_count(where: dict[str, Any], zone: str) -> int:
    """The number of cards of ``zone`` in an observation: listed when the viewer may see them all (an empty
    pack among them), counted as ``<zone>_count`` otherwise."""
    cards = where.get(zone)
    return len(cards) if isinstance(cards, list) else int(where.get(zone + "_count", 0))


__all__ = ["BDState", "BlackDoubtHooks", "DECLARATIONS", "DECLARATION_NAMES", "Hand", "OUTCOMES"]

"""One per-seat view: everything a seat is shown goes through here (3.12.1).

The board, the question and option labels of a decision, the lines telling what happened, and the log a
seat may save are all produced by :class:`SeatView` — for the terminal (``bpdsl play``) and the browser
(``bpdsl serve``) alike.  The view is generic; it rests on the game's visibility rules, which the game's
common-rules hooks provide (:class:`Visibility`):

* ``visible_cards(game, seat)``: the cards ``seat`` may see at this moment (the game's public/private table);
* ``describe_event(game, event, seat)``: one event in the seat's own words ("" when it is not told);
* ``event_reveals(event)``: the card texts an event itself shows to everybody (a revealed card);
* ``observe(game, seat)``: the seat's board.

Hidden cards stay hidden by construction, not by care: every text is checked against the cards the seat
may see *at that moment* (just before or just after the event, plus what the event reveals) before it
leaves the view.  A card name that fails the check is blanked to "?" (fail closed); in ``strict`` mode —
the property test's — it raises :class:`LeakError` instead, so that a describer's mistake is found, not
hidden.  Both players use decks of the same cards (each its own copy), so a card's text is the unit of the
check: a text is allowed when some card of that text is visible to the seat.

:class:`ViewLog` is the game's event log that tells each seat its line the moment an event is written
(with the state of that moment), which is how a live game and a replay produce the same words.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Protocol

from bpdsl.engine.decisions import DecisionRequest, without_id
from bpdsl.engine.events import LogEvent
from bpdsl.engine.log import CHAIN_KEY, CHAIN_START, EventLog
from bpdsl.engine.undo import KIND_WORDS, UNDO, judge_undo_words, undo_words

# a card's printed text (both bundled games use the same playing cards)
CARD_TOKEN = re.compile(r"[♠♡◇♣](?:10|[2-9AJQK])|Joker[12]?")

JUDGE = -1  # the judge's seat: sees every card (replay viewer only, clearly marked there)


class LeakError(AssertionError):
    """A text addressed to a seat names a card that seat may not see (a bug of a describer)."""


class Visibility(Protocol):
    """What a game's common-rules hooks provide for the per-seat view."""

    def visible_cards(self, game: Any, seat: int) -> set[int]: ...

    def describe_event(self, game: Any, event: dict[str, Any], seat: int) -> str: ...

    def event_reveals(self, event: dict[str, Any]) -> list[str]: ...

    def observe(self, game: Any, seat: int) -> dict[str, Any]: ...

    def card_text(self, c: int) -> str: ...

    def describe_result(self, reason: str, seat: int) -> str: ...


@dataclass
class Prompt:
    """A decision as the deciding seat is asked it."""

    kind: str
    question: str
    labels: list[str]
    context: dict[str, Any] = field(default_factory=dict)


QUESTIONS = {"action": "アクションを起こしますか？ (パスもできます)", "key": "キーカードを選んでください",
             "target": "対象を選んでください", "cost_B": "コストB: ドライブする防壁を選んでください",
             "cost_D": "コストD: 捨てるカードを選んでください", "cost_S": "コストS: 墓地に移すキャラクターを選んでください",
             "attackers": "このキャラクターでアタックしますか？", "blockers": "ブロッカーを選んでください",
             "draw_more": "もう1枚引きますか？ (任意のドロー)", "order": "同時に誘発したアクションのうち、次にステージに置くもの",
             "discard": "手札の上限を超えています: 捨てるカードを選んでください", "choose": "選んでください",
             "trump_place": "デッキのカードを切札として裏向きに置きますか？", "trump": "切札を選んでください",
             "source": "アクションを起こすためにドライブする兵士を選んでください", "hit_or_stand": "ヒットしますか？",
             "face": "カードを表向き・裏向きのどちらで並べますか？"}


# kinds whose question is completed by the engine's own wording of what is asked (``what``); a kind without
# a question of its own (a game's own decision) is asked in general words with that wording
_GENERAL = frozenset({"choose", "attackers", "blockers", "order", "face", "trump_place", "trump", "hit_or_stand"})


def card_texts(hooks: Visibility, cards: Iterable[int]) -> set[str]:
    return {hooks.card_text(c) for c in cards}


def strings_in(data: Any) -> Iterable[str]:
    """Every string inside a JSON-like value (keys included)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield from strings_in(k)
            yield from strings_in(v)
    elif isinstance(data, (list, tuple)):
        for v in data:
            yield from strings_in(v)


def result_words(game: Any, seat: int) -> str:
    """Why ``game`` ended, in the words ``seat`` reads (あなた/相手); the logged reason when the game has
    no wording for it (an aborted game's error stays as the engine wrote it)."""
    reason = game.state.reason or ""
    describe = getattr(game.hooks, "describe_result", None)
    return describe(reason, seat) if describe is not None else reason


class SeatView:
    """Everything ``seat`` is shown of ``game``; ``seat`` = :data:`JUDGE` sees every card."""

    def __init__(self, game: Any, seat: int, strict: bool = False):
        self.game = game
        self.seat = seat
        self.strict = strict
        self.hooks: Visibility = game.hooks
        self.leaks = 0  # card names blanked by the check (0 unless a describer is wrong)
        self._own: set[str] | None = None  # texts of the seat's own cards (a decision may show them to it)

    # ------------------------------------------------------------------ the check

    def allowed(self) -> set[str]:
        if self.seat == JUDGE:
            return set()  # the judge's texts are not checked
        return card_texts(self.hooks, self.hooks.visible_cards(self.game, self.seat))

    def guard(self, text: str, allowed: set[str], what: str) -> str:
        """``text`` with every card name the seat may not see blanked (or :class:`LeakError` in strict mode)."""
        if self.seat == JUDGE:
            return text

        def check(m: re.Match[str]) -> str:
            if m.group(0) in allowed:
                return m.group(0)
            if self.strict:
                raise LeakError(f"{what} for seat {self.seat} names {m.group(0)}, which it may not see: {text!r}")
            self.leaks += 1
            return "?"

        return CARD_TOKEN.sub(check, text)

    def guard_data(self, data: Any, allowed: set[str], what: str) -> Any:
        if isinstance(data, str):
            return self.guard(data, allowed, what) if CARD_TOKEN.search(data) else data
        if isinstance(data, dict):
            return {k: self.guard_data(v, allowed, what) for k, v in data.items()}
        if isinstance(data, list):
            return [self.guard_data(v, allowed, what) for v in data]
        if isinstance(data, tuple):
            return tuple(self.guard_data(v, allowed, what) for v in data)
        return data

    # ------------------------------------------------------------------ what the seat is shown

    def board(self) -> dict[str, Any]:
        """The seat's observation (the judge gets seat 0's layout with every card shown)."""
        if self.seat == JUDGE:
            return judge_board(self.game)
        obs = self.hooks.observe(self.game, self.seat)
        allowed = self.allowed()
        flat = json.dumps(obs, ensure_ascii=False, default=str)
        if all(m.group(0) in allowed for m in CARD_TOKEN.finditer(flat)):
            return obs  # the usual case: one pass over the serialised board
        return self.guard_data(obs, allowed, "board")

    def event(self, e: dict[str, Any], before: set[str] | None = None, now: set[str] | None = None) -> str:
        """One event in the seat's words ("" when not told); ``before``/``now``: the card texts visible just
        before it and now (``now`` is computed when not given)."""
        seat = 0 if self.seat == JUDGE else self.seat
        if e.get("t") == UNDO:  # an engine line, not the game's: told in words that name no card
            return judge_undo_words(e) if self.seat == JUDGE else undo_words(e, seat)
        text = self.hooks.describe_event(self.game, e, seat) if self.seat != JUDGE else judge_line(self, e)
        if not text:
            return ""
        if not CARD_TOKEN.search(text):
            return text
        allowed = (self.allowed() if now is None else now) | set(self.hooks.event_reveals(e)) | (before or set())
        return self.guard(text, allowed, f"event {e.get('t')}")

    def prompt(self, req: DecisionRequest) -> Prompt:
        """The question and labels of a decision; only the deciding seat is ever asked."""
        if self.seat != req.player:
            raise LeakError(f"a decision of seat {req.player} was addressed to seat {self.seat}")
        # the seat's own cards may be shown to it by the effect asking (e.g. a search of its own life)
        if self._own is None:
            state = self.game.state
            self._own = card_texts(self.hooks, (c for c in range(len(state.loc)) if state.owner[c] == self.seat))
        shown = {str(req.context["card"])} if "card" in req.context else set()  # the card a draw lets it look at
        allowed = self.allowed() | self._own | shown
        labels = [self.guard(req.label(i), allowed, f"{req.kind} option") for i in range(len(req.options))]
        # the action being raised or paid for; the engine's own wording of what is asked where the kind is general
        general = req.kind in _GENERAL or req.kind not in QUESTIONS
        what = req.context.get("action") or (req.context.get("what") if general else "") or ""
        question = QUESTIONS.get(req.kind, QUESTIONS["choose"])
        if what and what not in question:
            question = f"{question} ({self.guard(str(what), allowed, 'question')})"
        return Prompt(req.kind, question, labels, {k: v for k, v in req.context.items() if isinstance(v, (str, int))})


def judge_board(game: Any) -> dict[str, Any]:
    """Every card of both seats (the judge's view of a finished game)."""
    from bpdsl.engine.log import canonical_state

    return {"judge": True, "turn": game.state.turn, "turn_no": game.state.turn_no,
            "chance": game.state.chance, "state": canonical_state(game)}


def judge_line(view: SeatView, e: dict[str, Any]) -> str:
    """The judge hears every event with its hidden parts (seat 0's words, then the hidden details)."""
    text = view.hooks.describe_event(view.game, e, 0)
    hidden = {k: e[k] for k in ("cards", "keys", "target", "choice", "card") if e.get(k)}
    if e.get("t") == UNDO:
        return judge_undo_words(e)
    if e.get("t") == "decision":
        return f"席{e['p']}: {KIND_WORDS.get(str(e.get('kind')), '選択')} → {without_id(str(e.get('choice')))}"
    if hidden and text:
        return f"{text}  〔{' '.join(f'{_HIDDEN_WORDS[k]}={_listed(v)}' for k, v in hidden.items())}〕"
    return text


_HIDDEN_WORDS = {"cards": "カード", "keys": "キー", "target": "対象", "choice": "選択", "card": "カード"}


def _listed(value: Any) -> str:
    return " ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)


class ViewLog(EventLog):
    """The game's event log; as each event is written, each seat is told its line (state of that moment).

    ``told[seat]`` holds ``(event index, line)`` pairs.  Attach the game with :meth:`attach` right after
    :func:`~bpdsl.engine.new_game` (the game's first line is written before the game exists).  When the step
    API takes the game back to a checkpoint (:meth:`truncate`), the lines told since are taken back too.

    ``memo``: the log of an earlier play of the same game (the browser sandbox plays a table again from its
    start at every decision).  While this play's events carry the same chain digests as the memo's — the
    digest covers every event before, decisions included, so the game's state is the same — each seat's
    line and visible cards are taken from the memo instead of being worked out again; from the first event
    that differs on, everything is worked out as usual.
    """

    def __init__(self, seats: int = 2, strict: bool = False, memo: "ViewLog | None" = None):
        super().__init__()
        self._memo = memo if memo is not None and memo.seats == seats and memo.strict == strict else None
        self._memo_told: list[dict[int, str]] = ([dict(t) for t in self._memo.told] if self._memo is not None
                                                 else [])
        self.views: list[SeatView] = []
        self.told: list[list[tuple[int, str]]] = [[] for _ in range(seats)]
        self.seats = seats
        self.strict = strict
        self._base: list[set[str]] = []  # what each seat could see when the game was attached
        self._after: list[list[set[str]] | None] = []  # per event: what each seat could see right after it

    def attach(self, game: Any) -> "ViewLog":
        self.views = [SeatView(game, s, self.strict) for s in range(self.seats)]
        self._base = [v.allowed() for v in self.views]
        self._after = [None] * len(self.lines)
        return self

    def _before(self, n: int) -> list[set[str]]:
        for k in range(n - 1, -1, -1):
            seen = self._after[k] if k < len(self._after) else None
            if seen is not None:
                return seen
        return self._base

    def write(self, event: dict[str, Any] | LogEvent) -> None:
        super().write(event)
        if not self.views:
            return
        n = len(self.lines) - 1
        if self._recall(n):
            return
        if isinstance(event, LogEvent):
            event = event.json()
        before = self._before(n)
        after = []
        for s, v in enumerate(self.views):
            now = v.allowed()
            line = v.event(event, before[s], now)
            if line:
                self.told[s].append((n, line))
            # an unchanged visibility is kept as the same set: most events change no seat's visible texts,
            # and a long log (a replay stepped to decision 20,000) would otherwise hold a set per event
            after.append(before[s] if now == before[s] else now)
        del self._after[n:]
        self._after.extend([None] * (n - len(self._after)))
        self._after.append(after)

    def forget_memo(self) -> None:
        """Let go of the earlier play's log (once this play is over: a log never keeps a chain of others)."""
        self._memo = None
        self._memo_told = []

    def _recall(self, n: int) -> bool:
        """Event ``n`` told from the memo, if the memo has the same history up to it (see the class)."""
        memo = self._memo
        if memo is None:
            return False
        seen = memo._after[n] if n < len(memo._after) else None
        if seen is None or n >= len(memo.lines) or memo.lines[n].get(CHAIN_KEY) != self.lines[n].get(CHAIN_KEY):
            self._memo = None  # the games part here: work everything out from now on
            self._memo_told = []
            return False
        for s in range(self.seats):
            line = self._memo_told[s].get(n)
            if line:
                self.told[s].append((n, line))
        del self._after[n:]
        self._after.extend([None] * (n - len(self._after)))
        self._after.append(seen)
        return True

    def truncate(self, n: int) -> None:
        """Forget the events after the first ``n`` and the lines they told; the hash chain goes on from the
        last event kept."""
        del self.lines[n:]
        self.digest = str(self.lines[-1].get(CHAIN_KEY, CHAIN_START)) if self.lines else CHAIN_START
        del self._after[n:]
        for told in self.told:
            while told and told[-1][0] >= n:
                told.pop()

    def fork_onto(self, game: Any) -> "ViewLog":
        """An independent log with the same events and told lines so far, its views on ``game`` (a clone of
        the game this log is attached to).  The events, lines and visibility sets are shared, not copied:
        none of them is changed once written, so a fork costs a few pointers an event."""
        other = ViewLog(self.seats, self.strict)
        other.lines = list(self.lines)
        other.digest = self.digest
        other.told = [list(t) for t in self.told]
        other._after = list(self._after)
        other._base = self._base
        other.views = [SeatView(game, s, self.strict) for s in range(self.seats)]
        return other

    def seat_log(self, seat: int, header: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """The log a seat may save while its game runs: its own lines only (no seed, no decks)."""
        head = {"t": "seat_log", "seat": seat, **(header or {})}
        return [head] + [{"t": "line", "i": i, "text": text} for i, text in self.told[seat]]


__all__ = ["CARD_TOKEN", "JUDGE", "LeakError", "Prompt", "QUESTIONS", "SeatView", "ViewLog", "Visibility",
           "judge_board", "strings_in"]

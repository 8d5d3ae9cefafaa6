"""Games in progress in the browser sandbox ("tables"), driven decision by decision.

A table is (how the game starts, which seats are people and which are bots, the people's choices so far).
Its position is found by playing the game from its start with those choices: the bots decide as they did,
the people's recorded choices are taken in order, and the first decision of a person without a recorded
choice pauses the game there (:class:`Position`).  The same recorded game is therefore the table, the
saved log and the replay — a choice can be applied only once, to the decision it was made for.
"""
from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable

from bpdsl.engine import FirstLegalAgent, RandomAgent, new_game
from bpdsl.engine.decisions import DecisionRequest
from bpdsl.engine.log import quit_end_event
from bpdsl.engine.view import ViewLog

BOTS: dict[str, Callable[[int], Any]] = {"random": lambda seed: RandomAgent(seed),
                                         "first": lambda seed: FirstLegalAgent()}
BOT_NAMES = {"random": "ランダム", "first": "最初の合法手"}
MAX_NOTES = 200  # notes on one table
MAX_UNDOS = 200  # decisions taken back in one game
MAX_TABLES = 200  # the oldest table is dropped beyond this (a local sandbox, not a server farm)
IDLE_SECONDS = 6 * 3600  # a table nobody asked about for this long is dropped


class _Pause(Exception):
    """A person is asked a decision that has no recorded choice yet: the game waits here."""

    def __init__(self, request: DecisionRequest):
        super().__init__()
        self.request = request


class _Person:
    """A person in the browser as an engine agent: the table's recorded choices, taken in order."""

    name = "person"

    def __init__(self, choices: list[int], cursor: list[int], undos: list[dict[str, Any]] | None = None,
                 log: Any = None):
        self.choices = choices
        self.cursor = cursor  # shared by both seats of a two-person table: one sequence of choices
        self.undos = undos or []  # the table's undos: {"at": choice number, "line": the undo line}
        self.log = log

    def decide(self, request: DecisionRequest, observe: Any) -> int:
        for u in self.undos:  # the decisions taken back here, told just before this one is taken again
            if u["at"] == self.cursor[0]:
                self.log.write(dict(u["line"]))
        if self.cursor[0] >= len(self.choices):
            raise _Pause(request)
        i = self.choices[self.cursor[0]]
        self.cursor[0] += 1
        return i


class _Probed:
    """An agent whose every decision is first shown to ``probe`` with the game as it is when asked."""

    def __init__(self, agent: Any, probe: Callable[[Any, DecisionRequest, int], None], box: list[Any],
                 cursor: list[int]):
        self.agent = agent
        self.name = agent.name
        self.probe = probe
        self.box = box  # [the game], filled once it exists
        self.cursor = cursor

    def decide(self, request: DecisionRequest, observe: Any) -> int:
        self.probe(self.box[0], request, self.cursor[0])
        return int(self.agent.decide(request, observe))


@dataclass
class Start:
    """How a table's game starts: its rules and everything needed to start it again identically."""

    rules: Any
    seed: int
    decks: list[list[Any]] | None = None
    setup: Callable[[Any], None] | None = None
    head: list[dict[str, Any]] = field(default_factory=list)  # log lines before the game line (regulation)
    position: Callable[[Any], None] | None = None  # puts the game at a scenario's position
    title: str = ""


@dataclass
class Position:
    """A table's game at its current decision (or at its end)."""

    game: Any
    log: ViewLog
    pending: DecisionRequest | None
    result: Any  # GameResult once the game is over


class Table:
    def __init__(self, start: Start, seats: list[str], bot_seed: int, strict: bool = False):
        self.strict = strict  # the per-seat views raise on a hidden card instead of blanking it (tests)
        self.id = secrets.token_urlsafe(12)
        self.start = start
        self.seats = seats  # per seat: "person" or a bot kind
        self.tokens = {s: secrets.token_urlsafe(16) for s, kind in enumerate(seats) if kind == "person"}
        # the watchers' links: a spectator (what both seats see) and the judge (every card)
        self.watchers = {role: secrets.token_urlsafe(16) for role in ("spectator", "judge")}
        self.bot_seed = bot_seed
        self.choices: list[int] = []
        # decisions taken back by agreement (bpdsl.engine.undo): {"at": the choice number asked again,
        # "line": the undo line}, in the order they happened; the log tells them where "at" says
        self.undos: list[dict[str, Any]] = []
        self.undo_ask: dict[str, int] | None = None  # an undo asked and not answered: {"asked", "decision_no"}
        self.undo_refused: dict[str, int] | None = None  # the last undo refused (until the next choice)
        self.quit = False
        self.recipe: dict[str, Any] | None = None  # the new-game request's fields and seed (bpdsl.web.store)
        # a seat's notes on the game: {"seat", "decision_no", "text"}; each seat is sent its own only (a note
        # may name a card its writer sees and the other seat does not)
        self.notes: list[dict[str, Any]] = []
        self.version = 0  # bumped by every change of the game: what the pushed updates watch
        self.lock = threading.Lock()
        self._position: Position | None = None
        self._told: ViewLog | None = None  # the log of the last play: what it told is not worked out again

    def position(self) -> Position:
        if self._position is None:
            self._position = self._play()
            self._position.log.forget_memo()
            self._told = self._position.log
        return self._position

    def _play(self, probe: Callable[[Any, DecisionRequest, int], None] | None = None) -> Position:
        """The game played from its start with the recorded choices, up to the first one missing;
        ``probe(game, request, choices taken)``: shown every decision asked, before it is answered."""
        cursor = [0]
        log = ViewLog(len(self.seats), strict=self.strict, memo=self._told if probe is None else None)
        agents: list[Any] = [_Person(self.choices, cursor, self.undos, log) if kind == "person"
                             else BOTS[kind](self.bot_seed + s) for s, kind in enumerate(self.seats)]
        box: list[Any] = []
        if probe is not None:
            agents = [_Probed(a, probe, box, cursor) for a in agents]
        for line in self.start.head:
            log.write(dict(line))
        game = new_game(self.start.rules, agents, self.start.seed, decks=self.start.decks, setup=self.start.setup,
                        log=log)
        box.append(game)
        log.attach(game)
        if self.start.position is not None:
            self.start.position(game)
        try:
            result = game.play()
        except _Pause as p:
            return Position(game, log, p.request, None)
        return Position(game, log, None, result)

    def chance_scenario(self, name: str) -> tuple[dict[str, Any], int]:
        """The position at the last chance asked up to now (the current decision, when it is one) as
        scenario data (:mod:`bpdsl.scenarios.save`), and the number of the people's decisions taken
        before it.  :class:`Refused` when the game holds what a scenario cannot, or no chance was asked yet."""
        from bpdsl.scenarios.save import UnsavedPosition, position_scenario

        rules = self.start.rules
        found: list[tuple[dict[str, Any], int]] = []

        def probe(game: Any, request: DecisionRequest, taken: int) -> None:
            if request.kind == "action":  # asked by the chance node only
                found[:] = [(position_scenario(game, name, rules.edition.id, rules.format, self.start.seed), taken)]

        if any(line.get("t") == "regulation" for line in self.start.head):
            raise Refused(409, "a regulation's game (its decks and packs) cannot be saved as a scenario file; "
                               "play its edition and format, or a scenario, to save a position")
        try:
            self._play(probe)
        except UnsavedPosition as exc:
            raise Refused(409, f"this position cannot be saved as a scenario: {exc}") from None
        if not found:
            raise Refused(409, "no chance has been asked yet (アクションを起こすか？): there is no position to save")
        return found[0]

    @property
    def decision_no(self) -> int:
        """How many decisions the people have taken: the number a choice must name (stale ones are refused)."""
        return len(self.choices)

    def apply(self, seat: int, decision: int, option: int) -> None:
        """Take ``option`` of the pending decision of ``seat``; raises :class:`Refused` and changes nothing
        when the decision is stale, not this seat's, or the option is not one of its options."""
        pos = self.position()
        if self.quit or pos.pending is None:
            raise Refused(409, "the game is over")
        if decision != self.decision_no:
            raise Refused(409, f"stale decision {decision}: the current decision is {self.decision_no}")
        if pos.pending.player != seat:
            raise Refused(409, "it is not this seat's decision")
        if not 0 <= option < len(pos.pending.options):
            raise Refused(400, f"option {option} is not one of the {len(pos.pending.options)} legal options")
        self.choices.append(option)
        self._position = None
        try:
            self.position()
        except Exception:  # the engine failed on this choice: take it back, the table stays as it was
            self.choices.pop()
            self._position = None
            raise
        self.undo_ask = self.undo_refused = None  # an undo asked before this choice is moot
        self.version += 1

    # ------------------------------------------------------------------ undo by agreement

    def ask_undo(self, seat: int) -> None:
        """``seat`` asks to take the last decision back; the other seat answers (:meth:`answer_undo`), a bot
        agrees at once.  :class:`Refused` when there is nothing to take back or an undo is already asked."""
        if self.quit or self.position().pending is None:  # the pages stop following a finished game
            raise Refused(409, "the game is over: nothing can be taken back")
        if not self.choices:
            raise Refused(409, "no decision has been taken yet: nothing to take back")
        if self.undo_ask is not None:
            raise Refused(409, "an undo is already asked and waits for its answer")
        if len(self.undos) >= MAX_UNDOS:
            raise Refused(409, f"this game has had {MAX_UNDOS} undos already")
        other = 1 - seat
        if self.seats[other] != "person":
            self._take_back(seat, other, bot=True)
            return
        self.undo_ask = {"asked": seat, "decision_no": self.decision_no}
        self.undo_refused = None
        self.version += 1

    def answer_undo(self, seat: int, accept: bool) -> None:
        """The other seat's answer to the undo asked (:class:`Refused` when none is, or ``seat`` asked it)."""
        ask = self.undo_ask
        if ask is None:
            raise Refused(409, "no undo is asked")
        if ask["asked"] == seat:
            raise Refused(409, "the undo was asked by this seat: the other seat answers it")
        if accept:
            self._take_back(ask["asked"], seat, bot=False)
        else:
            self.undo_ask = None
            self.undo_refused = dict(ask)
            self.version += 1

    def _take_back(self, asked: int, agreed: int, bot: bool) -> None:
        """Drop the last choice; the log records it as an undo line before the decision asked again."""
        from bpdsl.engine.undo import undo_event

        pos = self.position()
        people = [e for e in pos.log.lines if e.get("t") == "decision" and self.seats[int(e["p"])] == "person"]
        at = len(self.choices) - 1
        if len(people) != len(self.choices):  # each choice of a person is one decision line of the log
            raise Refused(409, "the last decision cannot be found in the game's log")
        for u in self.undos:  # undos told at a decision now taken back are told where play goes on
            u["at"] = min(u["at"], at)
        self.undos.append({"at": at, "line": undo_event(people[at], asked, agreed, bot)})
        self.choices.pop()
        self.undo_ask = self.undo_refused = None
        self._position = None
        self.version += 1

    def end_lines(self) -> list[dict[str, Any]]:
        """The log's ``end`` line of a game quit before its end (the state where it stopped)."""
        pos = self.position()
        if pos.result is not None or not self.quit:
            return []
        return [quit_end_event(pos.game)]

    @property
    def over(self) -> bool:
        return self.quit or self.position().pending is None


class Refused(Exception):
    """A request the table refuses (status and message for the client); the table is unchanged."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


class Tables:
    """The tables of one server, by id: the oldest dropped beyond :data:`MAX_TABLES`, and any table not
    asked about for :data:`IDLE_SECONDS` dropped when the next table is added or looked up."""

    def __init__(self, limit: int = MAX_TABLES, idle: float = IDLE_SECONDS,
                 clock: Callable[[], float] = time.monotonic, resume: Callable[[str], Any] | None = None):
        self.resume = resume  # a table not in memory, from where tables are kept (bpdsl.web.store), or None
        self.limit = limit
        self.idle = idle
        self.clock = clock
        self.tables: OrderedDict[str, Any] = OrderedDict()  # least recently used first
        self.used: dict[str, float] = {}
        self.lock = threading.Lock()

    def _expire(self, now: float) -> None:
        while self.tables:
            oldest = next(iter(self.tables))
            if now - self.used[oldest] < self.idle and len(self.tables) <= self.limit:
                break
            self.tables.pop(oldest)
            self.used.pop(oldest)

    def add(self, table: Any) -> Any:
        with self.lock:
            now = self.clock()
            self.tables[table.id] = table
            self.used[table.id] = now
            self._expire(now)
        return table

    def get(self, table_id: str) -> Any:
        with self.lock:
            now = self.clock()
            self._expire(now)
            t = self.tables.get(table_id)
            if t is None and self.resume is not None:
                t = self.resume(table_id)
                if t is not None:
                    self.tables[table_id] = t
                    self.used[table_id] = now
            if t is None:
                raise Refused(404, f"no game {table_id[:40]!r} (it may have ended with the server, or been "
                                   f"idle for more than {self.idle / 3600:g} hours)")
            self.tables.move_to_end(table_id)
            self.used[table_id] = now
        return t


__all__ = ["BOTS", "BOT_NAMES", "MAX_NOTES", "MAX_UNDOS", "Position", "Refused", "Start", "Table", "Tables"]

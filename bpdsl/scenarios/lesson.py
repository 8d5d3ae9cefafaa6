"""Lessons: a scenario with a title, an explanation, a goal the player reaches by their own moves, hints, and
the rule sections it teaches.

A lesson file is a scenario file (:mod:`bpdsl.scenarios.runner`) with a ``lesson:`` section::

    lesson:
      id: place_bulwark
      order: 1
      title: 防壁設置
      editions: [act8.0, act8.2]        # every edition it teaches; CI plays its solution in each
      teaches: ["3.8 キャラクター (防壁)", "防壁設置"]
      seat: 0                           # the learner's seat (default: who has the chance)
      goal: 防壁を1体、場に出しましょう。
      explanation: |                    # Markdown, shown before the first move
        ...
      hints: ["...", "..."]
      partner: ["..."]                  # optional: options the other seat takes whenever offered
      why_not:                          # optional: why a tempting option does not reach the goal
        "兵士召喚 (summon_soldier)": コストのBに使えるチャージ状態の防壁がありません。
    edition: act8.0
    format: lite
    players: [...]
    decisions: [...]                    # the model solution: moves that reach the goal
    expect: {state: ..., events: ...}   # the goal as the runner checks it

The goal is the scenario's ``expect``: it must not hold at the start, and the solution must reach it in every
edition the lesson names (:func:`check_lesson`).  :class:`LessonPlay` lets a learner play it through the
step API: their own decisions, the other seat answered by the solution's moves for it (or passing), and
after each move whether the goal is reached; when the learner's turn is over without it, the goal's
failures say what is missing (like-with-like, as for any scenario).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bpdsl.engine.log import EventLog
from bpdsl.scenarios.runner import ScenarioError, choice_of, load_scenario, run_scenario_data, start_position
from bpdsl.scenarios.selectors import SelectorError, candidates
from bpdsl.scenarios.check import check_state, describe_position, matches


@dataclass
class Lesson:
    """One lesson: its scenario data (with the solution and the goal) and what the learner reads."""

    id: str
    order: int
    title: str
    goal: str
    explanation: str
    hints: list[str]
    teaches: list[str]
    editions: list[str]
    seat: int
    why_not: dict[str, str]
    data: dict[str, Any]
    partner: list[Any] = field(default_factory=list)  # the other seat's options whenever offered (labels, selectors)
    path: str = ""

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "order": self.order, "title": self.title, "goal": self.goal,
                "explanation": self.explanation, "hints": self.hints, "teaches": self.teaches,
                "editions": self.editions, "seat": self.seat, "format": self.data.get("format")}


def read_lesson(path: str | Path) -> Lesson:
    """The lesson in file ``path``; a ScenarioError naming what is missing when it is not one."""
    data = load_scenario(path)
    meta = data.get("lesson")
    if not isinstance(meta, dict):
        raise ScenarioError(f"{path}: a lesson file has a 'lesson:' section (id, title, goal, explanation ...)")
    missing = [k for k in ("id", "title", "goal", "explanation") if not meta.get(k)]
    if missing:
        raise ScenarioError(f"{path}: lesson: missing {', '.join(missing)}")
    editions = [str(e) for e in meta.get("editions") or [data.get("edition")]]
    return Lesson(str(meta["id"]), int(meta.get("order", 0)), str(meta["title"]), str(meta["goal"]),
                  str(meta["explanation"]), [str(h) for h in meta.get("hints") or []],
                  [str(t) for t in meta.get("teaches") or []], editions,
                  int(meta.get("seat", data.get("chance", data.get("turn", 0)))), {str(k): str(v) for k, v in
                                                                (meta.get("why_not") or {}).items()},
                  data, partner=[x if isinstance(x, dict) else str(x) for x in meta.get("partner") or []],
                  path=str(path))


def read_course(folder: str | Path) -> list[Lesson]:
    """Every lesson of a folder, in their order."""
    lessons = [read_lesson(p) for p in sorted(Path(folder).glob("*.yaml"))]
    return sorted(lessons, key=lambda x: (x.order, x.id))


def _goal_failures(game: Any, log: EventLog, goal: dict[str, Any]) -> list[str]:
    failures: list[str] = []
    pos = 0
    for want in goal.get("events") or []:
        if "count" in want:
            pattern = {k: v for k, v in want.items() if k != "count"}
            n = sum(1 for e in log.lines if matches(e, pattern))
            if n != want["count"]:
                failures.append(f"expected {want['count']} event(s) {pattern!r}, got {n}")
            continue
        while pos < len(log.lines) and not matches(log.lines[pos], want):
            pos += 1
        if pos >= len(log.lines):
            failures.append(f"not yet: {want!r}")
            break
        pos += 1
    for want in goal.get("absent") or []:
        if any(matches(e, want) for e in log.lines):
            failures.append(f"must not happen: {want!r}")
    check_state(game, goal.get("state") or {}, failures)
    return failures


def check_lesson(lesson: Lesson, definitions: Any = None) -> dict[str, list[str]]:
    """Per edition the lesson names: the problems of its solution there ([] when the solution reaches the
    goal, and the goal does not already hold at the start)."""
    out: dict[str, list[str]] = {}
    for edition in lesson.editions:
        data = {**lesson.data, "edition": edition}
        problems: list[str] = []
        try:
            result = run_scenario_data(lesson.path, data, definitions)
            problems.extend(result.failures)
            start = LessonPlay(lesson, definitions, edition)
            if start.reached:
                problems.append("the goal already holds at the start: nothing to learn")
        except ScenarioError as exc:
            problems.append(str(exc))
        out[edition] = problems
    return out


@dataclass
class Move:
    """What one move of the learner did."""

    ok: bool
    message: str = ""
    reasons: list[str] = field(default_factory=list)


class LessonPlay:
    """A lesson being played by a learner through the step API (the engine's own legality)."""

    def __init__(self, lesson: Lesson, definitions: Any = None, edition: str | None = None):
        from bpdsl.engine import build_rules, new_game

        self.lesson = lesson
        data = lesson.data
        self.edition = edition or str(data["edition"])
        if isinstance(data.get("definitions"), dict):
            from bpdsl.scenarios.inline import load_with_inline, scenario_edition

            definitions = load_with_inline(lesson.path, {**data, "edition": self.edition})
            self.rules = build_rules(scenario_edition(self.edition), str(data["format"]), definitions)
        else:
            self.rules = build_rules(self.edition, str(data["format"]), definitions)
        self.log = EventLog()
        self.game = new_game(self.rules, None, int(data.get("seed", 0)), log=self.log)
        start_position(self.game, data)
        self.seat = lesson.seat
        self.moves = 0
        self.limit = sum(1 for d in data.get("decisions") or []
                         if not isinstance(d, dict) or d.get("p", self.seat) == self.seat) + 4
        # the other seat's moves of the solution, in order (the learner's partner plays them)
        self._theirs = [choice_of(d) for d in data.get("decisions") or []
                        if isinstance(d, dict) and d.get("p") not in (None, self.seat) and choice_of(d) is not None]
        self.reached = False
        self.failed = False
        self.reasons: list[str] = []
        self._advance()

    def request(self) -> Any:
        """The learner's pending decision (None when the lesson is over)."""
        if self.reached or self.failed:
            return None
        return self.game.pending()

    def labels(self) -> list[str]:
        req = self.request()
        return [req.label(i) for i in range(len(req.options))] if req is not None else []

    def view(self) -> dict[str, Any]:
        """The learner's seat's observation (what the rules let that seat see)."""
        return dict(self.game.hooks.observe(self.game, self.seat))

    def position(self) -> list[str]:
        return describe_position(self.game)

    def choose(self, choice: int | str) -> Move:
        """Take the learner's option (index or label); a choice that is not legal is refused and explained."""
        req = self.request()
        if req is None:
            return Move(False, "the lesson is over")
        labels = self.labels()
        i = choice if isinstance(choice, int) and not isinstance(choice, bool) else (
            labels.index(choice) if choice in labels else -1)
        if not 0 <= i < len(labels):
            why = self.lesson.why_not.get(str(choice), "")
            return Move(False, f"{choice!r} は今選べません" + (f"：{why}" if why else "")
                        + f"（選べるもの：{'、'.join(labels)}）")
        self.moves += 1
        self.game.apply(i)
        self._advance()
        if self.reached:
            return Move(True, "ゴール達成！")
        hint = self.lesson.why_not.get(labels[i], "")
        if self.failed:
            return Move(False, hint, self.seen_reasons())
        return Move(True, hint)

    def seen_reasons(self) -> list[str]:
        """Why the goal was not reached, with every card the learner's seat may not see blanked (a reason
        about the other seat's life must not show its cards)."""
        from bpdsl.engine.view import SeatView

        view = SeatView(self.game, self.seat)
        allowed = view.allowed()
        return [view.guard(r, allowed, "lesson reason") for r in self.reasons]

    def _picks(self, entry: Any, req: Any, labels: list[str]) -> list[int]:
        """The options of ``req`` an entry names (a label, an earlier release's label or a selector)."""
        try:
            return candidates(entry, self.game, req, labels)[0]
        except SelectorError:
            return []

    def _advance(self) -> None:
        """Answer the other seat's decisions, then see whether the goal holds or can no longer be reached."""
        game = self.game
        for _ in range(500):  # the partner's answers; a partner that only passes may never give the turn back
            req = game.pending()
            if req is None or req.player == self.seat:
                break
            labels = [req.label(i) for i in range(len(req.options))]
            want = self._picks(self._theirs[0], req, labels) if self._theirs else []
            usual = next((hit for x in self.lesson.partner if (hit := self._picks(x, req, labels))), [])
            if want:
                self._theirs.pop(0)
                game.apply(want[0])
            elif usual:
                game.apply(usual[0])
            else:
                game.apply(labels.index("パス") if "パス" in labels else 0)
        failures = _goal_failures(game, self.log, self.lesson.data.get("expect") or {})
        if not failures:
            self.reached = True
        elif game.pending() is None or self.moves >= self.limit or game.state.turn != self.lesson.data.get(
                "turn", 0) and self.moves:
            self.failed = True
            self.reasons = failures


__all__ = ["Lesson", "LessonPlay", "Move", "check_lesson", "read_course", "read_lesson"]

"""The design guidelines checked by play: what ``bpdsl validate --guidelines`` runs besides the checks that read
the definitions alone (bpdsl.dsl.guidelines).

* ``first_turn_win``: for every format of every edition, real game starts (``deals`` seeds) are goldfished
  by the combo search (bpdsl.sim.combos): the first player searches its first turn against a passive
  opponent; a line that wins within it (or a loop within it that ends the game) is a breach, reported at the entry of the last action raised on it,
  with the line.  Decisions before the first player's first action (trumps placed or not: not) are answered
  with the passive opponent's choice.
* ``double_main_trigger``: ``games`` seeded random games per format are played and read: two or more
  誘発–メイン requests raised after one resolution (before the next one) is a breach, at those actions.

Each play check says what it searched (``notes``), so a clean result states its bound.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from bpdsl.diagnostics import Diagnostic, DiagnosticSink, Pos
from bpdsl.dsl.guidelines import (L_RECOMMENDED, L_REQUIRED, Breach, Guideline, notation, static_breaches)
from bpdsl.sim.combos import Bound, ComboSearch, passive_choice

_LABEL_ID = re.compile(r"\(([a-z0-9_]+)\)$")


@dataclass(frozen=True)
class PlayBound:
    deals: int = 2  # game starts searched per format (first_turn_win)
    depth: int = 8  # decisions of the first player
    nodes: int = 600
    seconds: float = 20.0
    games: int = 20  # random games per format (double_main_trigger)


@dataclass
class GuidelineReport:
    breaches: list[Breach] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the play checks searched

    def diagnostics(self) -> list[Diagnostic]:
        sink = DiagnosticSink()
        for b in sorted(self.breaches, key=lambda b: (b.pos.file, b.pos.line, b.pos.col, b.guideline.id)):
            g = b.guideline
            message = (f"[{g.id} {g.level}] {g.title}: {b.detail}"
                       + (f" (editions: {', '.join(b.editions)})" if b.editions else ""))
            hint = g.text
            if g.severity == "error":
                sink.error(b.pos, L_REQUIRED, message, hint)
            else:
                sink.warning(b.pos, L_RECOMMENDED, message, hint)
        return sink.items


def _formats(defs: Any, game: str, editions: list[str] | None) -> list[tuple[Any, str]]:
    out = []
    for e in defs.editions.values():
        if e.game == game and (editions is None or e.id in editions):
            out += [(e, f.id) for f in sorted(e.formats, key=lambda f: f.order)]
    return out


def _rules(defs: Any, edition: str, fmt: str) -> Any:
    from bpdsl.engine import build_rules
    from bpdsl.engine.compiled import CompileError

    try:
        return build_rules(edition, fmt, defs)
    except CompileError:
        return None


def first_turn_win(defs: Any, g: Guideline, game: str, editions: list[str] | None, bound: PlayBound,
                   report: GuidelineReport) -> None:
    from bpdsl.engine import new_game

    searched = 0
    for e, fmt in _formats(defs, game, editions):
        rules = _rules(defs, e.id, fmt)
        if rules is None:
            continue
        for seed in range(bound.deals):
            game_ = new_game(rules, None, seed)
            while (req := game_.pending()) is not None and not (req.kind == "action" and req.player == game_.state.turn):
                game_.apply(passive_choice(req, game_))
            if game_.pending() is None:
                continue
            seat = game_.state.turn
            r = ComboSearch(game_, seat, Bound(bound.depth, 1, bound.nodes, bound.seconds)).run()
            searched += 1
            if game_.state.turn_no != 1:
                continue
            if r.kill is not None and r.kill.turns == 1:
                line = r.kill.line
            elif r.loop is not None and r.loop.ended_by_loop:  # a loop within the first turn that ends the game
                line = [*r.loop.prefix, *r.loop.cycle, f"(the cycle {r.loop.cycles_to_end} times)"]
            else:
                continue
            ids = [m.group(1) for m in (_LABEL_ID.search(x) for x in line) if m and m.group(1) in e.actions]
            entry = e.actions[ids[-1]] if ids else None
            report.breaches.append(Breach(
                g, entry.pos if entry is not None else Pos(e.id, 0, 0), entry.id if entry else e.id,
                f"{e.id} {fmt}: the first player wins its first turn against a passive opponent (deal {seed}): "
                + " → ".join(line), (e.id,)))
    report.notes.append(f"{g.id}: searched the first turn of {bound.deals} deal(s) of each format "
                        f"({searched} searches; up to {bound.depth} decisions, {bound.nodes} nodes, "
                        f"{bound.seconds} s each) against a passive opponent")


def double_main_trigger(defs: Any, g: Guideline, game: str, editions: list[str] | None, bound: PlayBound,
                        report: GuidelineReport) -> None:
    from bpdsl.engine import new_game
    from bpdsl.engine.log import EventLog
    from bpdsl.sim.agents import make_agent, parse_agent

    played = 0
    seen: set[tuple[str, str]] = set()
    for e, fmt in _formats(defs, game, editions):
        rules = _rules(defs, e.id, fmt)
        if rules is None:
            continue
        main_triggered = {a.id for a in rules.actions.values() if a.trigger == "triggered" and a.main}
        for seed in range(bound.games):
            log = EventLog()
            agents = [make_agent(parse_agent("random"), seed * 2 + s, rules) for s in range(2)]
            try:
                new_game(rules, agents, seed, log=log).play()
            except Exception:  # noqa: BLE001 - a game the engine cannot finish is not this check's finding
                continue
            played += 1
            at_once: list[str] = []
            after = ""  # the resolution the requests were raised after
            for ev in log.lines:
                t = ev.get("t")
                if t in ("resolve", "turn", "decision"):
                    _report_double(e, fmt, seed, at_once, after, g, report, seen)
                    at_once = []
                    after = str(ev.get("action", "")) if t == "resolve" else ""
                elif t == "raise" and not ev.get("direct", True) and ev.get("action") in main_triggered:
                    at_once.append(str(ev["action"]))
            _report_double(e, fmt, seed, at_once, after, g, report, seen)
    report.notes.append(f"{g.id}: read {played} random game(s) ({bound.games} per format) for two 誘発–メイン "
                        "requests raised by one resolution")


def _report_double(e: Any, fmt: str, seed: int, raised: list[str], after: str, g: Guideline, report: GuidelineReport,
                   seen: set[tuple[str, str]]) -> None:
    if len(raised) < 2:
        return
    for aid in sorted(set(raised)):
        if (e.id, aid) in seen or aid not in e.actions:
            continue
        seen.add((e.id, aid))
        a = e.actions[aid]
        report.breaches.append(Breach(g, a.pos, aid, f"{a.name} ({aid}) {notation(a)} was raised with "
                                      f"{', '.join(raised)} after one resolution"
                                      + (f" of {after}" if after else "") + f" ({e.id} {fmt}, random game {seed})",
                                      (e.id,)))


PLAY_CHECKS: dict[str, Callable[..., None]] = {"first_turn_win": first_turn_win,
                                               "double_main_trigger": double_main_trigger}


def play_checks(defs: Any) -> int:
    """How many guidelines need play (each one a run of games or a search): the parts of a long check."""
    return sum(1 for gs in (defs.extra.get("guidelines") or {}).values() for g in gs if g.check in PLAY_CHECKS)


def check_guidelines(defs: Any, editions: list[str] | None = None, play: bool = True,
                     bound: PlayBound = PlayBound(), progress: Callable[[int], None] | None = None) -> GuidelineReport:
    """Every game's guidelines against its editions (``editions``: only these ids); ``progress`` is told how
    many of the :func:`play_checks` are done."""
    report = GuidelineReport()
    played = 0
    for game, guidelines in sorted((defs.extra.get("guidelines") or {}).items()):
        eds = [e for e in defs.editions.values() if e.game == game and (editions is None or e.id in editions)]
        report.breaches += static_breaches(guidelines, eds)
        for g in guidelines:
            runner = PLAY_CHECKS.get(g.check)
            if runner is None:
                continue
            if play:
                runner(defs, g, game, editions, bound, report)
                played += 1
                if progress is not None:
                    progress(played)
            else:
                report.notes.append(f"{g.id}: not played (--no-play): only what the definitions show was checked")
    return report


__all__ = ["GuidelineReport", "PlayBound", "check_guidelines", "play_checks"]

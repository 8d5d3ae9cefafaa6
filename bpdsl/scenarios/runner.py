"""Scenarios: rulings written as scripted games (``bpdsl scenario FILE...`` and the pytest suite).

A scenario sets up a position, plays scripted decisions through the real core flow, and checks the events
that happened and the state reached.  Format (YAML)::

    name: 投擲は♠キーカードの数字分のダメージを与える
    edition: act8.0
    format: std
    seed: 1                  # optional (shuffles during the scenario, e.g. サーチ)
    definitions: [../definitions]   # optional: definitions added to the bundled ones (relative to this file;
    bundled: true                   # `bundled: false` leaves those out); default: the file's project.
                                    # Or inline: {actions: [...], characters: [...], fogs: [...]}, entries
                                    # added to the scenario's edition for this scenario only
    turn: 0                  # the turn player; the chance starts with them unless `chance:` says otherwise
    turn_no: 3               # optional; characters entered before this turn are past 準備
    passed: [1]              # optional: the pass record (the seats that passed since the last action)
    players:                 # seat 0, seat 1: the game's zones of cards by their ids (game.yaml; Black Doubt:
                             # pack), and field.  Cards: "♠A", "♡10", "◇Q", "♣K", "Joker1", "Joker2"
      - life: 10             # the zone with role deck: a number of unused cards of the player's own deck, or a
                             # list, top first
        hand: ["♠5", "♣7"]
        grave: []
        fog:                   # cards in the fog; a fog link is the mark an effect left on a character:
          - "♣3"
          - {cards: ["♡5"], as: fog_up, marks: [1, 0]}   # アップ on player 1's first character: its size +5
          - {cards: ["♡2", "♡3"], as: fog_force}      # フォース: every own soldier +5 (no "marks")
        trump: ["♠4"]          # エクストラ: face-down trumps; trump_up: face-up ones
        field:
          - {as: general_soldier, cards: ["♡9"]}                  # face up, charged, entered turn 0
          - {as: bulwark, cards: ["♣K"], face_up: false, driven: true}
      - life: ["♡2", "♡3"]
    stage:                   # optional: requests already on the stage, bottom first
      - {action: down, p: 0, keys: ["♠5"], target: {char: [1, 0]}}   # or {player: 1}, {action: 0}
    raised: [{p: 0, action: attack}]   # optional: the once-per-turn record of the turn in progress
    combat:                  # optional: the attack in progress (characters as [seat, field index])
      attackers: [[0, 0]]
      blocks: [{attacker: [0, 0], by: [[1, 0]]}]
      judged: []             # attackers ダメージ判定 has dealt with
    decisions:               # every decision with more than one legal option, in the order asked
      - "投擲 (throwing)"      # an option's label (as printed by the error message) or its index, or a
      - {key: [♠5, ♣7]}        # selector: what the option is (bpdsl.scenarios.selectors; labels change,
      - {p: 1, block: {by: ♡5, attacker: ♠6}}   # selectors do not), in the entry or as its choose:
      - {p: 1, choose: "パス"} # `p:` also checks who is asked
      - p: 1                   # a ruling about what a decision offers, and the state when it is asked:
        choose: "パス"
        kind: action           # the kind of decision (action, key, target, choose, order, ...)
        offered: ["パス", "ツイスト (twist)"]      # exactly these options (any order), or
                                                 # {contains: [...], excludes: [...]}
        not_offered: ["カウンター (counter)"]      # never these
        state: {stage: [throwing]}               # like expect.state, checked before answering
      - expect_decision: {p: 1, kind: target, offered: ["プレイヤー0"]}   # a forced decision (one option),
                                                 # observed, not answered (see the manual)
    expect:
      events:                # must occur in this order (each matches a log line on the keys given)
        - {t: damage, p: 1, n: 5}
        - {t: raise, action: counter, count: 0}   # with count: exactly that many, anywhere in the log
      absent:                # must not occur at all
        - {t: no_effect}
      state:                 # checked when the script has run out (or the game is over)
        turn: 0
        winner: null         # only checked when given
        stage: []            # the stage, bottom first: action ids or {action, p, keys, target}
        combat: {attackers: [[0, 0]]}   # the roles of the attack in progress
        players:
          - {hand: 0, grave: ["♠5", "♣7"]}        # a number is a count; a list is compared (hand unordered)
          - {life: 5, field: 0, where: {"♠5": grave}}   # where: the zone of each of the seat's cards
      error: "illegal scripted choice"            # instead: the run must fail with this text

``observe:`` checks what each player may see of the starting position (3.12.1), ``expect: observe:`` the
same where the script ends::

    observe:
      - viewer: 1
        life: ["10以上", 4]          # as shown to the viewer, seat 0 then seat 1
        hand_count: [2, 1]
        grave_top: ["♣3", "◇K"]
        visible: ["♡4", "◇K"]        # cards the viewer's observation shows
        hidden: ["♣5", "♠A"]         # cards it must not show

A scenario that shows a known engine bug may carry ``xfail: "<reason>"``: it is then reported as XFAIL
while it fails (and XPASS once it passes) instead of failing the run.

Cards not mentioned are out of the game.  The flow starts at the node after the flow's game start
([2] in both bundled flows) unless ``start:`` names another node.  ``start: "1"`` plays the game start
(3.9) on the given lives: they are shuffled with the scenario's seed, or kept in the given order with
``shuffle: false`` so that the scenario knows which cards come up (the hands are drawn from the lives,
the top cards compared, ties revealed again, the first player draws 1).  When the script runs out the scenario
stops (the rest of the game is not played) and the state is checked.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from bpdsl.datafile import DataFileError, read_yaml_file
from bpdsl.engine import CompileError, DecisionRequest, Game, ScriptError, build_rules, new_game, position
from bpdsl.engine.log import EventLog
from bpdsl.scenarios.check import (check_observation, check_offer, check_state, describe_position,
                                   matches)
from bpdsl.scenarios.errors import ScenarioError
from bpdsl.scenarios.schema import path_text, shape_problem_paths
from bpdsl.scenarios.selectors import KEYS as SELECTOR_KEYS, SelectorError, candidates, choose, facts, selector


class _Done(Exception):
    """The script ran out: stop the game here and check the state."""


@dataclass
class ScenarioResult:
    name: str
    path: str
    failures: list[str] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    xfail: str | None = None  # the reason a known failure is expected
    position: list[str] = field(default_factory=list)  # the position reached, as text (shown when it fails)
    old_labels: list["OldLabel"] = field(default_factory=list)  # options named by an earlier release's label

    @property
    def warnings(self) -> list[str]:
        """``file:line:col: W101 …`` for every option named by an earlier release's label (still accepted;
        ``bpdsl migrate`` rewrites it)."""
        out = []
        for x in self.old_labels:
            where = _file_pos(self.path, x.path)
            out.append(f"{where}: W101 {x.message()}" if where else x.warning())
        return out

    @property
    def ok(self) -> bool:
        return not self.failures


@dataclass(frozen=True)
class OldLabel:
    """An option named by a label an earlier release printed (:data:`bpdsl.scenarios.selectors.ALIASES`):
    where it is in the file, the label, and the selector (or today's label) that names the same option."""

    path: tuple[Any, ...]
    old: str
    new: Any
    release: str

    def warning(self) -> str:
        return (f"W101 {path_text(self.path)}: label {self.old!r} is the form of {self.release}; "
                f"write {_flow(self.new)} (bpdsl migrate rewrites it)")

    def message(self) -> str:
        return (f"{path_text(self.path)}: label {self.old!r} is the form of {self.release}; "
                f"write {_flow(self.new)} (bpdsl migrate rewrites it)")


def _flow(value: Any) -> str:
    """A selector as it is written in a scenario file (YAML flow style)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) and any(ch in value for ch in ":{}[],#&*!|>'\"%@`") else str(value)


def choice_of(entry: dict[str, Any]) -> Any:
    """What an entry of ``decisions:`` chooses: its ``choose:``, or the selector written in the entry."""
    if "choose" in entry:
        return entry["choose"]
    sel = {k: v for k, v in entry.items() if k in SELECTOR_KEYS}
    return sel or None


class _ScriptAgent:
    """Both seats share one script; checks the optional ``p:`` of each entry, and what the decision offers
    (``offered`` / ``not_offered``), its ``kind`` and the ``state`` when it is asked.  An option is named by
    its index, its label (today's, or an earlier release's: :attr:`old_labels`) or a selector
    (:mod:`bpdsl.scenarios.selectors`).

    An ``expect_decision:`` entry is not answered: it observes a forced decision (a single legal option,
    which the engine takes without asking anyone) through :meth:`forced`, and checks it like an asked one."""

    name = "scenario"

    def __init__(self, script: list[Any]):
        self.script = script
        self.pos = 0
        self.game: Any = None
        self.failures: list[str] = []
        self.old_labels: list[OldLabel] = []
        self._order_rest: list[Any] = []  # triggers an entry's {order: [...]} still puts in order

    def _pending_forced(self) -> dict[str, Any] | None:
        entry = self.script[self.pos] if self.pos < len(self.script) else None
        return entry["expect_decision"] if isinstance(entry, dict) and "expect_decision" in entry else None

    def _find(self, request: DecisionRequest, path: tuple[Any, ...], item: Any) -> tuple[list[int], Any]:
        """The options an item names, and the alias of an earlier release it went through (or None)."""
        try:
            return candidates(item, self.game, request)
        except SelectorError as exc:
            self.failures.append(f"{path_text(path)}: {exc}")
            return [], None

    def _remember(self, path: tuple[Any, ...], old: str, alias: Any, request: DecisionRequest, i: int) -> None:
        """An option named by an old label: the selector (or today's label) that names option ``i`` alone."""
        sel = selector(self.game, request, i)
        self.old_labels.append(OldLabel(path, old, sel if sel is not None else request.label(i), alias.release))

    def _offer_paths(self, base: tuple[Any, ...], entry: dict[str, Any], request: DecisionRequest,
                     labels: list[str], where: str) -> None:
        """check_offer, item by item, so that an old label's place in the file is known (in an exact list,
        each item takes an option of its own: two items "世代交代" name the two triggers)."""
        offered = entry.get("offered")
        items: list[tuple[tuple[Any, ...], Any]] = []
        if isinstance(offered, list):
            items += [(base + ("offered", j), x) for j, x in enumerate(offered)]
        elif isinstance(offered, dict):
            for key in ("contains", "excludes"):
                items += [(base + ("offered", key, j), x) for j, x in enumerate(offered.get(key) or [])]
        items += [(base + ("not_offered", j), x) for j, x in enumerate(entry.get("not_offered") or [])]
        found: dict[tuple[Any, ...], list[int]] = {}
        taken: set[int] = set()
        for path, item in items:
            hits, alias = self._find(request, path, item)
            exact = path[len(base)] == "offered" and isinstance(offered, list)
            free = [i for i in hits if i not in taken] if exact else hits
            if exact and free:
                taken.add(free[0])
            if alias is not None and free and isinstance(item, str):
                self._remember(path, item, alias, request, free[0])
            found[path] = free[:1] if exact else hits
        order = iter(path for path, _ in items)
        self.failures.extend(check_offer(where, {k: v for k, v in entry.items() if k != "kind"} | (
            {"kind": entry["kind"]} if "kind" in entry else {}), request.kind, labels,
            lambda item: found.get(next(order), [])))

    def forced(self, request: DecisionRequest) -> None:
        """A decision with one option, taken by the engine: the next ``expect_decision:`` entry of the script
        observes it when its ``p:`` and ``kind:`` (if given) fit; other forced decisions pass unobserved."""
        want = self._pending_forced()
        if want is None:
            return
        if ("p" in want and want["p"] != request.player) or ("kind" in want and want["kind"] != request.kind):
            return
        base: tuple[Any, ...] = ("decisions", self.pos, "expect_decision")
        self.pos += 1
        labels = [request.label(0)]
        where = f"decision #{self.pos} (forced, player {request.player}, {request.kind})"
        self._offer_paths(base, {k: v for k, v in want.items() if k != "kind"}, request, labels, where)
        choice = choice_of(want)
        if choice is not None and choice != 0 and 0 not in self._find(request, base + ("choose",), choice)[0]:
            self.failures.append(f"{where}: expected the option {choice!r} to be taken, got {labels[0]!r}")
        if want.get("state") and self.game is not None:
            found: list[str] = []
            check_state(self.game, want["state"], found)
            self.failures.extend(f"{where}: {f}" for f in found)

    def decide(self, request: DecisionRequest, observe: Any) -> int:
        while (want := self._pending_forced()) is not None:  # asked, while a forced decision was expected
            self.pos += 1
            whose = f" of player {want['p']}" if "p" in want else ""
            what = f" {want['kind']}" if "kind" in want else ""
            self.failures.append(
                f"decision #{self.pos}: expected a forced{what} decision{whose} (one option, "
                "taken without asking), "
                f"but player {request.player} was asked a {request.kind!r} decision with "
                f"{len(request.options)} options first")
        if self._order_rest and request.kind == "order":  # the next trigger of an entry's {order: [...]}
            return self._next_in_order(request)
        if self.pos >= len(self.script):
            raise _Done()
        entry = self.script[self.pos]
        path: tuple[Any, ...] = ("decisions", self.pos)
        self.pos += 1
        who = None
        labels = [request.label(i) for i in range(len(request.options))]
        if isinstance(entry, dict):
            who = entry.get("p")
            self._check_offer(entry, request, labels)
            if "choose" in entry:
                path += ("choose",)
            entry = choice_of(entry)
        legal = ", ".join(repr(x) for x in labels)
        if who is not None and who != request.player:
            raise ScriptError(f"scripted decision #{self.pos} is for player {who}, but player {request.player} is "
                              f"asked a {request.kind!r} decision; legal options: {legal}")
        what = request.context.get("action") or request.context.get("what") or ""
        try:
            chosen = choose(entry, self.game, request)
        except SelectorError as exc:
            why = str(exc).split("; ", 1)[1] if str(exc).startswith(f"{entry!r} matches no option; ") else (
                "" if str(exc).startswith(f"{entry!r} matches no option") else str(exc))
            raise ScriptError(f"illegal scripted choice {entry!r} (decision #{self.pos}) for player {request.player}'s "
                              f"{request.kind!r} decision{f' ({what})' if what else ''}; legal options: {legal}"
                              + (f"; {why}" if why else "")) from None
        if chosen.alias is not None and isinstance(entry, str):
            self._remember(path, entry, chosen.alias, request, chosen.index)
        if isinstance(entry, dict) and isinstance(entry.get("order"), list) and len(request.options) > 2 \
                and "name" in facts(self.game, request, chosen.index):
            self._order_rest = list(entry["order"][1:])  # the next order decisions asked take the rest
        return chosen.index

    def _next_in_order(self, request: DecisionRequest) -> int:
        name = self._order_rest.pop(0)
        hits, _ = candidates({"order": name}, self.game, request)
        if not hits:
            labels = ", ".join(repr(request.label(i)) for i in range(len(request.options)))
            raise ScriptError(f"illegal scripted choice {{order: {name}}} (after decision #{self.pos}) for player "
                              f"{request.player}'s 'order' decision; legal options: {labels}")
        if len(request.options) <= 2:
            self._order_rest.clear()  # the last trigger is put without asking
        return hits[0]

    def _check_offer(self, entry: dict[str, Any], request: DecisionRequest, labels: list[str]) -> None:
        where = f"decision #{self.pos} (player {request.player}, {request.kind})"
        self._offer_paths(("decisions", self.pos - 1), entry, request, labels, where)
        if entry.get("state") and self.game is not None:
            found: list[str] = []
            check_state(self.game, entry["state"], found)
            self.failures.extend(f"{where}: {f}" for f in found)


class _ObservedGame(Game):
    """A game that shows its forced decisions to the scenario's script before taking them as any game does
    (the one option), so a ruling can check a question nobody is asked."""

    def decide(self, seat: int, kind: str, options: list[Any], context: Any = None, labels: Any = None) -> int:
        if len(options) == 1:
            agent = self.agents[seat] if self.agents else None
            if isinstance(agent, _ScriptAgent) and agent._pending_forced() is not None:
                agent.forced(DecisionRequest(seat, kind, options, context() if callable(context) else context,
                                             labels))
        return super().decide(seat, kind, options, context, labels)

    def p_ask_action(self) -> bool:
        """A chance whose only option is to pass (no legal action, or an effect made the player pass) is
        passed without a decision; shown to the script as a forced ``action`` decision offering パス."""
        s = self.state
        seat = s.chance
        agent = self.agents[seat] if self.agents else None
        if isinstance(agent, _ScriptAgent) and agent._pending_forced() is not None and self.rules.flow.passing and (
                (s.must_pass and seat in s.must_pass) or not self.legal_actions(seat)):
            agent.forced(DecisionRequest(seat, "action", ["pass"], {"what": "アクションを起こすか？"}, ["パス"]))
        return bool(super().p_ask_action())


def start_position(game: Any, data: dict[str, Any]) -> None:
    """Put a fresh game at a scenario's position (:func:`bpdsl.engine.position.start_position`); a position
    that names what the game lacks is a ScenarioError."""
    try:
        position.start_position(game, data)
    except position.PositionError as exc:
        raise ScenarioError(str(exc)) from None


def load_scenario(path: str | Path) -> dict[str, Any]:
    """The data of a scenario file; an unreadable file or bad YAML is a ScenarioError with its position."""
    try:
        data = read_yaml_file(path)
    except DataFileError as exc:
        raise ScenarioError(str(exc)) from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: a scenario is a YAML mapping")
    return data


def _file_pos(file: str, keys: tuple[Any, ...]) -> str:
    """``file:line:col`` of the value at ``keys`` in scenario file ``file`` ("" for data without a file)."""
    from bpdsl.dsl.yamlload import load_file

    try:
        if not file or not Path(file).is_file():
            return ""
    except (OSError, ValueError):
        return ""
    doc, _ = load_file(Path(file))
    pos = doc.pos(keys) if doc is not None else None
    return f"{file}:{pos.line}:{pos.col}" if pos is not None and pos.line else file


def _positioned(file: str, keys: tuple[Any, ...], what: str) -> str:
    """``file:line:col: players[1].hand[0]: what`` (the position read again with the definitions' reader,
    which keeps one for every value; ``file: ...`` when the scenario is not a file)."""
    from bpdsl.dsl.yamlload import load_file

    where = file
    try:  # a scenario given as data is named by its `name`, which may be no valid path (too long ...)
        is_file = bool(file) and Path(file).is_file()
    except (OSError, ValueError):
        is_file = False
    if is_file:
        doc, _ = load_file(Path(file))
        if doc is not None:
            pos = doc.pos(keys)
            if pos.line:
                where = f"{file}:{pos.line}:{pos.col}"
    return f"{where}: {path_text(keys)}: {what}"


def run_scenario(source: str | Path | dict[str, Any], definitions: Any = None) -> ScenarioResult:
    """Run one scenario (a file or its data); never raises for a failing ruling, only for a broken file."""

    path = "" if isinstance(source, dict) else str(source)
    data = source if isinstance(source, dict) else load_scenario(source)
    return run_scenario_data(path, data, definitions)


def run_scenario_data(path: str, data: dict[str, Any], definitions: Any = None) -> ScenarioResult:
    """Run the scenario ``data`` read from file ``path`` ("" for none): positions in messages and inline
    definitions refer to that file (the data may differ from it: another edition, see bpdsl.scenarios.editions)."""
    name = str(data.get("name") or Path(path).stem)
    result = ScenarioResult(name, path)
    if data.get("xfail"):
        result.xfail = str(data["xfail"])
    for key in ("edition", "format"):
        if key not in data:
            raise ScenarioError(f"{path or name}: missing {key!r}")
    problems = shape_problem_paths(data)
    if problems:
        raise ScenarioError("; ".join(_positioned(path or name, keys, what) for keys, what in problems))
    if isinstance(data.get("definitions"), dict):  # inline actions/characters/fogs, added to the edition
        from bpdsl.scenarios.inline import load_with_inline, scenario_edition

        try:
            definitions = load_with_inline(path, data)
        except ScenarioError as exc:
            raise ScenarioError(f"{path or name}: {exc}") from None
        edition = scenario_edition(str(data["edition"]))
    else:
        edition = str(data["edition"])
    try:
        rules = build_rules(edition, str(data["format"]), definitions)
    except CompileError as exc:
        raise ScenarioError(f"{path or name}: {exc}") from None
    log = EventLog()
    agent = _ScriptAgent(list(data.get("decisions") or []))
    game = new_game(rules, [agent, agent], int(data.get("seed", 0)), log=log, game_class=_ObservedGame)
    agent.game = game
    try:
        start_position(game, data)
    except ScenarioError as exc:
        raise ScenarioError(f"{path or name}: {exc}") from None
    for want in data.get("observe") or []:
        check_observation(game, want, result.failures)
    expect = data.get("expect") or {}
    error = None
    try:
        game.play()
    except _Done:
        pass
    except ScriptError as exc:
        error = str(exc)
    result.events = log.lines
    result.position = describe_position(game)
    result.old_labels = list(agent.old_labels)
    want_error = expect.get("error")
    if want_error is not None:
        if error is None or str(want_error) not in error:
            result.failures.append(f"expected an error containing {want_error!r}, got {error!r}")
        return result
    if error is not None:
        result.failures.append(error)
        return result
    if agent.pos < len(agent.script):
        left = agent.script[agent.pos:]
        forced = sum(1 for x in left if isinstance(x, dict) and "expect_decision" in x)
        result.failures.append(f"the game {'ended (' + game.state.reason + ')' if game.state.over else 'stopped'} "
                               f"with {len(left)} scripted decision(s) left"
                               + (f", {forced} of them expected forced decision(s) that never came" if forced else ""))
    result.failures.extend(agent.failures)
    pos = 0
    for want in expect.get("events") or []:
        if "count" in want:  # {t: raise, action: x, count: 2}: exactly that many such events, anywhere
            pattern = {k: v for k, v in want.items() if k != "count"}
            n = sum(1 for e in log.lines if matches(e, pattern))
            if n != want["count"]:
                result.failures.append(f"expected {want['count']} event(s) {pattern!r}, got {n}")
            continue
        start = pos
        while pos < len(log.lines) and not matches(log.lines[pos], want):
            pos += 1
        if pos >= len(log.lines):
            result.failures.append(f"expected event {want!r} (in order) did not occur; " + _happened(log.lines[start:], want))
            break
        pos += 1
    for want in expect.get("absent") or []:
        hit = next((e for e in log.lines if matches(e, want)), None)
        if hit is not None:
            result.failures.append(f"event {want!r} must not occur, but {hit!r} did")
    check_state(game, expect.get("state") or {}, result.failures)
    for want in expect.get("observe") or []:  # what the players are shown where the script ends
        check_observation(game, want, result.failures)
    return result


__all__ = ["OldLabel", "choice_of", "ScenarioError", "ScenarioResult", "load_scenario", "run_scenario", "run_scenario_data", "start_position"]


def _happened(lines: list[dict[str, Any]], want: Mapping[str, Any], shown: int = 5) -> str:
    """The events of the expected kind that did happen where the missing one was looked for: what a designer
    compares the expectation with (a damage of 7 where 5 was expected)."""
    kind = want.get("t")
    same = [e for e in lines if e.get("t") == kind] if kind is not None else list(lines)
    what = f"{kind} events" if kind is not None else "events"
    if not same:
        return f"no {what} happened {'there' if kind is None else 'after the events matched before it'}"
    listed = ", ".join(repr({k: v for k, v in e.items() if k != "h"}) for e in same[:shown])  # h: a state hash + (f" … ({len(same)} in all)" if len(same) > shown else "")
    return f"the {what} that did happen: {listed}"

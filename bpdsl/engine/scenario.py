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
      - "投擲 (throwing)"      # an option's label (as printed by the error message) or its index
      - "♠5+♣7"
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
from bpdsl.dsl.cards import parse_card
from bpdsl.engine.compiled import CompileError
from bpdsl.engine.decisions import DecisionRequest, ScriptError
from bpdsl.engine.log import EventLog
from bpdsl.engine.core import Game
from bpdsl.engine.scenario_check import (check_observation, check_offer, check_state, describe_position,
                                         matches, zone_number)
from bpdsl.engine.scenario_errors import ScenarioError
from bpdsl.engine.scenario_schema import path_text, shape_problem_paths
from bpdsl.engine.state import OUT, Character
from bpdsl.engine import build_rules, new_game


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

    @property
    def ok(self) -> bool:
        return not self.failures


class _ScriptAgent:
    """Both seats share one script; checks the optional ``p:`` of each entry, and what the decision offers
    (``offered`` / ``not_offered``), its ``kind`` and the ``state`` when it is asked.

    An ``expect_decision:`` entry is not answered: it observes a forced decision (a single legal option,
    which the engine takes without asking anyone) through :meth:`forced`, and checks it like an asked one."""

    name = "scenario"

    def __init__(self, script: list[Any]):
        self.script = script
        self.pos = 0
        self.game: Any = None
        self.failures: list[str] = []

    def _pending_forced(self) -> dict[str, Any] | None:
        entry = self.script[self.pos] if self.pos < len(self.script) else None
        return entry["expect_decision"] if isinstance(entry, dict) and "expect_decision" in entry else None

    def forced(self, request: DecisionRequest) -> None:
        """A decision with one option, taken by the engine: the next ``expect_decision:`` entry of the script
        observes it when its ``p:`` and ``kind:`` (if given) fit; other forced decisions pass unobserved."""
        want = self._pending_forced()
        if want is None:
            return
        if ("p" in want and want["p"] != request.player) or ("kind" in want and want["kind"] != request.kind):
            return
        self.pos += 1
        labels = [request.label(0)]
        where = f"decision #{self.pos} (forced, player {request.player}, {request.kind})"
        self.failures.extend(check_offer(where, {k: v for k, v in want.items() if k != "kind"}, request.kind, labels))
        if "choose" in want and want["choose"] not in (0, labels[0]):
            self.failures.append(f"{where}: expected the option {want['choose']!r} to be taken, got {labels[0]!r}")
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
        if self.pos >= len(self.script):
            raise _Done()
        entry = self.script[self.pos]
        self.pos += 1
        who = None
        labels = [request.label(i) for i in range(len(request.options))]
        if isinstance(entry, dict):
            who = entry.get("p")
            self._check_offer(entry, request, labels)
            entry = entry.get("choose")
        legal = ", ".join(repr(x) for x in labels)
        if who is not None and who != request.player:
            raise ScriptError(f"scripted decision #{self.pos} is for player {who}, but player {request.player} is "
                              f"asked a {request.kind!r} decision; legal options: {legal}")
        if isinstance(entry, int) and not isinstance(entry, bool) and 0 <= entry < len(request.options):
            return entry
        if isinstance(entry, str):
            for i in range(len(request.options)):
                if request.label(i) == entry:
                    return i
        what = request.context.get("action") or request.context.get("what") or ""
        raise ScriptError(f"illegal scripted choice {entry!r} (decision #{self.pos}) for player {request.player}'s "
                          f"{request.kind!r} decision{f' ({what})' if what else ''}; legal options: {legal}")

    def _check_offer(self, entry: dict[str, Any], request: DecisionRequest, labels: list[str]) -> None:
        where = f"decision #{self.pos} (player {request.player}, {request.kind})"
        self.failures.extend(check_offer(where, entry, request.kind, labels))
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
        if isinstance(agent, _ScriptAgent) and agent._pending_forced() is not None and self._passing and (
                (s.must_pass and seat in s.must_pass) or not self.legal_actions(seat)):
            agent.forced(DecisionRequest(seat, "action", ["pass"], {"what": "アクションを起こすか？"}, ["パス"]))
        return bool(super().p_ask_action())


def _card(text: Any, seat: int, used: set[int], where: str, n: int) -> int:
    """The card ``text`` of ``seat``'s own deck (``n`` cards per deck)."""
    try:
        c = parse_card(str(text)).index + seat * n
    except ValueError as exc:
        raise ScenarioError(f"{where}: {exc}") from None
    if c in used:
        raise ScenarioError(f"{where}: card {text} of player {seat} is placed twice")
    used.add(c)
    return c


def _setup(game: Any, data: dict[str, Any]) -> None:
    """Replace the state of a fresh game with the scenario's position."""
    s = game.state
    zones = game.rules.zones
    n = zones.deck_size
    players = data.get("players") or [{}, {}]
    if len(players) != 2:
        raise ScenarioError("players: give exactly two players (seat 0 and seat 1)")
    for p in s.players:
        for z in zones.card_zones:
            p.zone(z).clear()
    for c in range(len(s.loc)):
        s.loc[c] = (OUT, -1)
        s.owner[c] = -1
    stage_used: list[set[int]] = [set(), set()]
    stage_keys = [[_card(t, int(x.get("p", 0)), stage_used[int(x.get("p", 0))], f"stage[{i}].keys", n)
                   for t in x.get("keys") or []] for i, x in enumerate(data.get("stage") or [])]
    for seat, pdata in enumerate(players):
        pdata = pdata or {}
        used: set[int] = set(stage_used[seat])
        p = s.players[seat]
        for zone, value in pdata.items():
            if zone == "field" or (zone == _deck_id(zones) and not isinstance(value, list)):
                continue  # characters below; a deck given as a count is filled with the unused cards last
            z = zone_number(zones, "trump" if zone == "trump_up" else zone, f"players[{seat}].{zone}")
            if not isinstance(value, list):
                raise ScenarioError(f"players[{seat}].{zone}: give a list of cards (only the deck, "
                                    f"{_deck_id(zones) or 'which this game has none of'}, may be a count)")
            if zone == "fog":  # fog links: their cards go into the fog like the others
                value = [t for item in value for t in (item.get("cards") or [] if isinstance(item, dict) else [item])]
            lst = p.zone(z)
            top_first = [_card(t, seat, used, f"players[{seat}].{zone}", n) for t in value or []]
            for c in reversed(top_first) if z == zones.deck else top_first:  # the list's end is the top
                lst.append(c)
                s.loc[c] = (z, seat)
                s.owner[c] = seat
                if zone == "trump_up":  # エクストラ: a trump lying face up
                    s.trump_up.add(c)
        for i, ch in enumerate(pdata.get("field") or []):
            cards = [_card(t, seat, used, f"players[{seat}].field[{i}]", n) for t in ch.get("cards") or []]
            if not cards:
                raise ScenarioError(f"players[{seat}].field[{i}]: a character needs cards")
            as_ = ch.get("as")
            if as_ not in game.rules.characters:
                raise ScenarioError(f"players[{seat}].field[{i}]: unknown character {as_!r}; characters: "
                                    + ", ".join(game.rules.characters))
            kind = game.rules.characters[as_].kind
            for c in cards:
                s.loc[c] = (zones.field, seat)
                s.owner[c] = seat
            p.field.append(Character(s.uid(), kind, as_, cards, seat, seat,
                                     bool(ch.get("face_up", kind not in zones.face_down_kinds)),
                                     bool(ch.get("driven", False)), int(ch.get("entered", 0)), int(ch.get("mod", 0))))
        deck = _deck_id(zones)
        count = pdata.get(deck, 0) if deck else 0
        if isinstance(count, int) and count:
            rest = [c + seat * n for c in range(n) if c + seat * n not in used]
            if count > len(rest):
                raise ScenarioError(f"players[{seat}].{deck}: only {len(rest)} unused cards left")
            lst = p.zone(zones.deck)
            for c in reversed(rest[:count]):  # the list's end is the top
                lst.append(c)
                s.loc[c] = (zones.deck, seat)
                s.owner[c] = seat
    s.turn = int(data.get("turn", 0))
    s.chance = int(data.get("chance", s.turn))
    s.turn_no = int(data.get("turn_no", 1))
    s.passed = {int(x) for x in data.get("passed") or []}  # the pass record (a position saved at a chance)
    for seat, pdata in enumerate(players):
        _setup_fog_links(game, seat, [x for x in (pdata or {}).get("fog") or [] if isinstance(x, dict)])
    _setup_stage(game, data.get("stage") or [], stage_keys)
    if data.get("combat"):  # an attack in progress, or the roles left from an earlier attack of the turn
        try:
            game.hooks.set_combat(game, data["combat"])
        except ValueError as exc:
            raise ScenarioError(f"combat: {exc}") from None
    for r in data.get("raised") or []:  # the once-per-turn record of the turn in progress
        aid, seat = str(r.get("action")), int(r.get("p", 0))
        if aid not in game.rules.actions:
            raise ScenarioError(f"raised: unknown action {aid!r}; actions: " + ", ".join(game.rules.actions))
        s.raised_this_turn.add((seat, aid))
        s.raised_count[(seat, aid)] = s.raised_count.get((seat, aid), 0) + int(r.get("times", 1))


def _deck_id(zones: Any) -> str:
    """The id of the zone with role deck ("" when the game has none)."""
    return str(zones.ids[zones.deck]) if zones.deck >= 0 else ""


def _setup_fog_links(game: Any, seat: int, links: list[dict[str, Any]]) -> None:
    """Fog links of ``seat`` (its cards are already in the fog): the game applies what the fog card marks
    (アップ: the linked soldier's size until the end of the turn) through ``hooks.link_fog``."""
    s = game.state
    for i, link in enumerate(links):
        where = f"players[{seat}].fog (link {i})"
        fog = str(link.get("as"))
        if fog not in game.rules.fogs:
            raise ScenarioError(f"{where}: unknown fog {fog!r}; fogs of this format: "
                                + (", ".join(game.rules.fogs) or "(none)"))
        cards = [parse_card(str(t)).index + seat * game.rules.zones.deck_size for t in link.get("cards") or []]
        if not cards:
            raise ScenarioError(f"{where}: a fog link needs its cards")
        target = None
        if link.get("marks") is not None:
            try:
                owner, idx = link["marks"]
                target = ("char", s.players[int(owner)].field[int(idx)].uid)
            except (IndexError, TypeError, ValueError):
                raise ScenarioError(f"{where}: marks: {link['marks']!r} names no character "
                                    "(write marks: [seat, field index])") from None
        try:
            game.hooks.link_fog(game, seat, fog, cards, target)
        except ValueError as exc:
            raise ScenarioError(f"{where}: {exc}") from None


def _setup_stage(game: Any, entries: list[dict[str, Any]], keys: list[list[int]]) -> None:
    """Requests already on the stage (bottom first): action, controller, key cards and target, where a target
    is ``{char: [seat, field index]}``, ``{player: seat}`` or ``{action: index of an earlier stage entry}``."""
    from bpdsl.engine.state import ActionInstance

    s = game.state
    for i, x in enumerate(entries):
        aid = str(x.get("action"))
        action = game.rules.actions.get(aid)
        if action is None:
            raise ScenarioError(f"stage[{i}]: unknown action {aid!r}; actions: " + ", ".join(game.rules.actions))
        seat = int(x.get("p", 0))
        inst = ActionInstance(s.uid(), action, seat, keys=list(keys[i]))
        for c in inst.keys:
            s.loc[c] = (game.rules.zones.stage, seat)
            s.owner[c] = seat
        t = x.get("target")
        if t is not None:
            try:
                if "char" in t:
                    owner, idx = t["char"]
                    inst.target = ("char", s.players[int(owner)].field[int(idx)].uid)
                elif "player" in t:
                    inst.target = ("player", int(t["player"]))
                else:
                    inst.target = ("action", s.stage[int(t["action"])].uid)
            except (KeyError, IndexError, TypeError, ValueError):
                raise ScenarioError(f"stage[{i}].target: {t!r} names nothing in the position "
                                    "(write {char: [seat, field index]}, {player: seat} or {action: stage index})") from None
        s.stage.append(inst)


def start_position(game: Any, data: dict[str, Any]) -> None:
    """Put a fresh game at a scenario's position: the players' cards, turn and chance, and the flow node
    the game goes on from (the scenario runner, and the browser sandbox starting a game there)."""
    _setup(game, data)
    rules = game.rules
    start = data.get("start")
    if start is None:
        first = rules.flow.nodes[rules.flow.start]
        start = first.next
        node = rules.flow.nodes.get(start) if isinstance(rules.flow.nodes, dict) else None
        if "chance" in data and node is not None and node.primitive == "chance_to_turn_player":
            start = node.next  # the chance the scenario gives is not handed back to the turn player first
    if start not in rules.flow_ids:
        raise ScenarioError(f"unknown start node {start!r}; nodes: {', '.join(rules.flow_ids)}")
    game.node = rules.flow_ids.index(start)
    game.state.keep_order = data.get("shuffle", True) is False


def load_scenario(path: str | Path) -> dict[str, Any]:
    """The data of a scenario file; an unreadable file or bad YAML is a ScenarioError with its position."""
    try:
        data = read_yaml_file(path)
    except DataFileError as exc:
        raise ScenarioError(str(exc)) from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: a scenario is a YAML mapping")
    return data


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
    definitions refer to that file (the data may differ from it: another edition, see scenario_editions)."""
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
        from bpdsl.engine.scenario_inline import load_with_inline, scenario_edition

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


__all__ = ["ScenarioError", "ScenarioResult", "load_scenario", "run_scenario", "run_scenario_data", "start_position"]


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

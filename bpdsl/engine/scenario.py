"""Scenarios: rulings written as scripted games (``bpdsl scenario FILE...`` and the pytest suite).

A scenario sets up a position, plays scripted decisions through the real core flow, and checks the events
that happened and the state reached.  Format (YAML)::

    name: 投擲は♠キーカードの数字分のダメージを与える
    edition: act8.0
    format: std
    seed: 1                  # optional (shuffles during the scenario, e.g. サーチ)
    definitions: [../definitions]   # optional: definitions added to the bundled ones (relative to this file;
    bundled: true                   # `bundled: false` leaves those out); default: the file's project
    turn: 0                  # the turn player; the chance starts with them unless `chance:` says otherwise
    turn_no: 3               # optional; characters entered before this turn are past 準備
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
    decisions:               # every decision with more than one legal option, in the order asked
      - "投擲 (throwing)"      # an option's label (as printed by the error message) or its index
      - "♠5+♣7"
      - {p: 1, choose: "パス"} # `p:` also checks who is asked
      - p: 1                   # a ruling about what a decision offers, and the state when it is asked:
        choose: "パス"
        kind: action           # the kind of decision (action, key, target, choose, order, ...)
        offered: ["パス", "ツイスト (twist)"]      # exactly these options (any order)
        not_offered: ["カウンター (counter)"]      # never these
        state: {stage: [throwing]}               # like expect.state, checked before answering
    expect:
      events:                # must occur in this order (each matches a log line on the keys given)
        - {t: damage, p: 1, n: 5}
        - {t: raise, action: counter, count: 0}   # with count: exactly that many, anywhere in the log
      absent:                # must not occur at all
        - {t: no_effect}
      state:                 # checked when the script has run out (or the game is over)
        turn: 0
        winner: null         # only checked when given
        stage: []            # action ids on the stage, bottom first
        players:
          - {hand: 0, grave: ["♠5", "♣7"]}        # a number is a count; a list is compared (hand unordered)
          - {life: 5, field: 0}
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
from typing import Any

from bpdsl.datafile import DataFileError, read_yaml_file
from bpdsl.dsl.cards import parse_card
from bpdsl.engine.compiled import CompileError
from bpdsl.engine.decisions import DecisionRequest, ScriptError
from bpdsl.engine.log import EventLog
from bpdsl.engine.scenario_schema import path_text, shape_problem_paths
from bpdsl.engine.state import OUT, Character
from bpdsl.engine import build_rules, new_game


class ScenarioError(Exception):
    """The scenario file itself is wrong (unknown card, edition, key ...)."""


class _Done(Exception):
    """The script ran out: stop the game here and check the state."""


@dataclass
class ScenarioResult:
    name: str
    path: str
    failures: list[str] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    xfail: str | None = None  # the reason a known failure is expected

    @property
    def ok(self) -> bool:
        return not self.failures


class _ScriptAgent:
    """Both seats share one script; checks the optional ``p:`` of each entry, and what the decision offers
    (``offered`` / ``not_offered``), its ``kind`` and the ``state`` when it is asked."""

    name = "scenario"

    def __init__(self, script: list[Any]):
        self.script = script
        self.pos = 0
        self.game: Any = None
        self.failures: list[str] = []

    def decide(self, request: DecisionRequest, observe: Any) -> int:
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
        if "kind" in entry and entry["kind"] != request.kind:
            self.failures.append(f"{where}: expected a {entry['kind']!r} decision")
        if "offered" in entry and sorted(entry["offered"]) != sorted(labels):
            self.failures.append(f"{where}: offers {labels!r}, expected exactly {list(entry['offered'])!r}")
        for label in entry.get("not_offered") or []:
            if label in labels:
                self.failures.append(f"{where}: must not offer {label!r}")
        if entry.get("state") and self.game is not None:
            found: list[str] = []
            _check_state(self.game, entry["state"], found)
            self.failures.extend(f"{where}: {f}" for f in found)


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
            z = _zone(zones, "trump" if zone == "trump_up" else zone, f"players[{seat}].{zone}")
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
    for seat, pdata in enumerate(players):
        _setup_fog_links(game, seat, [x for x in (pdata or {}).get("fog") or [] if isinstance(x, dict)])
    _setup_stage(game, data.get("stage") or [], stage_keys)
    for r in data.get("raised") or []:  # the once-per-turn record of the turn in progress
        aid, seat = str(r.get("action")), int(r.get("p", 0))
        if aid not in game.rules.actions:
            raise ScenarioError(f"raised: unknown action {aid!r}; actions: " + ", ".join(game.rules.actions))
        s.raised_this_turn.add((seat, aid))
        s.raised_count[(seat, aid)] = s.raised_count.get((seat, aid), 0) + int(r.get("times", 1))


def _deck_id(zones: Any) -> str:
    """The id of the zone with role deck ("" when the game has none)."""
    return str(zones.ids[zones.deck]) if zones.deck >= 0 else ""


def _zone(zones: Any, zone: str, where: str) -> int:
    """The number of the game's zone of cards ``zone``; a ScenarioError naming the zones otherwise."""
    if zone in zones.ids:
        z = zones.ids.index(zone)
        if z in zones.card_zones:
            return int(z)
    names = [zones.ids[z] for z in zones.card_zones]
    raise ScenarioError(f"{where}: the game has no zone of cards {zone!r}; zones: {', '.join(names)}, field")


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


def _matches(event: dict[str, Any], want: dict[str, Any]) -> bool:
    return all(event.get(k) == v for k, v in want.items())


def _compare_cards(got: list[str], want: Any, ordered: bool) -> bool:
    if isinstance(want, int):
        return len(got) == want
    want_ids = [parse_card(str(w)).id for w in want]
    return got == want_ids if ordered else sorted(got) == sorted(want_ids)


def _check_state(game: Any, want: dict[str, Any], failures: list[str]) -> None:
    s = game.state
    text = game.hooks.card_text
    for key in ("turn", "chance", "turn_no", "over"):
        if key in want and getattr(s, key) != want[key]:
            failures.append(f"state.{key}: expected {want[key]!r}, got {getattr(s, key)!r}")
    if "winner" in want and s.winner != want["winner"]:
        failures.append(f"state.winner: expected {want['winner']!r}, got {s.winner!r}")
    if "stage" in want:
        got = [x.action.id for x in s.stage]
        if got != list(want["stage"]):
            failures.append(f"state.stage: expected {want['stage']!r}, got {got!r}")
    for seat, pw in enumerate(want.get("players") or []):
        if not pw:
            continue
        p = s.players[seat]
        zones = game.rules.zones
        for zone, want_cards in pw.items():
            if zone == "field":
                continue
            # the deck is compared in order, top first; other zones as sets; trump_up: the face-up trumps
            z = _zone(zones, "trump" if zone == "trump_up" else zone, f"players[{seat}].{zone}")
            lst = p.zone(z)
            got = [text(c) for c in (reversed(lst) if z == zones.deck else lst) if zone != "trump_up" or c in s.trump_up]
            if not _compare_cards(got, want_cards, z == zones.deck):
                failures.append(f"players[{seat}].{zone}: expected {want_cards!r}, got {got!r}")
        if "field" in pw:
            fw = pw["field"]
            got_field = [{"as": ch.char_id, "cards": [text(c) for c in ch.cards], "driven": ch.driven,
                          "face_up": ch.face_up, "size": game.hooks.size(ch)} for ch in p.field]
            if isinstance(fw, int):
                if len(got_field) != fw:
                    failures.append(f"players[{seat}].field: expected {fw} characters, got {got_field!r}")
            elif len(fw) != len(got_field):
                failures.append(f"players[{seat}].field: expected {len(fw)} characters, got {got_field!r}")
            else:
                for i, (w, g) in enumerate(zip(fw, got_field)):
                    for k, v in w.items():
                        gv = g.get(k)
                        if k == "cards":
                            v = [parse_card(str(x)).id for x in v]
                        if gv != v:
                            failures.append(f"players[{seat}].field[{i}].{k}: expected {v!r}, got {gv!r}")


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


def _check_observation(game: Any, want: dict[str, Any], failures: list[str]) -> None:
    viewer = int(want.get("viewer", 0))
    obs = game.hooks.observe(game, viewer)
    for key in ("life", "hand_count", "grave_top"):
        if key in want:
            got = [p.get(key) for p in obs["players"]]
            if got != list(want[key]):
                failures.append(f"observe viewer {viewer}: {key} expected {want[key]!r}, got {got!r}")
    seen = _strings(obs)
    for card in want.get("visible") or []:
        if parse_card(str(card)).id not in seen:
            failures.append(f"observe viewer {viewer}: should see {card}")
    for card in want.get("hidden") or []:
        if parse_card(str(card)).id in seen:
            failures.append(f"observe viewer {viewer}: must not see {card}")


def start_position(game: Any, data: dict[str, Any]) -> None:
    """Put a fresh game at a scenario's position: the players' cards, turn and chance, and the flow node
    the game goes on from (the scenario runner, and the browser sandbox starting a game there)."""
    _setup(game, data)
    rules = game.rules
    start = data.get("start")
    if start is None:
        first = rules.flow.nodes[rules.flow.start]
        start = first.next
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
    try:
        rules = build_rules(str(data["edition"]), str(data["format"]), definitions)
    except CompileError as exc:
        raise ScenarioError(f"{path or name}: {exc}") from None
    log = EventLog()
    agent = _ScriptAgent(list(data.get("decisions") or []))
    game = new_game(rules, [agent, agent], int(data.get("seed", 0)), log=log)
    agent.game = game
    try:
        start_position(game, data)
    except ScenarioError as exc:
        raise ScenarioError(f"{path or name}: {exc}") from None
    for want in data.get("observe") or []:
        _check_observation(game, want, result.failures)
    expect = data.get("expect") or {}
    error = None
    try:
        game.play()
    except _Done:
        pass
    except ScriptError as exc:
        error = str(exc)
    result.events = log.lines
    want_error = expect.get("error")
    if want_error is not None:
        if error is None or str(want_error) not in error:
            result.failures.append(f"expected an error containing {want_error!r}, got {error!r}")
        return result
    if error is not None:
        result.failures.append(error)
        return result
    if agent.pos < len(agent.script):
        result.failures.append(f"the game ended ({game.state.reason}) with {len(agent.script) - agent.pos} scripted "
                               "decisions left")
    result.failures.extend(agent.failures)
    pos = 0
    for want in expect.get("events") or []:
        if "count" in want:  # {t: raise, action: x, count: 2}: exactly that many such events, anywhere
            pattern = {k: v for k, v in want.items() if k != "count"}
            n = sum(1 for e in log.lines if _matches(e, pattern))
            if n != want["count"]:
                result.failures.append(f"expected {want['count']} event(s) {pattern!r}, got {n}")
            continue
        while pos < len(log.lines) and not _matches(log.lines[pos], want):
            pos += 1
        if pos >= len(log.lines):
            result.failures.append(f"expected event {want!r} (in order) did not occur")
            break
        pos += 1
    for want in expect.get("absent") or []:
        hit = next((e for e in log.lines if _matches(e, want)), None)
        if hit is not None:
            result.failures.append(f"event {want!r} must not occur, but {hit!r} did")
    _check_state(game, expect.get("state") or {}, result.failures)
    for want in expect.get("observe") or []:  # what the players are shown where the script ends
        _check_observation(game, want, result.failures)
    return result


__all__ = ["ScenarioError", "ScenarioResult", "load_scenario", "run_scenario", "start_position"]

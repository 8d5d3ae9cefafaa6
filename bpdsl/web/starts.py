"""How a sandbox game starts: from an edition and format, a regulation (2024 or 2021), a scenario file's
position, or a saved log (the replay viewer); and the catalogue the new-game page offers."""
from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from bpdsl.web.tables import BOT_NAMES, Start

SEED_MAX = 2**63 - 1  # the seeds the sandbox plays (bpdsl.web.guard draws from this whole range)

# regulations offered as examples on the new-game page (any regulation text may be typed)
EXAMPLE_REGULATIONS = ["std+random40", "std+random40+pack", "lite+random40", "スタンダード + エントリー", "ライト40",
                       "プロ + 構築40 + パック + シナリオ手札"]
SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


class StartError(Exception):
    """A new game that cannot be started as asked (unknown edition, invalid regulation, bad scenario)."""


def _definitions(definitions: Any) -> Any:
    if definitions is not None:
        return definitions
    from bpdsl.engine import load_definitions

    return load_definitions()


# compiled formats kept: every format of the bundled editions (24) and a few of the studio's "play this"
# (each of those brings definitions of its own), the least recently used dropped beyond
MAX_RULES = 40
# (id of the definitions, edition, format) -> (the definitions, their rules): the definitions are kept with
# their rules, so their id is not given to other definitions while the entry lives
_RULES: OrderedDict[tuple[int, str, str], tuple[Any, Any]] = OrderedDict()
_RULES_LOCK = threading.Lock()


def rules_for(definitions: Any, edition: str, fmt: str) -> Any:
    """Compiled rules of an edition's format (cached per definitions object, at most :data:`MAX_RULES`)."""
    from bpdsl.engine import build_rules
    from bpdsl.engine.compiled import CompileError

    defs = _definitions(definitions)
    key = (id(defs), edition, fmt)
    with _RULES_LOCK:
        hit = _RULES.get(key)
        if hit is not None and hit[0] is defs:
            _RULES.move_to_end(key)
            return hit[1]
    if edition not in defs.editions:
        raise StartError(f"unknown edition {edition!r}; editions: {', '.join(defs.editions)}")
    formats = [f.id for f in defs.editions[edition].formats]
    if fmt not in formats:
        raise StartError(f"edition {edition} has no format {fmt!r}; formats: {', '.join(formats)}")
    try:
        rules = build_rules(edition, fmt, defs)
    except CompileError as exc:
        raise StartError(str(exc)) from None
    with _RULES_LOCK:
        _RULES[key] = (defs, rules)
        _RULES.move_to_end(key)
        while len(_RULES) > MAX_RULES:
            _RULES.popitem(last=False)
    return rules


def catalog(definitions: Any) -> dict[str, Any]:
    """What the new-game page offers."""
    defs = _definitions(definitions)
    editions = [{"id": e.id, "name": e.name, "game": getattr(e, "game", "blackpoker"),
                 "formats": [{"id": f.id, "name": f.name} for f in e.formats]} for e in defs.editions.values()]
    return {"editions": editions, "bots": [{"id": k, "name": v} for k, v in BOT_NAMES.items()],
            "regulations": EXAMPLE_REGULATIONS, "scenarios": bundled_scenarios(), "default": default_start(defs)}


def default_start(defs: Any) -> dict[str, str]:
    """The edition and format the new-game page starts on: the project's [defaults] where it names them,
    else the newest BlackPoker edition (the one `bpdsl new edition` extends) in its usual format, std."""
    from bpdsl.dsl import project
    from bpdsl.dsl.scaffold import newest_edition

    chosen = None
    try:
        chosen = project.current().project
    except project.ProjectError:  # a broken bpdsl.toml was reported when the server started
        chosen = None
    edition = getattr(chosen, "edition", None) or newest_edition(defs, "blackpoker") or next(iter(defs.editions), "")
    formats = [f.id for f in defs.editions[edition].formats] if edition in defs.editions else []
    fmt = getattr(chosen, "format", None)
    if fmt not in formats:
        fmt = "std" if "std" in formats else (formats[0] if formats else "")
    return {"edition": edition, "format": fmt}


def bundled_scenarios() -> list[str]:
    """The bundled scenario files, by their path under ``scenarios/`` (POSIX separators)."""
    if not SCENARIOS.is_dir():
        return []
    return sorted(p.relative_to(SCENARIOS).as_posix() for p in SCENARIOS.rglob("*.yaml"))


def new_start(data: dict[str, Any], seed: int, definitions: Any) -> Start:
    """The start of a new game from the new-game form's fields."""
    if data.get("scenario") or data.get("scenario_file"):
        return scenario_start(data, definitions)
    if data.get("regulation"):
        return regulation_start(str(data["regulation"]), seed, definitions)
    edition = str(data.get("edition") or "act8.0")
    fmt = str(data.get("format") or "std")
    rules = rules_for(definitions, edition, fmt)
    return Start(rules, seed, title=f"{rules.edition.name} {edition} {fmt}")


def regulation_start(text: str, seed: int, definitions: Any, packs: Any = None, decks: Any = None) -> Start:
    """The first game of a match under a regulation: its decks, packs and preset characters."""
    from bpdsl.games.blackpoker.regulation.check import resolve, unplayable_reason
    from bpdsl.games.blackpoker.regulation.decks import build_match_decks
    from bpdsl.games.blackpoker.regulation.load import systems
    from bpdsl.games.blackpoker.regulation.play import regulation_rules, setup_hook

    defs = _definitions(definitions)
    checked = resolve(text, systems(defs))
    if not checked.valid or checked.regulation is None:
        raise StartError("; ".join(p.format() for p in checked.problems) or f"invalid regulation {text!r}")
    reg = checked.regulation
    why = unplayable_reason(defs, reg.system, reg.format)
    if why:
        raise StartError(f"{reg.name} cannot be played: {why}")
    if packs is None or decks is None:
        players = build_match_decks(reg, seed)
        decks = [players[0].decks[0].cards, players[1].decks[0].cards]
        packs = (players[0].pack, players[1].pack)
    rules = regulation_rules(defs, reg)
    head = [{"t": "regulation", "regulation": reg.id, "system": reg.system.id, "name": reg.name, "game": 1,
             "packs": [[c.id for c in p] for p in packs]}]
    return Start(rules, seed, decks=list(decks), setup=setup_hook(reg, tuple(packs)), head=head,
                 title=f"{reg.name} ({reg.id})")


def scenario_start(data: dict[str, Any], definitions: Any) -> Start:
    """A game from a scenario's position (its decisions are not played: the people play from there)."""
    from bpdsl.datafile import DataFileError, load_yaml_text
    from bpdsl.scenarios.runner import ScenarioError, start_position

    if data.get("scenario_file"):  # one of the bundled scenarios, by its path under scenarios/
        name = str(data["scenario_file"])
        # the name is looked up among the files there: a name a client made up never reaches the file system
        if name not in bundled_scenarios():
            raise StartError(f"no bundled scenario {name[:200]!r}")
        text, file = (SCENARIOS / name).read_text(encoding="utf-8"), name
    else:
        text, file = str(data["scenario"]), "scenario.yaml"
    try:
        scenario = load_yaml_text(text, file)
    except DataFileError as exc:
        raise StartError(str(exc)) from None
    if not isinstance(scenario, dict) or "edition" not in scenario or "format" not in scenario:
        raise StartError(f"{file}: a scenario is a mapping with 'edition' and 'format'")
    from bpdsl.scenarios.schema import shape_problems

    problems = shape_problems(scenario)
    if problems:
        raise StartError(f"{file}: " + "; ".join(problems))
    rules = rules_for(definitions, str(scenario["edition"]), str(scenario["format"]))
    seed = scenario.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not -2**63 <= seed < 2**64:
        raise StartError(f"{file}: 'seed' must be a 64-bit integer")
    start = Start(rules, seed,
                  head=[{"t": "scenario", "data": scenario}],
                  title=f"{scenario.get('name') or file} ({scenario['edition']} {scenario['format']})")

    def position(game: Any) -> None:
        try:
            start_position(game, scenario)
        except ScenarioError as exc:
            raise StartError(f"{file}: {exc}") from None

    start.position = position
    # the position is checked now, so that a broken scenario is refused before a table exists
    from bpdsl.engine import new_game

    try:
        position(new_game(rules, [], start.seed))
    except StartError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise StartError(f"{file}: {exc}") from None
    return start


def log_start(events: list[Any], definitions: Any, indices: list[int] | None = None) -> tuple[Start, list[int]]:
    """The start of a logged game and its recorded decisions (the replay viewer); ``indices``: the decisions
    when ``events`` holds only the log's start lines (:mod:`bpdsl.web.replays`)."""
    from bpdsl.dsl.cards import parse_card
    from bpdsl.engine.replay import ReplayError, check_log_lines

    try:
        check_log_lines(events)
    except ReplayError as exc:
        raise StartError(str(exc)) from None
    head = next((e for e in events if e.get("t") == "game"), None)
    if head is None:
        raise StartError("the log has no 'game' line (a log saved during a game holds only one seat's lines; "
                         "save it again once the game is over)")
    if indices is None:
        indices = [int(e["i"]) for e in events if e.get("t") == "decision"]
    seed = int(head["seed"])

    reg = next((e for e in events if e.get("t") == "regulation"), None)
    scen = next((e for e in events if e.get("t") == "scenario"), None)
    if reg is not None:
        try:
            packs = tuple([parse_card(c) for c in p] for p in (reg.get("packs") or [[], []]))
            decks = [[parse_card(c) for c in d] for d in head.get("decks") or []] or None
        except ValueError as exc:
            raise StartError(f"the log's cards are not cards: {exc}") from None
        start = regulation_start(str(reg["regulation"]), seed, definitions, packs, decks)
    elif scen is not None and isinstance(scen.get("data"), dict):
        start = scenario_start({"scenario": _yaml_of(scen["data"])}, definitions)
    else:
        rules = rules_for(definitions, str(head["edition"]), str(head["format"]))
        start = Start(rules, seed, decks=head.get("decks"), title=f"{rules.edition.name} {head['edition']} "
                                                                     f"{head['format']}")
    start.title = "リプレイ: " + start.title
    return start, indices


def _yaml_of(data: dict[str, Any]) -> str:
    import json

    return json.dumps(data, ensure_ascii=False)  # JSON is YAML


__all__ = ["MAX_RULES", "StartError", "catalog", "log_start", "new_start", "regulation_start", "rules_for", "scenario_start"]

"""What a scenario checks in a position: the expected state (``expect.state`` and a decision's ``state:``),
the offered options of a decision, the events of the log, and the observation of a seat.

Every failure compares like with like — a count with a count, cards with cards, an action with an action —
because a ruling's author reads the message to find out which of the two is wrong: ``players[0].life:
expected 10 cards, got 3 (♠2, ♠3, ♠4)``, never ``expected 10, got ['♠2', …]``.  :func:`describe_position`
prints the whole position under a failing scenario, as the players' seats would see it on the table.
"""
from __future__ import annotations

from typing import Any, Callable

from bpdsl.dsl.cards import parse_card
from bpdsl.scenarios.errors import ScenarioError
from bpdsl.engine import position
from bpdsl.engine.state import OUT


def matches(event: dict[str, Any], want: dict[str, Any]) -> bool:
    """An event of the log has every key ``want`` gives, with that value."""
    return all(event.get(k) == v for k, v in want.items())


def _card_ids(texts: Any) -> list[str]:
    return [parse_card(str(w)).id for w in texts]


def _cards_text(cards: list[str]) -> str:
    return "(" + ", ".join(cards) + ")" if cards else "(none)"


def compare_cards(where: str, got: list[str], want: Any, ordered: bool) -> str | None:
    """None when the cards ``got`` are what ``want`` says (a count, or a list compared in order or as a set);
    otherwise the failure, count against count or cards against cards."""
    if isinstance(want, int):  # a count against a count (the cards are in the position printed beside it)
        if len(got) == want:
            return None
        return f"{where}: expected {want} card(s), got {len(got)}"
    want_ids = _card_ids(want)
    if (got == want_ids) if ordered else (sorted(got) == sorted(want_ids)):
        return None
    if ordered and sorted(got) == sorted(want_ids):
        return f"{where}: expected the order {_cards_text(want_ids)} (top first), got {_cards_text(got)}"
    missing = [c for c in want_ids if c not in got]
    extra = [c for c in got if c not in want_ids]
    detail = "; ".join(x for x in (f"missing {_cards_text(missing)}" if missing else "",
                                   f"not expected {_cards_text(extra)}" if extra else "") if x)
    return f"{where}: expected {_cards_text(want_ids)}, got {_cards_text(got)}" + (f" — {detail}" if detail else "")


def check_offer(where: str, entry: dict[str, Any], kind: str, labels: list[str],
                find: Callable[[Any], list[int]] | None = None) -> list[str]:
    """The failures of a decision's ``kind``, ``offered`` (exactly these options, or ``{contains: [...]}`` /
    ``{excludes: [...]}``) and ``not_offered`` against what was asked.  ``find(item)`` gives the options an
    item names (a label, an earlier release's label, a selector); by default the options with that label."""
    if find is None:
        def find(item: Any) -> list[int]:
            return [i for i, lab in enumerate(labels) if lab == item]
    out: list[str] = []
    if "kind" in entry and entry["kind"] != kind:
        out.append(f"{where}: expected a {entry['kind']!r} decision, got a {kind!r} decision")
    offered = entry.get("offered")
    if isinstance(offered, list):
        taken: set[int] = set()
        missing = []
        for item in offered:  # each item takes one option of its own (two equal labels name two options)
            free = [i for i in find(item) if i not in taken]
            if free:
                taken.add(free[0])
            else:
                missing.append(item)
        extra = [labels[i] for i in range(len(labels)) if i not in taken]
        if missing or extra:
            out.append(f"{where}: expected exactly the options {list(offered)!r}, got {labels!r}"
                       + (f"; missing {missing!r}" if missing else "") + (f"; not expected {extra!r}" if extra else ""))
    elif isinstance(offered, dict):
        for item in offered.get("contains") or []:
            if not find(item):
                out.append(f"{where}: expected an option {item!r} among the options {labels!r}")
        for item in offered.get("excludes") or []:
            if find(item):
                out.append(f"{where}: expected no option {item!r}, but it is offered (options: {labels!r})")
    for item in entry.get("not_offered") or []:
        if find(item):
            out.append(f"{where}: expected no option {item!r}, but it is offered (options: {labels!r})")
    return out


def stage_entry(game: Any, inst: Any) -> dict[str, Any]:
    """A request on the stage as a scenario writes it: action id, controller, key cards, target (as printed)."""
    text = game.hooks.card_text
    return {"action": inst.action.id, "p": inst.controller, "keys": [text(c) for c in inst.keys],
            "target": game.hooks.describe_target(game, inst.target, inst.controller) if inst.target else None}


def _check_stage(game: Any, want: list[Any], failures: list[str]) -> None:
    got = [stage_entry(game, x) for x in game.state.stage]
    ids = [g["action"] for g in got]
    if len(want) != len(got):
        failures.append(f"state.stage: expected {len(want)} request(s) {[_want_id(w) for w in want]!r} "
                        f"(bottom first), got {len(got)} {ids!r}")
        return
    for i, (w, g) in enumerate(zip(want, got)):
        if isinstance(w, str):
            w = {"action": w}
        for k, v in w.items():
            if k == "keys":
                problem = compare_cards(f"state.stage[{i}].keys", g["keys"], v, False)
                if problem:
                    failures.append(problem)
            elif g.get(k) != v:
                failures.append(f"state.stage[{i}].{k}: expected {v!r}, got {g.get(k)!r} (stage: {ids!r})")


def _want_id(w: Any) -> Any:
    return w.get("action") if isinstance(w, dict) else w


def card_place(game: Any, c: int) -> str:
    """Where card ``c`` is: ``<zone id>`` (its seat's) or ``out``."""
    z, _ = game.state.loc[c]
    return "out" if z == OUT else game.rules.zones.name(z)


def _check_places(game: Any, seat: int, want: dict[str, Any], failures: list[str]) -> None:
    """``players[i].where: {"♠5": stage, "♣7": grave}``: the zone each of the seat's own cards is in."""
    n = game.rules.zones.deck_size
    for text, zone in want.items():
        c = parse_card(str(text)).index + seat * n
        got = card_place(game, c)
        if got != zone:
            failures.append(f"players[{seat}].where[{text}]: expected the card in {zone!r}, got it in {got!r}")


def zone_number(zones: Any, zone: str, where: str) -> int:
    """The number of the game's zone of cards ``zone``; a ScenarioError naming the zones otherwise."""
    try:
        return position.zone_number(zones, zone, where)
    except position.PositionError as exc:
        raise ScenarioError(str(exc)) from None


def check_state(game: Any, want: dict[str, Any], failures: list[str]) -> None:
    """Append to ``failures`` every way the game's state differs from ``want`` (the ``expect.state`` format)."""
    s = game.state
    text = game.hooks.card_text
    for key in ("turn", "chance", "turn_no", "over"):
        if key in want and getattr(s, key) != want[key]:
            failures.append(f"state.{key}: expected {want[key]!r}, got {getattr(s, key)!r}")
    if "winner" in want and s.winner != want["winner"]:
        failures.append(f"state.winner: expected {want['winner']!r}, got {s.winner!r}")
    if "stage" in want:
        _check_stage(game, list(want["stage"]), failures)
    if "combat" in want:
        got = game.hooks.combat_roles(game)
        for key, v in (want["combat"] or {}).items():
            g = got.get(key)
            if _normal(g) != _normal(v):
                failures.append(f"state.combat.{key}: expected {v!r}, got {g!r}")
    zones = game.rules.zones
    for seat, pw in enumerate(want.get("players") or []):
        if not pw:
            continue
        p = s.players[seat]
        for zone, want_cards in pw.items():
            if zone in ("field", "where"):
                continue
            # the deck is compared in order, top first; other zones as sets; trump_up: the face-up trumps
            z = zone_number(zones, "trump" if zone == "trump_up" else zone, f"players[{seat}].{zone}")
            lst = p.zone(z)
            got = [text(c) for c in (reversed(lst) if z == zones.deck else lst) if zone != "trump_up" or c in s.trump_up]
            problem = compare_cards(f"players[{seat}].{zone}", got, want_cards, z == zones.deck)
            if problem:
                failures.append(problem)
        if "where" in pw:
            _check_places(game, seat, pw["where"] or {}, failures)
        if "field" in pw:
            _check_field(game, seat, pw["field"], failures)


def _normal(v: Any) -> Any:
    """Lists of [seat, index] pairs compared as sets, mappings by key."""
    if isinstance(v, dict):
        return {str(k): _normal(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        items = [_normal(x) for x in v]
        return sorted(items, key=repr)
    return v


def field_entry(game: Any, ch: Any) -> dict[str, Any]:
    text = game.hooks.card_text
    return {"as": ch.char_id, "cards": [text(c) for c in ch.cards], "driven": ch.driven,
            "face_up": ch.face_up, "size": game.hooks.size(ch)}


def _short(entries: list[dict[str, Any]]) -> str:
    return "(" + ", ".join(f"{e['as']}[{'+'.join(e['cards'])}]" for e in entries) + ")" if entries else "(none)"


def _check_field(game: Any, seat: int, fw: Any, failures: list[str]) -> None:
    got_field = [field_entry(game, ch) for ch in game.state.players[seat].field]
    if isinstance(fw, int) or len(fw) != len(got_field):
        n = fw if isinstance(fw, int) else len(fw)
        if len(got_field) != n:
            failures.append(f"players[{seat}].field: expected {n} character(s), got {len(got_field)} "
                            f"{_short(got_field)}")
        return
    for i, (w, g) in enumerate(zip(fw, got_field)):
        for k, v in w.items():
            gv = g.get(k)
            if k == "cards":
                v = _card_ids(v)
            if gv != v:
                failures.append(f"players[{seat}].field[{i}].{k}: expected {v!r}, got {gv!r} "
                                f"(the character is {g['as']}[{'+'.join(g['cards'])}])")


def strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def check_observation(game: Any, want: dict[str, Any], failures: list[str]) -> None:
    viewer = int(want.get("viewer", 0))
    obs = game.hooks.observe(game, viewer)
    for key in ("life", "hand_count", "grave_top"):
        if key in want:
            got = [p.get(key) for p in obs["players"]]
            if got != list(want[key]):
                failures.append(f"observe viewer {viewer}: {key} expected {want[key]!r}, got {got!r}")
    seen = strings(obs)
    for card in want.get("visible") or []:
        if parse_card(str(card)).id not in seen:
            failures.append(f"observe viewer {viewer}: should see {card}")
    for card in want.get("hidden") or []:
        if parse_card(str(card)).id in seen:
            failures.append(f"observe viewer {viewer}: must not see {card}")


def describe_position(game: Any) -> list[str]:
    """The position as lines of text: turn and chance, each seat's zones and characters, the stage, the
    attack in progress — printed under a failing scenario so its author sees what the engine holds."""
    s = game.state
    zones = game.rules.zones
    text = game.hooks.card_text
    lines = [f"turn {s.turn} (turn_no {s.turn_no}), chance {s.chance}"
             + (f", over: winner {s.winner} ({s.reason})" if s.over else "")]
    for seat, p in enumerate(s.players):
        parts = []
        for z in zones.card_zones:
            lst = p.zone(z)
            cards = [text(c) for c in (reversed(lst) if z == zones.deck else lst)]
            if cards:
                parts.append(f"{zones.ids[z]} {len(cards)}: {' '.join(cards)}")
        chars = [f"{e['as']}[{'+'.join(e['cards'])}]{'(ドライブ)' if e['driven'] else ''}"
                 f"{'' if e['face_up'] else '(裏)'} size {e['size']}"
                 for e in (field_entry(game, ch) for ch in p.field)]
        if chars:
            parts.append("field: " + ", ".join(chars))
        lines.append(f"player {seat}: " + ("; ".join(parts) or "(nothing)"))
    if s.stage:
        lines.append("stage (bottom first): " + ", ".join(
            f"{e['action']} by {e['p']}" + (f" keys {'+'.join(e['keys'])}" if e["keys"] else "")
            + (f" → {e['target']}" if e["target"] else "") for e in (stage_entry(game, x) for x in s.stage)))
    roles = game.hooks.combat_roles(game)
    if roles.get("attackers"):
        lines.append(f"combat: {roles}")
    return lines


__all__ = ["zone_number", "card_place", "check_observation", "check_offer", "check_state", "compare_cards", "describe_position",
           "field_entry", "matches", "stage_entry", "strings"]

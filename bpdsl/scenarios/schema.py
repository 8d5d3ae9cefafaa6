"""The shape of a scenario file (format: :mod:`bpdsl.scenarios.runner`), checked before it runs.

A mistyped scenario (three players, ``turn: 7``, a field entry that is a list) must be reported as a mistake
in the file, with the place where it is, instead of failing somewhere in the set-up with an index or
attribute error.  Keys the format does not know (``source:``, ``description:``, notes) are allowed.
"""
from __future__ import annotations

from typing import Any

import cerberus

from bpdsl.dsl.cards import parse_card
from bpdsl.scenarios.selectors import KEYS as SELECTOR_KEYS

_SEAT = {"type": "integer", "allowed": [0, 1]}
_CARD = {"type": ["string", "integer"], "check_with": "card"}
_CARDS = {"type": "list", "schema": _CARD}
_COUNT_OR_CARDS = {"type": ["integer", "list"], "min": 0, "schema": _CARD}
_CHARACTER = {
    "type": "dict",
    "allow_unknown": True,
    "schema": {
        "as": {"type": "string"},
        "cards": _CARDS,
        "face_up": {"type": "boolean"},
        "driven": {"type": "boolean"},
        "entered": {"type": "integer"},
        "mod": {"type": "integer"},
        "size": {"type": "integer"},
    },
}
# a player: the game's zones of cards by their ids (which ids the game has is checked when it is known),
# ``trump_up`` (BlackPoker's face-up trumps) and ``field``, the characters
_PLAYER = {
    "type": "dict",
    "nullable": True,
    "allow_unknown": _COUNT_OR_CARDS,
    "schema": {
        "fog": {"type": "list", "schema": {"type": ["string", "integer", "dict"], "check_with": "fog_item"}},
        "field": {"type": "list", "schema": _CHARACTER},
    },
}
_WANTED_PLAYER = {
    "type": "dict",
    "nullable": True,
    "allow_unknown": _COUNT_OR_CARDS,
    "schema": {"field": {"type": ["integer", "list"], "min": 0, "schema": _CHARACTER},
               # where each of the seat's own cards is: {"♠5": stage, "♣7": grave} (zone ids, or out)
               "where": {"type": "dict", "keysrules": _CARD, "valuesrules": {"type": "string"}}},
}
_EVENT = {"type": "dict"}
_REF = {"type": "list", "minlength": 2, "maxlength": 2, "schema": {"type": "integer", "min": 0}}  # [seat, index]
_REFS = {"type": "list", "schema": _REF}
# an attack in progress: attackers, the blockers of each, the attackers ダメージ判定 has judged
_COMBAT = {"type": "dict", "nullable": True, "schema": {
    "attackers": _REFS,
    "blocks": {"type": "list", "schema": {"type": "dict", "schema": {"attacker": {**_REF, "required": True},
                                                                        "by": _REFS}}},
    "judged": _REFS}}
_CHOICE = {"type": ["string", "integer", "dict"]}  # a label, an index, or a selector ({block: {by: ♡5}} …)
_LABELS = {"type": "list", "schema": _CHOICE}
# a selector written in the entry itself: {p: 1, block: {by: ♡5, attacker: ♠6}} (bpdsl.scenarios.selectors)
_SELECTOR_KEYS = {k: {"type": ["string", "integer", "boolean", "dict", "list"], "nullable": True}
                  for k in SELECTOR_KEYS}
# what a decision offers: exactly these options, or {contains: [...], excludes: [...]}
_OFFERED = {"anyof": [_LABELS, {"type": "dict", "schema": {"contains": _LABELS, "excludes": _LABELS}}]}
_STAGE_WANTED = {"anyof": [{"type": "string"}, {"type": "dict", "schema": {
    "action": {"type": "string"}, "p": _SEAT, "keys": _COUNT_OR_CARDS, "target": {"type": "string"}}}]}
# a decision the engine takes without asking (one option): observed, not answered
_FORCED = {"type": "dict", "schema": {
    "p": _SEAT, "kind": {"type": "string"}, "offered": _OFFERED, "not_offered": _LABELS,
    "choose": _CHOICE, "state": {"type": "dict", "allow_unknown": True}, **_SELECTOR_KEYS}}
_OBSERVE = {
    "type": "list",
    "nullable": True,
    "schema": {"type": "dict", "allow_unknown": True, "schema": {
        "viewer": _SEAT, "visible": _CARDS, "hidden": _CARDS,
        "life": {"type": "list"}, "hand_count": {"type": "list"}, "grave_top": {"type": "list"},
    }},
}
SCHEMA: dict[str, Any] = {
    "name": {"type": "string"},
    # folders of definitions (relative to the file), or inline lists of entries added to the edition
    "definitions": {"anyof": [{"type": "string"}, {"type": "list", "schema": {"type": "string"}},
                              {"type": "dict", "schema": {k: {"type": "list", "schema": {"type": "dict"}}
                                                         for k in ("actions", "characters", "fogs")}}]},
    "bundled": {"type": "boolean"},
    "edition": {"type": "string", "required": True},
    "format": {"type": "string", "required": True},
    "seed": {"type": "integer"},
    "turn": _SEAT,
    "chance": _SEAT,
    "turn_no": {"type": "integer", "min": 0},
    "passed": {"type": "list", "nullable": True, "schema": _SEAT},  # the pass record (seats that passed)
    "start": {"type": ["string", "integer"]},
    "shuffle": {"type": "boolean"},
    "xfail": {"type": "string"},
    "players": {"type": "list", "nullable": True, "minlength": 2, "maxlength": 2, "schema": _PLAYER},
    "stage": {"type": "list", "nullable": True, "schema": {"type": "dict", "schema": {
        "action": {"type": "string", "required": True}, "p": _SEAT, "keys": _CARDS,
        "target": {"type": "dict", "nullable": True, "schema": {
            "char": {"type": "list", "minlength": 2, "maxlength": 2, "schema": {"type": "integer", "min": 0}},
            "player": _SEAT, "action": {"type": "integer", "min": 0}}}}}},
    "combat": _COMBAT,
    "raised": {"type": "list", "nullable": True, "schema": {"type": "dict", "schema": {
        "action": {"type": "string", "required": True}, "p": _SEAT, "times": {"type": "integer", "min": 1}}}},
    "decisions": {
        "type": "list",
        "nullable": True,
        "schema": {
            "type": ["string", "integer", "dict"],
            "check_with": "decision",
            "schema": {"p": _SEAT, "choose": _CHOICE, **_SELECTOR_KEYS,
                       # what the decision must offer: exactly these options (or contains/excludes) / never these
                       "offered": _OFFERED,
                       "not_offered": _LABELS,
                       "expect_decision": _FORCED,
                       "kind": {"type": "string"},
                       # the state when this decision is asked (before it is answered), like expect.state
                       "state": {"type": "dict", "allow_unknown": True}},
        },
    },
    "observe": _OBSERVE,
    "expect": {
        "type": "dict",
        "nullable": True,
        "allow_unknown": True,
        "schema": {
            "events": {"type": "list", "nullable": True, "schema": _EVENT},
            "observe": _OBSERVE,  # what each player may see where the script ends
            "absent": {"type": "list", "nullable": True, "schema": _EVENT},
            "error": {"type": "string"},
            "state": {"type": "dict", "nullable": True, "allow_unknown": True, "schema": {
                "turn": _SEAT, "chance": _SEAT, "turn_no": {"type": "integer"}, "over": {"type": "boolean"},
                "winner": {**_SEAT, "nullable": True}, "stage": {"type": "list", "schema": _STAGE_WANTED},
                "combat": _COMBAT,
                "players": {"type": "list", "maxlength": 2, "schema": _WANTED_PLAYER},
            }},
        },
    },
}

class _Validator(cerberus.Validator):  # type: ignore[misc]
    def _check_with_decision(self, field: str, value: Any) -> None:
        """A scripted decision answers (``choose:``) or observes a forced one (``expect_decision:``)."""
        if isinstance(value, dict) and ("choose" in value or any(k in value for k in SELECTOR_KEYS)) == (
                "expect_decision" in value):
            self._error(field, "a decision has either choose: (the option taken) or expect_decision: (a forced "
                        "decision observed), not both" if "choose" in value else
                        "a decision needs choose: (the option taken), a selector such as block: or action:, or "
                        "expect_decision: (a forced decision)")

    def _check_with_fog_item(self, field: str, value: Any) -> None:
        """A card in the fog, or a fog link {cards: [...], as: fog id, marks: [seat, field index]}."""
        if not isinstance(value, dict):
            self._check_with_card(field, value)
            return
        unknown = sorted(set(value) - {"cards", "as", "marks"})
        if unknown:
            self._error(field, f"a fog link has cards, as and marks (not {', '.join(map(str, unknown))})")
        cards = value.get("cards")
        if not isinstance(cards, list) or not cards:
            self._error(field, "a fog link needs cards: [...] (the fog cards)")
        else:
            for c in cards:
                self._check_with_card(field, c)
        if not isinstance(value.get("as"), str):
            self._error(field, "a fog link needs as: <fog id> (e.g. fog_up)")
        on = value.get("marks")
        if on is not None and not (isinstance(on, list) and len(on) == 2 and all(isinstance(x, int) for x in on)):
            self._error(field, "marks: is [seat, field index] of the linked character")

    def _check_with_card(self, field: str, value: Any) -> None:
        """A card text (♠A, ♡10, Joker1 ...): a card that does not exist is a mistake in the file, found
        before the scenario runs (it used to stop the run in the middle of comparing the expected state)."""
        try:
            parse_card(str(value))
        except ValueError as exc:
            self._error(field, str(exc))


_VALIDATOR = _Validator(SCHEMA, allow_unknown=True)


def shape_problem_paths(data: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    """Every place where ``data`` does not have the shape of a scenario: (key path, what is wrong)."""
    if _VALIDATOR.validate(data):
        return []
    out: list[tuple[tuple[Any, ...], str]] = []

    def walk(errors: Any, path: tuple[Any, ...]) -> None:
        for key, value in errors.items():
            for item in value:
                if isinstance(item, dict):
                    walk(item, path + (key,))
                else:
                    out.append((path + (key,), str(item)))

    walk(_VALIDATOR.errors, ())
    return out


def path_text(path: tuple[Any, ...]) -> str:
    """``players[1].hand[0]`` for ``("players", 1, "hand", 0)``."""
    out = ""
    for key in path:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
    return out


def shape_problems(data: dict[str, Any]) -> list[str]:
    """Every place where ``data`` does not have the shape of a scenario, as ``path: what is wrong``."""
    return [f"{path_text(path)}: {what}" for path, what in shape_problem_paths(data)]


def json_schema() -> dict[str, Any]:
    """The scenario format as a JSON Schema (draft 2020-12) for editors: ``scenario.schema.json`` of
    ``bpdsl schema --json-schema DIR``, made from :data:`SCHEMA` so that it cannot drift from the check."""
    from bpdsl.dsl.jsonschema import mapping_schema

    return mapping_schema("scenario", SCHEMA, "bpdsl scenario (a ruling as a scripted game)")


__all__ = ["SCHEMA", "json_schema", "path_text", "shape_problem_paths", "shape_problems"]

"""What validates runs as printed, argument by argument: for every op and every argument with a choice of
values (an ``allowed`` list, a boolean), each other value the schema accepts changes the printed sentence.

An argument the schema accepts whose value the sentence does not show is an argument a designer can set,
see printed the same, and get another game (or the same game while the sheet says otherwise).  The schema
refuses the values that make no sense together (``on``'s ``face`` only with ``event: trump_turned``).  The
few arguments that print nothing of their own are listed below, each with why; a new one fails the test.
"""
from __future__ import annotations

from typing import Any, Mapping

import pytest

from bpdsl.dsl.expr import ExprError, parse
from bpdsl.dsl.schema import DSLValidator
from bpdsl.ops.registry import PhraseContext, load_all

OPS = load_all()

# (op, argument, value) -> why the sentence does not change
PRINT_NEUTRAL: dict[tuple[str, str, Any], str] = {
    ("choose_one", "shared_tail", True): "a layout choice: the shared tail of the choices is printed once, the "
                                         "same words",
    ("may", "who", "self"): "the default sentence already names the controller",
    ("modify_size", "cards", "each"): "the each-selection is printed by the for_each step around it",
    ("send_to_grave", "cards", "each"): "the each-selection is printed by the for_each step around it",
    ("negate_chosen", "two_keys", True): "printed only together with single_key_at_most (the example has none)",
    ("put_onto_field", "wording", "choose"): "the example puts its key cards (no choice to word)",
    ("send_to_grave", "wording", "x"): "the X wording needs an expression amount (the example has none)",
    ("replacement", "prevent", False): "false is the argument left out: nothing prevented, the same words",
    ("reveal_top", "rest", "bottom"): "the example's rest is already printed as bottom by count",
    ("summon_with_trump", "clear", "soldier"): "printed only after a found card (the example finds none)",
    ("summon_with_trump", "clear", "bulwark"): "printed only after a found card (the example finds none)",
    ("target_character", "on_field", True): "every character target is on the field: the word adds nothing",
    ("target_stage_action", "which", "with_key_cards"): "to be worded: printed as any stage action",
}

# more starting points than an op's example: the arguments a variant of the op only accepts in it (a
# replacement of a card's move, a cost change that removes letters, a prohibition of targets)
BASES: dict[str, list[dict[str, Any]]] = {
    "replacement": [{"on": {"event": "card_moved", "whose": "self", "kind": "soldier", "from": ["field"],
                            "to": ["grave"]}, "move_to": "life", "at": "bottom"},
                    {"on": {"event": "would_lose", "whose": "self"}}],
    "cost_change": [{"whose": "self", "actions": {"ids": ["down"]}, "remove": "D"}],
    "forbid": [{"what": "target", "whose": "opponent", "by": {"speed": "instant"},
                "targets": {"whose": "self", "kind": "soldier"}}],
}

CONTEXT = {"life": "ライフ", "self": "自分"}


def _base(op: Any) -> dict[str, Any]:
    args = {k: r["default"] for k, r in op.args.items() if isinstance(r, dict) and "default" in r}
    example = op.example.get(op.name) if isinstance(op.example, dict) else None
    args.update(example if isinstance(example, dict) else {})
    return args


def _parsed(op: Any, args: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(args)
    for key, value in args.items():
        rule = op.args.get(key) or {}
        if rule.get("type") == "expr" and isinstance(value, (str, int)) and not isinstance(value, bool):
            try:
                out[key] = parse(str(value))
            except ExprError:  # a name a game document declares (me.total): the phrase reads the text
                pass
    return out


def _choices(rule: Mapping[str, Any]) -> list[Any]:
    if rule.get("type") == "boolean":
        return [True, False]
    if "allowed" in rule and rule.get("type") != "list":
        return list(rule["allowed"])
    return []


def _neutral(name: str) -> list[tuple[str, str, Any]]:
    op = OPS[name]
    found: list[tuple[str, str, Any]] = []
    for base in [_base(op), *BASES.get(name, [])]:
        found += [n for n in _neutral_from(op, base) if n not in found]
    return found


def _neutral_from(op: Any, base: dict[str, Any]) -> list[tuple[str, str, Any]]:
    name = op.name
    validator = DSLValidator(dict(op.args), allow_unknown=False)
    assert validator.validate(base), (name, base, validator.errors)
    printed = op.render(PhraseContext(CONTEXT, {}), _parsed(op, base))
    found = []
    for key, rule in op.args.items():
        for value in _choices(rule) if isinstance(rule, dict) else []:
            if base.get(key, rule.get("default")) == value:
                continue
            args = {**base, key: value}
            if not validator.validate(args):
                continue  # refused: the schema does not accept it here
            if op.render(PhraseContext(CONTEXT, {}), _parsed(op, args)) == printed:
                found.append((name, key, value))
    return found


@pytest.mark.parametrize("name", sorted(OPS))
def test_every_accepted_argument_changes_the_sentence(name: str) -> None:
    unexplained = [n for n in _neutral(name) if n not in PRINT_NEUTRAL]
    assert not unexplained, f"accepted, printed the same: {unexplained}"


def test_the_listed_exceptions_still_hold() -> None:
    """An exception that no longer prints the same (the sentence now shows it) leaves the list."""
    found = {n for name in OPS for n in _neutral(name)}
    assert set(PRINT_NEUTRAL) <= found, sorted(set(PRINT_NEUTRAL) - found)

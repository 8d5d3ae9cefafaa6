"""What validates runs as printed, argument by argument, in play: for every op and every argument with a choice
of values (an ``allowed`` list, a boolean), each value the definitions accept plays differently from another
value of that argument in some generated game position -- the state it leaves (hashed, and the state's other
records), the decisions it offers, the events it announces, what the players are shown (the log), the targets
it offers or the players a trigger fires for.

The printing half is tests/ops/test_argument_coverage.py.  Together they say: an argument a designer can set
is honoured by the sheet and by the engine, or it is a wording choice the sheet shows and the game ignores by
design (PLAY_NEUTRAL, each with why, and checked to be printed), or honoured where the positions made here
cannot show it (NOT_SHOWN_HERE, each with where it is shown), or a known defect (TRAPS, each with the fix it
needs; none today), or the definitions refuse it.

Each op call is built as a definitions file builds it (bpdsl.dsl.opcalls: the full argument check, defaults,
parsed expressions, nested op calls) and run on its own executor, as the engine runs a step of the action
seat 0 is resolving, in the CONTEXTS below: positions of act9.0 エクストラ (the main one, the opponent's turn,
an attack, a block), what the action targets, and the steps run before it (a choose, a find, counters).
Its bases are the op's example, the example's required part and the bundled editions' own calls of the op.
Trigger ops are asked about events of every kind (moves card by card, damage, raised and resolved actions,
trumps turned, discards), twice in a turn and again in the next turn, their ``limit`` applied as the trigger
check applies it.  The standing abilities (kind ``ability``), read when the rules are compiled, are driven
by tests/ops/test_argument_play_abilities.py (NOT_DRIVEN_KINDS here).
"""
from __future__ import annotations

import dataclasses
import functools
from typing import Any, Callable, Iterator

import pytest

from bpdsl.diagnostics import DiagnosticSink
from bpdsl.dsl.document import Document
from bpdsl.dsl.opcalls import OpBuilder
from bpdsl.ops.registry import Op, load_all

OPS = load_all()

# Ops of these kinds are read by the game's rules when they are compiled (a trump's or a character's standing
# abilities), not run as one step on a state: the abilities are driven by compiling the rules again and
# playing (tests/ops/test_argument_play_abilities.py, a long test); labels, sizes and costs have no choices.
NOT_DRIVEN_KINDS = frozenset({"ability", "label", "size", "cost"})

# Ops of another game than the one the positions are of: BlackDoubt's declarations, and the per-player
# counters only its game.yaml declares (BlackPoker has none to add to).  Their play is checked by that
# game's own tests (tests/blackdoubt).
OTHER_GAME = {"bd_declare", "bd_reply", "add_counter", "set_counter"}

# (op, argument, value) -> why the play does not change: a wording choice, the sentence shows it and the game
# is the same by design.  Each must still play the same (test_the_listed_exceptions_still_hold) and is no
# print-neutral argument unless listed in PRINTED_ELSEWHERE (test_a_wording_choice_is_printed).
_SEE = "a reference to the rules text (「…を参照」) printed or not"
PLAY_NEUTRAL: dict[tuple[str, str, Any], str] = {
    ("attach_key", "see_abilities", True): _SEE,
    ("attach_key", "see_abilities", False): _SEE,
    ("attempt", "wording", "restate"): "the else branch restates the step or says it as a clause",
    ("charge_own", "order", "all_first"): "only the word order of the sentence",
    ("charge_own", "order", "all_after"): "only the word order of the sentence",
    ("choose_one", "shared_tail", True): "a layout choice: the choices' shared tail printed once",
    ("close_trump", "see", True): _SEE,
    ("close_trump", "see", False): _SEE,
    ("compare_bulwark", "resolve", "inline"): "the steps, or a reference to the bulwark's ability: the same rule",
    ("compare_bulwark", "resolve", "ability"): "the steps, or a reference to the bulwark's ability: the same rule",
    ("convert", "see_placement", True): _SEE,
    ("convert", "see_placement", False): _SEE,
    ("damage", "wording", "plain"): "the amount before the player or after",
    ("damage", "wording", "amount_first"): "the amount before the player or after",
    ("destroy_trump", "see", True): _SEE,
    ("destroy_trump", "see", False): _SEE,
    ("draw_to_field", "where", "beside"): "the place words the sheet: 自分の場に / 自分のカードの右隣に",
    ("for_each", "wording", "all"): "全ての / それぞれの: the same selection",
    ("keys_public", "zone", "rare"): "a ※ note: every key card lies face up on the stage, the note says it",
    ("keys_public", "zone", "pack"): "a ※ note: every key card lies face up on the stage, the note says it",
    ("keys_public", "zone", "trump"): "a ※ note: every key card lies face up on the stage, the note says it",
    ("keys_public", "zone", "fog"): "a ※ note: every key card lies face up on the stage, the note says it",
    ("keys_public", "zone", "grave"): "a ※ note: every key card lies face up on the stage, the note says it",
    ("lose_trump", "wording", "zone"): "自分の切札♣10 / 切札の♣10",
    ("lose_trump", "wording", "owner"): "自分の切札♣10 / 切札の♣10",
    ("marked_by", "what", "soldier"): "the noun of what the fog's action targeted (the target is that one)",
    ("marked_by", "what", "bulwark"): "the noun of what the fog's action targeted (the target is that one)",
    ("marked_by", "what", "character"): "the noun of what the fog's action targeted (the target is that one)",
    ("marked_by", "what", "trump"): "the noun of what the fog's action targeted (the target is that one)",
    ("marked_by", "form", "action"): "the target named by the action or counted (対象とした切札1枚)",
    ("marked_by", "form", "counted"): "the target named by the action or counted (対象とした切札1枚)",
    ("modify_size", "wording", "onto"): "「…に加算する」 or the size raised: the same change",
    ("move_cards", "face", "down"): "a life is face down: 裏向きで only says so",
    ("move_cards", "say_owner", True): "オーナーの: the cards go to their owner's zone either way",
    ("move_cards", "say_owner", False): "オーナーの: the cards go to their owner's zone either way",
    ("move_character", "say_choose", False): "「選び」 said or not: the controller chooses either way",
    ("move_character", "say_choose", True): "「選び」 said or not: the controller chooses either way",
    ("negate", "wording", "brief"): "the four wordings of one negation",
    ("negate", "wording", "plain"): "the four wordings of one negation",
    ("negate", "wording", "remove"): "the four wordings of one negation",
    ("negate", "wording", "full"): "the four wordings of one negation",
    ("on", "each", "card"): "once per card is what no `each` does: 1枚につき1回 says it",
    ("only_if", "form", "しか"): "しか / のみ: two words for the same restriction",
    ("only_if", "form", "のみ"): "しか / のみ: two words for the same restriction",
    ("open_trump", "see", True): _SEE,
    ("open_trump", "see", False): _SEE,
    ("put_onto_field", "see_abilities", False): _SEE,
    ("put_onto_field", "see_abilities", True): _SEE,
    ("put_onto_field", "see_placement", False): _SEE,
    ("put_onto_field", "see_placement", True): _SEE,
    ("put_onto_field", "wording", "choose"): "「選び」 said for chosen cards: the same placing",
    ("regenerate_trump", "see", True): _SEE,
    ("regenerate_trump", "see", False): _SEE,
    ("remove_target_action", "negate", True): "worded as negated: the action leaves the stage either way",
    ("remove_target_action", "negate", False): "worded as negated: the action leaves the stage either way",
    ("reveal_pack", "opened", True): "開封済みとする said or not: a revealed pack counts as opened either way",
    ("reveal_pack", "opened", False): "開封済みとする said or not: a revealed pack counts as opened either way",
    ("reveal_top", "face", "up"): "a revealed soldier enters face up: 表向き only says so",
    ("revive_from_grave", "face_up", False): "a soldier is always face up: 表向き only says so",
    ("revive_from_grave", "face_up", True): "a soldier is always face up: 表向き only says so",
    ("send_to_grave", "what", "soldier"): "the noun of the target (the target op chooses what it is)",
    ("send_to_grave", "what", "bulwark"): "the noun of the target (the target op chooses what it is)",
    ("send_to_grave", "what", "character"): "the noun of the target (the target op chooses what it is)",
    ("send_to_grave", "from_field", True): "場から said or not: a character is on the field",
    ("send_to_grave", "from_field", False): "場から said or not: a character is on the field",
    ("send_to_grave", "wording", "x"): "a comparison said with X: the same condition",
    # the standing abilities (tests/ops/test_argument_play_abilities.py)
    ("raises_on_leave", "see_triggering", True): _SEE,
    ("raises_when", "verb", "raise"): "を誘発する / を起こす: the owner triggers the action either way",
    ("summoning_sickness", "wording", "cards"): "the rule said by its cards or by its turn: the same rule",
    ("summoning_sickness", "wording", "turn"): "the rule said by its cards or by its turn: the same rule",
    ("waive_cost", "wording", "plain"): "the waived cost said by its letters or plainly: the same waiver",
    ("target_character", "on_field", True): "自分の場にいる兵士 / 自分の兵士 in the noun form: every character is on the field",
}

# Wording choices the print test's example context does not show, printed in another one (its PRINT_NEUTRAL
# says where): they are printed, only not by that example.
PRINTED_ELSEWHERE = {
    ("choose_one", "shared_tail", True): "a layout: the same words, the shared tail set once",
    ("put_onto_field", "wording", "choose"): "printed for chosen cards (the print example puts key cards)",
    ("send_to_grave", "wording", "x"): "printed with a comparison amount (the print example has none)",
    ("target_character", "on_field", True): "printed in the noun form (the term target_form: noun)",
}

# Accepted arguments the sheet prints and the engine does not honour, not by design: defects, each with the
# fix it needs (outside the op, or needing the print test's exception to go).  Each must still play the same
# (test_the_listed_exceptions_still_hold): the fix removes it from the list.
_LABELS = ("played (hooks.may_attack / can_block by the rule named; tests/ops/test_eligible.py), but no bundled "
           "character's labels disagree with the soldier's rule, so no position generated here tells them apart")
# values honoured in play that the positions generated here cannot show, each with where it is shown
NOT_SHOWN_HERE: dict[tuple[str, str, Any], str] = {
    ("declare_attackers", "eligible", "soldier"): _LABELS,
    ("declare_attackers", "eligible", "label"): _LABELS,
    ("declare_blockers", "eligible", "character"): _LABELS,
    ("declare_blockers", "eligible", "label"): _LABELS,
}
# accepted values the engine does not honour yet, each with the fix it needs (none today)
TRAPS: dict[tuple[str, str, Any], str] = {}

# the game the positions are of (its definitions are the bundled ones)
EDITION, FORMAT = "act9.0", "extra"


def _choices(rule: Any) -> list[Any]:
    if not isinstance(rule, dict):
        return []
    if rule.get("type") == "boolean":
        return [True, False]
    if "allowed" in rule and rule.get("type") != "list":
        return list(rule["allowed"])
    return []


def _build(name: str, args: dict[str, Any]) -> Any:
    """The op call a definitions file with ``{name: args}`` gets, or None when the definitions refuse it."""
    sink = DiagnosticSink()
    call = OpBuilder(Document("<play>", None), sink).build((), {name: args}, None)
    return None if call is None or sink.errors else call


def _bases(op: Op) -> list[dict[str, Any]]:
    """The base calls an argument's other values are compared with: the op's example (as the print test), and
    the declared defaults with only the example's required arguments (the example's other filters can hide
    an argument: a target filtered on the key's suit offers nothing but soldiers of that suit)."""
    example = op.example.get(op.name) if isinstance(op.example, dict) else None
    example = dict(example) if isinstance(example, dict) else {}
    plain = {k: v for k, v in example.items() if (op.args.get(k) or {}).get("required")}
    out = [example] if plain == example else [example, plain]
    for args in _uses().get(op.name, []):  # and the bundled editions' own calls of it
        if args not in out and len(out) < MAX_BASES:
            out.append(args)
    return out


MAX_BASES = 6  # the example, its required part, and up to four calls of the bundled editions


@functools.lru_cache(maxsize=1)
def _uses() -> dict[str, list[dict[str, Any]]]:
    """The arguments of every call of the bundled BlackPoker editions, by op, as their files write them (an
    expression as its text); calls holding other op calls are left out (their steps are bases of their own)."""
    from bpdsl.dsl.checks import op_calls_of
    from bpdsl.dsl.expr import Expr, unparse
    from bpdsl.dsl.opcalls import nested_calls

    out: dict[str, list[dict[str, Any]]] = {}
    for edition in _definitions().editions.values():
        if edition.game != "blackpoker":
            continue
        tables = (edition.actions, edition.characters, edition.fogs, getattr(edition, "trumps", None) or {})
        for call in nested_calls([c for table in tables for entry in table.values() for c in op_calls_of(entry)]):
            args = {k: (v.text or unparse(v.root)) if isinstance(v, Expr) else v for k, v in call.args.items()}
            if all(_written(v) for v in args.values()) and args not in out.setdefault(call.op, []):
                out[call.op].append(args)
    return out


def _written(value: Any) -> bool:
    """Whether a built argument is as a file writes it (no op call, card pattern or other built object)."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return True
    if isinstance(value, list):
        return all(_written(v) for v in value)
    return isinstance(value, dict) and all(_written(v) for v in value.values())


# ------------------------------------------------------------------ the positions


@functools.lru_cache(maxsize=1)
def _definitions() -> Any:
    from bpdsl.engine import load_definitions

    return load_definitions()


@functools.lru_cache(maxsize=1)
def _rules() -> Any:
    from bpdsl.engine.compiled import compile_rules

    return compile_rules(_definitions(), EDITION, FORMAT)


def _player(soldier: str, bulwark: str, driven: str, **zones: Any) -> dict[str, Any]:
    return {"life": ["♡2", "♡3", "♡4", "♠A", "♣Q", "◇9"],
            "field": [{"as": "general_soldier", "cards": [soldier]},
                      {"as": "bulwark", "cards": [bulwark], "face_up": False},
                      {"as": "general_soldier", "cards": [driven], "driven": True},
                      {"as": "general_soldier", "cards": ["Joker"], "entered": 3},  # entered this turn
                      {"as": "bulwark", "cards": ["♠3"]},
                      {"as": "hero", "cards": ["♡J"], "driven": True}], **zones}


_MAIN = {
    "edition": EDITION, "format": FORMAT, "turn": 0, "turn_no": 3,
    "players": [_player("♠9", "◇4", "♡6", hand=["♡K", "◇3", "♣J"], grave=["◇K", "♣7", "♠2", "♡Q", "♣K"],
                        trump=["♣8"], trump_up=["♠K"]),
                _player("♠8", "◇5", "♣6", hand=["♠5", "♡K", "◇3"], grave=["◇K", "♣3", "♠J"],
                        trump=["♣9"], trump_up=["◇Q"])],
    # an opponent's action with its key card waits on the stage (an action to target, negate, remove); the
    # action above it, seat 0's with two key cards, is the one resolving (taken off the stage to run)
    "stage": [{"action": "slash", "p": 1, "keys": ["♠4"], "target": {"char": [0, 0]}},
              {"action": "slash", "p": 0, "keys": ["♠7", "♡7"], "target": {"char": [1, 0]}}],
}

POSITIONS: dict[str, dict[str, Any]] = {
    "main": _MAIN,
    # the opponent's turn: characters of two cards, driven bulwarks, a small soldier, cards in the fogs, the
    # controller's trump ♠K face down, a pack, one key card of the opponent's face-up trump's suit, and on the
    # stage an action without key cards or target
    "other": {
        "edition": EDITION, "format": FORMAT, "turn": 1, "turn_no": 4,
        "players": [{"life": ["♡2", "♡3", "♡4", "♠A", "♣Q", "◇9"], "hand": ["♡K", "◇3", "♣J"],
                     "grave": ["◇K", "♣7", "♠2"], "trump": ["♠K", "♣8"], "fog": ["♣2"],
                     "pack": ["♣3", "♣4"], "rare": ["♡A"],
                     "field": [{"as": "armed_soldier", "cards": ["♠J", "♠Q"]},
                               {"as": "bulwark", "cards": ["◇4"], "face_up": False, "driven": True},
                               {"as": "general_soldier", "cards": ["♡6"], "driven": True},
                               {"as": "bulwark", "cards": ["♠3"], "driven": True}]},
                    {"life": ["♡2", "♡3", "♡4"], "hand": ["♠5", "♡K"], "grave": ["◇K"], "fog": ["♡9"],
                     "trump_up": ["◇Q"],
                     "field": [{"as": "general_soldier", "cards": ["♠2"], "driven": True},
                               {"as": "bulwark", "cards": ["◇5"], "face_up": False, "driven": True},
                               {"as": "armed_soldier", "cards": ["♣5", "♣Q"], "driven": True}]}],
        "stage": [{"action": "draw", "p": 1},
                  {"action": "slash", "p": 0, "keys": ["◇7"], "target": {"char": [1, 0]}}],
    },
    # an attack in progress: declared (no blocker yet), and blocked by two soldiers
    "attack": {**_MAIN, "combat": {"attackers": [[0, 0], [0, 3]]}},
    "blocked": {**_MAIN, "combat": {"attackers": [[0, 0]], "blocks": [{"attacker": [0, 0], "by": [[1, 0], [1, 3]]}]}},
}

# earlier steps of the same effect, as a definitions file writes them (a choose step the op acts on)
BEFORE: dict[str, list[dict[str, Any]]] = {
    "chose a hand card": [{"choose_cards": {"from": "hand", "whose": "self", "count": 1}}],
    "chose a grave card": [{"choose_cards": {"from": "grave", "whose": "self", "count": 1}}],
    "counters put": [{"counter_add": {"on": on, "amount": 2}} for on in ("this", "self", "opponent")],
    "found a card": [{"find_card": {"card": "♣K", "in": ["hand", "life", "grave", "trump"]}}],
}

# (position, what the resolving action targets, the steps run before the op); the target: an opponent's
# soldier, an own soldier, the opponent, the controller, the action waiting on the stage
Context = tuple[str, str, str]
CONTEXTS: tuple[Context, ...] = (
    *(("main", t, "") for t in ("char", "own_char", "player", "self", "action", "trump")),
    ("main", "own_char", "chose a hand card"), ("main", "char", "chose a grave card"),
    ("main", "char", "counters put"), ("main", "char", "found a card"),
    *(("other", t, "") for t in ("char", "own_char", "player", "action", "trump")),
    ("attack", "char", ""), ("blocked", "char", ""),
)
# a trigger is asked about events, whatever the action targets: one context per position
TRIGGER_CONTEXTS = tuple(dict.fromkeys((c[0], "char", "") for c in CONTEXTS))


class Recorder:
    """An agent taking the first option and remembering every decision it was offered."""

    name = "recorder"

    def __init__(self) -> None:
        self.seen: list[tuple[Any, ...]] = []

    def decide(self, request: Any, observation: Callable[[], Any]) -> int:
        self.seen.append((request.player, request.kind, tuple(request.label(i) for i in range(len(request.options)))))
        return 0


@functools.lru_cache(maxsize=None)
def _prepared(position: str) -> Any:
    from bpdsl.engine import new_game
    from bpdsl.engine.position import start_position

    game = new_game(_rules(), None, 1)
    start_position(game, POSITIONS[position])
    return game


def _game(position: str) -> tuple[Any, Recorder]:
    """A fresh game at ``position`` (a copy of its state: every run starts from the same one)."""
    from bpdsl.engine import new_game
    from bpdsl.engine.snapshot import copy_state

    from bpdsl.engine.log import EventLog

    agent = Recorder()
    game, prepared = new_game(_rules(), [agent, agent], 1), _prepared(position)
    game.state, game.node = copy_state(prepared.state, {}), prepared.node
    game.log = EventLog()  # what the players are shown (a revealed card) is play too
    return game, agent


def _target(game: Any, kind: str) -> Any:
    s = game.state
    if kind == "trump":  # the opponent's face-up trump
        return "trump", s.players[1].trump[-1]
    return {"char": ("char", s.players[1].field[0].uid), "own_char": ("char", s.players[0].field[0].uid),
            "player": ("player", 1), "self": ("player", 0), "action": ("action", s.stage[0].uid)}[kind]


def _plain(value: Any) -> Any:
    """A result as comparable data (the uids of one position are the same in every run of it)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((repr(k), repr(_plain(v))) for k, v in value.items()))
    return type(value).__name__


def _outcome(game: Any, agent: Recorder, result: Any, inst: Any = None) -> tuple[Any, ...]:
    from bpdsl.engine.log import state_hash

    events = tuple((e.type, e.seat, e.card, e.to, e.cause, e.amount) for e in game.events)
    data = tuple(sorted((k, repr(_plain(v))) for k, v in inst.data.items())) if inst is not None else ()
    shown = tuple(repr({k: v for k, v in line.items() if k != "h"}) for line in game.log.lines)
    return state_hash(game), _records(game.state), tuple(agent.seen), events, _plain(result), data, shown


_PICTURED = {"players", "loc", "owner", "stage"}  # what the state hash pictures


def _records(state: Any) -> tuple[tuple[str, str], ...]:
    """The state's other fields (the pass record, must_pass, counters and limits, a trump kept closed …)."""
    return tuple((f.name, repr(_plain(sorted(v) if isinstance(v, (set, frozenset)) else v)))
                 for f in dataclasses.fields(state) if f.name not in _PICTURED
                 for v in [getattr(state, f.name)])


def _executor(op: Op, call: Any) -> Callable[..., Any]:
    return op.prepare(call.args) if op.prepare is not None else op.execute  # type: ignore[return-value]


def _run_step(op: Op, call: Any, context: Context) -> tuple[Any, ...]:
    """One effect, target, condition or note call run as a step of the action seat 0 is resolving, raised by
    the ability of its first trump (the character a for_each step is at: the opponent's third one)."""
    from bpdsl.engine.core import Ctx, Event

    position, target, before = context
    game, agent = _game(position)
    inst = game.state.stage.pop()
    inst.target = _target(game, target)
    inst.data["each"] = game.state.players[1].field[2].uid
    inst.data["holder"] = game.state.players[0].trump[0]  # the card whose ability this is (``this``)
    ctx = Ctx(game, inst, 0, Event("damage", 0, amount=2, other=1))
    for raw in BEFORE.get(before, []):
        name, args = next(iter(raw.items()))
        step = _build(name, args)
        _executor(OPS[name], step)(ctx, step.args)
    agent.seen.clear()
    game.log.truncate(0)
    return _outcome(game, agent, _executor(op, call)(ctx, call.args), inst)


def _events(game: Any) -> Iterator[Any]:
    """Events of every kind the engine announces, for either player, from the position's cards."""
    from bpdsl.engine.core import Event
    from bpdsl.engine.state import ActionInstance

    s, actions = game.state, _rules().actions
    for seat in (0, 1):
        p, other = s.players[seat], 1 - seat
        soldier, bulwark = p.field[0], p.field[1]
        for ch in (soldier, bulwark):
            for cause in ("", "blocker", "attacker"):
                for to in ("grave", "hand"):
                    for i, card in enumerate(ch.cards):  # a character moves card by card, the first first
                        yield Event("left_field", seat, card, ch.char_id, to=to, first=i == 0, cause=cause,
                                    other=other)
                        yield Event("card_moved", seat, card, ch.char_id, to=to, first=i == 0, cause=cause,
                                    other=other, origin="field")
            yield Event("character_entered", seat, ch.cards[0], ch.char_id, to="field")
        yield Event("card_moved", seat, p.hand[0], to="grave", origin="hand")
        yield Event("card_moved", seat, p.life[-1], to="hand", origin="life")
        yield Event("discarded", seat, p.hand[0])
        for amount in (1, 3):
            for source in (other, seat):
                yield Event("damage", seat, amount=amount, other=source)
        for aid in ("attack", "end", "slash", "draw"):
            inst = ActionInstance(s.uid(), actions[aid], seat, direct=True)
            for etype in ("raised", "action_raised", "resolved", "action_negated"):
                yield Event(etype, seat, inst=inst)
        for trump in p.trump[:1]:
            for face in ("up", "down"):
                yield Event("trump_turned", seat, trump, to=face)
            yield Event("trump_opened", seat, trump)
        yield Event("unblocked", seat, soldier.cards[0], soldier.char_id)


class _Source:
    """What the trigger check reads of a trigger source to apply its limit."""

    def __init__(self, limit: Any) -> None:
        self.limit = limit


def _run_trigger(op: Op, call: Any, context: Context) -> tuple[Any, ...]:
    """The players a trigger call fires for, event by event, as the trigger check asks it (its limit used):
    every event twice in a turn, then once more in the next turn."""
    from bpdsl.engine.compiled import trigger_limit
    from bpdsl.engine.core import Ctx
    from bpdsl.engine.dispatch import limited

    game, agent = _game(context[0])
    fn, source = _executor(op, call), _Source(trigger_limit(call.args, "play@when"))
    fired = []
    for turn in (0, 0, 1):
        game.state.turn_no += turn
        for e in _events(game):
            seats = fn(Ctx(game, None, e.seat, e), call.args) or []
            if seats and source.limit is not None:
                seats = limited(game, source, e, list(seats))  # type: ignore[arg-type]
            fired.append(tuple(seats))
    return _outcome(game, agent, tuple(fired))


def _run(op: Op, call: Any, context: Context) -> tuple[Any, ...]:
    try:
        return (_run_trigger if op.kind == "trigger" else _run_step)(op, call, context)
    except Exception as exc:  # noqa: BLE001  # reported: a call the engine cannot run in this position
        return ("raised", type(exc).__name__, str(exc))


# ------------------------------------------------------------------ the check


def _driven(op: Op) -> bool:
    return op.kind not in NOT_DRIVEN_KINDS and op.execute is not None and op.name not in OTHER_GAME


def _alternatives(op: Op) -> Iterator[tuple[str, Any]]:
    for key, rule in op.args.items():
        for value in _choices(rule):
            yield key, value


@functools.lru_cache(maxsize=None)
def _play(name: str) -> tuple[list[tuple[str, str, Any]], list[tuple[str, str, Any, Any]]]:
    """(the accepted values that play as the other values of their argument in every base and position,
    the runs that raise where the base call runs).

    A value is shown in play when a call with it and the same call with another value of that argument play
    differently somewhere: both values are then told apart (the base's too)."""
    op = OPS[name]
    compared: set[tuple[str, Any]] = set()
    shown: set[tuple[str, Any]] = set()
    broken: list[tuple[str, str, Any, Any]] = []
    bases = [(args, call) for args in _bases(op) if (call := _build(name, args)) is not None]
    assert bases, f"{name}: its example is refused"
    contexts = TRIGGER_CONTEXTS if op.kind == "trigger" else CONTEXTS
    runs: dict[tuple[str, Context], tuple[Any, ...]] = {}  # a call's run in a context, made when first needed

    def run(call: Any, context: Context) -> tuple[Any, ...]:
        key = (repr(sorted(call.args.items(), key=lambda kv: kv[0])), context)
        if key not in runs:
            runs[key] = _run(op, call, context)
        return runs[key]

    for key, value in _alternatives(op):
        for args, base in bases:
            if (key, value) in shown:
                break
            if base.args.get(key) == value or (alt := _build(name, {**args, key: value})) is None:
                continue  # the base value itself, or refused: the definitions do not accept it here
            for context in contexts:
                before = run(base, context)
                if before[0] == "raised":
                    continue  # the base call does not run in this position
                after = run(alt, context)
                if after[0] == "raised":
                    broken.append((key, value, context, after))
                compared.add((key, value))
                if after != before:
                    shown.update({(key, value), (key, base.args.get(key))})
                    break
    ran = [out for out in runs.values() if out[0] != "raised"]
    assert ran or not runs, f"{name}: no call of it runs in any position: {sorted(set(map(str, runs.values())))}"
    same = [(name, key, value) for key, value in _alternatives(op) if (key, value) in compared - shown]
    return same, broken


DRIVEN = sorted(n for n, op in OPS.items() if _driven(op) and any(True for _ in _alternatives(op)))


@pytest.mark.parametrize("name", DRIVEN)
def test_every_accepted_argument_changes_play(name: str) -> None:
    same, broken = _play(name)
    assert not broken, f"accepted, but the engine fails on it: {broken}"
    unexplained = [n for n in same if n not in PLAY_NEUTRAL and n not in TRAPS and n not in NOT_SHOWN_HERE]
    assert not unexplained, f"accepted, plays the same in every position: {unexplained}"


def test_the_listed_exceptions_still_hold() -> None:
    """An exception that now changes play (the engine honours it) leaves the list."""
    found = {n for name in DRIVEN for n in _play(name)[0]}
    listed = {n for n in PLAY_NEUTRAL if n[0] in DRIVEN} | set(TRAPS) | set(NOT_SHOWN_HERE)  # abilities: own test
    assert listed <= found, sorted(listed - found)
    assert not set(PLAY_NEUTRAL) & (set(TRAPS) | set(NOT_SHOWN_HERE))


def test_a_wording_choice_is_printed() -> None:
    """An argument that plays the same by design is a wording choice: the sentence shows it, so it is no
    print-neutral argument (one that neither prints nor plays is a trap for the designer)."""
    from tests.ops.test_argument_coverage import PRINT_NEUTRAL, _neutral

    printed_same = {n for name in {n for n, _, _ in PLAY_NEUTRAL} for n in _neutral(name)}
    both = set(PLAY_NEUTRAL) & (printed_same | set(PRINT_NEUTRAL))
    assert both <= set(PRINTED_ELSEWHERE), f"neither printed nor played: {sorted(both - set(PRINTED_ELSEWHERE))}"
    assert set(PRINTED_ELSEWHERE) <= set(PRINT_NEUTRAL) & set(PLAY_NEUTRAL), "a listed one is printed now"


def test_the_ops_not_driven_here_are_of_the_kinds_named() -> None:
    """The check skips only the standing abilities (read when the rules are compiled) and the other game's
    ops: a new kind of op with choices is driven or named here."""
    skipped = {n for n, op in OPS.items() if not _driven(op) and any(True for _ in _alternatives(op))}
    assert all(OPS[n].kind in NOT_DRIVEN_KINDS or n in OTHER_GAME for n in skipped), skipped
    assert len(DRIVEN) > 50


# ------------------------------------------------------------------ what the check found, pinned


@pytest.mark.parametrize("name,args,why", [
    ("reveal_top", {"count": 2, "face": "down"}, "printed 裏向き, and the soldiers entered face up"),
    ("card_moved", {"from": "field", "to": "grave", "ranks": ["K"], "each": "move"},
     "printed once per move, and it fired once per card"),
    ("remove_target_action", {"keys_to_grave": False}, "the key cards went to the grave, as the sentence says"),
])
def test_a_value_the_engine_did_not_honour_is_refused(name: str, args: dict[str, Any], why: str) -> None:
    sink = DiagnosticSink()
    assert _build(name, args) is None, why
    OpBuilder(Document("<play>", None), sink).build((), {name: args}, None)
    assert [d.format() for d in sink.errors if " O002 " in d.format() and "cannot be" in d.format()], \
        [d.format() for d in sink.errors]


def test_the_targeted_characters_controller_sacrifices() -> None:
    """target_sacrifices with ``who: target`` on an action targeting a character: its controller chooses (it
    failed on the character's number taken for a seat)."""
    from bpdsl.engine.core import Ctx

    call = _build("target_sacrifices", {"who": "target"})
    game, agent = _game("main")
    before = len(game.state.players[1].field)
    inst = game.state.stage.pop()
    inst.target = _target(game, "char")
    _executor(OPS["target_sacrifices"], call)(Ctx(game, inst, 0), call.args)
    assert len(game.state.players[1].field) == before - 1 and agent.seen and agent.seen[0][0] == 1


def test_a_choice_in_the_opponents_hand_without_looking_is_blind() -> None:
    call = _build("choose_cards", {"from": "hand", "whose": "target", "count": 1})
    looked = _build("choose_cards", {"from": "hand", "whose": "target", "count": 1, "look": True})
    blind = _run_step(OPS["choose_cards"], call, ("main", "player", ""))[2]
    seen = _run_step(OPS["choose_cards"], looked, ("main", "player", ""))[2]
    assert blind[0][2] == ("1枚目", "2枚目", "3枚目") and seen[0][2] == ("♠5", "♡K", "◇3")

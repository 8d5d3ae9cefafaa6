"""Compile ``Definitions`` once into plain Python objects the hot loop can use.

:func:`compile_rules` turns one edition + format into :class:`Rules`: the core flow as an array of
``(primitive, next, yes, no)`` tuples, every action as a :class:`CAction` whose effect steps are
``(executor, args)`` pairs taken from the op registry, every character as a :class:`CCharacter`, and
lookup tables of card properties.  Nothing here is consulted as YAML or schema while a game runs.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from bpdsl.dsl.cards import full_deck
from bpdsl.flowmodel import Flow
from bpdsl.ops import registry
from bpdsl.engine.zones import ZoneError, ZoneTable, zone_table

# card index of the card grammar (bpdsl.dsl.cards) -> properties (Table 3.1 values; suit index 0..3 or -1 for a
# Joker).  A game's cards are ``seat * deck size + index``, the deck size being its own (``Rules.zones``).
DECK = full_deck()
VALUE: list[int] = [c.value for c in DECK]
SUIT: list[int] = [("spade", "heart", "diamond", "club").index(c.suit) if c.suit else -1 for c in DECK]
RANK: list[str] = [c.rank for c in DECK]
TEXT: list[str] = [c.id for c in DECK]

Step = tuple[Callable[..., Any], dict[str, Any], str]  # (executor, args, op name)


class CompileError(Exception):
    """The definitions cannot be played (e.g. an op without an executor)."""


@dataclass(eq=False)
class CAction:
    id: str
    name: str
    type: str
    trigger: str  # direct | triggered
    instant: bool
    main: bool  # timing main (else quick)
    cost: str  # letters, e.g. "BL"
    key: Any  # KeyPattern | None
    key_tables: list[list[bool]]  # per slot: card index -> accepted (slots patterns)
    target: Step | None
    conditions: list[Step]
    when: Step | None
    effect: list[Step]
    once_per_turn: bool = False
    not_direct: bool = False
    passes_turn: bool = False
    target_uses_keys: bool = False  # the legal targets depend on the key cards chosen (装備)
    key_min: int = 0  # fewest key cards a key of this action has
    key_test: Callable[[int], bool] | None = None  # hand bitmask (1 << card index) -> has some legal key
    target_key: Any = None  # equal for actions whose targets are chosen by the same op call (shared lookups)
    label: str = ""  # option text of the action decision
    untargetable_by: frozenset[str] = frozenset()  # ids of actions that may not target this one (notes)
    model: Any = None
    gate: Callable[[Any, int], bool] | None = None  # (game, seat) -> may raise it now (set by a game's rules)
    on_raise: Callable[[Any, Any], None] | None = None  # (game, instance): a step of raising before the costs
    # a card that must lie face up (State.trump_up) for a seat to raise it: the seat's copy, card + deck size ×
    # seat; -1: none.  Set by a game's rules (BlackPoker's trumps) and tested before ``gate``, so that the
    # action of a card lying face down costs the listing one comparison instead of a call
    requires_up: int = -1
    # the id of a character of which one, charged (not driven), must lie on the raising seat's field (an action
    # raised by driving such a character); None: none.  Set by a game's rules and tested with requires_up, so
    # that while the seat has no such character the action is left out of the candidates, not asked its gate
    requires_char: str | None = None
    # the conditions that hold for a triggered raise too (an op declared ``triggered=True``: only_if's
    # 「…しかこのアクションを起こすことができない」 is asked when the action is triggered, as printed)
    trigger_conditions: list[Step] = field(default_factory=list)


@dataclass(eq=False)
class CCharacter:
    id: str
    name: str
    kind: str  # one of the game's character kinds (BlackPoker: soldier | bulwark)
    key: Any
    size: Step | None
    labels: list[Step]
    abilities: list[Step]
    model: Any = None


@dataclass(eq=False)
class TriggerSource:
    """Something that can trigger an action: an action's 誘発条件 or a character's triggering ability."""

    action: CAction
    step: Step  # trigger op executor + args
    character: str | None = None  # id of the character definition owning the ability
    event: str | None = None  # the only event type that can match (None: ask for every event)
    on_action: str | None = None  # for "resolved" events: the only resolved action that can match
    # cards of which one must lie face up (State.trump_up) for the source to fire at all: its step is not asked
    # while none does (a trump's ability while the trump lies face down); None: always asked; empty: never
    # (an ability a game's rules compiled into sources of their own)
    requires_up: frozenset[int] | None = None
    # how often it may fire (bpdsl.engine.abilitystate): (limit, key) — "once_per_turn", "once_per_game" or
    # "first_each_turn", and the key its record is kept under; None: no limit
    limit: tuple[str, str] | None = None
    card: int = -1  # the card holding the ability (a trump's card index), named ``this`` by its effect


# Which event type each trigger op listens to (a pre-filter of the trigger check; unknown ops see all).
TRIGGER_EVENTS = {"on_resolved": "resolved", "raises_on_grave": "left_field"}


def listened_event(name: str, args: Mapping[str, Any]) -> str | None:
    """The event type a trigger op call waits for: from the table above, or from the op's own ``listens``
    (a general trigger that names its event in its arguments); None: it is asked for every event."""
    event = TRIGGER_EVENTS.get(name)
    if event is None and name in registry.REGISTRY:
        listens = registry.REGISTRY[name].extra.get("listens")
        if listens is not None:
            event = listens(args)
    return event


def trigger_limit(args: Mapping[str, Any], key: str) -> tuple[str, str, Any] | None:
    """The limit of a trigger op call (``limit: once_per_turn`` …) under ``key``, with its condition, which
    the limit then asks (bpdsl.engine.abilitystate); None without one."""
    limit = args.get("limit")
    return (str(limit), key, args.get("if")) if limit else None


def _source(action: CAction, step: Step, character: str | None = None) -> TriggerSource:
    fn, args, name = step
    event = listened_event(name, args)
    on_action = args.get("action") if event == "resolved" else None
    return TriggerSource(action, step, character, event, on_action if isinstance(on_action, str) else None,
                         None, trigger_limit(args, f"{action.id}@when"))


@dataclass(eq=False)
class Rules:
    edition: Any
    format: str
    flow: Flow
    flow_nodes: list[tuple[str, int, int, int]]  # (primitive, next, yes, no) by node number
    flow_ids: list[str]
    start: int
    actions: dict[str, CAction]
    direct_actions: list[CAction]
    quick_actions: list[CAction]  # the direct actions of timing quick
    characters: dict[str, CCharacter]
    fogs: dict[str, Any]
    triggers: list[TriggerSource]
    terms: dict[str, str] = field(default_factory=dict)
    cost_ops: dict[str, Callable[..., Any]] = field(default_factory=dict)  # cost letter -> paying executor
    game: Any = None  # the game's components (bpdsl.model.Game: suits, ranks, jokers) for its common rules
    trump_table: Any = None  # card index -> playable trump (bpdsl.games.blackpoker.trumps), None without trumps
    extensions: list[Any] = field(default_factory=list)  # the game's rules extensions (bpdsl.plugins)
    counts_as_suits: dict[str, tuple[str, ...]] = field(default_factory=dict)  # character id -> suits it counts as
    raise_events: bool = False  # whether raising an action is an event some trigger listens to
    # character id -> names of the static abilities a game's rules read while playing (巨人: must_attack ...)
    character_flags: dict[str, frozenset[str]] = field(default_factory=dict)
    # (game, seat, legal actions) -> the actions the player must choose among instead (no pass), or None
    forced_action: Callable[[Any, int, list[CAction]], list[CAction] | None] | None = None
    zones: ZoneTable | None = None  # the game's zones, their roles and the deck size (from game.yaml)
    # replacements, cost changes and prohibitions of the format's abilities (bpdsl.engine.abilities.Abilities);
    # None when it has none
    abilities: Any = None
    records_damage: bool = False  # some expression reads the damage taken this turn (turn records kept)

    def action(self, aid: str) -> CAction:
        return self.actions[aid]


def _step(call: Any, what: str) -> Step:
    op = registry.get(call.op) if call.op in registry.load_all() else None
    if op is None:
        raise CompileError(f"{what}: unknown op {call.op!r}")
    if op.execute is None:
        raise CompileError(f"{what}: op {call.op!r} has no executor in {op.module}")
    args = dict(call.args)
    return (op.prepare(args) if op.prepare is not None else op.execute, args, call.op)


def _key_tables(key: Any) -> list[list[bool]]:
    if key is None or getattr(key, "form", "") != "slots":
        return []
    return [[f(c) for c in DECK] for f in key.slots]


def _key_test(key: Any) -> Callable[[int], bool] | None:
    """A test on a bitmask of the hand's card indices telling whether some legal key exists."""
    if key is None:
        return None
    if key.form == "slots":
        masks = [sum(1 << i for i, c in enumerate(DECK) if f(c)) for f in key.slots]
        if len(masks) == 1:
            m0 = masks[0]
            return lambda hand: bool(hand & m0)
        if len(masks) == 2:
            m0, m1 = masks

            def two(hand: int) -> bool:
                a, b = hand & m0, hand & m1
                return bool(a and b and (a | b).bit_count() >= 2)
            return two
        return None
    if key.form == "same_suit":
        suit_masks = [sum(1 << i for i, c in enumerate(DECK) if c.suit == su) for su in ("spade", "heart", "diamond", "club")]
        n = key.count
        s0, s1, s2, s3 = suit_masks

        def same_suit(hand: int) -> bool:
            return ((hand & s0).bit_count() >= n or (hand & s1).bit_count() >= n
                    or (hand & s2).bit_count() >= n or (hand & s3).bit_count() >= n)
        return same_suit
    if key.form == "group":  # N (or N+) accepted cards sharing a suit or a rank (or not): count each group
        groups: dict[object, int] = {}
        for i, c in enumerate(DECK):
            if key.accepts(c):
                g = (c.suit if key.same == "suit" else c.rank) if key.same else None
                groups[g] = groups.get(g, 0) | 1 << i
        group_masks = tuple(groups.values())
        least = key.size_range[0]

        def group(hand: int) -> bool:
            for m in group_masks:
                if (hand & m).bit_count() >= least:
                    return True
            return False
        return group
    if key.form == "any":
        return lambda hand: hand != 0
    return None


def compile_flow(flow: Flow) -> tuple[list[tuple[str, int, int, int]], list[str], int]:
    ids = list(flow.nodes)
    index = {nid: i for i, nid in enumerate(ids)}
    nodes = []
    for nid in ids:
        n = flow.nodes[nid]
        nxt = index[n.next] if n.next else -1
        yes = index[n.branches["yes"]] if "yes" in n.branches else -1
        no = index[n.branches["no"]] if "no" in n.branches else -1
        nodes.append((n.primitive, nxt, yes, no))
    return nodes, ids, index[flow.start]


def compile_action(a: Any) -> CAction:
    what = f"action {a.id}"
    names = {c.op for c in a.conditions} | {n.op for n in getattr(a, "notes", [])}
    # once_per_turn (times 1) and not_direct are kept as flags the hot loop tests directly
    conditions = [_step(c, what) for c in a.conditions
                  if not (c.op == "not_direct" or (c.op == "once_per_turn" and c.args.get("times", 1) == 1))]
    effect = [_step(c, what) for c in a.effect]
    passes = any(registry.get(c.op).extra.get("passes_turn") for c in a.effect if c.op in registry.REGISTRY)
    return CAction(
        id=a.id, name=a.name, type=a.type, trigger=a.request.trigger, instant=a.request.speed == "instant",
        main=a.request.timing == "main", cost=a.cost or "", key=a.key, key_tables=_key_tables(a.key),
        target=_step(a.target, what) if a.target else None, conditions=conditions,
        when=_step(a.when, what) if a.when else None, effect=effect,
        once_per_turn=any(c.op == "once_per_turn" and c.args.get("times", 1) == 1 for c in a.conditions), not_direct="not_direct" in names or a.request.trigger == "triggered",
        passes_turn=bool(passes), model=a,
        target_uses_keys=_target_uses_keys(a.target),
        key_min=a.key.size_range[0] if a.key is not None else 0,
        key_test=_key_test(a.key),
        target_key=(a.target.op, repr(sorted(a.target.args.items()))) if a.target else None,
        label=f"{a.name} ({a.id})",
        trigger_conditions=[s for s in conditions if registry.get(s[2]).extra.get("triggered")],
        untargetable_by=frozenset(n.args.get("action") for n in getattr(a, "notes", [])
                                  if n.op == "not_targeted_by"),
    )


def _target_uses_keys(call: Any) -> bool:
    """Whether the legal targets of this target op call depend on the key cards chosen (装備: a soldier of
    the key's suit).  An op says so in its declaration (``keyed_targets``); otherwise an argument naming
    the key and set to a true value is taken to mean it."""
    if not call:
        return False
    op = registry.REGISTRY.get(call.op)
    declared = op.extra.get("keyed_targets") if op is not None else None
    if declared is not None:
        return bool(declared(call.args)) if callable(declared) else bool(declared)
    return any("key" in k and v for k, v in call.args.items())


def compile_rules(definitions: Any, edition_id: str, format_id: str) -> Rules:
    """Compile one edition's format into :class:`Rules` (raises CompileError / KeyError with a message)."""
    registry.load_all()
    if edition_id not in definitions.editions:
        raise CompileError(f"unknown edition {edition_id!r}; editions: {', '.join(definitions.editions)}")
    ed = definitions.editions[edition_id]
    if format_id not in [f.id for f in ed.formats]:
        raise CompileError(f"edition {edition_id} has no format {format_id!r}; formats: "
                           + ", ".join(f.id for f in ed.formats))
    if ed.flow not in definitions.flows:
        raise CompileError(f"edition {edition_id} is played on unknown flow {ed.flow!r}")
    flow = definitions.flows[ed.flow]
    nodes, ids, start = compile_flow(flow)
    extensions = _extensions(ed.game)
    skip: set[str] = set()
    for ext in extensions:
        skip |= ext.left_out(ed, format_id)
    actions = {a.id: compile_action(a) for a in ed.actions.values() if format_id in a.formats and a.id not in skip}
    if not actions:
        raise CompileError(f"format {format_id} of edition {edition_id} has no actions defined")
    chars = {}
    triggers: list[TriggerSource] = []
    for c in ed.characters.values():
        if format_id not in c.formats or c.id in skip:
            continue
        what = f"character {c.id}"
        cc = CCharacter(c.id, c.name, c.kind, c.key, _step(c.size, what) if c.size else None,
                        [_step(x, what) for x in c.labels], [_step(x, what) for x in c.abilities], c)
        chars[c.id] = cc
        for call, step in zip(c.abilities, cc.abilities):
            op = registry.get(call.op)
            target_action = call.args.get("action") or call.args.get("raise")
            # an ability that names an action triggers it, unless it is declared ``static`` (an action raised
            # by choice, 兵士起因; a forced attack): those are read by the game's rules, never trigger sources
            if op.kind in ("trigger", "ability") and not op.extra.get("static") and isinstance(target_action, str) \
                    and target_action in actions:
                triggers.append(_source(actions[target_action], step, c.id))
    for a in actions.values():
        if a.when is not None:
            triggers.append(_source(a, a.when))
    fogs = {f.id: f for f in ed.fogs.values() if format_id in f.formats}
    direct = [a for a in actions.values() if not a.not_direct]
    cost_ops: dict[str, Callable[..., Any]] = {}
    game = definitions.games.get(ed.game)
    for kind in getattr(game, "costs", []) or []:
        if kind.op in registry.REGISTRY and registry.REGISTRY[kind.op].execute is not None:
            cost_ops[kind.id] = registry.REGISTRY[kind.op].execute
    quick = [a for a in direct if not a.main]
    rules = Rules(ed, format_id, flow, nodes, ids, start, actions, direct, quick, chars, fogs, triggers,
                  dict(ed.terms), cost_ops, game)
    rules.zones = _zones(game, ed.game, any(a.key is not None for a in actions.values()))
    rules.extensions = extensions
    for ext in extensions:
        ext.install(rules, ed, format_id)
    return rules


def _zones(game: Any, game_id: str, keys: bool) -> ZoneTable:
    """The zones of the edition's game, numbered with those its plugin needs first."""
    from bpdsl import plugins

    if game is None:
        raise CompileError(f"the definitions hold no game {game_id!r} (its game.yaml)")
    try:
        table = zone_table(game, plugins.game(game_id).zones if game_id in plugins.games() else ())
        if keys:  # key cards are taken from a zone, lie on the stage, and go to a zone once used
            for role in ("keys", "stage", "spent"):
                table.role(role)
    except ZoneError as exc:
        raise CompileError(f"game {game_id!r}: {exc}") from None
    return table


def _extensions(game_id: str) -> list[Any]:
    """The rules extensions of the game's plugin (none for a game no plugin registers)."""
    from bpdsl import plugins

    try:
        return plugins.game(game_id).extensions()
    except KeyError:
        return []

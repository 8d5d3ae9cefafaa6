"""Semantic checks of the definitions, and the diagnostic codes of the DSL.

Schema validation (bpdsl.dsl.schema) tells whether a document has the right *shape*; the checks here tell
whether it makes *sense*: ids are unique, references point at something that exists, every cost letter is
declared by the game, op calls are known and well-formed, triggered actions say when they trigger, and the
game can move on (some action hands the turn to the other player).

Checks that need a single document's positions run while the document is built (the kinds call them with
the codes declared here); checks that need the whole model (references across entries, inheritance,
the turn-passing rule) run in :func:`run` after every document is built.  Every check reports, none raises:
a designer sees all mistakes of a run at once.
"""
from __future__ import annotations

from typing import Any, Iterable, Iterator

from bpdsl.diagnostics import UNKNOWN_POS, DiagnosticSink, did_you_mean
from bpdsl.dsl.cards import SUIT_MARKS
from bpdsl.dsl.opcalls import nested_calls, ops, walk
from bpdsl.model import Action, Character, Definitions, Edition, Fog, Game, OpCall, Trump

from bpdsl.dsl.codes import (  # noqa: F401  (the codes are reported as C.<NAME> by the kinds)
    D_DUPLICATE,
    D_UNKNOWN_DOC_REF,
    D_DANGLING,
    D_FORMAT,
    D_CATEGORY,
    D_GAME_REF,
    C_COST,
    K_PATTERN,
    K_UNDECLARED,
    K_ZONE,
    X_EXPR,
    X_UNWORDED,
    T_SELF_TRIGGER,
    T_SHARED_CARD,
    O_UNKNOWN,
    O_ARGS,
    O_KIND,
    O_SHAPE,
    T_NO_WHEN,
    T_DIRECT_WHEN,
    T_NO_PASS,
    T_NO_TARGET,
    T_NOT_RAISED,
    T_OTHER_TRUMP,
    W_NO_FORMAT,
    W_NO_MARK,
    M_PLACEHOLDER,
    N_TEXT,
    N_TERM,
    E_CARD,
    E_CLASS,
    E_STEP,
    I_PARENT,
    I_REMOVE,
    L_PATH,
    L_INTERNAL,
)


def entries(edition: Edition) -> Iterator[tuple[str, Action | Character | Fog | Trump]]:
    for a in edition.actions.values():
        yield "action", a
    for c in edition.characters.values():
        yield "character", c
    for f in edition.fogs.values():
        yield "fog", f
    for t in edition.trumps.values():
        yield "trump", t


def op_calls_of(entry: Action | Character | Fog | Trump) -> list[OpCall]:
    """The top-level op calls of an entry (nested ones are reached through bpdsl.dsl.opcalls.walk)."""
    calls: list[OpCall | None] = []
    if isinstance(entry, Action):
        calls = [entry.target, *entry.conditions, entry.when, *entry.notes, *entry.effect]
    elif isinstance(entry, Character):
        calls = [entry.size, *entry.labels, *entry.abilities]
    elif isinstance(entry, Fog):
        calls = [entry.target, *entry.abilities]
    elif isinstance(entry, Trump):
        calls = list(entry.abilities)
    return [c for c in calls if c is not None]


def run(defs: Definitions, sink: DiagnosticSink, state: Any = None) -> None:
    """Run every whole-model check.

    ``state`` (bpdsl.dsl.entries.LoadState) tells what the load already knows: per edition, the entries
    taken over unchanged from a parent (checked here against the child's formats, categories and costs);
    op calls and entries left out for their own errors, and whether a whole document was left out.  Checks
    whose finding would only be a consequence of an error already reported are skipped, so that one
    mistake gives one diagnostic.
    """
    inherited: dict[str, dict[tuple[str, str], set[str]]] = getattr(state, "inherited", {}) or {}
    broken: set[tuple[str, str, str]] = getattr(state, "broken", set())
    dropped: set[tuple[str, str]] = getattr(state, "dropped", set())
    complete = not getattr(state, "incomplete", False)
    for edition in defs.editions.values():
        _check_inherited(defs, edition, sink, inherited.get(edition.id, {}))
        _check_triggers(edition, sink, broken, defs.editions.get(edition.extends or ""))
        _check_trump_raising(edition, sink, broken)
        _check_target_use(edition, sink)
        missing = {eid for ed, eid in dropped if ed == edition.id}
        if complete:
            removed = {rid: pos for _attr, rid, pos in (getattr(state, "removes", {}) or {}).get(edition.id, [])}
            _check_refs(edition, sink, missing, defs.games.get(edition.game), removed)
            _check_patterns(edition, defs.games.get(edition.game), sink)
        if complete and not missing:
            _check_turn_passing(edition, sink)
        if complete:
            _check_unused(edition, sink)
            _check_marks(edition, sink)
            _check_classes_and_steps(edition, sink, defs.games.get(edition.game))
            _check_worded_conditions(edition, sink)
            _check_trump_cards(edition, sink, defs.editions.get(edition.extends or ""))
            _check_self_triggers(edition, sink)


def _check_worded_conditions(edition: Edition, sink: DiagnosticSink) -> None:
    """A condition must print in words: an op call whose sentence would hold a condition's source text
    (「me.hand >= 1しか…」) is an error naming the wording term that gives it words (``cond:<condition>``) or
    the ``text:`` that replaces the sentence."""
    from bpdsl.ops.args import source_text
    from bpdsl.ops.registry import REGISTRY, PhraseContext

    names = {e.id: e.name for _k, e in entries(edition)}
    ctx = PhraseContext(edition.terms, names)
    for kind, entry in entries(edition):
        for top in op_calls_of(entry):
            if top.text is not None or top.op not in REGISTRY:
                continue
            conditions = [(call, key, value) for call, key, value, rule in walk(top)
                          if (rule.get("meta") or {}).get("expr") == "bool" and hasattr(value, "root")]
            if not conditions:
                continue
            ctx.target = getattr(entry, "target", None)
            try:
                printed = REGISTRY[top.op].render(ctx, top.args)
            except Exception:  # a phrase that cannot render these arguments is reported by its own check
                continue
            for call, key, value in conditions:
                text = source_text(value).strip()
                if len(text) > 3 and text in printed:
                    condition = "".join(text.split())
                    sink.error(call.arg_pos.get(key, call.pos), X_UNWORDED,
                               f"{entry.id!r}: {call.op}.{key} would print as its expression {text!r}",
                               f"give it words: terms: {{\"cond:{condition}\": <words>}} in the edition (or beside "
                               f"the op call), or a text: for the sentence")


def _check_trump_cards(edition: Edition, sink: DiagnosticSink, parent: Edition | None) -> None:
    """A card holds one trump ability (3.11.1), inherited ones included: a new trump on a card a parent's
    trump holds is reported at the new one."""
    holders: dict[tuple[str, str], Any] = {}
    inherited = set(parent.trumps) if parent is not None else set()
    for trump in sorted(edition.trumps.values(), key=lambda t: (t.id not in inherited, t.pos.file, t.pos.line)):
        key = (trump.suit, trump.number)
        other = holders.setdefault(key, trump)
        # (two of one document are E001 already)
        if other is not trump and set(other.formats) & set(trump.formats) and other.pos.file != trump.pos.file:
            sink.error(trump.pos, T_SHARED_CARD, f"trumps {other.id!r} and {trump.id!r} are both on the card "
                       f"{SUIT_MARKS.get(trump.suit, trump.suit)}{trump.number} in {edition.id}",
                       f"put {trump.id!r} on a card no trump of {edition.id} holds, or remove {other.id!r}")


def _check_self_triggers(edition: Edition, sink: DiagnosticSink) -> None:
    """A trigger on raising actions (``on: {event: action_raised}``) that the action it triggers matches, for
    the player who raises that action, with no limit, triggers itself again every time it is raised."""
    for trump in edition.trumps.values():
        for call in nested_calls(trump.abilities):
            if call.op != "raises_when" or not isinstance(call.args.get("when"), OpCall):
                continue
            when, action = call.args["when"], edition.actions.get(str(call.args.get("action")))
            a = when.args
            if when.op != "on" or a.get("event") != "action_raised" or a.get("limit") or action is None:
                continue
            if (a.get("whose") or "self") == "opponent":
                continue
            f = a.get("actions") or {}
            speed = f.get("speed")
            if (f.get("direct") is True or f.get("targets") or (f.get("ids") and action.id not in f["ids"])
                    or (f.get("type") and f["type"] != action.type)
                    or (speed and (speed == "instant") != (action.request.speed == "instant"))
                    or (f.get("max_cost") is not None and len(action.cost or "") > f["max_cost"])):
                continue
            sink.error(when.pos, T_SELF_TRIGGER, f"{trump.id!r}: the trigger on raising actions matches "
                       f"{action.id!r}, the action it triggers: it would trigger itself without end",
                       "add `direct: true` to its actions filter, name the actions (ids), or give it a limit "
                       "(once_per_turn)")


def undeclared_in_pattern(pattern: Any, game: Game | None) -> list[tuple[int, str, str]]:
    """(offset in the pattern's text, message, hint) for each suit or rank a parsed key pattern names that
    ``game`` does not declare (a suit removed from game.yaml while key patterns still use it)."""
    if game is None or not hasattr(pattern, "undeclared"):
        return []
    ranks = {r.id for r in game.ranks} - ({"Joker"} if game.jokers == 0 else set())
    out = []
    for offset, what, name in pattern.undeclared({s.id for s in game.suits}, ranks):
        if what == "suit":
            marks = " ".join(s.mark for s in game.suits)
            out.append((offset, f"key pattern {pattern.source!r} names the suit {SUIT_MARKS.get(name, name)} ({name}), which the game "
                        f"{game.id!r} does not declare", f"suits of the game: {marks} (game.yaml, suits:)"))
        else:
            out.append((offset, f"key pattern {pattern.source!r} names the rank {name}, which the game "
                        f"{game.id!r} does not declare", "ranks of the game: "
                        + ", ".join(sorted(ranks, key=lambda r: [x.id for x in game.ranks].index(r)))))
    return out


def zone_of_pattern(pattern: Any, game: Game | None) -> tuple[Any, tuple[str, str] | None]:
    """A key pattern of the zone form (「レアカード1枚」) with its printed zone name replaced by the zone's id,
    or (pattern, (message, hint)) when ``game`` declares no zone of that name, or the zone is the hand
    itself (a key from the hand is written as cards)."""
    if getattr(pattern, "form", "") != "zone" or game is None:
        return pattern, None
    zones = {z.name: z for z in game.zones}
    zone = zones.get(pattern.zone) or next((z for z in game.zones if z.id == pattern.zone), None)
    if zone is None:
        return pattern, (f"key pattern {pattern.source!r} takes its key cards from {pattern.zone!r}, which is no "
                         f"zone of the game {game.id!r}", "zones of the game: " + ", ".join(zones)
                         + " (game.yaml, zones:)")
    if zone.role in ("keys", "deck", "characters", "stage"):
        return pattern, (f"key pattern {pattern.source!r}: key cards cannot come from the zone {zone.name} "
                         f"({zone.id}, role {zone.role})", "write the cards of the hand as a card pattern, "
                         "e.g. \"2〜10\"; a zone key takes cards of a zone of its own (レアカード1枚)")
    from dataclasses import replace

    return replace(pattern, zone=zone.id), None


def _check_patterns(edition: Edition, game: Game | None, sink: DiagnosticSink) -> None:
    """Key patterns given as op arguments (e.g. a condition on the cards revealed) name only declared suits
    and ranks.  (The ``key:`` of an entry is checked while the entry is built, at the exact character.)"""
    if game is None:
        return
    for _kind, entry in entries(edition):
        for top in op_calls_of(entry):
            for call, key, value, _rule in walk(top):
                for _offset, message, hint in undeclared_in_pattern(value, game):
                    sink.error(call.arg_pos.get(key, call.pos), K_UNDECLARED, f"{entry.id!r}: {call.op}.{key}: "
                               + message, hint)


def _check_inherited(defs: Definitions, edition: Edition, sink: DiagnosticSink,
                     inherited: dict[tuple[str, str], set[str]]) -> None:
    """Fields an entry takes from the parent edition must fit the child: its formats, categories, costs."""
    if not inherited:
        return
    formats = {f.id for f in edition.formats}
    categories = {c.id for c in edition.categories}
    game = defs.games.get(edition.game)
    costs = {c.id for c in game.costs} if game else None
    for kind, entry in entries(edition):
        fields = inherited.get((kind, entry.id))
        if not fields:
            continue
        for f in entry.formats if "formats" in fields else []:
            if f not in formats:
                sink.error(entry.pos, D_FORMAT, f"{entry.id!r} (inherited by {edition.id}) lists unknown format {f!r}",
                           did_you_mean(f, formats) or f"formats of {edition.id}: " + ", ".join(sorted(formats)))
        category = getattr(entry, "category", None) if "category" in fields else None
        if category and category not in categories:
            sink.error(entry.pos, D_CATEGORY, f"{entry.id!r} (inherited by {edition.id}) has unknown category {category!r}",
                       did_you_mean(category, categories) or f"categories of {edition.id}: " + ", ".join(sorted(categories)))
        if costs is not None and isinstance(entry, Action) and "cost" in fields:
            for letter in entry.cost:
                if letter not in costs:
                    sink.error(entry.pos, C_COST, f"{entry.id!r} (inherited by {edition.id}) pays undeclared cost {letter!r}",
                               "costs of the game: " + ", ".join(sorted(costs)))


def _triggered_by_ops(edition: Edition) -> set[str]:
    """Actions that an op call of the edition triggers by name (an ability such as 「…アクションを誘発する」,
    declared with ``triggers_action=True``): such an action needs no trigger condition of its own."""

    table = ops()
    out: set[str] = set()
    for _kind, entry in entries(edition):
        for call in nested_calls(op_calls_of(entry)):
            op = table.get(call.op)
            if op is not None and op.extra.get("triggers_action") and isinstance(call.args.get("action"), str):
                out.add(call.args["action"])
    return out


def _check_triggers(edition: Edition, sink: DiagnosticSink, broken: set[tuple[str, str, str]],
                    parent: Edition | None = None) -> None:
    raised = None
    for action in edition.actions.values():
        if action.request.trigger == "triggered" and action.when is None \
                and (edition.id, action.id, "when") not in broken:
            raised = _triggered_by_ops(edition) if raised is None else raised
            if action.id in raised:
                continue
            hint = ("add 'when: <trigger op>', trigger it from an ability (e.g. raises_when), or make it a direct "
                    "action (request.trigger: direct)")
            was = parent.actions.get(action.id) if parent is not None else None
            if was is not None and was.pos == action.pos and edition.pos != UNKNOWN_POS:
                # inherited unchanged: what triggered it in the parent is what this edition changed
                sink.error(edition.pos, T_NO_WHEN, f"triggered action {action.id!r}, inherited from "
                           f"{parent.id} ({action.pos}), is triggered by nothing in {edition.id}",
                           f"{edition.id} changed what triggered it: remove it (remove: {{actions: [{action.id}]}}), "
                           "or " + hint)
                continue
            if any(c.op == "not_direct" for c in action.conditions):
                # declared to be raised only by an effect or an ability: nothing of its own triggers it
                sink.warning(action.pos, T_NO_WHEN, f"triggered action {action.id!r} is raised only by others "
                             "(not_direct), but no op of the edition raises it", "an ability or effect that raises "
                             "it (e.g. raises_on_leave) makes it happen; until then it is never played")
                continue
            sink.error(action.pos, T_NO_WHEN, f"triggered action {action.id!r} has no trigger condition ('when')",
                       hint)
        if action.request.trigger == "direct" and action.when is not None:
            sink.error(action.when.pos, T_DIRECT_WHEN, f"direct action {action.id!r} has a trigger condition",
                       "a direct action is raised by a player; remove 'when' or set request.trigger: triggered")


def _check_trump_raising(edition: Edition, sink: DiagnosticSink, broken: set[tuple[str, str, str]]) -> None:
    """A trump's direct action is offered only through an ability that names it (may_raise, a granted or a
    character's raise_by_driving) or an effect that raises it: one that nothing names would print as
    available and never be offered, so it is refused here (T005).  An action left out of play (``unplayed:``,
    e.g. an imported cost the game does not declare) is offered by nothing anyway: it is not refused."""
    named: set[str] = set()
    for _kind, entry in entries(edition):
        for call in nested_calls(op_calls_of(entry)):
            for key in ("action", "self"):
                value = call.args.get(key)
                if isinstance(value, str):
                    named.add(value)
    _check_may_raise_owner(edition, sink)  # one naming another trump's action is T006, not also T005
    for trump in edition.trumps.values():
        for aid in trump.actions:
            action = edition.actions.get(aid)
            if action is None or action.request.trigger != "direct" or aid in named or action.unplayed:
                continue
            if any(k[:2] == (edition.id, trump.id) for k in broken):
                continue
            sink.error(trump.pos, T_NOT_RAISED, f"trump {trump.id!r} brings the direct action {aid!r}, but none of "
                       "its abilities lets a player raise it",
                       f"add '- may_raise: {{action: {aid}}}' to the trump's abilities, or remove the action")


def _check_may_raise_owner(edition: Edition, sink: DiagnosticSink) -> None:
    """A trump's ``may_raise`` of an action another trump brings (T006): the sheet prints the action under
    the other trump and the ability under this one, while the engine offers it only while the trump that
    brings it lies face up, so what the sheet says this trump lets a player raise would never be offered."""
    for trump in edition.trumps.values():
        for call in nested_calls(list(trump.abilities)):
            aid = call.args.get("action") if call.op == "may_raise" else None
            action = edition.actions.get(aid) if isinstance(aid, str) else None
            if action is None or action.trump in (None, trump.id):
                continue
            owner = edition.trumps.get(action.trump)
            owner_name = f"{owner.name} ({action.trump})" if owner is not None else repr(action.trump)
            sink.error(call.pos, T_OTHER_TRUMP, f"trump {trump.id!r} lets a player raise {aid!r}, an action of "
                       f"trump {owner_name}: it is offered only while that trump lies face up",
                       f"raise it from {action.trump}'s abilities, or write the action under {trump.id}'s actions")


# arguments whose value names the action's target (cards: target, to: target, to: target_owner)
TARGET_VALUES = ("target", "target_owner")


def target_uses(calls: Iterable[OpCall]) -> list[tuple[OpCall, str]]:
    """The op calls (nested ones included) that need the action's target, each with the reason: an argument
    naming it, an expression reading ``target.*``, or an op that acts on the target by definition."""

    table = ops()
    out: list[tuple[OpCall, str]] = []
    for call in nested_calls(list(calls)):
        op = table.get(call.op)
        if op is not None and op.extra.get("uses_target") and call.args.get("cards") != "each":
            out.append((call, f"{call.op} acts on the target"))
            continue
        for _c, key, value, _rule in walk(call):
            if _c is not call:
                continue
            if isinstance(value, str) and value in TARGET_VALUES and key in ("cards", "to"):
                out.append((call, f"{call.op}.{key}: {value}"))
                break
            names = value.names() if hasattr(value, "names") else set()
            used = sorted(n for n in names if n.startswith("target."))
            if used:
                out.append((call, f"{call.op}.{key} reads {used[0]}"))
                break
    return out


def _check_target_use(edition: Edition, sink: DiagnosticSink) -> None:
    """What is printed and what runs agree: 「対象の…」 in an action without (対象) has nothing to act on, and
    the engine must not fall back to some other player or character silently."""
    for action in edition.actions.values():
        if action.target is not None:
            continue
        for call, why in target_uses([*action.effect, *action.conditions]):
            sink.error(call.pos, T_NO_TARGET, f"action {action.id!r} declares no target, but its effect uses one "
                       f"({why})", "declare what it targets (target: {target_player: {who: opponent}} ...), or "
                       "name a player or card that needs no target (to: opponent)")


def _check_refs(edition: Edition, sink: DiagnosticSink, missing: set[str], game: Any = None,
                removed: dict[str, Any] | None = None) -> None:
    """Arguments of type ``ref`` must name an entry of the edition (``meta: {ref: action|character|fog}``
    narrows the kind).  Arguments with ``meta: {ref: cost|rank|suit|zone}`` (any type) must name
    components the game declares; a cost string is checked letter by letter.  A name the edition itself
    removed (``remove:``) is reported at that removal, in the designer's file, not at the inherited entry
    that still names it (``removed``: id -> position of its removal)."""
    removed = removed or {}

    pools: dict[str, set[str]] = {
        "action": set(edition.actions), "character": set(edition.characters), "fog": set(edition.fogs),
    }
    pools["entry"] = pools["action"] | pools["character"] | pools["fog"]
    game_pools: dict[str, set[str]] = {}
    if game is not None:
        game_pools = {"cost": {c.id for c in game.costs}, "rank": {r.id for r in game.ranks},
                      "suit": {s.id for s in game.suits}, "zone": {z.id for z in game.zones}}
    for kind, entry in entries(edition):
        for top in op_calls_of(entry):
            for call, key, value, rule in walk(top):
                meta = rule.get("meta") or {}
                target = meta.get("ref", "entry")
                if target in ("cost", "rank", "suit", "zone"):
                    _check_game_ref(edition, entry.id, call, key, value, target, game_pools, sink)
                    continue
                types = rule.get("type")
                types = types if isinstance(types, list) else [types]
                if "ref" not in types or not isinstance(value, str):
                    continue
                pool = pools.get(target, pools["entry"])
                if value not in pool and value not in missing and value in removed:
                    where = call.arg_pos.get(key, call.pos)
                    sink.error(removed[value], D_DANGLING,
                               f"{edition.id} removes {target} {value!r}, but the {kind} {entry.id!r} it inherits "
                               f"still names it ({call.op}.{key}, {where})",
                               f"keep {value!r}, or remove or change the {kind} {entry.id!r} too")
                elif value not in pool and value not in missing:
                    sink.error(call.arg_pos.get(key, call.pos), D_DANGLING,
                               f"{entry.id!r}: {call.op}.{key} names unknown {target} {value!r} in {edition.id}",
                               did_you_mean(value, pool) or f"{target}s of {edition.id}: " + ", ".join(sorted(pool)[:10]))


def _check_game_ref(edition: Edition, entry_id: str, call: OpCall, key: str, value: Any, target: str,
                    pools: dict[str, set[str]], sink: DiagnosticSink) -> None:
    pool = pools.get(target)
    if pool is None or not isinstance(value, (str, int)):
        return
    names = list(str(value)) if target == "cost" else [str(value)]
    for name in names:
        if name.isspace() or name in pool:
            continue
        code_name = C_COST if target == "cost" else D_GAME_REF
        sink.error(call.arg_pos.get(key, call.pos), code_name,
                   f"{entry_id!r}: {call.op}.{key} names undeclared {target} {name!r}",
                   did_you_mean(name, pool) or f"{target}s of the game {edition.game!r}: " + ", ".join(sorted(pool)))


ANY_CHARACTER = "character"  # the class of every character, whatever its kind


def _check_classes_and_steps(edition: Edition, sink: DiagnosticSink, game: Any = None) -> None:
    """Arguments naming a class of characters (``meta: {ref: character_class}``) must be a class or a
    character of the edition; arguments naming a step (``meta: {ref: step, of: <arg>}``) must be an op of
    the effect of the action the argument ``of`` names (a replacement cannot replace what is not there)."""
    kinds = {k.id for k in game.character_kinds} if game is not None else set()
    classes = sorted({ANY_CHARACTER} | kinds | set(edition.characters))
    for _kind, entry in entries(edition):
        for top in op_calls_of(entry):
            for call, key, value, rule in walk(top):
                meta = rule.get("meta") or {}
                where = call.arg_pos.get(key, call.pos)
                if meta.get("ref") == "character_class" and isinstance(value, str) and value not in classes:
                    sink.error(where, E_CLASS, f"{entry.id!r}: {call.op}.{key} grants to unknown character class "
                               f"{value!r}", did_you_mean(value, classes) or "classes: " + ", ".join(classes))
                if meta.get("ref") == "step" and isinstance(value, str):
                    action = edition.actions.get(str(call.args.get(meta.get("of", "action"))))
                    if action is None:
                        continue  # the unknown action is reported by the reference check
                    steps = [c.op for c in action.effect]
                    if value not in steps:
                        sink.error(where, E_STEP, f"{entry.id!r}: {call.op}.{key} replaces step {value!r}, which "
                                   f"{action.id!r} does not have", did_you_mean(value, steps)
                                   or f"steps of {action.id}: " + ", ".join(steps))


def _check_unused(edition: Edition, sink: DiagnosticSink) -> None:
    # (an unused category is not reported: the act8.0 sheet prints an empty 通常魔法 heading of its fog list)
    for kind, entry in entries(edition):
        if not entry.formats:
            sink.warning(entry.pos, W_NO_FORMAT, f"{kind} {entry.id!r} belongs to no format of {edition.id}",
                         "list the formats it belongs to, e.g. formats: [" + ", ".join(f.id for f in edition.formats) + "]")


def _check_marks(edition: Edition, sink: DiagnosticSink) -> None:
    """Every format in which an entry first appears declares its mark, once an edition has several formats
    (with one format every entry has the same mark, and a sheet needs none to tell formats apart)."""
    if len(edition.formats) < 2:
        return
    firsts: dict[str, int] = {}
    for kind, entry in entries(edition):
        if kind == "trump" or getattr(entry, "trump", None) is not None:
            continue  # a trump and what it brings print in the extra list, unmarked
        lowest = edition.lowest_format(entry.formats)
        if lowest is not None:
            firsts[lowest.id] = firsts.get(lowest.id, 0) + 1
    used = {f.mark for f in edition.formats if f.mark}
    for fmt in edition.formats:
        if fmt.id in firsts and not fmt.mark:
            sink.warning(fmt.pos, W_NO_MARK, f"format {fmt.id!r} of {edition.id} declares no mark, yet "
                         f"{firsts[fmt.id]} " + ("entry first appears" if firsts[fmt.id] == 1 else "entries first appear")
                         + " in it and would print unmarked",
                         "add e.g. mark: " + next(g for g in "■○●◎◆□△▲" if g not in used)
                         + " to the format, and a legend line for it under marks.legend")


def passes_turn(calls: Iterable[OpCall]) -> bool:
    """Whether one of these op calls (or an op nested in them) hands the turn to another player."""

    table = ops()
    for call in nested_calls(list(calls)):
        op = table.get(call.op)
        if op is not None and op.kind == "effect" and op.extra.get("passes_turn"):
            return True
    return False


def _check_turn_passing(edition: Edition, sink: DiagnosticSink) -> None:
    formats = [f.id for f in edition.formats] or [None]
    for fid in formats:
        actions: list[Action] = list(edition.actions.values()) if fid is None else edition.actions_in(fid)
        if not any(passes_turn(a.effect) for a in actions):
            where = f"format {fid!r} of edition {edition.id!r}" if fid else f"edition {edition.id!r}"
            sink.error(edition.pos, T_NO_PASS, f"no action of {where} hands the turn to another player",
                       "the game would never leave the first turn: give an action such as エンド an effect op that "
                       "passes the turn (an effect op declared with passes_turn=True, e.g. end_turn)")


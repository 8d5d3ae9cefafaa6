"""The general trigger ``on``: an ability that fires on any event of the game matching a filter.

The events are the spine of the engine: every change of the state a designer may want to answer is one
(:data:`EVENTS`).  ``on`` names the event and filters it on its fields (whose, zones, kind, ranks, cause,
amount, the action's type, speed and cost), with a limit (once a turn, once a game, the first time each
turn) and a condition; what fired it is named in the triggered action's effect by ``trigger.*``
(``trigger.amount``, ``trigger.card.rank``, ``trigger.action`` for ``raise_free``).

Written where any trigger op is written: an action's ``when:`` (its 誘発条件), a trump's
``raises_when: {when: ..., action: ...}``.  The events are announced only while some ability listens
(``Game.hears``): an edition without ``on`` plays exactly as before.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from bpdsl.games.blackpoker.ops._common import NOUNS, get, ranks_text
from bpdsl.games.blackpoker.ops._filters import (ACTIONS_ARG, CAUSES, KIND_ARG, LIMIT_ARG, LIMIT_WORDS, RANK_LIST,
                                                 WHOSE, ZONE_LIST, action_matches, actions_words, card_matches,
                                                 condition_clause, seats_for, whose_words, zones_words)
from bpdsl.ops.registry import PhraseContext, declare

# the event a designer names -> the engine's event type
EVENTS: dict[str, str] = {
    "card_moved": "card_moved",  # a card (or each card of a character) moved from a zone to a zone
    "character_entered": "character_entered",  # a character was put onto the field (summoned)
    "damage": "damage",  # a player took damage (the cards it moved from the life)
    "action_raised": "action_raised",  # an action was raised (directly, by an effect or by a trigger)
    "action_resolved": "resolved",  # an action resolved
    "action_negated": "action_negated",  # an action was negated (taken off the stage)
    "trump_turned": "trump_turned",  # a trump turned face up or face down
}


def listens(args: Mapping[str, Any]) -> str | None:
    """The event type an ``on`` call waits for (the trigger index files it under it)."""
    return EVENTS.get(str(args.get("event")))


def _event_words(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    """The event clause, up to (not including) 「時」."""
    event = a["event"]
    who = whose_words(ctx, get(a, "whose", "self"))
    of = f"{who}の" if who else ""
    if event == "card_moved":
        kind, ranks = a.get("kind"), a.get("ranks")
        what = (f"{ranks_text(ranks)}のカード" if ranks and not kind else
                f"{ranks_text(ranks)}を含む{NOUNS[kind]}" if ranks else NOUNS[kind] if kind else "カード")
        origin = f"{zones_words(ctx, a.get('from'))}から" if a.get("from") else ""
        to = f"{zones_words(ctx, a.get('to'))}に" if a.get("to") else "別の場所に"
        return f"{of}{what}が{CAUSES.get(a.get('cause') or '', '')}{origin}{to}移った"
    if event == "character_entered":
        kind, ranks = a.get("kind"), a.get("ranks")
        what = NOUNS[kind or "character"]
        return f"{of}場に{ranks_text(ranks) + 'の' if ranks else ''}{what}が出た"
    if event == "damage":
        most = a.get("min_amount")
        amount = f"{most}点以上の" if most and most > 1 else ""
        source = {"self": f"{ctx.term('self', '自分')}から", "opponent": "対戦相手から",
                  "any": "いずれかのプレイヤーから"}.get(a.get("source") or "", "")
        return f"{who or 'いずれかのプレイヤー'}が{source}{amount}ダメージを受けた"
    verb = {"action_raised": "を起こした", "action_resolved": "が解決した", "action_negated": "が無効化された"}
    if event in verb:
        actions = actions_words(ctx, a.get("actions"))
        if event == "action_raised":
            direct = "直接" if (a.get("actions") or {}).get("direct") is True else ""
            return f"{who or 'いずれかのプレイヤー'}が{actions}を{direct}起こした"
        return f"{of}{actions}{verb[event]}"
    face = {"up": "表向き", "down": "裏向き"}.get(a.get("face") or "", "表向きか裏向き")
    return f"{of}切札が{face}になった"


def clause(ctx: PhraseContext, a: Mapping[str, Any]) -> tuple[str, str]:
    """(the event clause with its limit, up to 「時」, the condition clause 「…場合、」 or "")."""
    each = {"card": "カード1枚につき1回", "character": "1体につき1回"}.get(a.get("each") or "", "")
    cond = condition_clause(ctx, a.get("if"))
    return (f"{LIMIT_WORDS.get(a.get('limit') or '', '')}{_event_words(ctx, a)}",
            f"{each}、{cond}" if each and cond else each or cond)


def _on_phrase(ctx: PhraseContext, a: Mapping[str, Any]) -> str:
    head, cond = clause(ctx, a)
    if getattr(ctx, "trigger_head", False):  # inside 「…時、Xアクションを誘発する。」
        return f"{head}時、{cond}"
    return f"{head}時に{cond}誘発する。"


ON = declare(
    "on", "trigger",
    args={
        "event": {"type": "string", "allowed": list(EVENTS), "required": True},
        "whose": {"type": "string", "allowed": WHOSE, "default": "self"},
        # each filter only where its event has the field (an argument the event cannot honour is refused)
        "from": {**ZONE_LIST, "dependencies": {"event": ["card_moved"]}},
        "to": {**ZONE_LIST, "dependencies": {"event": ["card_moved"]}},
        "kind": {**KIND_ARG, "dependencies": {"event": ["card_moved", "character_entered"]}},
        "ranks": {**RANK_LIST, "dependencies": {"event": ["card_moved", "character_entered"]}},
        "cause": {"type": "string", "allowed": list(CAUSES), "nullable": True,
                  "dependencies": {"event": ["card_moved"]}},
        "each": {"type": "string", "allowed": ["card", "character"], "nullable": True,
                 "dependencies": {"event": ["card_moved"]}},
        "min_amount": {"type": "integer", "min": 1, "nullable": True, "dependencies": {"event": ["damage"]}},
        "source": {"type": "string", "allowed": WHOSE, "nullable": True, "dependencies": {"event": ["damage"]}},
        "actions": {**ACTIONS_ARG, "dependencies": {"event": ["action_raised", "action_resolved",
                                                              "action_negated"]}},
        "face": {"type": "string", "allowed": ["up", "down"], "nullable": True,
                 "dependencies": {"event": ["trump_turned"]}},
        "limit": LIMIT_ARG,
        "if": {"type": "expr", "nullable": True, "meta": {"expr": "bool"}},
    },
    phrase=_on_phrase,
    summary=("Triggers on an event of the game (`event`: card_moved, character_entered, damage, action_raised, "
             "action_resolved, action_negated, trump_turned) matching its filters, for the players to whom it is "
             "`whose` (self: their own card / damage / action; opponent; any). `from`/`to` zones, `kind` and "
             "`ranks` of the card or character, `cause` of a move (combat, blocker, attacker: judged in ダメージ判定), "
             "`each`: once per card of a character (`card`, the default) or per character (`character`), printed "
             "when given; `min_amount` of damage and its `source`; "
             "`actions` filters the action (ids, type, speed, max_cost, direct, targets); `face` of a trump. "
             "`limit`: once_per_turn, once_per_game, first_each_turn (the first matching event of the turn, "
             "whether `if` holds or not). The triggered action reads what fired it as `trigger.*`."),
    example={"on": {"event": "card_moved", "whose": "opponent", "kind": "soldier", "from": ["field"],
                    "to": ["grave"], "cause": "combat", "limit": "once_per_turn"}},
    listens=listens,
    clause=clause,
)


def _matcher(a: Mapping[str, Any]) -> Callable[[Any, Any], bool]:
    """The event filters of one call (everything but whose, the limit and the condition)."""
    event = a["event"]
    if event == "card_moved":
        origin, to, cause = a.get("from"), a.get("to"), a.get("cause")
        per_character = a.get("each") == "character"

        def moved(game: Any, e: Any) -> bool:
            if origin and e.origin not in origin or to and e.to not in to:
                return False
            if per_character and not e.first:
                return False
            if cause and not (e.cause == cause or (cause == "combat" and e.cause in ("blocker", "attacker"))):
                return False
            return card_matches(game, e, a)
        return moved
    if event == "character_entered":
        return lambda game, e: card_matches(game, e, a)
    if event == "damage":
        most = a.get("min_amount") or 0
        return lambda game, e: e.amount >= most
    if event == "trump_turned":
        face = a.get("face")
        return lambda game, e: face is None or e.to == face
    return lambda game, e: True  # the action events: their filter needs the holder (below)


def prepare(a: Mapping[str, Any]) -> Callable[[Any, Mapping[str, Any]], list[int]]:
    """One ``on`` call with its filters read once: the executor the trigger check asks for each event of its
    type.  With a ``limit`` the condition is left to the limit (bpdsl.engine.abilitystate), which asks it
    after counting the first time."""
    etype = EVENTS[a["event"]]
    whose = get(a, "whose", "self")
    match = _matcher(a)
    actions, source = a.get("actions"), a.get("source")
    cond = a.get("if") if not a.get("limit") else None
    is_action = etype in ("action_raised", "resolved", "action_negated")

    def run(ctx: Any, _a: Mapping[str, Any]) -> list[int]:
        e = ctx.event
        if e is None or e.type != etype or not match(ctx.game, e):
            return []
        seats = seats_for(whose, e.seat, len(ctx.state.players))
        if is_action and actions:
            inst = e.inst
            seats = [p for p in seats if inst is not None and action_matches(
                ctx.game, inst.action, e.seat, p, actions, inst.target, inst.direct)]
        if source:
            seats = [p for p in seats if e.other >= 0 and (e.other == p) == (source == "self")
                     or source == "any"]
        if cond is not None:
            from bpdsl.engine.core import Ctx

            seats = [p for p in seats if Ctx(ctx.game, None, p, e).value(cond)]
        return seats
    return run


@ON.executor
def _on(ctx: Any, a: Mapping[str, Any]) -> list[int]:
    return prepare(a)(ctx, a)


ON.prepare = prepare

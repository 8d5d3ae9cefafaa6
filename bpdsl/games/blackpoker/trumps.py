"""The 切札 zone of エクストラ (3.11) in the engine: which trumps lie face up, and their abilities at work.

:func:`install` runs once when a format with trumps is compiled (bpdsl.engine.compiled).  It reads the
edition's trumps (the model's ``Edition.trumps``) and wires their abilities into the compiled rules
without the generic core knowing what a trump is:

* the actions a trump brings get a *gate*: a player may raise them only while that trump lies face up
  in their 切札 zone (so an ability exists only while its trump is face up, 3.11.5); the once-per-turn
  record is kept by action, so a trump closed and opened again does not reset it (3.11.6);
* 兵士起因 actions granted to a class of soldiers (``grant`` + ``raise_by_driving``) are gated on a charged
  soldier of that class and drive the soldier chosen when raised (``inst.data["source"]``);
* an alternative cost that makes an action quick (``alt_cost_quick``: "$DD for quick timing") becomes a
  second, quick variant of the action;
* ``raises_when`` abilities become trigger sources, active only for the owner of the face-up trump;
* ``replace_effect`` wraps the replaced action's effect, ``prevent_damage`` wraps the effects of the
  actions whose key cards may hold the suit.

A trump whose entries use an op without an executor (``not_executed``, or an op the engine does not run
yet) is *printed only*: :func:`printed_only` names it, and its actions and characters are left out of
the compiled rules, so a game never offers something it cannot play.  It can still be placed and opened
(3.11.4: a card without an ability may be a trump; it then brings nothing).

Cards are ints as everywhere in the engine (card index + DECK_SIZE × seat); the 切札 zone is ``Player.trump``
and ``State.trump_up`` holds the cards lying face up.
"""
from __future__ import annotations

import dataclasses
import weakref
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from bpdsl.dsl.cards import SUIT_MARKS, SUITS, parse_card
from bpdsl.engine.compiled import DECK, SUIT, VALUE, CAction, TriggerSource, listened_event
from bpdsl.engine.core import Event
from bpdsl.engine.wrapped import INSERTED, WRAPPED, InsertedSteps
from bpdsl.games.blackpoker import ability_blocks
from bpdsl.games.blackpoker.components import DECK_SIZE, Z_FIELD, Z_GRAVE, Z_HAND, Z_TRUMP
from bpdsl.model import Edition, OpCall, Trump
from bpdsl.ops import registry
from bpdsl.games.blackpoker.events import (Prevented, Replaced, TrumpDestroyed, TrumpDown, TrumpEvent, TrumpPlaced,
                                          TrumpUp)

MAX_TRUMPS = 2  # 3.11.4: up to two cards, face down, before the game


@dataclass(eq=False)
class CTrump:
    """A playable trump of the compiled rules."""

    id: str
    name: str
    card: int  # card index in the deck (the owner's copy is card + DECK_SIZE × seat)
    actions: list[str]
    replacements: list[OpCall] = field(default_factory=list)
    preventions: list[OpCall] = field(default_factory=list)


# --------------------------------------------------------------------------- which trumps can be played


def _calls(edition: Edition, trump: Trump) -> list[OpCall]:
    from bpdsl.dsl.checks import op_calls_of
    from bpdsl.dsl.opcalls import nested_calls

    tops: list[OpCall] = list(trump.abilities)
    for aid in trump.actions:
        if aid in edition.actions:
            tops += op_calls_of(edition.actions[aid])
    for cid in trump.characters:
        if cid in edition.characters:
            tops += op_calls_of(edition.characters[cid])
    return list(nested_calls(tops))


def printed_only(edition: Edition, format_id: str) -> dict[str, list[str]]:
    """Trumps of the format that the engine cannot play yet -> the ops it does not run."""
    table = registry.load_all()
    out: dict[str, list[str]] = {}
    for t in edition.trumps_in(format_id):
        missing = sorted({c.op for c in _calls(edition, t) if c.op not in table or table[c.op].execute is None})
        if missing:
            out[t.id] = missing
    return out


def left_out(edition: Edition, format_id: str) -> set[str]:
    """Ids of the actions and characters not compiled: those of printed-only trumps, and every entry left
    out of play (:func:`bpdsl.ops.playable.unplayed`: ``unplayed:`` or a printed-only op where it runs)."""
    from bpdsl.ops.playable import unplayed

    out: set[str] = {eid for _kind, eid in unplayed(edition, format_id)}
    if not edition.trumps_in(format_id):
        return out
    for tid in printed_only(edition, format_id):
        t = edition.trumps[tid]
        out |= set(t.actions) | set(t.characters)
    return out


# --------------------------------------------------------------------------- the zone


def face_down(state: Any, seat: int) -> list[int]:
    return [c for c in state.players[seat].trump if c not in state.trump_up]


def is_up(state: Any, card: int) -> bool:
    return card in state.trump_up


def openable(state: Any, seat: int) -> list[int]:
    """The face-down trumps of ``seat`` that may turn face up now (not kept face down for the turn)."""
    return [c for c in face_down(state, seat) if not locked(state, c)]


def locked(state: Any, card: int) -> bool:
    """Whether a closing keeps ``card`` face down until the end of this turn (クローズ, フレーム編)."""
    return getattr(state, "trump_locked", {}).get(card) == state.turn_no


def lock(state: Any, card: int) -> None:
    state.trump_locked[card] = state.turn_no


def _log(game: Any, what: type[TrumpEvent], seat: int, card: int) -> None:
    if game.log is not None:
        game.log.write(what(seat, game.hooks.card_text(card)))


def turn_up(game: Any, seat: int, card: int) -> None:
    """Turn a trump face up: its ability becomes active (and ``ability_enabled`` abilities trigger).  A trump
    a closing keeps face down for the turn stays face down."""
    if locked(game.state, card) or forbidden_open(game, seat):
        return
    game.state.trump_up.add(card)
    game.events.append(Event("trump_opened", seat, card))
    if "trump_turned" in game.hears:
        game.events.append(Event("trump_turned", seat, card, to="up"))
    counts = game.state.counts
    opened = counts.setdefault("trumps_opened", {})
    opened[card % DECK_SIZE] = opened.get(card % DECK_SIZE, 0) + 1
    # who opened which trump, for the batch statistics (win rate of the seat that opened it)
    by_seat = counts.setdefault("trumps_opened_by_seat", {})
    key = (seat, _trump_ids(game.rules).get(card % DECK_SIZE, NO_ABILITY))
    by_seat[key] = by_seat.get(key, 0) + 1
    _log(game, TrumpUp, seat, card)


def turn_down(game: Any, card: int) -> None:
    was = card in game.state.trump_up
    game.state.trump_up.discard(card)
    _log(game, TrumpDown, game.state.loc[card][1], card)
    if was and "trump_turned" in game.hears:
        game.events.append(Event("trump_turned", game.state.loc[card][1], card, to="down"))


def forbidden_open(game: Any, seat: int) -> bool:
    """Whether a prohibition (「…切札を表向きにできない」) keeps ``seat`` from turning a trump face up."""
    abilities = game.rules.abilities
    return abilities is not None and abilities.forbids(game, "open", None, seat)


def trump_to_grave(game: Any, card: int) -> None:
    game.state.trump_up.discard(card)
    game.hooks.move_card(game, card, Z_GRAVE, game.state.owner[card])
    _log(game, TrumpDestroyed, game.state.owner[card], card)


def regenerate(game: Any, seat: int, card: int) -> None:
    """切札再生: the card, if in its owner's hand or grave, becomes a face-up trump of ``seat``."""
    if game.state.loc[card][0] not in (Z_HAND, Z_GRAVE):
        return
    game.hooks.move_card(game, card, Z_TRUMP, seat)
    turn_up(game, seat, card)


NO_ABILITY = "(no ability)"  # a card turned face up as a trump that has no trump ability in the format
_IDS: "weakref.WeakKeyDictionary[Any, dict[int, str]]" = weakref.WeakKeyDictionary()


def _trump_ids(rules: Any) -> dict[int, str]:
    """Card index -> trump id of the rules' format (printed-only trumps too), computed once per rules."""
    ids = _IDS.get(rules)
    if ids is None:
        ids = _IDS[rules] = trump_ids(rules.edition, rules.format)
    return ids


def trump_ids(edition: Edition, format_id: str) -> dict[int, str]:
    """Card index -> id of the trump ability of that card in the format (printed-only ones too)."""
    return {parse_card(SUIT_MARKS[t.suit] + t.number).index: t.id for t in edition.trumps_in(format_id)}


def opened_by_trump(edition: Edition, format_id: str, opened: dict[int, int]) -> dict[str, int]:
    """Counts of trumps turned face up, by trump id (every trump of the format, printed-only ones too);
    cards without an ability are counted together as ``(no ability)``."""
    out = {t.id: 0 for t in edition.trumps_in(format_id)}
    by_card = trump_ids(edition, format_id)
    for card, n in opened.items():
        key = by_card.get(card, NO_ABILITY)
        out[key] = out.get(key, 0) + n
    return out


def summarize(rules: Any, counts: dict[str, dict[Any, int]]) -> dict[str, Any]:
    """Batch statistics of エクストラ: how often each trump was turned face up, which are printed only, and
    what each trump brings (``trumps``: its actions and characters), so that a comparison of two runs can
    group the rows of a trump's actions and characters under the trump."""
    if rules.trump_table is None:
        return {}
    fmt = rules.format
    opened = opened_by_trump(rules.edition, fmt, counts.get("trumps_opened", {}))
    return {"trumps_opened": dict(sorted(opened.items(), key=lambda kv: (-kv[1], kv[0]))),
            "trumps_printed_only": sorted(printed_only(rules.edition, fmt)),
            "trumps": {t.id: {"name": t.name, "card": SUIT_MARKS[t.suit] + t.number, "actions": list(t.actions),
                              "characters": list(t.characters)} for t in rules.edition.trumps_in(fmt)}}


def place(game: Any) -> None:
    """3.11.4: before the game each player may put up to two cards of their deck face down as trumps."""
    s = game.state
    text = game.hooks.card_text
    for p in s.players:
        for n in range(MAX_TRUMPS):
            deck = sorted(p.life)
            i = game.decide(p.seat, "trump_place", [None] + deck, {"what": f"切札を置くか（{n + 1}枚目）"},
                            ["置かない"] + [text(c) for c in deck])
            if i == 0:
                break
            game.hooks.move_card(game, deck[i - 1], Z_TRUMP, p.seat)
            _log(game, TrumpPlaced, p.seat, deck[i - 1])


def view(game: Any, owner: int, viewer: int) -> dict[str, Any]:
    """3.12.1 切札: face-up cards are 完全公開; face-down cards are 個人公開 (their owner knows them)."""
    s = game.state
    text = game.hooks.card_text
    cards = s.players[owner].trump
    up = [text(c) for c in cards if c in s.trump_up]
    out: dict[str, Any] = {"face_up": up, "face_down_count": len(cards) - len(up)}
    if owner == viewer:
        out["face_down"] = [text(c) for c in cards if c not in s.trump_up]
    return out


def describe(game: Any, card: int, viewer: int) -> str:
    """A trump as ``viewer`` may name it: its card when face up or their own, else only its place."""
    s = game.state
    seat = s.loc[card][1]
    whose = "自分" if seat == viewer else "相手"
    if card in s.trump_up:
        return f"{whose}の切札[{game.hooks.card_text(card)}](表)"
    if seat == viewer:
        return f"{whose}の切札[{game.hooks.card_text(card)}](裏)"
    hidden = face_down(s, seat)
    return f"{whose}の切札[裏向き{hidden.index(card) + 1 if card in hidden else ''}]"


# --------------------------------------------------------------------------- helpers of the effect ops


def target_card(ctx: Any) -> int | None:
    """The card an action targets: a trump (``("trump", card)``) or, for a triggered 切札再生, the event's card."""
    t = ctx.inst.target if ctx.inst is not None else None
    if t is not None and t[0] in ("trump", "card"):
        return t[1]
    ev = ctx.inst.data.get("event") if ctx.inst is not None else None
    card = ctx.inst.data.get("card") if ctx.inst is not None else None
    if card is not None:
        return card
    return getattr(ev, "card", None) if ev is not None and ev.card >= 0 else None


def target_character(ctx: Any) -> Any:
    t = ctx.inst.target
    if t is None or t[0] != "char":
        return None
    return ctx.rules.find(ctx.game, t[1])


def source_character(ctx: Any) -> Any:
    uid = ctx.inst.data.get("source")
    return ctx.rules.find(ctx.game, uid) if uid is not None else None


def target_key_sum(ctx: Any) -> int:
    t = ctx.inst.target
    if t is None or t[0] != "action":
        return 0
    inst = next((x for x in ctx.state.stage if x.uid == t[1]), None)
    return sum(VALUE[c % DECK_SIZE] for c in inst.keys) if inst is not None else 0


def damage_player(ctx: Any, seat: int, amount: int) -> None:
    ctx.rules.damage(ctx.game, seat, amount)


def trigger(game: Any, action_id: str, seat: int) -> None:
    """An effect triggers an action (「…アクションを誘発する」): it joins the next trigger check."""
    game.events.append(Event("triggered", seat, char_id=action_id))


# --------------------------------------------------------------------------- wiring the abilities


def _owner_has_up(state: Any, seat: int, card: int) -> bool:
    return card + DECK_SIZE * seat in state.trump_up


def _copies(card: int) -> frozenset[int]:
    """Both players' copies of a trump card: a trigger source of the trump is asked only while one lies face up
    (``TriggerSource.requires_up``), whichever player's ability it is."""
    return frozenset(card + DECK_SIZE * seat for seat in (0, 1))


def _soldier_suits(game: Any, ch: Any) -> set[str]:
    """The suits a soldier counts as: those of its cards, and those a trump character counts as (騎士: ♠ and ♣)."""
    extra = getattr(game.rules, "counts_as_suits", {}).get(ch.char_id, ())
    return {SUITS[SUIT[c % DECK_SIZE]] for c in ch.cards if SUIT[c % DECK_SIZE] >= 0} | set(extra)


def _drivers(game: Any, seat: int, card: int, suit: str | None, cls: str = "soldier") -> list[Any]:
    """The charged characters of the grant's class that may drive themselves to raise its action (a soldier
    face up; ファントム's bulwarks face down)."""
    if card + DECK_SIZE * seat not in game.state.trump_up:
        return []
    return [ch for ch in game.state.players[seat].field
            if not ch.driven and (ch.face_up or ch.kind != "soldier") and _of_class(game, ch, cls, suit)]


def drive_source(game: Any, inst: Any, opts: list[Any]) -> None:
    """Raising an action by driving a soldier (兵士起因): the player drives one of ``opts``, which becomes the
    source of the action (「このアクションを起こした兵士」, ``inst.data["source"]``)."""
    i = game.decide(inst.controller, "source", opts, {"action": inst.action.name},
                    [game.hooks.describe_char(game, ch, inst.controller) for ch in opts])
    opts[i].driven = True
    inst.data["source"] = opts[i].uid


def _driving(card: int, suit: str | None, cls: str = "soldier") -> tuple[Callable[[Any, int], bool], Callable[[Any, Any], None]]:
    def gate(game: Any, seat: int) -> bool:
        return bool(_drivers(game, seat, card, suit, cls))

    def on_raise(game: Any, inst: Any) -> None:
        drive_source(game, inst, _drivers(game, inst.controller, card, suit, cls))
    return gate, on_raise


def _trigger_step(card: int, when: OpCall, action_id: str) -> tuple[Callable[..., Any], dict[str, Any], str]:
    """A trigger source of a trump's ``raises_when``: the trigger op, only for the owner of the open trump."""
    op = registry.get(when.op)
    args = dict(when.args)
    fire = op.prepare(args) if op.prepare is not None else op.execute
    if when.op == "ability_enabled":
        def enabled(ctx: Any, _a: Any) -> list[int]:
            ev = ctx.event
            return [ev.seat] if ev is not None and ev.type == "trump_opened" and ev.card % DECK_SIZE == card else []
        return enabled, args, when.op

    def gated(ctx: Any, a: Any) -> list[int]:
        seats = fire(ctx, a) if fire is not None else []
        return [p for p in seats if card + DECK_SIZE * p in ctx.state.trump_up]
    return gated, args, when.op


_TRIGGER_EVENT = {"player_raised": "raised", "player_discarded": "discarded", "ability_enabled": "trump_opened",
                  "unblocked_attacker": "unblocked"}


def _granted_trigger(rules: Any, card: int, grant: Mapping[str, Any], call: OpCall) -> TriggerSource:
    """A ``raises_when`` granted to a class of characters (革命: 「自分の兵士は以下の能力を得る。・アタッカーかつ
    …ブロックされなかった場合、革命ドローアクションを起こす」): it fires for an event about one character (its
    first card in ``Event.card``) of the granted class, controlled by a player the grant reaches while that
    player (``whose: self``) or the other (``opponent``) has the trump face up."""
    when = call.args["when"]
    fire = registry.get(when.op).execute
    args = dict(when.args)
    cls, suit, whose = grant["to"], grant.get("suit"), grant.get("whose") or "self"

    def step(ctx: Any, _a: Any) -> list[int]:
        ev = ctx.event
        seats = fire(ctx, args) if fire is not None and ev is not None else []
        out = []
        for seat in seats:
            owner = seat if whose == "self" else 1 - seat
            if whose != "any" and card + DECK_SIZE * owner not in ctx.state.trump_up:
                continue
            if whose == "any" and not any(card + DECK_SIZE * p in ctx.state.trump_up for p in (0, 1)):
                continue
            if ev.type == "left_field":  # the character has left: its definition and cards tell its class
                if _left_of_class(ctx.game, ev, cls, suit):
                    out.append(seat)
                continue
            ch = _character_of(ctx.game, ev.card)
            if ch is not None and _of_class(ctx.game, ch, cls, suit):
                out.append(seat)
        return out
    return TriggerSource(rules.actions[call.args["action"]], (step, {}, when.op), None,
                         _TRIGGER_EVENT.get(when.op) or listened_event(when.op, args), None, _copies(card))


def _granted_leave(rules: Any, card: int, grant: Mapping[str, Any], call: OpCall) -> TriggerSource:
    """A ``raises_on_leave`` granted to a class of characters: a character of the class leaving the field for
    one of ``to`` triggers the action for its controller, while the grant reaches that player."""
    cls, suit, whose = grant["to"], grant.get("suit"), grant.get("whose") or "self"
    to, times = tuple(call.args.get("to") or ["grave"]), call.args.get("times") or 1

    def step(ctx: Any, _a: Any) -> list[int]:
        ev = ctx.event
        if ev is None or ev.type != "left_field" or not ev.first or ev.to not in to:
            return []
        seat = ev.seat
        owners = (0, 1) if whose == "any" else (seat if whose == "self" else 1 - seat,)
        if not any(card + DECK_SIZE * p in ctx.state.trump_up for p in owners):
            return []
        return [seat] * times if _left_of_class(ctx.game, ev, cls, suit) else []
    return TriggerSource(rules.actions[call.args["action"]], (step, {}, "raises_on_leave"), None, "left_field", None,
                         _copies(card))


def _left_of_class(game: Any, ev: Any, cls: str, suit: str | None) -> bool:
    """Whether the character a ``left_field`` event is about (its definition ``ev.char_id``, its first card
    ``ev.card``) was of a grant's class."""
    cdef = game.rules.characters.get(ev.char_id)
    kind = cdef.kind if cdef is not None else ""
    if cls in ("soldier", "bulwark"):
        ok = kind == cls
    else:
        ok = cls == "character" or ev.char_id == cls
    if not ok or suit is None:
        return ok
    suits = {SUITS[SUIT[ev.card % DECK_SIZE]]} if SUIT[ev.card % DECK_SIZE] >= 0 else set()
    return suit in suits | set(getattr(game.rules, "counts_as_suits", {}).get(ev.char_id, ()))


def _character_of(game: Any, card: int) -> Any:
    """The character on the field holding ``card`` (None when the card is not on the field)."""
    if card < 0:
        return None
    z, seat = game.state.loc[card]
    if z != Z_FIELD:
        return None
    return next((ch for ch in game.state.players[seat].field if card in ch.cards), None)


def _of_class(game: Any, ch: Any, cls: str, suit: str | None) -> bool:
    """Whether ``ch`` belongs to the class of a grant: soldier / bulwark / character or a character id, of
    ``suit`` when given (a trump character counts as each of its suits)."""
    if cls in ("soldier", "bulwark"):
        ok = ch.kind == cls
    else:
        ok = cls == "character" or ch.char_id == cls
    return ok and (suit is None or suit in _soldier_suits(game, ch))


def _replaced(a: CAction, card: int, call: OpCall, rule: str, name: str) -> None:
    """Wrap ``a``'s effect: while the owner (the action's controller) has the trump face up, and the condition
    holds, the replaced step (or the whole effect) runs the replacement steps instead.  ``rule`` (``trump@n``)
    and ``name`` say where the replacement steps are written, for rule coverage."""
    from bpdsl.engine.compiled import _step

    original = list(a.effect)
    step = call.args.get("step")
    need = call.args.get("if_charged_bulwarks") or 0
    replacement = [_step(c, f"replacement of {a.id}") for c in call.args["with"]]

    def active(ctx: Any) -> bool:
        if card + DECK_SIZE * ctx.seat not in ctx.state.trump_up:
            return False
        if need:
            charged = sum(1 for ch in ctx.state.players[ctx.seat].field if ch.kind == "bulwark" and not ch.driven)
            return charged >= need
        return True

    def run(ctx: Any, _args: Any) -> Any:
        steps = original
        if active(ctx):
            if step is None:
                steps = replacement
            else:
                steps = []
                for s in original:
                    steps += replacement if s[2] == step else [s]
            if ctx.game.log is not None:
                ctx.game.log.write(Replaced(a.id, step))
        for fn, args, _name in steps:
            if fn(ctx, args) is False:
                return False
            if ctx.state.over:
                return None
        return None

    setattr(run, WRAPPED, original)  # the steps as written, and those put in (rule coverage counts both)
    setattr(run, INSERTED, [InsertedSteps(rule, name, a.id, tuple(call.args["with"]), replacement)])
    a.effect = [(run, {}, "replace_effect")]


def _prevented(a: CAction, card: int, suit: str) -> None:
    """Wrap ``a``'s effect: if its key cards hold ``suit`` and the opponent owning the open trump has a
    character on the field just before the effect, that opponent is guarded while it resolves
    (``no_damage``), and a damage replacement (:func:`bpdsl.games.blackpoker.ability_blocks.guard`) prevents
    the damage it would take (要塞)."""
    original = list(a.effect)
    si = SUITS.index(suit)

    def run(ctx: Any, _args: Any) -> Any:
        game, s = ctx.game, ctx.state
        opp = 1 - ctx.seat
        guarded = (card + DECK_SIZE * opp in s.trump_up and bool(s.players[opp].field)
                   and any(SUIT[k % DECK_SIZE] == si for k in ctx.inst.keys))
        before = s.no_damage
        if guarded:
            s.no_damage = before | {opp}
            if game.log is not None:
                game.log.write(Prevented(a.id, opp))
        try:
            for fn, args, _name in original:
                if fn(ctx, args) is False:
                    return False
                if s.over:
                    return None
        finally:
            s.no_damage = before
        return None

    setattr(run, WRAPPED, original)  # the steps as written (rule coverage counts them)
    a.effect = [(run, {}, "prevent_damage")]


def _state_locked(a: CAction, card: int, args: Mapping[str, Any]) -> None:
    """Wrap ``a``'s effect: while a player the lock names as the action's controller faces an owner of the
    face-up trump (``players``: all, self = the owner, opponent), no character of kind ``what`` that was on
    the field before the effect ends it in ``state`` unless it was in it already (喪失, フレーム編)."""
    original = list(a.effect)
    charge = args["state"] == "charge"
    kind = None if (args.get("what") or "character") == "character" else args["what"]
    players = args.get("players") or "all"

    def active(ctx: Any) -> bool:
        owners = [p for p in (0, 1) if card + DECK_SIZE * p in ctx.state.trump_up]
        if players == "self":
            return ctx.seat in owners
        if players == "opponent":
            return any(p != ctx.seat for p in owners)
        return bool(owners)

    def run(ctx: Any, _args: Any) -> Any:
        locked = active(ctx)
        before = {ch.uid: ch.driven for p in ctx.state.players for ch in p.field
                  if kind is None or ch.kind == kind} if locked else {}
        for fn, args_, _name in original:
            if fn(ctx, args_) is False:
                return False
            if ctx.state.over:
                return None
        for p in ctx.state.players if locked else ():
            for ch in p.field:
                was = before.get(ch.uid)
                if was is not None and was == charge and ch.driven != charge:
                    ch.driven = charge  # it stays as it was: driven (charge lock) or charged (drive lock)
        return None

    setattr(run, WRAPPED, original)  # the steps as written (rule coverage counts them)
    a.effect = [(run, {}, "state_lock")]


def _may_hold(a: CAction, suit: str) -> bool:
    if a.key is None:
        return False
    if a.key_tables:
        return any(t[i] for t in a.key_tables for i, c in enumerate(DECK) if c.suit == suit)
    return True  # same-suit and free patterns may be of any suit


def install(rules: Any, edition: Edition, format_id: str) -> None:
    """Wire the playable trumps of ``format_id`` into compiled ``rules`` (see the module docstring)."""
    rules.records_damage = ability_blocks.mentions(edition, "damage_this_turn")
    if not edition.trumps_in(format_id):
        return
    trumps = [t for t in edition.trumps_in(format_id) if t.id not in printed_only(edition, format_id)]
    table: dict[int, CTrump] = {}
    for t in trumps:
        card = parse_card(SUIT_MARKS[t.suit] + t.number).index
        ct = CTrump(t.id, t.name, card, [a for a in t.actions if a in rules.actions])
        table[card] = ct
        granted: dict[str, tuple[str | None, str]] = {}  # action -> (suit, class) of the characters driving
        for n, call in enumerate(t.abilities):
            if call.op == "grant":
                for sub in call.args.get("abilities") or []:
                    if sub.op == "raise_by_driving":
                        granted[sub.args["action"]] = (call.args.get("suit"), call.args["to"])
                    elif sub.op == "raises_when" and sub.args["action"] in rules.actions:
                        rules.triggers.append(_granted_trigger(rules, card, call.args, sub))
                    elif sub.op == "raises_on_leave" and sub.args["action"] in rules.actions:
                        rules.triggers.append(_granted_leave(rules, card, call.args, sub))
            elif call.op == "raises_when" and call.args["action"] in rules.actions and \
                    call.args["when"].op not in _TRIGGER_EVENT and listened_event(call.args["when"].op,
                                                                                 call.args["when"].args):
                # a general trigger (on): its event type, its limit and this card
                step = _trigger_step(card, call.args["when"], call.args["action"])
                rules.triggers.append(ability_blocks.trigger_source(rules, card, f"{t.id}@{n + 1}",
                                                                    call.args["when"], call.args["action"], step))
            elif ability_blocks.install_block(rules, card, f"{t.id}@{n + 1}", call):
                pass  # a replacement, a cost change, a prohibition (bpdsl.games.blackpoker.ability_blocks)
            elif call.op == "raises_when" and call.args["action"] in rules.actions:
                step = _trigger_step(card, call.args["when"], call.args["action"])
                event = _TRIGGER_EVENT.get(call.args["when"].op)
                # ability_enabled fires on the opening itself; the others only while the trump lies face up
                up = None if call.args["when"].op == "ability_enabled" else _copies(card)
                rules.triggers.append(TriggerSource(rules.actions[call.args["action"]], step, None, event, None, up))
            elif call.op == "replace_effect" and call.args["action"] in rules.actions:
                _replaced(rules.actions[call.args["action"]], card, call, f"{t.id}@{n + 1}", t.name)
            elif call.op == "state_lock" and call.args["by"] in rules.actions:
                _state_locked(rules.actions[call.args["by"]], card, call.args)
            elif call.op == "prevent_damage":
                for a in rules.actions.values():
                    if _may_hold(a, call.args["key_suit"]):
                        _prevented(a, card, call.args["key_suit"])
                ability_blocks.guard(rules, card, f"{t.id}@{n + 1}")  # the prevention itself: a replacement
        by_character = _install_characters(rules, edition, t)
        for aid in ct.actions:
            a = rules.actions[aid]
            if aid in by_character:  # offered only while the seat has such a character charged (requires_char)
                a.gate, a.requires_char, a.on_raise = None, by_character[aid], _driving_character(by_character[aid])
            elif aid in granted:
                a.gate, a.on_raise = _driving(card, *granted[aid])
                a.requires_up = card
            else:  # offered only while the trump lies face up: the legal-action listing tests requires_up
                a.gate, a.requires_up = None, card
    # actions an effect triggers by name (「切札リセットアクションを誘発する」) listen to that event
    named = {c.args["action"] for a in rules.actions.values() for c in a.model.effect if c.op == "trigger_action"}
    for aid in sorted(named & set(rules.actions)):
        rules.triggers.append(TriggerSource(rules.actions[aid], (_named_trigger(aid), {}, "trigger_action"), None,
                                            "triggered", None))
    _alternative_costs(rules)
    ability_blocks.finish(rules)
    _silence_compiled_abilities(rules, {cid for t in trumps for cid in t.characters})
    rules.trump_table = table
    rules.raise_events = any(src.event == "raised" for src in rules.triggers)


def _install_characters(rules: Any, edition: Edition, trump: Trump) -> dict[str, str]:
    """The rules of a trump's characters (リアニメーター, 騎士 ...): the suits they count as, what cannot target
    them, the actions they trigger when they leave the field (切札再生), and the actions raised by driving them
    (returned: action id -> character id)."""
    driven: dict[str, str] = {}
    for cid in trump.characters:
        if cid not in rules.characters:
            continue
        for call in edition.characters[cid].abilities:
            if call.op == "counts_as_suits":
                rules.counts_as_suits[cid] = tuple(call.args["suits"])
            elif call.op == "untargetable":
                _untargetable(rules, cid, call.args.get("by"))
            elif call.op == "raise_by_driving" and call.args["action"] in rules.actions:
                if call.args.get("free"):
                    _free_variant(rules, rules.actions[call.args["action"]], cid, call.args)
                else:
                    driven[call.args["action"]] = cid
            elif call.op == "raises_on_leave" and call.args["action"] in rules.actions:
                step = (_on_leave(cid, tuple(call.args.get("to") or ["grave"]), call.args.get("times") or 1), {},
                        "raises_on_leave")
                rules.triggers.append(TriggerSource(rules.actions[call.args["action"]], step, cid, "left_field", None))
                _counted_by_ability(rules, call.args["action"], cid)
            elif call.op == "raises_when" and call.args["action"] in rules.actions:
                rules.triggers.append(_character_trigger(rules, cid, call))
            elif call.op in ("must_attack", "immune_to_bulwarks"):
                rules.character_flags[cid] = rules.character_flags.get(cid, frozenset()) | {call.op}
                if call.op == "must_attack":
                    rules.forced_action = _forced_attack(call.args.get("action") or "attack")
    return driven


def _counted_by_ability(rules: Any, action_id: str, cid: str) -> None:
    """A character whose ability says how often it triggers ``action_id`` when it leaves (魔王: 世代交代 twice)
    does not trigger it once more per card through the action's own 誘発条件 (「…1枚につき1回」)."""
    for i, src in enumerate(rules.triggers):
        if src.action.id != action_id or src.character is not None or src.step[2] != "card_moved":
            continue
        fn, args, name = src.step

        def step(ctx: Any, a: Any, fn: Callable[..., Any] = fn) -> list[int]:
            ev = ctx.event
            if ev is not None and ev.char_id == cid:
                return []
            return fn(ctx, a)
        rules.triggers[i] = dataclasses.replace(src, step=(step, args, name))


def _character_trigger(rules: Any, cid: str, call: OpCall) -> TriggerSource:
    """A character's triggered ability (魔王: 「自分がエンドアクションを起こした場合、世代交代アクションを誘発する」):
    the trigger op fires for a player who has such a character on their field."""
    when = call.args["when"]
    fire = registry.get(when.op).execute
    args = dict(when.args)

    def step(ctx: Any, _a: Any) -> list[int]:
        players = ctx.state.players
        for p in players:  # mostly nobody has such a character: the trigger op is then not asked
            if _has_face_up(p.field, cid):
                break
        else:
            return []
        seats = fire(ctx, args) if fire is not None else []
        return [p for p in seats if _has_face_up(players[p].field, cid)]
    return TriggerSource(rules.actions[call.args["action"]], (step, {}, when.op), None,
                         _TRIGGER_EVENT.get(when.op) or listened_event(when.op, args), None)


def _has_face_up(field: list[Any], cid: str) -> bool:
    for ch in field:
        if ch.char_id == cid and ch.face_up:
            return True
    return False


def _forced_attack(action_id: str) -> Callable[[Any, int, list[CAction]], list[CAction] | None]:
    """巨人: 「自分のターンに可能な限りアタックアクションを起し…」: on its controller's turn, with the stage empty,
    while a character with ``must_attack`` could attack, the attack is the only choice whenever it is legal."""
    def forced(game: Any, seat: int, legal: list[CAction]) -> list[CAction] | None:
        s = game.state
        if s.turn != seat or s.stage:
            return None
        flags = game.rules.character_flags
        if not any("must_attack" in flags.get(ch.char_id, ()) and game.hooks.may_attack(game, ch)
                   for ch in s.players[seat].field):
            return None
        return [a for a in legal if a.id == action_id] or None
    return forced


def _on_leave(cid: str, to: tuple[str, ...], times: int) -> Callable[[Any, Any], list[int]]:
    def fire(ctx: Any, _a: Any) -> list[int]:
        ev = ctx.event  # one event per card: the character's first card (the trump) stands for it
        if ev is None or ev.type != "left_field" or ev.char_id != cid or not ev.first or ev.to not in to:
            return []
        return [ev.seat] * times
    return fire


class _Shielded:
    """An action's target listing without the characters that may not be its targets (``untargetable``): one
    wrapper per action, however many trump characters are untargetable by it."""

    def __init__(self, fn: Callable[..., Any]):
        self.fn = fn
        self.cids: set[str] = set()

    def __call__(self, ctx: Any, a_args: Any) -> list[Any]:
        out = self.fn(ctx, a_args)
        if not out:
            return out
        cids = self.cids
        # the uids of such characters on the field (none, mostly: then nothing to leave out, and no set made)
        shielded: set[int] | None = None
        for p in ctx.state.players:
            for ch in p.field:
                if ch.char_id in cids:
                    if shielded is None:
                        shielded = set()
                    shielded.add(ch.uid)
        if shielded is None:
            return out
        return [t for t in out if not (t and t[0] == "char" and t[1] in shielded)]


def _untargetable(rules: Any, cid: str, by: str | None) -> None:
    """Characters ``cid`` are left out of the targets of ``by`` (of every action when None)."""
    for a in rules.actions.values():
        if a.target is None or (by is not None and a.id != by):
            continue
        fn, args, name = a.target
        if not isinstance(fn, _Shielded):
            fn = _Shielded(fn)
            a.target = (fn, args, name)
        fn.cids.add(cid)


def _has_charged(field: list[Any], cid: str, face_up: bool) -> bool:
    """Whether ``field`` holds a charged character ``cid`` (face up, when asked): the gates of the actions raised
    by driving one, asked at every listing of legal actions, stop at the first."""
    for ch in field:
        if ch.char_id == cid and not ch.driven and (ch.face_up or not face_up):
            return True
    return False


def _driving_character(cid: str) -> Callable[[Any, Any], None]:
    """An action raised by driving a charged character ``cid`` of the raising player (騎士's 薙払): the step of
    raising it that drives one.  That the player has one is the action's ``requires_char``, which the legal-action
    listing tests with its candidates (no gate to ask at every listing)."""
    def drivers(game: Any, seat: int) -> list[Any]:
        return [ch for ch in game.state.players[seat].field if ch.char_id == cid and not ch.driven]

    def on_raise(game: Any, inst: Any) -> None:
        drive_source(game, inst, drivers(game, inst.controller))
    return on_raise


def _free_variant(rules: Any, a: CAction, cid: str, args: Mapping[str, Any]) -> None:
    """「この兵士がチャージ状態でステージが空かつチャンスを持っている場合、ドライブして「リアニメイト」アクションを
    コストを支払わずに起こすことができる。…キーカードは仮想的に♠Jと♡Jとする。アクションを起こした後、チャンスを
    パスする。」: a variant of ``a`` a player raises by driving a charged character ``cid`` of theirs, at any
    chance (with ``stage_empty``, only while the stage is empty), without key cards from the hand and without
    its cost; its key cards are the virtual ones, and with ``pass_after`` the chance is passed next."""
    from bpdsl.engine.events import VirtualKeys

    keys = virtual_cards(args.get("virtual_keys") or "")
    stage_empty, pass_after = bool(args.get("stage_empty")), bool(args.get("pass_after"))
    name = rules.characters[cid].name

    def drivers(game: Any, seat: int) -> list[Any]:
        return [ch for ch in game.state.players[seat].field if ch.char_id == cid and not ch.driven and ch.face_up]

    def gate(game: Any, seat: int) -> bool:
        return not (stage_empty and game.state.stage) and _has_charged(game.state.players[seat].field, cid, True)

    def on_raise(game: Any, inst: Any) -> None:
        drive_source(game, inst, drivers(game, inst.controller))
        if keys:
            inst.keys = [c + DECK_SIZE * inst.controller for c in keys]
            inst.data["virtual_keys"] = True
            if game.log is not None:
                game.log.write(VirtualKeys(inst.controller, a.id, [game.hooks.card_text(c) for c in inst.keys]))
        if pass_after:
            mark_pass(game.state, inst.controller)

    # requires_char: the listing leaves the variant out while the seat has no such character charged; the gate
    # then asks for a face-up one and the stage
    variant = dataclasses.replace(a, cost="", key=None, key_tables=[], key_test=None, key_min=0, main=False,
                                  conditions=[], once_per_turn=False, target_uses_keys=False, gate=gate,
                                  requires_char=cid, on_raise=on_raise, label=f"{a.name} ({name}をドライブ、コストなし) ({a.id})")
    rules.direct_actions.append(variant)
    rules.quick_actions.append(variant)


def virtual_cards(text: str) -> list[int]:
    """Card indices (0..53) of a ``virtual_keys`` text such as ``♠J と ♡J``."""
    return [parse_card(part.strip()).index for part in text.split("と") if part.strip()]


def mark_pass(state: Any, seat: int) -> None:
    """「アクションを起こした後、チャンスをパスする」: the seat's next chance is passed at once."""
    state.must_pass = state.must_pass | {seat}


def _silence_compiled_abilities(rules: Any, characters: set[str]) -> None:
    """The generic trigger sources of the trump characters' ``raises_on_leave`` and ``raises_when`` abilities
    (bpdsl.engine.compiled makes one for every ability naming an action) fire never: their executors do
    nothing, and :func:`_install_characters` compiled each into a source of its own.  They stay listed (rule
    coverage names the abilities by them) but are never asked (``requires_up`` empty), instead of being asked
    at every event."""
    for src in rules.triggers:
        if src.character in characters and src.event is None and src.step[2] in ("raises_on_leave", "raises_when"):
            src.requires_up = frozenset()


def _named_trigger(action_id: str) -> Callable[[Any, Any], list[int]]:
    def fire(ctx: Any, _a: Any) -> list[int]:
        ev = ctx.event
        return [ev.seat] if ev is not None and ev.type == "triggered" and ev.char_id == action_id else []
    return fire


def _alternative_costs(rules: Any) -> None:
    """An action with ``alt_cost_quick`` gets a quick variant paying the other cost (same id, same record)."""
    for a in list(rules.actions.values()):
        for note in getattr(a.model, "notes", []) or []:
            if note.op == "alt_cost_quick" and a.main and not a.not_direct:
                variant = dataclasses.replace(a, cost=note.args["cost"], main=False,
                                              label=f"{a.name} (${note.args['cost']}でクイック) ({a.id})")
                rules.direct_actions.append(variant)
                rules.quick_actions.append(variant)


__all__ = ["CTrump", "describe", "face_down", "install", "is_up", "left_out", "place", "printed_only", "regenerate",
           "turn_down", "turn_up", "view", "Z_TRUMP"]

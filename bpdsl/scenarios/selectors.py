"""Which option a scenario, a lesson or a saved position chooses: by what the option is, not by its wording.

An entry of ``decisions:`` (its ``choose:``, and each item of ``offered`` / ``not_offered``) is one of

* an index (``0``);
* a label, as the decision prints it today (``"投擲 (throwing)"``), or as an earlier release printed it (the
  :data:`ALIASES` table: such a label still chooses its option, with a W101 warning naming the form to write,
  and ``bpdsl migrate`` rewrites it);
* a **selector**: a mapping naming what the option is, which keeps working when a label's wording changes::

    {action: throwing}                 # an action by id (or name); {action: pass} or {pass: true}: the pass
    {key: [♠5, ♣7]}                    # key cards (any order)
    {target: {card: ♠6}}               # a character target by one of its cards; seat: to tell two apart
    {target: {player: 1}}              # a player target; {target: {action: down}}: an action on the stage
    {block: {by: ♡5, attacker: ♠6}}    # a blocker (attacker: optional, the attacker it blocks)
    {end_blockers: true}               # no more blockers for this attacker
    {attack: true}                     # the character asked about attacks (false: it does not)
    {order: 世代交代}                   # a trigger to put next, by its action's id or name;
    {order: {action: 世代交代, card: ♡K}}   # … and the card that triggered it
    {order: [世代交代, 切札再生]}         # the triggers in this order (this decision and the next ones asked)
    {order: [♠5, ♣7]}                  # cards in this order (a decision whose options are orders of cards)
    {cost: {card: ◇3}}                 # a cost: the card to discard, the bulwark to drive, the character
    {card: ♠K}                         # any other choice of a card or character (choose, discard, trump …)
    {yes: true}                        # a yes/no question (draw_more …)
    {label: "…"}  {index: 2}           # the label or index, spelt out

A selector that matches no option, or more than one, is an error naming the options and the nearest one.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from bpdsl.diagnostics import did_you_mean
from bpdsl.dsl.cards import parse_card

KEYS = ("action", "pass", "key", "keys", "target", "block", "end_blockers", "attack", "order", "cost", "card", "yes",
        "label", "index")
_BRACKETS = re.compile(r"\[([^\]]*)\]")


class SelectorError(ValueError):
    """The entry chooses no option (or several): the message names the options and the likeliest."""


@dataclass(frozen=True)
class Alias:
    """A label form an earlier release printed, still accepted.  ``match(entry, labels)`` gives the options the
    old label meant (the first is taken, as the old identical labels took the first)."""

    kind: str
    old: str       # the old form, as the manual shows it
    current: str   # what the option is labelled now
    release: str   # the release whose labels had the old form
    match: Callable[[str, list[str]], list[int]]


def _blocker_alone(entry: str, labels: list[str]) -> list[int]:
    return [i for i, lab in enumerate(labels) if i and lab.startswith(entry + "で") and lab.endswith("をブロック")]


def _end_blockers(entry: str, labels: list[str]) -> list[int]:
    return [0] if entry == "ブロッカー指定を終える" and labels and labels[0].endswith("のブロッカー指定を終える") else []


def _trigger_by_name(entry: str, labels: list[str]) -> list[int]:
    pattern = re.compile(re.escape(entry) + r" \([^()]+\)$")
    return [i for i, lab in enumerate(labels) if pattern.match(lab)]


# Every label form an earlier release printed that differs from today's.  Found in the history of the code
# that builds the labels (git log -p of bpdsl/games/blackpoker/hooks.py, bpdsl/engine/core.py); "0.1.0" is
# the version every build reported before 0.2.0, the first with a release number of its own.
ALIASES: tuple[Alias, ...] = (
    Alias("blockers", "自分の防壁[♡5](チャージ)", "自分の防壁[♡5](チャージ)で相手の一般兵[♠6](ドライブ)をブロック",
          "0.1.0 (until 2026-11-25, 03265f9)", _blocker_alone),
    Alias("blockers", "ブロッカー指定を終える", "相手の一般兵[♠8](ドライブ)のブロッカー指定を終える",
          "0.1.0 (until 2026-11-25, 03265f9)", _end_blockers),
    Alias("order", "世代交代", "世代交代 (♡K)", "0.1.0 (until 2026-11-25, 03265f9)", _trigger_by_name),
)


@dataclass(frozen=True)
class Choice:
    """The option an entry chose, and the alias it went through (None: index, today's label or a selector)."""

    index: int
    alias: Alias | None = None


# ------------------------------------------------------------------ what an option is


def _card_id(text: Any) -> str:
    try:
        return parse_card(str(text)).id
    except ValueError as exc:
        raise SelectorError(f"{text!r} is no card ({exc})") from None


def _cards(value: Any) -> list[str]:
    return [_card_id(x) for x in (value if isinstance(value, list) else [value])]


def _char(game: Any, uid: Any) -> Any:
    return next((ch for p in game.state.players for ch in p.field if ch.uid == uid), None)


def _texts(game: Any, cards: Any) -> list[str]:
    return [game.hooks.card_text(c) for c in cards]


def facts(game: Any, request: Any, i: int) -> dict[str, Any]:
    """What option ``i`` of ``request`` is: its cards, seat, action, yes/no … (from the option's value, never
    from its label), the attacker of a blockers decision read from the question."""
    opt = request.options[i]
    out: dict[str, Any] = {"kind": request.kind}
    if isinstance(opt, bool):
        out["yes"] = opt
    elif opt is None:
        out["none"] = True
    elif isinstance(opt, str):
        out["action" if request.kind == "action" else "value"] = opt
    elif isinstance(opt, int):
        out["cards"] = _texts(game, [opt])
    elif isinstance(opt, (list, tuple)) and opt and isinstance(opt[0], str):  # ("char", uid), ("player", s) …
        what, ref = opt[0], opt[1]
        if what == "char" and (ch := _char(game, ref)) is not None:
            out.update(cards=_texts(game, ch.cards), seat=ch.controller, character=ch.char_id)
        elif what == "player":
            out["player"] = ref
        elif what == "action":
            inst = next((x for x in game.state.stage if x.uid == ref), None)
            if inst is not None:
                out.update(action=inst.action.id, name=inst.action.name, seat=inst.controller,
                           cards=_texts(game, inst.keys))
        elif isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < len(game.state.loc):
            out.update(cards=_texts(game, [ref]), seat=game.state.loc[ref][1], place=what)  # a trump …
    elif isinstance(opt, (list, tuple)) and all(isinstance(c, int) for c in opt):
        out["cards"] = _texts(game, opt)
    elif hasattr(opt, "cards") and hasattr(opt, "char_id"):  # a character
        out.update(cards=_texts(game, opt.cards), seat=opt.controller, character=opt.char_id)
    elif hasattr(opt, "action") and hasattr(getattr(opt, "action"), "id"):  # a triggered action
        out.update(action=opt.action.id, name=opt.action.name, seat=opt.controller)
        event = opt.data.get("event") if getattr(opt, "data", None) else None
        card = getattr(event, "card", None)
        if isinstance(card, int) and card >= 0:
            out["cards"] = _texts(game, [card])
    elif hasattr(opt, "id") and hasattr(opt, "name"):  # an action of the action decision
        out.update(action=opt.id, name=opt.name)
    if request.kind == "blockers":
        what = str((request.context or {}).get("what", ""))
        out["attacker"] = [c for m in _BRACKETS.findall(what) for c in m.split("+") if _is_card(c)]
    return out


def _is_card(text: str) -> bool:
    try:
        parse_card(text)
    except ValueError:
        return False
    return True


def _has_cards(f: dict[str, Any], want: Any) -> bool:
    return set(_cards(want)) <= set(f.get("cards") or [])


def _names(f: dict[str, Any], want: Any) -> bool:
    return want in (f.get("action"), f.get("name"))


def _target(f: dict[str, Any], want: Any) -> bool:
    if not isinstance(want, dict) or not want:
        raise SelectorError(f"target: {want!r}: write {{card: ♠6}}, {{player: 1}} or {{action: down}}")
    ok = True
    for k, v in want.items():
        if k in ("card", "cards"):
            ok &= ("character" in f or "place" in f) and _has_cards(f, v)
        elif k == "player":
            ok &= f.get("player") == v
        elif k == "action":
            ok &= _names(f, v)
        elif k in ("seat", "p"):
            ok &= f.get("seat") == v
        else:
            raise SelectorError(f"target: unknown key {k!r}; keys: card, player, action, seat")
    return ok


def _block(f: dict[str, Any], want: Any) -> bool:
    if f["kind"] != "blockers" or f.get("none"):
        return False
    if not isinstance(want, dict) or "by" not in want:
        raise SelectorError(f"block: {want!r}: write {{by: ♡5, attacker: ♠6}} (attacker optional)")
    ok = _has_cards(f, want["by"])
    if want.get("attacker") is not None:
        ok &= set(_cards(want["attacker"])) <= set(f.get("attacker") or [])
    return ok


def _order(f: dict[str, Any], want: Any) -> bool:
    if f["kind"] != "order":
        return False
    if isinstance(want, list):  # cards in this order (a card order), or the names of a trigger order's first
        if "action" in f or "name" in f:
            return bool(want) and _names(f, want[0])
        return f.get("cards") == _cards(want)
    if isinstance(want, dict):
        ok = _names(f, want["action"]) if "action" in want else True
        if "card" in want:
            ok &= _has_cards(f, want["card"])
        return ok
    return _names(f, want)


def _matches(sel: dict[str, Any], f: dict[str, Any], label: str, index: int) -> bool:
    unknown = [k for k in sel if k not in KEYS and k not in ("seat",)]
    if unknown:
        hint = did_you_mean(str(unknown[0]), KEYS)
        raise SelectorError(f"unknown selector key {unknown[0]!r}" + (f"; {hint}" if hint else f"; keys: {', '.join(KEYS)}"))
    kind = f["kind"]
    ok = True
    for k, v in sel.items():
        if k == "label":
            ok &= label == v
        elif k == "index":
            ok &= index == v
        elif k == "action":
            ok &= kind == "action" and _names(f, v)
        elif k == "pass":
            ok &= kind == "action" and (f.get("action") == "pass") == bool(v)
        elif k in ("key", "keys"):
            ok &= kind == "key" and sorted(f.get("cards") or []) == sorted(_cards(v))
        elif k == "target":
            ok &= kind == "target" and _target(f, v)
        elif k == "block":
            ok &= _block(f, v)
        elif k == "end_blockers":
            ok &= kind == "blockers" and bool(f.get("none")) == bool(v)
        elif k == "attack":
            ok &= kind == "attackers" and f.get("yes") == bool(v)
        elif k == "order":
            ok &= _order(f, v)
        elif k == "cost":
            card = v.get("card") if isinstance(v, dict) else v
            ok &= kind.startswith("cost_") and card is not None and _has_cards(f, card)
        elif k == "card":
            ok &= bool(f.get("none")) if v is None else _has_cards(f, v)
        elif k == "yes":
            ok &= f.get("yes") == bool(v)
        elif k == "seat":
            ok &= f.get("seat") == v
    return ok


# ------------------------------------------------------------------ choosing


def _labels(request: Any) -> list[str]:
    return [request.label(i) for i in range(len(request.options))]


def candidates(entry: Any, game: Any, request: Any, labels: list[str] | None = None) -> tuple[list[int], Alias | None]:
    """The options ``entry`` (index, label, old label or selector) names, and the alias it went through."""
    labels = _labels(request) if labels is None else labels
    if isinstance(entry, int) and not isinstance(entry, bool):
        return ([entry] if 0 <= entry < len(labels) else []), None
    if isinstance(entry, str):
        exact = [i for i, lab in enumerate(labels) if lab == entry]
        if exact:
            return exact, None
        for alias in ALIASES:
            if alias.kind == request.kind and (hit := alias.match(entry, labels)):
                return hit, alias
        return [], None
    if isinstance(entry, dict):
        if not entry:
            raise SelectorError("an empty selector chooses nothing")
        return [i for i in range(len(labels)) if _matches(entry, facts(game, request, i), labels[i], i)], None
    raise SelectorError(f"{entry!r}: choose by an index, a label or a selector such as {{action: throwing}}")


def choose(entry: Any, game: Any, request: Any) -> Choice:
    """The option ``entry`` chooses; a SelectorError naming the options (and the likeliest) when none or
    several fit."""
    labels = _labels(request)
    hits, alias = candidates(entry, game, request, labels)
    in_order = isinstance(entry, dict) and isinstance(entry.get("order"), list)  # identical triggers: any first
    if hits and (len(hits) == 1 or alias is not None or isinstance(entry, str) or in_order):
        return Choice(hits[0], alias)  # a label repeated among the options takes the first, as it always has
    if hits:
        raise SelectorError(f"{entry!r} fits {len(hits)} options ({', '.join(repr(labels[i]) for i in hits)}); "
                            "say more (seat:, card:, attacker: …)")
    hint = likeliest(entry, game, request, labels)
    raise SelectorError(f"{entry!r} matches no option" + (f"; {hint}" if hint else ""))


def likeliest(entry: Any, game: Any, request: Any, labels: list[str]) -> str:
    """'did you mean …?' for an entry that matched nothing ("" when nothing is near): the closest label, the
    option whose label shares most of a reworded one, or the one option whose selector has the same key."""
    text = entry if isinstance(entry, str) else " ".join(str(v) for v in (entry.values() if isinstance(entry, dict)
                                                                         else [entry]))
    hint = did_you_mean(text, labels)
    if not hint and isinstance(entry, str):  # a label whose words moved: the option sharing most of it
        scored = sorted(((_overlap(entry, lab), i) for i, lab in enumerate(labels)), reverse=True)
        if scored and scored[0][0] >= 0.5:
            hint = f"did you mean {labels[scored[0][1]]!r}?"
    if not hint and isinstance(entry, dict):  # the option of the same sort whose selector is nearest
        sels = [selector(game, request, i) for i in range(len(labels))]
        near = [i for i, s in enumerate(sels) if s is not None and set(s) & set(entry)]
        if len(near) == 1:
            hint = f"did you mean {sels[near[0]]!r} ({labels[near[0]]!r})?"
    return hint


def _overlap(a: str, b: str) -> float:
    import difflib

    m = difflib.SequenceMatcher(None, a, b)
    return sum(block.size for block in m.get_matching_blocks()) / max(1, len(a))


def selector(game: Any, request: Any, i: int) -> dict[str, Any] | None:
    """The shortest selector that chooses option ``i`` and nothing else (None when no selector tells it from
    the others: the label or index is then the way to name it)."""
    f = facts(game, request, i)
    kind = request.kind
    tries: list[dict[str, Any]] = []
    cards = f.get("cards") or []
    if kind == "action":
        tries = [{"action": f.get("action")}]
    elif kind == "key":
        tries = [{"key": cards}]
    elif kind == "target":
        if "player" in f:
            tries = [{"target": {"player": f["player"]}}]
        elif "action" in f:
            tries = [{"target": {"action": f["action"]}}, {"target": {"action": f["action"], "seat": f.get("seat")}}]
        elif cards:
            tries = [{"target": {"card": cards[0]}}, {"target": {"card": cards[0], "seat": f.get("seat")}}]
    elif kind == "blockers":
        attacker = (f.get("attacker") or [None])[0]
        tries = [{"end_blockers": True}] if f.get("none") else (
            [{"block": {"by": cards[0], "attacker": attacker}}] if attacker else [{"block": {"by": cards[0]}}])
    elif kind == "attackers":
        tries = [{"attack": f.get("yes")}]
    elif kind == "order":
        if "action" in f:
            tries = [{"order": f["name"]}, {"order": {"action": f["name"], "card": cards[0]}} if cards else {}]
        elif cards:
            tries = [{"order": cards}]
    elif kind.startswith("cost_") and cards:
        tries = [{"cost": {"card": cards[0]}}]
    elif "yes" in f:
        tries = [{"yes": f["yes"]}]
    elif cards:
        tries = [{"card": cards[0]}, {"card": cards[0], "seat": f.get("seat")}]
    elif f.get("none"):
        tries = [{"card": None}]
    labels = _labels(request)
    for sel in tries:
        if sel and [j for j in range(len(labels)) if _matches(sel, facts(game, request, j), labels[j], j)] == [i]:
            return sel
    return None


__all__ = ["ALIASES", "Alias", "Choice", "SelectorError", "candidates", "choose", "facts", "likeliest", "selector"]

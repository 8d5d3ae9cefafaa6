"""Counts over a loaded model: entries per edition and format, op usage, printed-text overrides.

Pure functions returning data; ``bpdsl validate --stats`` prints them and the docs may tabulate them.
A text override (``text:`` on an op call) is printed instead of the op's phrase, so the printed sheet no
longer follows from the executable definition there: the counts keep such places visible and rare.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from bpdsl.dsl.checks import entries, op_calls_of
from bpdsl.dsl.opcalls import nested_calls
from bpdsl.model import Action, Definitions, Edition
from bpdsl.dsl.opcalls import ops


@dataclass
class FormatStats:
    edition: str
    format: str
    format_name: str
    actions: int
    characters: int
    fogs: int
    op_usage: Counter[str] = field(default_factory=Counter)
    effect_steps: int = 0
    effect_text_overrides: int = 0
    text_overrides: int = 0


@dataclass
class EditionStats:
    edition: str
    name: str
    formats: list[FormatStats]
    actions: int
    characters: int
    fogs: int
    op_usage: Counter[str] = field(default_factory=Counter)
    effect_steps: int = 0
    effect_text_overrides: int = 0  # effect steps (top level) printed from their text override
    text_overrides: int = 0  # every op call with a text override (conditions, targets ... included)
    # the events the edition's abilities wait for: a trigger's (``on``, ``card_moved`` …), a replacement's
    # ("would damage", "would would_lose"), and the static rules (cost_change, forbid) by their op
    event_usage: Counter[str] = field(default_factory=Counter)


def edition_stats(edition: Edition) -> EditionStats:
    formats = [FormatStats(edition.id, f.id, f.name, len(edition.actions_in(f.id)), len(edition.characters_in(f.id)),
                           len(edition.fogs_in(f.id))) for f in sorted(edition.formats, key=lambda f: f.order)]
    st = EditionStats(edition.id, edition.name, formats, len(edition.actions), len(edition.characters),
                      len(edition.fogs))
    for _kind, entry in entries(edition):
        counts = [st] + [f for f in formats if f.format in entry.formats]
        for call in nested_calls(op_calls_of(entry)):
            for c in counts:
                c.op_usage[call.op] += 1
                c.text_overrides += call.text is not None
            event = _event_of(call)
            if event:
                st.event_usage[event] += 1
        if isinstance(entry, Action):
            for c in counts:
                c.effect_steps += len(entry.effect)
                c.effect_text_overrides += sum(1 for step in entry.effect if step.text is not None)
    return st


def _event_of(call: object) -> str:
    """The event an ability op call waits for ("" for any other op call)."""
    op, args = getattr(call, "op", ""), getattr(call, "args", {}) or {}
    if op == "replacement":
        return f"instead of {(args.get('on') or {}).get('event', '?')}"
    if op in ("cost_change", "forbid"):
        return f"static {op}"
    if op in ops() and ops()[op].kind == "trigger":
        listens = ops()[op].extra.get("listens")
        return (listens(args) if listens is not None else None) or op
    return ""


def stats(defs: Definitions) -> list[EditionStats]:
    return [edition_stats(e) for e in defs.editions.values()]


def unused_ops(defs: Definitions) -> list[str]:
    """Registered ops that no edition uses (candidates for removal, or missing definitions)."""

    used: set[str] = set()
    for s in stats(defs):
        used |= set(s.op_usage)
    for game in defs.games.values():
        used |= {c.op for c in game.costs}
    return sorted(set(ops()) - used)


def override_ratio(edition: Edition) -> tuple[int, int]:
    """(effect steps printed from a text override, effect steps) of an edition."""
    st = edition_stats(edition)
    return st.effect_text_overrides, st.effect_steps


def single_entry_reasons(defs: Definitions) -> dict[str, tuple[str, str, str]]:
    """Each single-entry op with its user and why it stays an op: op -> ("game:entry", reason key, why);
    the reason key is "" when nobody wrote one down (:mod:`bpdsl.dsl.single_use`)."""
    from bpdsl.dsl.single_use import reason_of

    trumpish: set[str] = set()
    for edition in defs.editions.values():
        for kind, entry in entries(edition):
            if kind == "trump" or getattr(entry, "trump", None):
                trumpish.add(f"{edition.game}:{entry.id}")
    games = Counter(e.game for e in defs.editions.values())
    main_game = games.most_common(1)[0][0] if games else ""
    out: dict[str, tuple[str, str, str]] = {}
    for op, who in single_entry_ops(defs).items():
        key, why = reason_of(op, who in trumpish, who.split(":", 1)[0], main_game)
        out[op] = (who, key, why)
    return out


def single_entry_ops(defs: Definitions) -> dict[str, str]:
    """Ops that only one entry uses (op -> "game:entry id"), counting an entry that several editions of a
    game share (act8.0 and act8.2's エンド) once: the vocabulary's sentence-sized words, kept few."""
    users: dict[str, set[str]] = {}
    for edition in defs.editions.values():
        for _kind, entry in entries(edition):
            for call in nested_calls(op_calls_of(entry)):
                users.setdefault(call.op, set()).add(f"{edition.game}:{entry.id}")
    return {op: next(iter(who)) for op, who in sorted(users.items()) if len(who) == 1}

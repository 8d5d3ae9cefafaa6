"""The actions an imported edition cannot do without: nothing the core flow needs is left out silently.

An official sentence no op prints is written as a text override, and an action holding one is left out of
play.  For most actions that is a fair result (printed, listed in the report, played once written as ops),
but an action the core flow of the game runs through -- the turn's end, the draw, the summons, the attack,
the block, the damage judgement -- left out of play makes every game something other than BlackPoker while
the games still finish: an edition without combat.  Such an action is an import error instead, naming the
sentence that was not understood and the ops whose phrases came closest.

Which actions those are is read from the parent edition, not from a list of names: the parent's actions of
the imported formats whose effect runs one of the core ops (an op that passes the turn, declares attackers or
blockers, judges damage, draws, or puts a card onto the field), not those a trump brings.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bpdsl.datafile import DataFileError, read_text
from bpdsl.diagnostics import Diagnostic, Pos
from bpdsl.dsl.codes import Q_UNPLAYABLE
from bpdsl.dsl.opcalls import nested_calls
from bpdsl.model import Edition
from bpdsl.ops import registry

if TYPE_CHECKING:
    from bpdsl.games.blackpoker.official.planned import ImportResult
    from bpdsl.games.blackpoker.official.plan import Planner

# what each core op does for the flow (an op declared passes_turn ends the turn)
CORE_OPS = {"declare_attackers": "it declares the attackers", "declare_blockers": "it declares the blockers",
            "compare_soldiers": "it judges the damage", "unblocked_damage": "it judges the damage",
            "draw": "it draws the turn's card", "put_onto_field": "it puts characters onto the field"}
_FIELD_KEYS = {"effect": ("actEffect", "effect"), "lead": ("actEffect", "effect"),
               "conditions": ("actActCond", "condition"), "target": ("actTarget", "target"),
               "when": ("actTriggerCond", "trigger")}


def core_actions(parent: Edition, formats: set[str]) -> dict[str, str]:
    """The parent's played actions of ``formats`` that run a core op: id -> what it does for the flow."""
    out: dict[str, str] = {}
    for aid, action in parent.actions.items():
        if action.unplayed or action.trump is not None or not set(action.formats) & formats:
            continue  # an action a trump brings is the trump's, not the flow's
        for call in nested_calls(list(action.effect)):
            op = registry.REGISTRY.get(call.op)
            if op is not None and op.extra.get("passes_turn"):
                out[aid] = "it ends the turn"
                break
            if call.op in CORE_OPS:
                out[aid] = CORE_OPS[call.op]
                break
    return out


def check(plan: "Planner", result: "ImportResult") -> list[Diagnostic]:
    """An error for every core action of the parent that the imported edition leaves out of play."""
    formats = {f for e in plan.entries for f in e.data.get("formats", [])}
    left_out = {(kind, name): why for kind, name, why in result.left_out}
    out: list[Diagnostic] = []
    for aid, role in core_actions(plan.parent, formats).items():
        entry = next((e for e in plan.entries if e.source.kind == "action" and e.id == aid), None)
        if entry is None:
            continue  # the list does not write it: the parent's stays, or the list replaces it by its own
        name = entry.source.get("actName")
        why = left_out.get(("action", name))
        if why is None:
            continue
        fields = [f for f in result.fields if f.kind == "action" and f.entry == name and f.overrides
                  and f.field in _FIELD_KEYS and f.field != "lead"]
        if not fields:
            out.append(Diagnostic(entry.source.pos(), Q_UNPLAYABLE, f"{name}: the core flow needs this action "
                                  f"({role}), but it would be left out of play: {why}",
                                  "make the entry playable (see the warning above), or import with --extends "
                                  "an edition that plays it"))
            continue
        for f in fields:
            key, kind = _FIELD_KEYS[f.field]
            for text in f.overrides:
                out.append(Diagnostic(_line_of(entry.source.pos(key), text), Q_UNPLAYABLE, f"{name}: the core flow needs this "
                                      f"action ({role}), but 「{_one_line(text)}」 matches no op, so it would be "
                                      "left out of play; the closest phrases tried: " + _tried(plan, kind, text),
                                      "write the sentence as an op's phrase prints it, or import with --extends "
                                      "an edition whose calls print it (bpdsl docs lists every op with its "
                                      "phrase)"))
    return out


def _tried(plan: "Planner", kind: str, text: str) -> str:
    from bpdsl.games.blackpoker.official.phrases import norm
    from bpdsl.games.blackpoker.official.variants import nearest

    found = nearest(plan.index, kind, norm(text))
    return "; ".join(f"{op} 「{printed}」" for op, printed in found) or f"no {kind} op prints anything alike"


def _line_of(at: Pos, text: str) -> Pos:
    """Where in the file the sentence ``text`` is written, from its field's position ``at`` (a block value
    spans the lines after its key); ``at`` when it is not found there."""
    first = str(text).strip().split("\n")[0].strip()[:12]
    try:
        lines = read_text(at.file).split("\n")
    except DataFileError:
        return at
    for row in range(at.line - 1, min(len(lines), at.line + 40)):
        col = lines[row].find(first) if first else -1
        if col >= 0:
            return Pos(at.file, row + 1, col + 1)
    return at


def _one_line(text: Any) -> str:
    return " ".join(str(text).split())

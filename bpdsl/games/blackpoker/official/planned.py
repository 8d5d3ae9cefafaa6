"""What an import plans: the entries being converted, the report of each field, and the helpers that write
the planned edition folder as YAML (shared by the modules of the plan: :mod:`.plan`, :mod:`.facts`,
:mod:`.links`, :mod:`.sentences`, :mod:`.folder`)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Sequence

import yaml

from bpdsl.diagnostics import Diagnostic
from bpdsl.games.blackpoker.official import phrases as P
from bpdsl.games.blackpoker.official.source import OfficialEntry

SPEEDS = {"●": "即時"}  # the older lists mark an instant action with actS ●
NOT_CARRIED_DATA = ("pdfurl_", "qr")
FIELD_TITLES = {"conditions": "起動条件", "when": "誘発条件", "target": "対象", "effect": "効果", "notes": "※",
                "size": "サイズ", "labels": "ラベル", "abilities": "能力", "lead": "効果 (前置き)"}


class ImportProblem(Exception):
    """The list cannot be imported; ``diagnostics`` say where (exit 1), ``usage`` marks a usage error."""

    def __init__(self, message: str, diagnostics: Sequence[Diagnostic] = (), usage: bool = False):
        self.diagnostics = list(diagnostics)
        self.usage = usage
        super().__init__(message)


@dataclass
class FieldReport:
    entry: str  # printed name
    kind: str
    field: str
    ops: int
    overrides: list[str]


@dataclass
class ImportResult:
    edition: str
    extends: str
    files: dict[str, str]
    fields: list[FieldReport]
    entries: dict[str, int]  # kind -> count
    renamed: list[tuple[str, str]]  # (official id, id written)
    not_carried: list[str]
    guessed: list[str]
    warnings: list[Diagnostic] = field(default_factory=list)  # what the file writes that is left out
    trumps: int = 0
    left_out: list[tuple[str, str, str]] = field(default_factory=list)  # (kind, name, why): printed, not played

    @property
    def composed(self) -> list[FieldReport]:
        return [f for f in self.fields if not f.overrides]

    @property
    def overridden(self) -> list[FieldReport]:
        return [f for f in self.fields if f.overrides]

    def entry_counts(self) -> tuple[int, int, int]:
        """Entries whose texts are all ops, partly ops, only overrides."""
        by: dict[str, list[FieldReport]] = {}
        for f in self.fields:
            by.setdefault(f"{f.kind}:{f.entry}", []).append(f)
        full = sum(1 for fs in by.values() if all(not f.overrides for f in fs))
        none = sum(1 for fs in by.values() if all(f.ops == 0 for f in fs))
        return full, len(by) - full - none, none


@dataclass(eq=False)
class PlannedEntry:
    """An entry being converted: its DSL fields and the fields written as overrides so far."""

    source: OfficialEntry
    id: str
    data: dict[str, Any]
    forced: set[str] = field(default_factory=set)  # fields to write as whole overrides (after the render check)


ZONES = {"墓地": "grave", "手札": "hand"}


@dataclass
class Trigger:
    """What triggers an action a frame list raises through a trump (``character`` None: the trump's
    ``raises_when`` with the trigger op ``call``, None where an ability of the trump names the action) or
    through the trump's character (``call``: its ``raises_on_leave``/``raises_when`` without the action)."""

    card: str
    character: OfficialEntry | None
    call: Any


def snake(name: str) -> str:
    s = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()
    s = re.sub(r"[^a-z0-9_]+", "_", s).strip("_")
    return s if re.match(r"^[a-z]", s or "") else f"e_{s}"


def op_name(raw: Any) -> str | None:
    if isinstance(raw, str):
        return raw
    return next((k for k in raw if k not in ("text", "terms")), None) if isinstance(raw, dict) else None


def raw_call(call: Any) -> Any:
    """An op call of the model as YAML writes it (its arguments as written: an expression by its source)."""
    from bpdsl.model import OpCall
    from bpdsl.ops.args import source_text

    def value(v: Any) -> Any:
        if isinstance(v, OpCall):
            return raw_call(v)
        if isinstance(v, (list, tuple)):
            return [value(x) for x in v]
        if isinstance(v, dict):
            return {k: value(x) for k, x in v.items()}
        if isinstance(v, (str, int, float, bool)) or v is None:
            return v
        return source_text(v)

    raw: dict[str, Any] = {call.op: value(dict(call.args))}
    if call.terms:
        raw["terms"] = dict(call.terms)
    return raw


def terms_beside(data: Any) -> list[tuple[str, str]]:
    """The (term, word) pairs written as ``terms:`` beside op calls anywhere in ``data``."""
    out: list[tuple[str, str]] = []
    if isinstance(data, dict):
        for k, v in data.items():
            if k == "terms" and isinstance(v, dict):
                out += [(str(t), str(w)) for t, w in v.items()]
            else:
                out += terms_beside(v)
    elif isinstance(data, list):
        for v in data:
            out += terms_beside(v)
    return out


def named_in(calls: Any) -> set[str]:
    """The actions named by op calls as written (``action:`` or ``self:`` of any call, nested ones too)."""
    out: set[str] = set()
    if isinstance(calls, dict):
        for k, v in calls.items():
            if k in ("action", "self") and isinstance(v, str):
                out.add(v)
            out |= named_in(v)
    elif isinstance(calls, list):
        for v in calls:
            out |= named_in(v)
    return out


def key_of(e: OfficialEntry, suffix: str) -> str:
    return {"action": "act", "character": "char", "fog": "fog", "trump": "trump"}[e.kind] + suffix


def format_ids(e: OfficialEntry) -> list[str]:
    return list(e.formats)


def card_of(text: str) -> str:
    """A trump's card as bpdsl writes it: "♠A", the diamond as ◇."""
    return "".join(text.split()).replace("♢", "◇").replace("♦", "◇").replace("♥", "♡")


def phrase_of(text: str) -> str:
    return "\n".join(u.as_phrase() for u in P.units(text))


def schema_line(kind: str) -> str:
    return f"# yaml-language-server: $schema=../schemas/{kind}.schema.json\n"


class _Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:  # every call written out where it is used
        return True


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)


def dump_yaml(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=1000,
                     default_flow_style=None)

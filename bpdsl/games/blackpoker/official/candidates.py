"""The candidates of the phrase search: every op call written in the loaded definitions (each edition's
actions, characters, fogs and trumps, with the actions and characters a trump brings) and every
registered op's example, each built as the model's call (:mod:`.phrases` prints them)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from bpdsl.diagnostics import DiagnosticSink
from bpdsl.dsl.document import Document
from bpdsl.dsl.opcalls import OpBuilder
from bpdsl.ops import registry

# the fields of an entry holding op calls, with their op kind
OP_FIELDS = {"conditions": "condition", "when": "trigger", "target": "target", "notes": "note", "effect": "effect",
             "size": "size", "labels": "label", "abilities": "ability"}
SKIP_OPS = ("not_executed",)



@dataclass
class Candidate:
    raw: Any  # the call as written in YAML
    call: Any  # the built OpCall
    kind: str
    owners: set[tuple[str, str]] = field(default_factory=set)  # (edition, entry id) of the entries that write it


def collect(documents: Iterable[Document]) -> list[Candidate]:
    """Every op call written in the loaded entry documents, and every registered op's example."""
    sink = DiagnosticSink()
    seen: dict[str, Candidate | None] = {}
    out: list[Candidate] = []

    def remember(doc: Document, raw: Any, kind: str, owner: tuple[str, str] | None) -> None:
        key = f"{kind}:{raw!r}"
        if key not in seen:
            call = OpBuilder(doc, sink).build((), raw, (kind,))
            seen[key] = Candidate(raw, call, kind) if call is not None else None
            if call is not None:
                out.append(seen[key])  # type: ignore[arg-type]
        if owner is not None and seen[key] is not None:
            seen[key].owners.add(owner)  # type: ignore[union-attr]

    def add(doc: Document, raw: Any, kind: str, owner: tuple[str, str] | None = None) -> None:
        if isinstance(raw, dict) and "text" in raw:
            # a call printed from its text: as written (a played op that prints that text), and its op and
            # arguments printed by the phrase
            name = next((k for k in raw if k not in ("text", "terms")), None)
            if isinstance(name, str) and name not in SKIP_OPS and not name.startswith("not_executed"):
                remember(doc, raw, kind, owner)
            raw = {k: v for k, v in raw.items() if k != "text"}
        name = raw if isinstance(raw, str) else next(iter(raw), None) if isinstance(raw, dict) else None
        if not isinstance(name, str) or name in SKIP_OPS or name.startswith("not_executed"):
            return
        remember(doc, raw, kind, owner)

    for doc in documents:
        data = doc.data
        if not isinstance(data, dict) or data.get("kind") not in ("actions", "characters", "fogs", "trumps"):
            continue
        rows = [e for e in data.get(data["kind"]) or [] if isinstance(e, dict)]
        if data["kind"] == "trumps":  # the actions and characters a trump brings
            rows += [x for t in list(rows) for key in ("actions", "characters")
                     for x in (t.get(key) or []) if isinstance(x, dict)]
        edition = str(data.get("edition", ""))
        for entry in rows:
            if not isinstance(entry, dict):
                continue
            owner = (edition, str(entry.get("id", "")))
            for fname, kind in OP_FIELDS.items():
                value = entry.get(fname)
                for raw in value if isinstance(value, list) else [value] if value is not None else []:
                    add(doc, raw, kind, owner)
    examples = Document("<op examples>", None)
    for op in registry.load_all().values():
        if op.kind in OP_FIELDS.values():
            add(examples, op.example, op.kind)
    return out

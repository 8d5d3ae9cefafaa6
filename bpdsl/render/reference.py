"""The DSL's vocabulary as data, for the manual's reference (``.. bpdsl-ops::``, ``.. bpdsl-expr-names::``,
``.. bpdsl-wording-terms::``) and for ``bpdsl ops`` at the terminal: one source, so the two cannot differ.

Every op (effects, costs, conditions, triggers, targets, abilities …), every expression name and every
wording term is one :class:`Entry`: its name, what it is, its arguments, the Japanese phrase it prints
(an op's phrase rendered for its own example in the wording of an edition) and an example to copy.
:func:`search` finds entries by a part of any of those, Japanese words included.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import yaml

from bpdsl.dsl import cards, expr
from bpdsl.model import Definitions
from bpdsl.ops.registry import RETIRED, WORDING, PhraseContext, load_all

KIND_TITLES: dict[str, str] = {
    "effect": "効果 (effect)",
    "cost": "コスト (cost)",
    "condition": "起動条件・特記事項 (condition)",
    "trigger": "誘発条件 (trigger)",
    "target": "対象 (target)",
    "ability": "能力 (ability)",
    "label": "ラベル (label)",
    "size": "サイズ (size)",
    "note": "注記 (note)",
}
EXPR_TITLE = "式の名前 (expression name)"
TERM_TITLE = "言い回し (wording term)"


@dataclass(frozen=True)
class Entry:
    """One word of the vocabulary as the reference shows it."""

    group: str  # "op", "expression name" or "wording term"
    kind: str  # an op's kind, an expression's type, "term"
    name: str
    summary: str
    args: tuple[tuple[str, str, str, str], ...] = ()  # (name, type, "yes" if required, details)
    phrase: str = ""  # the printed Japanese (an op's: lines indented two spaces per level of sub-item)
    example: str = ""  # YAML or an expression, to copy
    users: tuple[str, ...] = field(default=())  # edition:entry of the definitions that use it

    @property
    def title(self) -> str:
        return KIND_TITLES.get(self.kind, self.kind) if self.group == "op" else \
            EXPR_TITLE if self.group == "expression name" else TERM_TITLE

    def text(self) -> str:
        """Every word of the entry, for searching."""
        return "\n".join([self.name, self.kind, self.group, self.summary, self.phrase, self.example,
                          *(" ".join(a) for a in self.args)])


def op_users(defs: Definitions) -> dict[str, list[str]]:
    """op name -> ``edition:entry`` of every entry that calls it (nested calls included), in order."""
    from bpdsl.dsl.checks import entries, op_calls_of
    from bpdsl.dsl.opcalls import nested_calls

    users: dict[str, list[str]] = {}
    for edition in defs.editions.values():
        for _kind, entry in entries(edition):
            for op in dict.fromkeys(call.op for call in nested_calls(op_calls_of(entry))):
                users.setdefault(op, []).append(f"{edition.id}:{entry.id}")
    return users


def phrase_context(defs: Definitions, edition_id: str) -> PhraseContext:
    """The wording of ``edition_id`` (its terms and entry names) in which the examples' phrases print."""
    edition = defs.editions.get(edition_id)
    names: dict[str, str] = {}
    terms: dict[str, str] = {}
    if edition is not None:
        terms = dict(edition.terms)
        for table in (edition.actions, edition.characters, edition.fogs):
            names.update({k: v.name for k, v in table.items()})
    return PhraseContext(terms, names)


def example_call(op: Any) -> tuple[dict[str, Any], str | None]:
    """The example's arguments and text override, split from the op call mapping ``{name: args, text: ...}``."""
    example = dict(op.example or {})
    text = example.pop("text", None)
    raw = example.get(op.name, {})
    if raw is None:
        raw = {}
    return (dict(raw) if isinstance(raw, Mapping) else {"value": raw}), text


def parsed_args(op: Any, raw: Mapping[str, Any]) -> dict[str, Any]:
    """Arguments as the loader hands them to phrases: expressions and key patterns parsed."""
    out: dict[str, Any] = {}
    for name, value in raw.items():
        typ = (op.args.get(name) or {}).get("type")
        if typ == "expr" and isinstance(value, (str, int, bool)):
            out[name] = expr.parse(value)
        elif typ == "pattern" and isinstance(value, str):
            out[name] = cards.parse_pattern(value)
        else:
            out[name] = value
    return out


def render_example(op: Any, ctx: Any) -> str:
    """The phrase ``op`` prints for its own example (a phrase that fails raises: a bug of the op)."""
    raw, text = example_call(op)
    if text is not None:
        return str(text)
    try:
        return op.render(ctx, parsed_args(op, raw))
    except Exception:  # some phrases expect the raw form; try it before giving up
        return op.render(ctx, raw)


def describe(schema: Mapping[str, Any]) -> str:
    """An argument's constraints in a few words: allowed values, default, bounds, items."""
    parts: list[str] = []
    for key in ("allowed", "default", "min", "max", "regex"):
        if key in schema:
            value = schema[key]
            parts.append(f"{key}: {', '.join(map(str, value)) if isinstance(value, (list, tuple)) else value}")
    if "schema" in schema and isinstance(schema["schema"], Mapping):
        inner = schema["schema"]
        if "type" in inner:
            parts.append(f"items: {inner['type']}")
        else:
            parts.append("keys: " + ", ".join(inner))
    return "; ".join(parts)


def arg_rows(op: Any) -> tuple[tuple[str, str, str, str], ...]:
    return tuple((name, str(s.get("type", "")), "yes" if s.get("required") else "", describe(s))
                 for name, s in op.args.items())


def op_entries(defs: Definitions, edition_id: str) -> list[Entry]:
    """Every op, by kind (the manual's order) then name."""
    ctx = phrase_context(defs, edition_id)
    users = op_users(defs)
    order = {k: i for i, k in enumerate(KIND_TITLES)}
    ops = sorted(load_all().values(), key=lambda o: (order.get(o.kind, len(order)), o.kind, o.name))
    return [Entry("op", op.kind, op.name, op.summary, arg_rows(op), render_example(op, ctx),
                  yaml.safe_dump(op.example, allow_unicode=True, sort_keys=False, default_flow_style=False),
                  tuple(users.get(op.name, ())))
            for op in ops]


def expr_entries(lines: Sequence[tuple[str, str]] = ()) -> list[Entry]:
    """Every expression name, with the first line of ``lines`` (place, text) that uses it as its example."""
    from bpdsl.dsl.expr_names import names

    out = []
    for name, info in sorted(names().items()):
        used = re.compile(rf"(?<![\w.]){re.escape(name)}(?![\w.])")
        example = next((f"{where}: {text}" for where, text in lines if used.search(text)), "")
        out.append(Entry("expression name", info.type, name, info.doc_en, phrase=info.phrase_ja,
                         example=example or f'"{name}"'))
    return out


def term_entries(defs: Definitions) -> list[Entry]:
    """Every wording term: its default word, the other words, and which editions set it."""
    out = []
    for key, term in sorted(WORDING.items()):
        users = tuple(f"{e.id}: {e.terms[key]}" for e in defs.editions.values() if key in e.terms)
        other = [c for c in term.choices if c != term.default]
        example = f"terms: {{{key}: {other[0] if other else term.default}}}"
        args = (("word", "string", "", f"default: {term.default}" + (f"; or: {', '.join(other)}" if other else "")),)
        out.append(Entry("wording term", "term", key, term.summary, args,
                         " / ".join(term.choices), example, users))
    return out


def definition_lines(roots: Iterable[Path]) -> list[tuple[str, str]]:
    """(``file:line``, text) of every line of the YAML files under ``roots``: where examples are found."""
    out: list[tuple[str, str]] = []
    for root in roots:
        files = [root] if root.is_file() else sorted(root.rglob("*.yaml"))
        for path in files:
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            where = path.relative_to(root.parent) if root.is_dir() else path.name
            out.extend((f"{where}:{n}", line.strip()) for n, line in enumerate(text.splitlines(), 1)
                       if line.strip() and not line.lstrip().startswith("#"))
    return out


def reference(defs: Definitions, edition_id: str, roots: Iterable[Path] = ()) -> list[Entry]:
    """The whole vocabulary: ops, expression names, wording terms."""
    return [*op_entries(defs, edition_id), *expr_entries(definition_lines(roots)), *term_entries(defs)]


def search(entries: Sequence[Entry], query: str) -> list[Entry]:
    """The entries named ``query`` exactly (an op, an expression name, a term), else those with ``query``
    anywhere in their words (case-insensitive; a Japanese word of a phrase, a part of a summary)."""
    exact = [e for e in entries if e.name == query]
    if exact:
        return exact
    q = query.casefold()
    return [e for e in entries if q in e.text().casefold()]


def retired() -> dict[str, str]:
    """Ops that were replaced by compositions, with what to write instead."""
    return dict(sorted(RETIRED.items()))

"""Op calls of a definitions file rewritten to today's forms: a retired op whose retirement says how
(``bpdsl.ops.registry.MIGRATIONS``) and a deprecated op or argument with its migration (``DEPRECATED``).

A call whose arguments have no mechanical replacement is left as it is and reported, with the hint the
validator gives (``write instead: …``): it needs the designer's judgement.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from bpdsl.migrate.roundtrip import Edit, flow
from bpdsl.ops import registry


@dataclass(frozen=True)
class OpChange:
    """One op call: where (line, 1-based), the old op, and what was written (None: left for the designer)."""

    line: int
    op: str
    written: list[dict[str, Any]] | None
    hint: str

    def describe(self) -> str:
        if self.op.startswith("term "):
            return f"line {self.line}: {self.op} -> {next(iter(self.written or [{}][0]), '')}"
        if self.written is None:
            return f"line {self.line}: op {self.op!r} left as it is: its arguments need your judgement; {self.hint}"
        new = ", ".join(next(iter(c)) for c in self.written)
        return f"line {self.line}: op {self.op!r} -> {new}"


def _rule(name: str) -> tuple[Callable[[Any], Any] | None, str] | None:
    """How op ``name`` is migrated (None: it is current)."""
    if name in registry.RETIRED:
        return registry.MIGRATIONS.get(name), f"write instead: {registry.RETIRED[name]}"
    dep = registry.DEPRECATED.get(name)
    if dep is not None:
        return dep.migrate, f"write instead: {dep.replacement}"
    return None


def _call(node: Any) -> tuple[str, Any] | None:
    """(op, args) of an op call node: ``name`` or ``{name: args}`` (with ``text:`` / ``terms:`` beside it)."""
    if isinstance(node, str):
        return (node, {}) if _rule(node) is not None else None
    if isinstance(node, dict):
        names = [k for k in node if k not in ("text", "terms") and isinstance(k, str) and _rule(k) is not None]
        if len(names) == 1:
            return names[0], node[names[0]]
    return None


def _line(container: Any, key: Any) -> int:
    try:
        lc = container.lc.item(key) if isinstance(container, CommentedSeq) else container.lc.key(key)
        return int(lc[0]) + 1
    except (AttributeError, KeyError, IndexError, TypeError):
        return 0


def migrate_ops(edit: Edit) -> list[OpChange]:
    """Replace every migratable op call of the file ``edit`` (its text changes only there); return every
    call met, migrated or not."""
    registry.load_all()
    changes: list[OpChange] = []

    def rewrite(name: str, args: Any, line: int, single: bool) -> list[dict[str, Any]] | None:
        fn, hint = _rule(name) or (None, "")
        new = fn(dict(args or {})) if fn is not None and isinstance(args or {}, dict) else None
        if new is not None and single and len(new) != 1:
            new = None  # the place of a single call takes one call
        changes.append(OpChange(line, name, new, hint))
        return new

    def walk(node: Any) -> None:
        if isinstance(node, CommentedSeq):
            for i, item in enumerate(node):
                found = _call(item)
                if found is None:
                    walk(item)
                elif (new := rewrite(found[0], found[1], _line(node, i), False)) is not None:
                    edit.replace_item(node, i, [_block_call(c) for c in new])
        elif isinstance(node, CommentedMap):
            terms = node.get("terms")
            if isinstance(terms, CommentedMap):  # an edition's terms, or a call's: deprecated keys renamed
                for key in terms:
                    dep = registry.DEPRECATED_TERMS.get(str(key))
                    if dep is not None and dep.replacement not in terms:
                        edit.rename_key(terms, key, dep.replacement)
                        changes.append(OpChange(_line(terms, key), f"term {key}", [{dep.replacement: None}],
                                               f"write {dep.replacement!r}"))
            for key in node:
                value = node[key]
                found = _call(value) if isinstance(value, dict) else None
                if found is None:
                    walk(value)
                elif (new := rewrite(found[0], found[1], _line(node, key), True)) is not None:
                    edit.replace_value(node, key, _block_call(new[0]))

    walk(edit.doc)
    return changes


def _block_call(call: dict[str, Any]) -> Any:
    """``{op: {args}}`` written as bpdsl's files write a call: ``- op: {a: 1, b: 2}``."""
    (name, args), = call.items()
    m = CommentedMap()
    m[name] = flow(args) if isinstance(args, dict) else args
    return m


__all__ = ["OpChange", "migrate_ops"]

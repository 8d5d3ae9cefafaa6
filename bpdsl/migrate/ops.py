"""Op calls of a definitions file rewritten to today's forms: a retired op whose retirement says how
(``bpdsl.ops.registry.MIGRATIONS``) and a deprecated op or argument with its migration (``DEPRECATED``).

A call whose arguments have no mechanical replacement is left as it is and reported, with the hint the
validator gives (``write instead: …``): it needs the designer's judgement.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from bpdsl.migrate.roundtrip import flow
from bpdsl.ops import registry


@dataclass(frozen=True)
class OpChange:
    """One op call: where (line, 1-based), the old op, and what was written (None: left for the designer)."""

    line: int
    op: str
    written: list[dict[str, Any]] | None
    hint: str

    def describe(self) -> str:
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


def migrate_ops(doc: Any) -> list[OpChange]:
    """Rewrite every migratable op call of ``doc`` in place; return every call met (migrated or not)."""
    registry.load_all()
    changes: list[OpChange] = []

    def walk(node: Any) -> None:
        if isinstance(node, CommentedSeq):
            i = 0
            while i < len(node):
                found = _call(node[i])
                if found is None:
                    walk(node[i])
                    i += 1
                    continue
                name, args = found
                fn, hint = _rule(name) or (None, "")
                new = fn(dict(args or {})) if fn is not None and isinstance(args or {}, dict) else None
                changes.append(OpChange(_line(node, i), name, new, hint))
                if new is None:
                    i += 1
                    continue
                old = node[i]
                del node[i]
                for k, call in enumerate(new):
                    node.insert(i + k, _block_call(call))
                _keep_comment(old, name, node[i + len(new) - 1] if new else None)
                i += len(new)
        elif isinstance(node, CommentedMap):
            for key in list(node):
                value = node[key]
                found = _call(value) if isinstance(value, dict) else None
                if found is not None:
                    name, args = found
                    fn, hint = _rule(name) or (None, "")
                    new = fn(dict(args or {})) if fn is not None and isinstance(args or {}, dict) else None
                    if new is not None and len(new) != 1:
                        new = None  # a single call's place takes one call
                    changes.append(OpChange(_line(node, key), name, new, hint))
                    if new is not None:
                        node[key] = _block_call(new[0])
                    continue
                walk(value)

    walk(doc)
    return changes


def _keep_comment(old: Any, key: str, new: Any) -> None:
    """The comment at the end of the old call's line goes to the end of the last new call."""
    items = getattr(getattr(old, "ca", None), "items", None)
    if items and key in items and isinstance(new, CommentedMap):
        new.ca.items[next(iter(new))] = items[key]


def _block_call(call: dict[str, Any]) -> Any:
    """``{op: {args}}`` written as bpdsl's files write a call: ``- op: {a: 1, b: 2}``."""
    (name, args), = call.items()
    m = CommentedMap()
    m[name] = flow(args) if isinstance(args, dict) else args
    return m


__all__ = ["OpChange", "migrate_ops"]

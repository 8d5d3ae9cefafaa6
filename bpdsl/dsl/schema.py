"""Cerberus validation of definitions documents, with errors turned into positioned diagnostics.

Every document kind (and every op's ``args``) is described by a cerberus schema.  This module adds the
DSL's own value types to cerberus and translates cerberus' error tree into diagnostics that point at the
offending line and column, with "did you mean" hints for misspelt keys and values.

Custom types usable in any schema (kinds and op args):

``expr``     an expression of :mod:`bpdsl.dsl.expr` (string, integer or boolean; parsed at build time)
``pattern``  a key-card pattern of :mod:`bpdsl.dsl.cards` (string; a bare number such as ``10`` is accepted)
``opcall``   an op call: a bare op name or a one-key mapping ``{op: args}`` (plus an optional ``text``)
``ref``      the id of an entry of the edition (action, character or fog); ``meta: {ref: action}`` narrows
             it.  Dangling references are found by the semantic checks.

Schema rules may carry ``meta`` (ignored by cerberus, read by the DSL):

``meta: {ref: action|character|fog}``   the kind of entry a ``ref`` names (default: any entry)
``meta: {ref: cost|rank|suit|zone}``    the value names components of the game (cost strings letter by letter)
``meta: {expr: int|bool}``              the type an ``expr`` must have (arguments named ``if`` are bool)
``meta: {kinds: [condition, ...]}``     the op kinds a nested ``opcall`` may use
``meta: {unique: (("row",), ("a", "b"))}``  no two items of a list share the values of one group of keys
                                        (checked by bpdsl.dsl.opcalls, O005)

Every number of a document lies within ±:data:`MAX_NUMBER` (:func:`out_of_range`, S005), whatever its rule.

After validation, :func:`prune` removes what is wrong (unknown keys, values of the wrong type) so that the
builders can go on with the rest and report every other mistake of the same run.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

import cerberus
import cerberus.schema
from cerberus import TypeDefinition
from cerberus import errors as cerrors

from bpdsl.diagnostics import DiagnosticSink, code, did_you_mean
from bpdsl.dsl.document import Document, KeyPath

S_UNKNOWN_KEY = code("S001", "unknown key")
S_MISSING_KEY = code("S002", "missing required key")
S_TYPE = code("S003", "value of the wrong type")
S_NOT_ALLOWED = code("S004", "value not among the allowed values")
S_CONSTRAINT = code("S005", "value breaks a constraint of the schema (pattern, length, range, empty)")
S_KIND = code("S006", "document without a known 'kind'")

TYPE_WORDS = {
    "string": "a text", "integer": "a whole number", "boolean": "true or false", "dict": "a mapping (key: value)",
    "list": "a list", "number": "a number", "float": "a number", "expr": "an expression such as key.rank",
    "pattern": 'a key-card pattern such as "♡A〜10"', "opcall": "an op call such as 'damage: {...}' or a bare op name",
    "ref": "the id of an action, character or fog",
}


class DSLValidator(cerberus.Validator):
    """Cerberus with the DSL's value types."""

    types_mapping = {
        **cerberus.Validator.types_mapping,
        "expr": TypeDefinition("expr", (str, int, bool), ()),
        "pattern": TypeDefinition("pattern", (str, int), (bool,)),
        # the shape of an op call (exactly one op name) is checked by bpdsl.dsl.opcalls (O004)
        "opcall": TypeDefinition("opcall", (str, dict), ()),
        "ref": TypeDefinition("ref", (str,), ()),
    }


@dataclass(frozen=True)
class SchemaProblem:
    """One leaf error, with the path of the node that is wrong."""

    path: KeyPath
    code: str
    message: str
    hint: str
    missing: bool = False  # a required key is missing (path names the missing key)


class _TrustedSchema(cerberus.schema.DefinitionSchema):
    """A schema whose rules are not re-checked by cerberus when a validator is built.

    Checking a schema's own rules costs more than validating all bundled definitions with it; the
    schemas of the kinds and ops are checked once, by the test suite (tests/dsl/test_schema.py), with
    :func:`strict_validator`.
    """

    def validate(self, schema: Any = None) -> None:
        return None


def strict_validator(schema: Mapping[str, Any]) -> DSLValidator:
    """A validator that lets cerberus check the schema itself (raises cerberus.SchemaError)."""
    return DSLValidator(dict(schema), allow_unknown=False)


_CACHE: dict[int, tuple[Mapping[str, Any], DSLValidator]] = {}


def validator_for(schema: Mapping[str, Any]) -> DSLValidator:
    """A validator for ``schema``, built once per schema object (building one checks the schema: slow)."""
    hit = _CACHE.get(id(schema))
    if hit is not None and hit[0] is schema:
        return hit[1]
    v = DSLValidator(allow_unknown=False)
    v.schema = _TrustedSchema(v, dict(schema))
    _CACHE[id(schema)] = (schema, v)
    return v


def check(data: Any, schema: Mapping[str, Any], validator: DSLValidator | None = None) -> list[SchemaProblem]:
    """Validate ``data`` (a mapping) against ``schema``; returns leaf problems (empty when valid)."""
    if not isinstance(data, dict):
        return [SchemaProblem((), S_TYPE, f"expected a mapping, got {_what(data)}", "write 'key: value' lines")]
    v = validator or validator_for(schema)
    try:
        ok = v.validate(data, normalize=False)
    except Exception as exc:  # noqa: BLE001 - a schema bug must not crash validation of definitions
        return [SchemaProblem((), S_CONSTRAINT, f"cannot validate this document: {exc}", "")]
    if ok:
        return []
    out: list[SchemaProblem] = []
    _walk(v._errors, schema, out)
    seen: set[tuple[KeyPath, str, str]] = set()
    unique = []
    for p in out:
        k = (p.path, p.code, p.message)
        if k not in seen:
            seen.add(k)
            unique.append(p)
    return unique


def _walk(errs: Iterable[Any], root: Mapping[str, Any], out: list[SchemaProblem]) -> None:
    for e in errs:
        if e.is_group_error and e.code not in (cerrors.ANYOF.code, cerrors.ONEOF.code):
            _walk(e.child_errors or [], root, out)
            continue
        if e.code in (cerrors.ANYOF.code, cerrors.ONEOF.code) and _walk_fitting_form(e, root, out):
            continue
        out.append(_problem(e, root))


def _walk_fitting_form(e: Any, root: Mapping[str, Any], out: list[SchemaProblem]) -> bool:
    """For a value that fits none of the accepted forms of an ``anyof`` rule: when exactly one form has the
    value's type, report that form's own errors (the wrong line inside it) instead of the whole value."""
    depth = len(e.schema_path) + 1  # ('...', 'anyof') + (index, ...)
    by_form: dict[int, list[Any]] = {}
    for child in e.child_errors or []:
        if len(child.schema_path) > depth - 1 and isinstance(child.schema_path[depth - 1], int):
            by_form.setdefault(child.schema_path[depth - 1], []).append(child)
    wrong_type = {i for i, errs in by_form.items()
                  if any(c.code == cerrors.BAD_TYPE.code and tuple(c.document_path) == tuple(e.document_path)
                         for c in errs)}
    fitting = [i for i in by_form if i not in wrong_type]
    forms = (_resolve_schema(root, tuple(e.schema_path)) or [])
    if len(fitting) == 1:
        _walk(by_form[fitting[0]], root, out)
        return True
    if not fitting and isinstance(forms, list) and all(isinstance(f, Mapping) and "type" in f for f in forms):
        path = tuple(e.document_path)
        field: Any = path[-1] if path else "document"
        want = " or ".join(dict.fromkeys(TYPE_WORDS.get(str(f["type"]), str(f["type"])) for f in forms))
        out.append(SchemaProblem(path, S_TYPE, f"{field!r} must be {want}, not {_what(e.value)}", ""))
        return True
    return False


def _resolve_schema(root: Mapping[str, Any], schema_path: tuple[Any, ...]) -> Any:
    node: Any = root
    for part in schema_path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return None
    return node


def _what(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {value!r}" if len(value) < 40 else "a text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _problem(e: Any, root: Mapping[str, Any]) -> SchemaProblem:
    path = tuple(e.document_path)
    field: Any = path[-1] if path else "document"
    if isinstance(field, int):
        field = f"item {field + 1}" + (f" of {path[-2]}" if len(path) > 1 else "")
    c = e.code
    if c == cerrors.UNKNOWN_FIELD.code:
        fields = _resolve_schema(root, tuple(e.schema_path))
        known = sorted(str(k) for k in fields) if isinstance(fields, Mapping) else []
        hint = did_you_mean(str(field), known) or (("known keys: " + ", ".join(known)) if known else "remove it")
        return SchemaProblem(path, S_UNKNOWN_KEY, f"unknown key {field!r}", hint)
    if c == cerrors.REQUIRED_FIELD.code:
        return SchemaProblem(path, S_MISSING_KEY, f"missing required key {field!r}", f"add '{field}: ...'", True)
    if c in (cerrors.BAD_TYPE.code, cerrors.NOT_NULLABLE.code, cerrors.BAD_TYPE_FOR_SCHEMA.code):
        types = e.constraint if isinstance(e.constraint, list) else [e.constraint]
        if c == cerrors.NOT_NULLABLE.code:
            rule = _resolve_schema(root, tuple(e.schema_path)[:-1]) or {}
            t = rule.get("type", "a value") if isinstance(rule, Mapping) else "a value"
            types = t if isinstance(t, list) else [t]
        if c == cerrors.BAD_TYPE_FOR_SCHEMA.code:
            types = ["dict" if isinstance(e.constraint, Mapping) else "list"]
        want = " or ".join(TYPE_WORDS.get(str(t), str(t)) for t in types if t)
        return SchemaProblem(path, S_TYPE, f"{field!r} must be {want or 'something else'}, not {_what(e.value)}",
                             _type_hint(types, e.value))
    if c in (cerrors.UNALLOWED_VALUE.code, cerrors.UNALLOWED_VALUES.code):
        allowed = [str(a) for a in (e.constraint or [])]
        value = e.value
        bad = value if not isinstance(value, list) else [x for x in value if x not in (e.constraint or [])]
        first = bad[0] if isinstance(bad, list) and bad else bad
        hint = did_you_mean(str(first), allowed) or "allowed: " + ", ".join(allowed)
        return SchemaProblem(path, S_NOT_ALLOWED, f"{field!r} cannot be {first!r}", hint)
    if c in (cerrors.ANYOF.code, cerrors.ONEOF.code):
        return SchemaProblem(path, S_TYPE, f"{field!r} does not fit any of its accepted forms", "see `bpdsl schema`")
    if c == cerrors.REGEX_MISMATCH.code:
        return SchemaProblem(path, S_CONSTRAINT, f"{field!r} = {e.value!r} does not have the required form",
                             _regex_hint(str(e.constraint)))
    if c == cerrors.EMPTY_NOT_ALLOWED.code:
        return SchemaProblem(path, S_CONSTRAINT, f"{field!r} cannot be empty", "write a value or remove the key")
    if c in (cerrors.MIN_LENGTH.code, cerrors.MAX_LENGTH.code):
        word = "at least" if c == cerrors.MIN_LENGTH.code else "at most"
        return SchemaProblem(path, S_CONSTRAINT, f"{field!r} must have {word} {e.constraint} item(s)", "")
    if c in (cerrors.MIN_VALUE.code, cerrors.MAX_VALUE.code):
        word = "at least" if c == cerrors.MIN_VALUE.code else "at most"
        return SchemaProblem(path, S_CONSTRAINT, f"{field!r} must be {word} {e.constraint}", "")
    if c == cerrors.DEPENDENCIES_FIELD.code:
        return SchemaProblem(path, S_MISSING_KEY, f"{field!r} needs {e.constraint}", "add the keys it depends on")
    if c == cerrors.EXCLUDES_FIELD.code:
        return SchemaProblem(path, S_CONSTRAINT, f"{field!r} cannot be used together with {e.constraint}", "keep one")
    return SchemaProblem(path, S_CONSTRAINT, f"{field!r}: {e.rule or 'invalid value'} {e.constraint!r}".strip(), "")


def _type_hint(types: list[Any], value: Any) -> str:
    if "list" in types and not isinstance(value, list):
        return "write a YAML list: [a, b] or lines starting with '- '"
    if "dict" in types and isinstance(value, str):
        return "write a mapping such as {key: value}"
    if "string" in types and isinstance(value, (int, float)):
        return f"quote it: \"{value}\""
    if "opcall" in types:
        return "an op call is one op name as key with its arguments: '- damage: {to: target, amount: 1}'"
    return ""


def _regex_hint(rx: str) -> str:
    if rx == r"^\S+$":
        return "an id is one word: not empty, without spaces"
    if "a-z" in rx:
        return "ids are lower-case ascii words: letters, digits, '_', '-' and '.'"
    return f"it must match {rx}"


def report(problems: Iterable[SchemaProblem], doc: Document, sink: DiagnosticSink, prefix: KeyPath = ()) -> None:
    """Turn problems into diagnostics at the position of the offending node (or key)."""
    for p in problems:
        path = prefix + p.path
        if p.missing:
            pos = doc.pos(path[:-1])
        elif p.code == S_UNKNOWN_KEY or p.code.startswith("W"):  # a key to rename: at the key
            pos = doc.key_pos(path)
        else:
            pos = doc.pos(path)
        if p.code.startswith("W"):  # legal, but to be changed (a deprecated term …)
            sink.warning(pos, p.code, p.message, p.hint)
        else:
            sink.error(pos, p.code, p.message, p.hint)


# The largest number a definitions file may hold anywhere (a count, a size, a rank value, a table row):
# far above any card game's quantity, far below what turns a loop or a printed text into a hang.
MAX_NUMBER = 1_000_000


def out_of_range(data: Any, path: KeyPath = ()) -> list[SchemaProblem]:
    """Every number of a document beyond ±:data:`MAX_NUMBER` (10^400, -99999999999) or not finite (.inf,
    .nan): no value of any kind means that, whatever its own schema says."""
    out: list[SchemaProblem] = []
    if isinstance(data, dict):
        for k, v in data.items():
            out.extend(out_of_range(v, path + (k,)))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.extend(out_of_range(v, path + (i,)))
    elif isinstance(data, (int, float)) and not isinstance(data, bool):
        if not (-MAX_NUMBER <= data <= MAX_NUMBER):  # False for nan as well
            field: Any = path[-1] if path else "document"
            shown = _what(data) if abs(data) < 10 ** 20 else f"a number of {len(str(abs(int(data))))} digits" \
                if isinstance(data, int) else str(data)
            out.append(SchemaProblem(path, S_CONSTRAINT, f"{field!r} is out of range: {shown}",
                                     f"numbers in definitions lie between -{MAX_NUMBER:,} and {MAX_NUMBER:,}"))
    return out


class _Invalid:
    """Marks a list item that was removed because it was wrong (keeps the other items' indexes)."""

    def __repr__(self) -> str:
        return "<invalid>"


INVALID = _Invalid()


def prune(data: Any, problems: Iterable[SchemaProblem], removed: set[KeyPath] | None = None) -> bool:
    """Remove wrong parts from ``data`` in place; returns False when the whole document is unusable.

    A wrong value or unknown key is dropped; a mapping that misses a required key is dropped as a whole
    (a list item becomes :data:`INVALID`, so the other items keep their indexes and positions).  The paths
    of removed nodes are added to ``removed`` so that later stages do not report them again as missing.
    """
    usable = True
    for p in problems:
        path = p.path[:-1] if p.missing else p.path
        if not path:
            usable = False
            continue
        parent = _get(data, path[:-1])
        last = path[-1]
        if removed is not None and p.code != S_UNKNOWN_KEY:
            removed.add(tuple(path))
        if isinstance(parent, dict) and last in parent:
            del parent[last]
        elif isinstance(parent, list) and isinstance(last, int) and 0 <= last < len(parent):
            parent[last] = INVALID
    return usable


def _get(data: Any, path: KeyPath) -> Any:
    node = data
    for part in path:
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            return None
    return node

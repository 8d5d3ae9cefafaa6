"""Op calls: validated against the op registry and turned into :class:`~bpdsl.model.OpCall` objects.

An op call is written as a bare op name (``once_per_turn``) or as a mapping with exactly one op name as
key and its arguments as value (``damage: {to: target, amount: key.spade.rank}``), plus an optional
``text:`` override of the printed phrase.  An op whose arguments have a single key also accepts the
value directly (``draw: 1`` for ``draw: {count: 1}``).

Validation reads the op's own ``args`` schema from :mod:`bpdsl.ops.registry` -- the same declaration the
engine executes and the renderer phrases -- so an op call cannot be valid here and unknown there.
Arguments of type ``expr`` become :class:`~bpdsl.dsl.expr.Expr`, ``pattern`` become
:class:`~bpdsl.dsl.cards.KeyPattern` and ``opcall`` become nested :class:`OpCall` objects.
"""
from __future__ import annotations

from typing import Any, Iterator, Mapping, Sequence

from bpdsl.diagnostics import DiagnosticSink, did_you_mean
from bpdsl.dsl import codes as C
from bpdsl.dsl.cards import PatternError, parse_pattern
from bpdsl.dsl.expr import ExprError, parse as parse_expr
from bpdsl.dsl.document import Document, KeyPath
from bpdsl.dsl.expr_names import NameInfo
from bpdsl.dsl.schema import DSLValidator, check, prune, validator_for
from bpdsl.dsl.textchecks import form_problem
from bpdsl.dsl.textchecks import TERM_PREFIXES as CALL_TERM_PREFIXES  # a name or condition worded by the call
from bpdsl.model import OpCall
from bpdsl.ops import registry

def _validator(op: registry.Op) -> DSLValidator:
    return validator_for(op.args)


def ops() -> dict[str, registry.Op]:
    return registry.load_all()


class OpBuilder:
    """Builds the op calls of one document, reporting every problem at its position."""

    def __init__(self, doc: Document, sink: DiagnosticSink, names: Mapping[str, NameInfo] | None = None):
        self.doc = doc
        self.sink = sink
        self.names = names  # the expression names of the document's game (None: every known name)

    def error(self, path: KeyPath, code: str, message: str, hint: str = "") -> None:
        self.sink.error(self.doc.pos(path), code, message, hint)

    def build_list(self, path: KeyPath, raw: Any, kinds: Sequence[str]) -> list[OpCall]:
        if raw is None:
            return []
        if not isinstance(raw, list):
            raw = [raw]
            path_of = lambda i: path  # noqa: E731
        else:
            path_of = lambda i: path + (i,)  # noqa: E731
        out = []
        for i, item in enumerate(raw):
            call = self.build(path_of(i), item, kinds)
            if call is not None:
                out.append(call)
        return out

    def build(self, path: KeyPath, raw: Any, kinds: Sequence[str] | None,
              only: Sequence[str] | None = None) -> OpCall | None:
        """One op call at ``path``; ``kinds`` are the op kinds allowed here (None: any), ``only`` the ops (an
        argument's ``meta: {ops: [...]}``: the abilities a trump's grant can give, which the engine runs)."""
        table = ops()
        text: str | None = None
        terms: dict[str, str] | None = None
        if isinstance(raw, str):
            name, args, args_path = raw.strip(), {}, path
        elif isinstance(raw, dict):
            names = [k for k in raw if k not in ("text", "terms")]
            if len(names) != 1 or not isinstance(names[0], str):
                found = ", ".join(repr(n) for n in names) or "none"
                self.error(path, C.O_SHAPE, f"an op call names exactly one op (found {found})",
                           "write one step per list item: '- damage: {...}'; 'text:' is the only other key")
                return None
            name = names[0]
            args = raw[name]
            args_path = path + (name,)
            if "terms" in raw:
                terms = self._terms(path + ("terms",), raw["terms"])
            if "text" in raw:
                if not isinstance(raw["text"], str):
                    self.error(path + ("text",), C.O_SHAPE, "'text' of an op call must be a text", "quote it")
                else:
                    text = raw["text"]
        else:
            self.error(path, C.O_SHAPE, "an op call is an op name or a mapping '{op: args}'",
                       "e.g. '- once_per_turn' or '- damage: {to: target, amount: 1}'")
            return None
        op = table.get(name)
        if op is None and name in registry.RETIRED:
            self.sink.error(self.doc.key_pos(args_path) if args_path != path else self.doc.pos(path), C.O_UNKNOWN,
                            f"op {name!r} was retired: it is a composition of general ops now",
                            f"write instead: {registry.RETIRED[name]}")
            return None
        if op is None:
            candidates = [o.name for o in table.values() if kinds is None or o.kind in kinds]
            hint = did_you_mean(name, candidates) or did_you_mean(name, table) or (
                "ops allowed here: " + ", ".join(sorted(candidates)[:12]) if candidates else "no op is registered")
            self.sink.error(self.doc.key_pos(args_path) if args_path != path else self.doc.pos(path), C.O_UNKNOWN,
                            f"unknown op {name!r}", hint)
            return None
        if kinds is not None and op.kind not in kinds:
            candidates = [o.name for o in table.values() if o.kind in kinds]
            hint = did_you_mean(name, candidates)
            hint = hint or f"ops of kind {'/'.join(kinds)}: " + ", ".join(sorted(candidates)[:12])
            self.error(path, C.O_KIND, f"op {name!r} is {_a(op.kind)} op; {_a(' or '.join(kinds))} op is expected here", hint)
            return None
        if only is not None and name not in only:
            self.error(path, C.O_KIND, f"op {name!r} cannot be used here", did_you_mean(name, only) or
                       "ops allowed here: " + ", ".join(only))
            return None
        if op.kind == "condition" and isinstance(args, dict):
            for key, rule in op.args.items():  # a condition that always holds checks nothing
                if isinstance(rule, Mapping) and rule.get("type") == "expr" and args.get(key) in (True, "true"):
                    self.error(args_path + (key,), C.O_ARGS, f"{name}: {key} is always true, so the condition "
                               "checks nothing", "a ※ note printed only is 'not_executed_note' among the notes, "
                               "with 'text:'; a rule is the condition that states it")
                    return None
        if args is None:
            args = {}
        if not isinstance(args, dict):
            if len(op.args) == 1:
                args = {next(iter(op.args)): args}
            else:
                keys = ", ".join(op.args) or "none"
                self.error(args_path, C.O_ARGS, f"the arguments of {name!r} must be a mapping (keys: {keys})",
                           f"example: {op.example}")
                return None
        args = dict(args)
        self._deprecations(name, path, args_path, args)
        problems = check(args, op.args, _validator(op))
        if problems:
            for p in problems:
                self.sink.error(self._problem_pos(args_path, p), C.O_ARGS, f"{name}: {p.message}", p.hint or
                                f"example: {op.example}")
            if not prune(args, problems):
                return None
            if check(args, op.args, _validator(op)):
                return None
        for key, rule in op.args.items():  # declared defaults, so executors and phrases see every argument
            if key not in args and isinstance(rule, Mapping) and "default" in rule:
                args[key] = rule["default"]
        built = self.convert(args_path, args, op.args)
        if built is None:
            return None
        self._declared(name, args_path, built, op.args)
        arg_pos = {k: self.doc.pos(args_path + (k,)) for k in built if args_path + (k,) in self.doc.positions}
        return OpCall(name, built, text, self.doc.pos(path), arg_pos, terms)

    def _terms(self, path: KeyPath, raw: Any) -> dict[str, str] | None:
        """``terms:`` beside an op: the wording of this call's sentence, e.g. ``{target_ref: 対象とした}``, or
        of one name or condition in it (``{"expr:target.size": 対象の兵士}``), as an edition's terms word them."""
        known = registry.WORDING
        if not isinstance(raw, dict) or not all(isinstance(v, str) for v in raw.values()):
            self.error(path, C.O_SHAPE, "'terms' of an op call maps a wording term to its word",
                       "e.g. terms: {target_ref: 対象とした}")
            return None
        for key in raw:
            if key in registry.DEPRECATED_TERMS:
                dep = registry.DEPRECATED_TERMS[key]
                self.sink.warning(self.doc.key_pos(path + (key,)), C.W_DEPRECATED_OP,
                                  f"term {key!r} is deprecated since {dep.since} and may be retired in {dep.retire_in}",
                                  f"write {dep.replacement!r} (bpdsl migrate renames it)")
                continue
            if key not in known and not str(key).startswith(CALL_TERM_PREFIXES):
                self.error(path + (key,), C.O_SHAPE, f"unknown wording term {key!r}",
                           did_you_mean(str(key), known) or "terms: " + ", ".join(sorted(known)))
                return None
            found = form_problem(str(key), raw[key])
            if found is not None:
                self.error(path + (key,), C.N_TERM, *found)
                return None
        return registry.current_terms(raw)

    def _declared(self, name: str, path: KeyPath, args: Mapping[str, Any], schema: Mapping[str, Any]) -> None:
        """``meta: {declared: counter}`` on an argument: it names a per-player counter, which the document's
        game must declare (game.yaml ``counters:``) -- else the rule reads a number that is always 0."""
        if self.names is None:
            return
        for key, rule in schema.items():
            meta = rule.get("meta") if isinstance(rule, Mapping) else None
            value = args.get(key)
            if isinstance(meta, Mapping) and meta.get("declared") == "counter" and isinstance(value, str) \
                    and f"me.{value}" not in self.names:
                declared = sorted(n[3:] for n in self.names if n.startswith("me."))
                hint = did_you_mean(value, declared) or (
                    f"declare it in the game's counters: '- {{id: {value}, name: ...}}'")
                self.error(path + (key,), C.D_GAME_REF, f"{name}: the game declares no counter {value!r}", hint)

    def _distinct(self, path: KeyPath, items: list[Any], keys: Sequence[Sequence[str]]) -> bool:
        """``meta: {unique: (("row",), ("a", "b"))}`` on a list argument: no two items share the values of one of
        these groups of keys (two rows of a scoring table for the same outcomes would make one of them dead)."""
        ok = True
        for group in keys:
            seen: dict[tuple[Any, ...], int] = {}
            for i, item in enumerate(items):
                if not isinstance(item, dict) or not all(k in item for k in group):
                    continue
                values = tuple(repr(item[k]) for k in group)
                if values in seen:
                    shown = ", ".join(f"{k}: {item[k]}" for k in group)
                    self.error(path + (i,), C.O_DUPLICATE, f"item {i + 1} repeats item {seen[values] + 1} ({shown})",
                               "each item of this list needs its own " + " and ".join(group)
                               + "; remove or correct one of them")
                    ok = False
                else:
                    seen[values] = i
        return ok

    def _deprecations(self, name: str, path: tuple[Any, ...], args_path: tuple[Any, ...],
                      args: Mapping[str, Any]) -> None:
        """W003 for a deprecated op or argument: it still works, for at least one release before it is
        retired; the hint names what to write and that ``bpdsl migrate`` writes it."""
        dep = registry.DEPRECATED.get(name)
        where = self.doc.key_pos(args_path) if args_path != path else self.doc.pos(path)
        if dep is not None:
            self.sink.warning(where, C.W_DEPRECATED_OP, f"op {name!r} is deprecated since {dep.since} and may be "
                              f"retired in {dep.retire_in}", f"write instead: {dep.replacement}"
                              + (" (bpdsl migrate writes it)" if dep.migrate is not None else ""))
        for key in args:
            dep = registry.DEPRECATED_ARGS.get((name, str(key)))
            if dep is not None:
                self.sink.warning(self.doc.key_pos(args_path + (key,)) if args_path + (key,) in self.doc.positions
                                  else where, C.W_DEPRECATED_OP,
                                  f"{name}: argument {key!r} is deprecated since {dep.since} and may be retired in "
                                  f"{dep.retire_in}", f"write instead: {dep.replacement}"
                                  + (" (bpdsl migrate writes it)" if dep.migrate is not None else ""))

    def _problem_pos(self, base: KeyPath, p: Any) -> Any:
        path = base + p.path
        if p.missing:
            return self.doc.pos(path[:-1])
        if p.code == "S001":
            return self.doc.key_pos(path)
        return self.doc.pos(path)

    def convert(self, path: KeyPath, args: dict[str, Any], schema: Mapping[str, Any]) -> dict[str, Any] | None:
        """Parse expr/pattern/opcall arguments; None when one of them is wrong (already reported)."""
        ok = True
        out: dict[str, Any] = {}
        for key, value in args.items():
            rule = schema.get(key, {})
            converted, good = self.convert_value(path + (key,), value, rule)
            ok = ok and good
            out[key] = converted
        return out if ok else None

    def convert_value(self, path: KeyPath, value: Any, rule: Mapping[str, Any]) -> tuple[Any, bool]:
        types = rule.get("type")
        types = types if isinstance(types, list) else [types]
        meta = rule.get("meta") or {}
        if value is None:
            return None, True
        if "expr" in types and isinstance(value, (str, int)):
            plain_text = isinstance(value, str) and len(types) > 1 and not _looks_like_expr(value)
            if not plain_text:
                expect = meta.get("expr") or ("bool" if path and path[-1] in CONDITION_ARGS else None)
                try:
                    return parse_expr(value, self.names, expect=expect), True
                except ExprError as exc:
                    self.sink.error(self.doc.text_pos(path, exc.offset), C.X_EXPR,
                                    f"bad expression {value!r}: {exc.message}", exc.hint)
                    return None, False
        if "pattern" in types and isinstance(value, (str, int)) and not isinstance(value, bool):
            try:
                return parse_pattern(str(value)), True
            except PatternError as exc:
                self.sink.error(self.doc.text_pos(path, exc.offset), C.K_PATTERN,
                                f"cannot read the key pattern {value!r}: {exc.message}", exc.hint)
                return None, False
        if "opcall" in types and (isinstance(value, (str, dict))):
            call = self.build(path, value, meta.get("kinds"), meta.get("ops"))
            return call, call is not None
        if isinstance(value, list) and isinstance(rule.get("schema"), Mapping):
            item_rule = rule["schema"]
            ok = self._distinct(path, value, meta.get("unique") or ())
            out = []
            for i, item in enumerate(value):
                c, good = self.convert_value(path + (i,), item, item_rule)
                out.append(c)
                ok = ok and good
            return out, ok
        if isinstance(value, dict) and isinstance(rule.get("schema"), Mapping) and "dict" in types:
            res = self.convert(path, value, rule["schema"])
            return (res if res is not None else value), res is not None
        if isinstance(value, dict) and isinstance(rule.get("valuesrules"), Mapping):
            out_d, ok = {}, True
            for k, item in value.items():
                c, good = self.convert_value(path + (k,), item, rule["valuesrules"])
                out_d[k] = c
                ok = ok and good
            return out_d, ok
        return value, True


# Expression arguments with these names are conditions: they must be true/false, never a number.
CONDITION_ARGS = ("if", "unless")


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _looks_like_expr(value: str) -> bool:
    """For args typed [string, expr]: a dotted name or an operator makes a text an expression."""
    return any(ch in value for ch in ".+-*/%<>=()") or value.strip().isdigit() or value.strip() in ("true", "false")


# --------------------------------------------------------------------------- walking built op calls


def walk(call: OpCall) -> Iterator[tuple[OpCall, str, Any, Mapping[str, Any]]]:
    """Every (op call, argument name, value, rule) inside ``call``, nested op calls included."""
    op = ops().get(call.op)
    schema = op.args if op else {}
    for key, value in call.args.items():
        yield from _walk_value(call, key, value, schema.get(key, {}))


def _walk_value(call: OpCall, key: str, value: Any, rule: Mapping[str, Any]) -> Iterator[tuple[OpCall, str, Any, Mapping[str, Any]]]:
    yield call, key, value, rule
    if isinstance(value, OpCall):
        yield from walk(value)
    elif isinstance(value, list):
        item_rule = rule.get("schema") if isinstance(rule.get("schema"), Mapping) else {}
        for item in value:
            yield from _walk_value(call, key, item, item_rule)
    elif isinstance(value, dict):
        sub = rule.get("schema") if isinstance(rule.get("schema"), Mapping) else None
        for k, item in value.items():
            r = sub.get(k, {}) if sub else (rule.get("valuesrules") or {})
            yield from _walk_value(call, key, item, r)


def nested_calls(calls: Sequence[OpCall | None]) -> Iterator[OpCall]:
    """Every op call of a list, with the op calls nested in their arguments."""
    for call in calls:
        if call is None:
            continue
        yield call
        for _c, _k, value, _r in walk(call):
            if isinstance(value, OpCall):
                yield value

"""A small, safe expression language for amounts and conditions in definitions.

``amount: key.spade.rank`` or ``if: target.rank % key.diamond.rank == 0 and target.rank != 0`` are parsed
here by a hand-written Pratt parser into an immutable AST, type-checked against the declared names of
:mod:`bpdsl.dsl.expr_names`, and compiled into a closure the engine calls with a resolver.  Nothing is
ever passed to ``eval``; an unknown name is an :class:`ExprError` at load time, never a silent 0.

Syntax::

    int literals  0 1 13          booleans  true false
    names         key.spade.rank  (dotted, from the declared table)
    arithmetic    + - * / %       (integers; "/" is floor division)
    comparison    == != < <= > >= (not chained)
    logic         and or not      parentheses ( )
    choice        X if C else Y   (C a condition; X and Y of one type: "11 if key.has_ace else 1")

Precedence, loosest first: if-else, or, and, not, comparison, + -, * / %, unary -.
"""
from __future__ import annotations

import operator
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Union

from bpdsl.diagnostics import did_you_mean
from bpdsl.dsl import expr_names
from bpdsl.dsl.expr_names import NameInfo

Value = Union[int, bool]
Resolver = Callable[[str], Value]


class ExprError(ValueError):
    """An expression that cannot be parsed or type-checked; ``offset`` is 0-based in the text."""

    def __init__(self, message: str, offset: int = 0, hint: str = ""):
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.hint = hint


class ExprEvalError(ExprError):
    """An expression that failed while being evaluated (division by zero, resolver returned a wrong type)."""


# --------------------------------------------------------------------------- AST


@dataclass(frozen=True)
class Num:
    value: Value
    offset: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Name:
    name: str
    offset: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Unary:
    op: str  # "-" | "not"
    operand: "Node"
    offset: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Binary:
    op: str
    left: "Node"
    right: "Node"
    offset: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Cond:
    """``then if test else other``: the value of ``then`` when ``test`` holds, else of ``other``."""

    test: "Node"
    then: "Node"
    other: "Node"
    offset: int = field(default=0, compare=False)


Node = Union[Num, Name, Unary, Binary, Cond]

ARITH = {"+", "-", "*", "/", "%"}
ORDER = {"<", "<=", ">", ">="}
EQUALITY = {"==", "!="}
LOGIC = {"and", "or"}


@dataclass(frozen=True)
class Expr:
    """A parsed, type-checked expression. Equal expressions have equal ASTs (positions are ignored)."""

    root: Node
    type: str  # "int" | "bool"
    text: str = field(default="", compare=False)
    _fn: Callable[[Resolver], Value] | None = field(default=None, compare=False, repr=False)

    def names(self) -> set[str]:
        """Every name the expression mentions."""
        out: set[str] = set()
        _collect(self.root, out)
        return out

    def evaluate(self, resolve: Resolver) -> Value:
        """Evaluate with ``resolve(name) -> int | bool`` supplying the value of every name."""
        fn = self._fn or _compile(self.root)
        return fn(resolve)

    @property
    def compiled(self) -> Callable[[Resolver], Value]:
        """The closure the engine calls in its hot loop (no tree walk, no lookups)."""
        return self._fn or _compile(self.root)

    @property
    def constant(self) -> Value | None:
        """The value when the expression is a literal, else None."""
        return self.root.value if isinstance(self.root, Num) else None

    def __str__(self) -> str:
        return unparse(self.root)


def _collect(node: Node, out: set[str]) -> None:
    if isinstance(node, Name):
        out.add(node.name)
    elif isinstance(node, Unary):
        _collect(node.operand, out)
    elif isinstance(node, Binary):
        _collect(node.left, out)
        _collect(node.right, out)
    elif isinstance(node, Cond):
        for part in (node.test, node.then, node.other):
            _collect(part, out)


_PREC = {"or": 1, "and": 2, "not": 3, "==": 4, "!=": 4, "<": 4, "<=": 4, ">": 4, ">=": 4,
         "+": 5, "-": 5, "*": 6, "/": 6, "%": 6}


def unparse(node: Node, parent: int = 0) -> str:
    """Canonical text of an AST (minimal parentheses)."""
    if isinstance(node, Num):
        return ("true" if node.value else "false") if isinstance(node.value, bool) else str(node.value)
    if isinstance(node, Name):
        return node.name
    if isinstance(node, Unary):
        if node.op == "not":
            s = "not " + unparse(node.operand, 3)
            return f"({s})" if parent > 3 else s
        return "-" + unparse(node.operand, 7)
    if isinstance(node, Cond):
        s = f"{unparse(node.then, 1)} if {unparse(node.test, 1)} else {unparse(node.other, 0)}"
        return f"({s})" if parent > 0 else s
    prec = _PREC[node.op]
    s = f"{unparse(node.left, prec)} {node.op} {unparse(node.right, prec + 1)}"
    return f"({s})" if parent > prec else s


# --------------------------------------------------------------------------- tokens


@dataclass(frozen=True)
class _Tok:
    kind: str  # "int" | "name" | "op" | "end"
    text: str
    offset: int


_OPS2 = ("==", "!=", "<=", ">=")
_OPS1 = "+-*/%<>()"
_KEYWORDS = {"and", "or", "not", "true", "false", "if", "else"}
_WRONG = {"&&": "and", "||": "or", "!": "not", "=": "==", "//": "/"}


def _tokenize(text: str) -> list[_Tok]:
    src = "".join(_half(ch) for ch in text)
    toks: list[_Tok] = []
    i, n = 0, len(src)
    while i < n:
        ch = src[i]
        if ch.isspace():
            i += 1
            continue
        if ch.isdigit():
            j = i
            while j < n and src[j].isdigit():
                j += 1
            if j < n and (src[j].isalpha() or src[j] == "_"):
                raise ExprError(f"a name cannot start with a digit: {src[i:j + 1]!r}", i)
            toks.append(_Tok("int", src[i:j], i))
            i = j
            continue
        if ch.isascii() and (ch.isalpha() or ch == "_"):
            j = i
            while j < n and src[j].isascii() and (src[j].isalnum() or src[j] in "_."):
                j += 1
            word = src[i:j]
            if word.endswith(".") or ".." in word:
                raise ExprError(f"malformed name {word!r}", i, "names are dotted words such as key.spade.rank")
            toks.append(_Tok("name", word, i))
            i = j
            continue
        two = src[i:i + 2]
        if two in _OPS2:
            toks.append(_Tok("op", two, i))
            i += 2
            continue
        if two in _WRONG:
            raise ExprError(f"unknown operator {two!r}", i, f"write {_WRONG[two]!r}")
        if ch in _OPS1:
            toks.append(_Tok("op", ch, i))
            i += 1
            continue
        if ch in _WRONG:
            raise ExprError(f"unknown operator {ch!r}", i, f"write {_WRONG[ch]!r}")
        raise ExprError(f"unexpected character {ch!r}", i,
                        "expressions use numbers, dotted names, + - * / %, comparisons, and/or/not, ( )")
    toks.append(_Tok("end", "", n))
    return toks


def _half(ch: str) -> str:
    n = unicodedata.normalize("NFKC", ch)
    return n if len(n) == 1 else ch


# --------------------------------------------------------------------------- parser


class _Parser:
    def __init__(self, text: str, names: Mapping[str, NameInfo]):
        self.text = text
        self.names = names
        self.toks = _tokenize(text)
        self.i = 0

    @property
    def tok(self) -> _Tok:
        return self.toks[self.i]

    def advance(self) -> _Tok:
        t = self.toks[self.i]
        self.i += 1
        return t

    def is_op(self, text: str) -> bool:
        t = self.tok
        return (t.kind == "op" or (t.kind == "name" and t.text in _KEYWORDS)) and t.text == text

    def infix_prec(self) -> int:
        t = self.tok
        if t.kind == "op" and t.text in _PREC:
            return _PREC[t.text]
        if t.kind == "name" and t.text in ("and", "or"):
            return _PREC[t.text]
        return 0

    def expression(self, min_prec: int = 0) -> tuple[Node, str]:
        node, typ = self.operators(min_prec)
        if min_prec == 0 and self.is_op("if"):  # X if C else Y: the loosest form, right-associative
            at = self.advance().offset
            test, ttype = self.operators(0)
            self.require("bool", ttype, "if", at)
            if not self.is_op("else"):
                raise ExprError("'if' without 'else'", self.tok.offset, "write: X if condition else Y")
            self.advance()
            other, otype = self.expression(0)
            if otype != typ:
                raise ExprError(f"'if' chooses between a {typ} and a {otype}", at,
                                "both sides of 'if ... else' have the same type")
            return Cond(test, node, other, at), typ
        return node, typ

    def operators(self, min_prec: int = 0) -> tuple[Node, str]:
        left, ltype = self.prefix()
        while True:
            prec = self.infix_prec()
            if prec <= min_prec:
                break
            op_tok = self.advance()
            op = op_tok.text
            right, rtype = self.operators(prec)
            left, ltype = self.combine(op, left, ltype, right, rtype, op_tok.offset)
            if op in ORDER | EQUALITY and self.infix_prec() == 4:
                raise ExprError("comparisons cannot be chained", self.tok.offset, "join them with 'and'")
        return left, ltype

    def prefix(self) -> tuple[Node, str]:
        t = self.advance()
        if t.kind == "int":
            return Num(int(t.text), t.offset), "int"
        if t.kind == "name":
            if t.text in ("true", "false"):
                return Num(t.text == "true", t.offset), "bool"
            if t.text == "not":
                operand, otype = self.operators(_PREC["not"])
                self.require("bool", otype, "not", t.offset)
                return Unary("not", operand, t.offset), "bool"
            if t.text in _KEYWORDS:
                raise ExprError(f"{t.text!r} needs a value on its left", t.offset)
            info = self.names.get(t.text)
            if info is None:
                raise ExprError(f"unknown name {t.text!r}", t.offset, _name_hint(t.text, self.names))
            return Name(t.text, t.offset), info.type
        if t.kind == "op" and t.text == "-":
            operand, otype = self.operators(6)
            self.require("int", otype, "-", t.offset)
            if isinstance(operand, Num):
                return Num(-operand.value, t.offset), "int"
            return Unary("-", operand, t.offset), "int"
        if t.kind == "op" and t.text == "(":
            inner, itype = self.expression(0)
            if not self.is_op(")"):
                raise ExprError("missing ')'", self.tok.offset, f"close the '(' opened at column {t.offset + 1}")
            self.advance()
            return inner, itype
        if t.kind == "end":
            raise ExprError("expression ends too early", t.offset, "a value (number or name) is missing")
        raise ExprError(f"unexpected {t.text!r}", t.offset, "a value (number, name or '(') was expected here")

    def require(self, want: str, got: str, op: str, offset: int) -> None:
        if want != got:
            hint = "compare numbers with == != < <= > >= to get a condition" if want == "bool" else \
                "a condition cannot be used as a number"
            raise ExprError(f"{op!r} needs {want} operands, got {got}", offset, hint)

    def combine(self, op: str, left: Node, lt: str, right: Node, rt: str, offset: int) -> tuple[Node, str]:
        if op in ARITH or op in ORDER:
            self.require("int", lt, op, offset)
            self.require("int", rt, op, offset)
            if op in ("/", "%") and isinstance(right, Num) and right.value == 0:
                raise ExprError("division by zero", offset)
            return Binary(op, left, right, offset), "int" if op in ARITH else "bool"
        if op in EQUALITY:
            if lt != rt:
                raise ExprError(f"{op!r} compares a {lt} with a {rt}", offset, "compare values of the same type")
            return Binary(op, left, right, offset), "bool"
        self.require("bool", lt, op, offset)
        self.require("bool", rt, op, offset)
        return Binary(op, left, right, offset), "bool"


def _name_hint(name: str, names: Mapping[str, NameInfo], kind: str | None = None) -> str:
    """What to write instead of an unknown name (``kind``: only names of that type were offered, "bool" for a
    condition: target.driven -> target.charged, not a number such as target.size)."""
    hint = did_you_mean(name, names)
    if hint:
        return hint
    if kind == "bool":
        head = name.split(".")[0]
        family = sorted(n for n in names if n.split(".")[0] == head)
        if family:
            return ("conditions on " + head + ": " + ", ".join(family[:8])
                    + " (a condition may be negated: 'not " + family[0] + "')")
    longer = sorted(n for n in names if n.startswith(name + "."))
    if longer:
        return "did you mean " + " or ".join(repr(n) for n in longer[:3]) + "?"
    head = name.split(".")[0]
    family = sorted(n for n in names if n.split(".")[0] == head)
    if family:
        return "known names here: " + ", ".join(family[:8])
    return "known names start with: " + ", ".join(sorted({n.split('.')[0] for n in names}))


def parse(text: str | int | bool, names: Mapping[str, NameInfo] | None = None, expect: str | None = None) -> Expr:
    """Parse and type-check an expression; ``expect`` ("int"/"bool") checks the result type."""
    table = expr_names.names() if names is None else names
    if isinstance(text, bool):
        root: Node = Num(text)
        typ = "bool"
        src = "true" if text else "false"
    elif isinstance(text, int):
        root, typ, src = Num(text), "int", str(text)
    elif isinstance(text, str):
        src = text
        if not text.strip():
            raise ExprError("empty expression", 0, "write a number, a name such as key.rank, or a condition")
        p = _Parser(text, table)
        try:
            root, typ = p.expression(0)
        except ExprError as exc:
            if expect is not None and exc.message.startswith("unknown name") and text.strip().split()[-1:] and \
                    exc.message == f"unknown name {text.strip().split()[-1]!r}":
                # the unknown name is the value itself: suggest names of the type this place needs
                exc.hint = _name_hint(text.strip().split()[-1], {n: i for n, i in table.items() if i.type == expect},
                                      expect) or exc.hint
            raise
        if p.tok.kind != "end":
            raise ExprError(f"unexpected {p.tok.text!r} after the expression", p.tok.offset,
                            "join conditions with 'and' / 'or'; combine numbers with + - * / %")
    else:
        raise ExprError(f"an expression must be a string or a number, not {type(text).__name__}", 0)
    if expect is not None and expect != typ:
        hint = "write a condition such as 'target.size <= 0'" if expect == "bool" else "write a number or a name such as key.rank"
        raise ExprError(f"expected a {'condition' if expect == 'bool' else 'number'}, got a {typ} expression", 0, hint)
    return Expr(root, typ, src, _compile(root))


# --------------------------------------------------------------------------- compile


def _floordiv(a: int, b: int) -> int:
    if b == 0:
        raise ExprEvalError("division by zero")
    return a // b


def _mod(a: int, b: int) -> int:
    if b == 0:
        raise ExprEvalError("division by zero")
    return a % b


_BINOPS: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": _floordiv, "%": _mod,
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
    "==": operator.eq, "!=": operator.ne,
}


def _compile(node: Node) -> Callable[[Resolver], Value]:
    if isinstance(node, Num):
        v = node.value
        return lambda _r: v
    if isinstance(node, Name):
        name = node.name
        return lambda r: r(name)
    if isinstance(node, Unary):
        inner = _compile(node.operand)
        if node.op == "not":
            return lambda r: not inner(r)
        return lambda r: -inner(r)
    if isinstance(node, Cond):
        test, then, other = _compile(node.test), _compile(node.then), _compile(node.other)
        return lambda r: then(r) if test(r) else other(r)
    left = _compile(node.left)
    right = _compile(node.right)
    if node.op == "and":
        return lambda r: bool(left(r)) and bool(right(r))
    if node.op == "or":
        return lambda r: bool(left(r)) or bool(right(r))
    fn = _BINOPS[node.op]
    return lambda r: fn(left(r), right(r))


# --------------------------------------------------------------------------- bind

Reader = Callable[[Any], Value]


def bind(expr: Expr, reader_for: Callable[[str], Reader]) -> Callable[[Any], Value]:
    """The expression as one closure of a context, each name replaced by ``reader_for(name)`` (asked once
    per name at binding): evaluation then calls the readers directly instead of resolving every name by
    its text at every decision.  Comparisons of a name with a literal and ``and`` / ``or`` of conditions
    (already booleans, by the type check) become single closures."""
    return _bind(expr.root, reader_for)


def _bind(node: Node, reader_for: Callable[[str], Reader]) -> Callable[[Any], Value]:
    if isinstance(node, Num):
        v = node.value
        return lambda _c: v
    if isinstance(node, Name):
        return reader_for(node.name)
    if isinstance(node, Unary):
        inner = _bind(node.operand, reader_for)
        if node.op == "not":
            return lambda c: not inner(c)
        return lambda c: -inner(c)
    if isinstance(node, Cond):
        test, then, other = (_bind(n, reader_for) for n in (node.test, node.then, node.other))
        return lambda c: then(c) if test(c) else other(c)
    if node.op in LOGIC:
        return _bind_logic(node, reader_for)
    left = _bind(node.left, reader_for)
    right = _bind(node.right, reader_for)
    fn = _BINOPS[node.op]
    if isinstance(node.right, Num) and node.op in ORDER | EQUALITY:
        k = node.right.value
        cmp = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
               "==": operator.eq, "!=": operator.ne}[node.op]
        if node.op == "==":
            return lambda c: left(c) == k
        if node.op == ">":
            return lambda c: left(c) > k
        return lambda c: cmp(left(c), k)
    return lambda c: fn(left(c), right(c))


def _bind_logic(node: Binary, reader_for: Callable[[str], Reader]) -> Callable[[Any], Value]:
    """``a and b and c`` (or ``or``) as one closure over its operands, left to right, stopping early."""
    parts: list[Node] = []

    def flatten(n: Node) -> None:
        if isinstance(n, Binary) and n.op == node.op:
            flatten(n.left)
            flatten(n.right)
        else:
            parts.append(n)
    flatten(node)
    fns = tuple(f if _is_condition(n) else (lambda c, f=f: bool(f(c))) for n in parts
                for f in (_bind(n, reader_for),))
    n = len(fns)
    if node.op == "and":
        if n == 2:
            a, b = fns
            return lambda c: a(c) and b(c)
        if n == 3:
            a, b, d = fns
            return lambda c: a(c) and b(c) and d(c)
        if n == 4:
            a, b, d, e = fns
            return lambda c: a(c) and b(c) and d(c) and e(c)
        return lambda c: all(f(c) for f in fns)
    if n == 2:
        a, b = fns
        return lambda c: a(c) or b(c)
    if n == 3:
        a, b, d = fns
        return lambda c: a(c) or b(c) or d(c)
    return lambda c: any(f(c) for f in fns)


def _is_condition(node: Node) -> bool:
    """Whether the node's value is a real bool by construction (a name may be read as 0/1)."""
    if isinstance(node, Binary):
        return node.op in ORDER | EQUALITY | LOGIC
    if isinstance(node, Unary):
        return node.op == "not"
    return isinstance(node, Num) and isinstance(node.value, bool)

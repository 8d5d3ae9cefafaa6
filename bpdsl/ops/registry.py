"""The op registry: THE vocabulary of effects, conditions, triggers, targets and abilities.

One op is declared once, in one place, with everything the three consumers need:

* its argument schema (cerberus) -- read by the validator (bpdsl.dsl),
* its executor                   -- read by the engine (bpdsl.engine),
* its Japanese phrase            -- read by the renderer (bpdsl.render) and the DSL reference.

Because the three read the same object, an op cannot exist in one of them and not in the others.

Declaring an op::

    DAMAGE = declare(
        "damage", "effect",
        args={"to": {"type": "string", "allowed": ["target", "self", "opponent"], "required": True},
              "amount": {"type": "expr", "required": True}},
        phrase=lambda p, a: f"{p.who(a['to'])}に{p.expr(a['amount'])}点のダメージを与える。",
        summary="Deal damage to a player (partial damage when the life is short).",
        example={"damage": {"to": "target", "amount": "key.spade.rank"}},
    )

    @DAMAGE.executor
    def _damage(ctx, args): ...
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Any, Callable, Literal, Mapping, Sequence
from bpdsl import plugins

OpKind = Literal[
    "effect",  # a step of an action's effect
    "cost",  # pays one cost letter (B, L, D, S)
    "condition",  # an activation condition / ※ note (once per turn, cannot be raised directly ...)
    "trigger",  # a trigger condition (誘発条件) or an ability's trigger
    "target",  # a target selector (対象)
    "ability",  # a character's or fog's ability (準備, 速攻, 魔力増加, 防壁の【ダメージ判定】 ...)
    "label",  # a character label (アタッカー, ブロッカー, 速攻)
    "size",  # how a character's size (数字 / サイズ) is computed
    "note",  # other printed notes with a rule behind them (e.g. cannot be countered)
]

Phrase = Callable[["PhraseContext", Mapping[str, Any]], str]


class PhraseContext:
    """What a phrase may know when it is rendered: the edition's printed terms and entry names.

    Kept deliberately small so that a phrase depends only on its arguments and the edition's wording
    (デッキ/ライフ, 数字/サイズ, スーツ/スート ...), never on game state.
    """

    def __init__(self, terms: Mapping[str, str], names: Mapping[str, str]):
        self.terms = dict(terms)
        self.names = dict(names)  # entry id -> printed name (actions, characters, fogs)
        # the target op call of the entry being rendered: phrases saying 「対象の…」 name what it targets
        self.target: Any = None
        # the selection a for_each step is rendering its steps for (filter words, whose, noun)
        self.each: Mapping[str, str] | None = None
        # the printed name of the card or entry whose ability is being rendered (a trump: 「<スラッシュ> を持つ」)
        self.holder: str | None = None
        # a trigger printed as the head of an ability's sentence (「…時、Xアクションを誘発する。」), not as an
        # action's own 誘発条件 (「…時に誘発する。」)
        self.trigger_head = False

    def term(self, key: str, default: str | None = None) -> str:
        """The edition's printed word for ``key`` (``default``, else the key itself, when it declares none)."""
        return self.terms.get(key, key if default is None else default)

    def name(self, entry_id: str) -> str:
        return self.names.get(entry_id, entry_id)


@dataclass
class Op:
    name: str
    kind: OpKind
    args: dict[str, dict[str, Any]]
    phrase: Phrase
    summary: str
    example: dict[str, Any]
    execute: Callable[..., Any] | None = None
    module: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    # prepare(args) -> an executor for one call: what the op can work out once per op call (an expression
    # bound when first run) instead of at every run; the engine's compiled actions use it when given
    prepare: Callable[[Mapping[str, Any]], Callable[..., Any]] | None = None

    def executor(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """Decorator: attach the engine's executor to this op (kept next to the declaration)."""
        self.execute = fn
        # the declaring module is the executor's: a compiled op module (bpdsl.speedups) runs its top level
        # without a Python frame, so the frame declare() looked at was its importer's
        self.module = fn.__module__
        return fn

    def render(self, ctx: PhraseContext, args: Mapping[str, Any]) -> str:
        return self.phrase(ctx, args)


REGISTRY: dict[str, Op] = {}


class OpDeclarationError(Exception):
    """A programming error in an op declaration (not a definitions error)."""


def declare(
    name: str,
    kind: OpKind,
    *,
    args: dict[str, dict[str, Any]] | None = None,
    phrase: Phrase | str,
    summary: str,
    example: dict[str, Any],
    prepare: Callable[[Mapping[str, Any]], Callable[..., Any]] | None = None,
    **extra: Any,
) -> Op:
    """Declare an op. A string phrase is a fixed text (an op without arguments that change its wording)."""
    if name in REGISTRY:
        raise OpDeclarationError(f"op {name!r} declared twice ({REGISTRY[name].module})")
    if isinstance(phrase, str):
        fixed = phrase
        phrase_fn: Phrase = lambda _ctx, _args: fixed  # noqa: E731
    else:
        phrase_fn = phrase
    op = Op(name, kind, dict(args or {}), phrase_fn, summary, example, module=_caller_module(), extra=extra,
            prepare=prepare)
    REGISTRY[name] = op
    return op


# Ops that no longer exist, with what to write instead: a designer's file that still names one gets an
# error naming the replacement (never a silent change of meaning).
RETIRED: dict[str, str] = {}


@dataclass(frozen=True)
class WordingTerm:
    """A word an op's phrase takes from the edition's terms, with the other words a list may print there.

    An edition sets it for all its sentences (``terms: {target_ref: 対象とした}``); one op call sets it for
    its own sentence (``terms:`` beside the op, like ``text:``).  ``bpdsl import official`` tries every
    choice when it searches for the composition that prints an official sentence."""

    key: str
    default: str
    choices: tuple[str, ...]
    summary: str


WORDING: dict[str, WordingTerm] = {}


def declare_term(key: str, default: str, choices: Sequence[str], summary: str) -> WordingTerm:
    """Declare a wording term (idempotent: a module imported twice declares the same term)."""
    term = WordingTerm(key, default, tuple(dict.fromkeys([default, *choices])), summary)
    WORDING[key] = term
    return term


def retire(name: str, replacement: str, migrate: "Migration | None" = None) -> None:
    """Record that op ``name`` was replaced by a composition of other ops (``replacement``, the text a
    designer writes instead).  ``migrate``, when the replacement needs no judgement, turns an old call's
    arguments into the new op calls: ``bpdsl migrate`` applies it."""
    if name in REGISTRY:
        raise OpDeclarationError(f"op {name!r} is declared and cannot be retired too")
    RETIRED[name] = replacement
    if migrate is not None:
        MIGRATIONS[name] = migrate


# An old op call's arguments -> the op calls that replace it (each a one-key mapping {op: args}), or None
# when this call needs the designer's judgement (its arguments have no mechanical replacement).
Migration = Callable[[Mapping[str, Any]], "list[dict[str, Any]] | None"]
MIGRATIONS: dict[str, Migration] = {}


@dataclass(frozen=True)
class Deprecation:
    """An op (or one argument of an op) that still works but will be retired: validation warns with W003 for
    at least one release before the retirement, and ``bpdsl migrate`` rewrites it."""

    name: str
    replacement: str   # what to write instead, as the hint says it
    since: str         # the release that deprecated it
    retire_in: str     # the first release that may retire it (at least the next one)
    migrate: Migration | None = None
    argument: str = ""  # a deprecated argument of op ``name`` ("" : the op itself)


DEPRECATED: dict[str, Deprecation] = {}
DEPRECATED_ARGS: dict[tuple[str, str], Deprecation] = {}
DEPRECATED_TERMS: dict[str, Deprecation] = {}  # an edition's (or a call's) term key -> the key it became


def deprecate_term(old: str, new: str, since: str, retire_in: str) -> Deprecation:
    """A wording term renamed from ``old`` to ``new``: a file writing ``old`` still gets its word (read as
    ``new``) with W003, for at least one release; ``bpdsl migrate`` renames the key."""
    dep = Deprecation(old, new, since, retire_in, None, "")
    DEPRECATED_TERMS[old] = dep
    return dep


def current_terms(terms: Mapping[str, Any]) -> dict[str, Any]:
    """``terms`` with every deprecated key under the key it became (a key written both ways keeps the new)."""
    out = {DEPRECATED_TERMS[k].replacement if k in DEPRECATED_TERMS else k: v for k, v in terms.items()}
    out.update({k: v for k, v in terms.items() if k not in DEPRECATED_TERMS})
    return out


def deprecate(name: str, replacement: str, since: str, retire_in: str, migrate: Migration | None = None,
              argument: str = "") -> Deprecation:
    """Mark op ``name`` (or its ``argument``) deprecated: it keeps working, a file using it gets W003 with
    ``replacement`` as the hint; ``migrate`` rewrites a call (the whole call: old args -> new op calls)."""
    dep = Deprecation(name, replacement, since, retire_in, migrate, argument)
    if argument:
        DEPRECATED_ARGS[(name, argument)] = dep
    else:
        DEPRECATED[name] = dep
    return dep


def _caller_module() -> str:
    import inspect

    frame = inspect.currentframe()
    caller = frame.f_back.f_back if frame and frame.f_back else None
    return caller.f_globals.get("__name__", "") if caller else ""


_loaded = False
_loading = False


def load_all() -> dict[str, Op]:
    """Import every module of bpdsl.ops and every op module of the registered games (bpdsl.plugins), so
    that all ops are declared; returns the registry."""
    global _loaded, _loading
    if not _loaded and not _loading:
        _loading = True  # an op module that asks for the registry while it is being filled gets it as is
        try:
            import bpdsl.ops as pkg

            for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
                if info.name != "registry":
                    importlib.import_module(f"bpdsl.ops.{info.name}")
            for plugin in plugins.games().values():
                for name in plugin.op_modules():
                    importlib.import_module(name)
            _loaded = True
        finally:
            _loading = False
    return REGISTRY


def get(name: str) -> Op:
    return load_all()[name]


def ops_of(kind: OpKind) -> list[Op]:
    return [op for op in load_all().values() if op.kind == kind]

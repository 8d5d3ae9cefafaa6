"""The words of a candidate call: the call printed in each other word of a wording term or value of a choice
(:func:`wordings`), and with one of its per-call words left open, so that an official sentence that says
another word there is found as that call with ``terms:`` beside it (:func:`fit`); :mod:`.phrases`' index
calls these.

A word counts only as a shortened form of the word the phrase prints by itself (「対象の兵士」 for
「対象の兵士の数字」), or a word the game declares for that name, or one a loaded edition or call already
gives that key, so a pattern never says another value than its call plays.  An open condition (``cond:``)
also takes words stating a comparison of a number of the game's state with a number (:mod:`.conditions`).
"""
from __future__ import annotations

import copy
import dataclasses
import re
from dataclasses import dataclass
from typing import Any, Mapping

from bpdsl.dsl.expr import Expr
from bpdsl.games.blackpoker.official.candidates import Candidate
from bpdsl.games.blackpoker.official.conditions import read_condition
from bpdsl.model import OpCall
from bpdsl.ops import registry


def patterns(index: Any, kind: str) -> list["_Pattern"]:
    """The candidates of ``kind`` with one per-call word left open (see the module docstring)."""
    key = ("pattern:" + kind, index._target_key if kind == "effect" else "")
    if key not in index._patterns:
        pool = index.by_kind.get(kind, []) + (index.by_kind.get("condition", []) if kind == "note" else [])
        out: list[_Pattern] = []
        for c in pool:
            if c.call.text is not None:
                continue
            for term in _worded_keys(c.call):
                pattern = _pattern(index, c, term)
                if pattern is not None:
                    out.append(pattern)
        index._patterns[key] = out
    return index._patterns[key]


def _pattern(index: Any, c: Any, term: str) -> "_Pattern | None":
    open_ = index._printed(c, {term: _OPEN})
    plain = index._printed(c)
    if not open_ or not plain or len(open_) != 1 or len(plain) != 1 or _OPEN not in open_[0]:
        return None
    pieces = open_[0].split(_OPEN)
    regex = re.compile("(.*?)".join(re.escape(p) for p in pieces[:2])
                       + "".join(r"\1" + re.escape(p) for p in pieces[2:]))
    said = regex.fullmatch(plain[0])
    if said is None:
        return None
    unsaid = index._printed(c, {term: ""})  # a phrase may word around a name left unsaid (「が」 dropped)
    return _Pattern(c, term, regex, said.group(1), open_[0],
                    unsaid[0] if unsaid and len(unsaid) == 1 and said.group(1) else None)


def say(index: Any, pattern: "_Pattern", word: str) -> Any | None:
    """The call as written with ``word`` for its open term, or None where the word is not one the call
    may print there: a shortened form of its own word, or a word a loaded edition or call gives the key.
    An open condition (``cond:``) also takes words that state another condition the game can check
    (:func:`.conditions.read_condition`: 「プレイヤーのライフが9以下の場合に」): the call then checks that
    condition, worded as the sentence says it."""
    if word == pattern.word:
        return None
    if _shortened(word, pattern.word) or word in index.known.get(pattern.term, ()):
        raw = {pattern.candidate.raw: {}} if isinstance(pattern.candidate.raw, str) \
            else copy.deepcopy(pattern.candidate.raw)
        raw["terms"] = {**raw.get("terms", {}), pattern.term: word}
        return raw
    if pattern.term.startswith("cond:") and (source := read_condition(word)) is not None:
        raw = _with_condition(pattern.candidate.raw, pattern.term.removeprefix("cond:"), source)
        if raw is not None:
            terms = {k: v for k, v in (raw.get("terms") or {}).items() if k != pattern.term}
            raw["terms"] = {**terms, "cond:" + "".join(source.split()): word}
            return raw
    return None


def fit(index: Any, kind: str, text: str) -> Any | None:
    """The call that prints ``text`` (normalised) with one per-call word of its own, or None."""
    for pattern in patterns(index, kind):
        if pattern.unsaid == text and (raw := say(index, pattern, "")) is not None:
            return raw
        m = pattern.regex.fullmatch(text)
        if m is not None and (raw := say(index, pattern, m.group(1))) is not None:
            return raw
    return None


_OPEN = "\ue000"  # a placeholder word (private use: no sentence contains it)


@dataclass
class _Pattern:
    """A candidate printed with one per-call term left open: ``regex`` finds the word a sentence says there;
    ``word`` is what the call prints there by itself."""

    candidate: Any  # the phrases.Candidate
    term: str
    regex: re.Pattern[str]
    word: str
    printed: str
    unsaid: str | None = None  # printed with the word left out, where that is not the pattern with ""


def _worded_keys(call: OpCall) -> list[str]:
    """The per-call term keys that word a part of ``call``'s sentence: ``expr:<name>`` of every name and
    ``cond:<condition>`` of every condition in its expression arguments (nested calls' too), names first
    (the narrowest wording is preferred)."""
    out: list[str] = []
    conds: list[str] = []

    def visit(value: Any) -> None:
        if isinstance(value, Expr):
            if value.type == "bool" and value.text:
                conds.append("cond:" + "".join(value.text.split()))
            out.extend(f"expr:{name}" for name in sorted(value.names()))
        elif isinstance(value, OpCall):
            for v in value.args.values():
                visit(v)
        elif isinstance(value, Mapping):
            for v in value.values():
                visit(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                visit(v)

    visit(call)
    return list(dict.fromkeys(out + conds))


def _with_condition(raw: Any, old: str, source: str) -> dict[str, Any] | None:
    """A copy of the call ``raw`` as written with the condition ``old`` (source text without spaces) replaced
    by ``source`` wherever it is an argument (nested calls too); None when ``raw`` writes no such argument."""
    if not isinstance(raw, dict):
        return None
    replaced = False

    def swap(value: Any) -> Any:
        nonlocal replaced
        if isinstance(value, str) and "".join(value.split()) == old:
            replaced = True
            return source
        if isinstance(value, dict):
            return {k: v if k == "terms" else swap(v) for k, v in value.items()}
        if isinstance(value, list):
            return [swap(v) for v in value]
        return value

    out = swap(copy.deepcopy(raw))
    return out if replaced else None


def _shortened(word: str, full: str) -> bool:
    """True when ``word`` is ``full`` with some characters left out (「対象の兵士」 of 「対象の兵士の数字」)."""
    rest = iter(full)
    return len(word) < len(full) and all(ch in rest for ch in word)


def wordings(index: Any, c: Candidate, printed: list[str]) -> list[tuple[Candidate, list[str]]]:
    """The candidate varied: each other value of one argument that takes a choice (a flag, a value of an
    ``allowed`` list), and each other word of a wording term than the edition's (registry.WORDING,
    written as ``terms:`` beside the call), alone and together -- each variant that prints another
    sentence."""
    op = registry.get(c.call.op)
    arg_choices: list[tuple[str | None, Any]] = [(None, None)]
    for name, rule in op.args.items():
        if not isinstance(rule, Mapping) or name not in c.call.args:
            continue
        if rule.get("type") == "boolean":
            arg_choices.append((name, not c.call.args[name]))
        elif isinstance(rule.get("allowed"), (list, tuple)) and len(rule["allowed"]) <= 8:
            arg_choices += [(name, v) for v in rule["allowed"] if v != c.call.args[name]]
    term_choices: list[tuple[str, str] | None] = [None]
    for term in registry.WORDING.values():  # the edition's own word is tried first (not written)
        current = index.ctx.terms.get(term.key, term.default)
        term_choices += [(term.key, w) for w in term.choices if w != current]
    out: list[tuple[Candidate, list[str]]] = []
    seen = {tuple(printed)}
    for arg, value in arg_choices:
        for term in term_choices:
            if arg is None and term is None:
                continue
            call = c.call if arg is None else dataclasses.replace(c.call, args={**c.call.args, arg: value})
            other = index._printed(Candidate(c.raw, call, c.kind), dict([term]) if term else None)
            if not other or tuple(other) in seen:
                continue
            seen.add(tuple(other))
            raw = {c.raw: {}} if isinstance(c.raw, str) else copy.deepcopy(c.raw)
            if arg is not None:
                name = next(k for k in raw if k not in ("text", "terms"))
                args = raw[name] if isinstance(raw[name], dict) else {}
                raw[name] = {**args, arg: value}
            if term is not None:
                raw["terms"] = {**raw.get("terms", {}), term[0]: term[1]}
            out.append((Candidate(raw, call, c.kind), other))
    return out

"""The phrase search's last tries for an official sentence no written call prints: the calls varied in what a
sentence names, and, where nothing fits, the calls whose phrases come closest (to tell the designer).

A candidate call names entries by id (``raise_action: {action: damage_judgement}``); the same call naming
another entry prints another sentence (「ブロックアクションを起こす。」 for ``action: block``).  Trying every
entry of the edition for every reference would print thousands of sentences, so only the entries whose
printed names the sentence says are tried, each with and without the call's optional arguments (a
condition 「…場合、」 the sentence leaves out).  A variant counts only when printing it gives the sentence
back, exactly as for the written calls.
"""
from __future__ import annotations

import copy
import dataclasses
import difflib
from itertools import product
from typing import TYPE_CHECKING, Any, Mapping

from bpdsl.ops import registry

if TYPE_CHECKING:
    from bpdsl.games.blackpoker.official.phrases import Candidate, PhraseIndex


def refit(index: "PhraseIndex", kind: str, text: str) -> Any | None:
    """A call of ``kind`` printing the normalised ``text``: a candidate with its references set to entries
    the text names and its optional arguments kept or left out; None when none prints it."""
    from bpdsl.games.blackpoker.official.phrases import Candidate, norm

    named = {eid for eid, name in index.ctx.names.items() if name and norm(name) in text}
    seen: set[str] = set()
    for c in index.by_kind.get(kind, []):
        if c.call.text is not None or not isinstance(c.raw, dict):
            continue
        op = registry.get(c.call.op)
        refs = [a for a, rule in op.args.items() if a in c.call.args and isinstance(rule, Mapping)
                and rule.get("type") == "ref" and (rule.get("meta") or {}).get("ref") in ("action", "character", "fog")]
        optional = [a for a, rule in op.args.items() if a in c.call.args and isinstance(rule, Mapping)
                    and not rule.get("required") and a not in refs]
        if not refs and not optional:
            continue
        choices = [[(a, eid) for eid in sorted(_of_kind(index, named, op.args[a]))] or [(a, c.call.args[a])]
                   for a in refs]
        for picked in product(*choices):
            for dropped in ([], *([a] for a in optional), optional if len(optional) > 1 else []):
                args = {**{k: v for k, v in c.call.args.items() if k not in dropped}, **dict(picked)}
                key = f"{c.call.op}:{sorted(args.items(), key=lambda kv: kv[0])!r}"
                if key in seen or (not dropped and dict(picked) == {a: c.call.args[a] for a in refs}):
                    continue
                seen.add(key)
                call = dataclasses.replace(c.call, args=args)
                printed = index._printed(Candidate(c.raw, call, c.kind))
                if printed == [text]:
                    return _written(c, dict(picked), dropped)
    return None


def _of_kind(index: "PhraseIndex", named: set[str], rule: Mapping[str, Any]) -> set[str]:
    """The named ids an argument referring to ``rule``'s kind of entry may take."""
    kind = (rule.get("meta") or {}).get("ref")
    ids = index.entry_ids.get(str(kind))
    return named & ids if ids is not None else set()


def _written(c: "Candidate", picked: dict[str, Any], dropped: list[str]) -> Any:
    """The candidate as written in YAML with the references ``picked`` and without the ``dropped`` args."""
    raw = copy.deepcopy(c.raw)
    name = next(k for k in raw if k not in ("text", "terms"))
    args = dict(raw[name]) if isinstance(raw[name], dict) else {}
    for a in dropped:
        args.pop(a, None)
    args.update(picked)
    raw[name] = args
    return raw


def nearest(index: "PhraseIndex", kind: str, text: str, n: int = 3) -> list[tuple[str, str]]:
    """The ops whose printed sentences come closest to the normalised ``text``: (op, printed), best first --
    what the search tried a sentence against, for the designer who writes it as ops."""
    scored: list[tuple[float, str, str]] = []
    for printed, hits in index.table(kind).items():
        m = difflib.SequenceMatcher(None, text, printed, autojunk=False)
        if m.real_quick_ratio() < 0.2:
            continue
        scored.append((m.ratio(), hits[0][0].call.op, printed))
    scored.sort(key=lambda s: -s[0])
    out: list[tuple[str, str]] = []
    for _, op, printed in scored:
        if all(op != o for o, _ in out):
            out.append((op, printed))
        if len(out) == n:
            break
    return out

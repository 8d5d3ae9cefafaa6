"""The compiled rules of the sandbox's games are cached per definitions object within a bound: the studio's
"play this" brings new definitions every time, and each used to stay (with its rules) for the life of the
server."""
from __future__ import annotations

import pytest

from bpdsl.engine import load_definitions
from bpdsl.web import starts


class Copy:
    """Another definitions object with the same editions (a studio's check makes a new one each time)."""

    def __init__(self, defs: object):
        self.editions = defs.editions  # type: ignore[attr-defined]
        self.source = defs


def test_rules_are_cached_per_definitions_within_a_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(starts, "MAX_RULES", 3)
    monkeypatch.setattr(starts, "_RULES", type(starts._RULES)())
    compiled: list[object] = []
    monkeypatch.setattr("bpdsl.engine.build_rules", lambda e, f, d: compiled.append(d) or (e, f, d))
    defs = load_definitions()
    copies = [Copy(defs) for _ in range(10)]
    for c in copies:
        assert starts.rules_for(c, "act8.0", "std") == ("act8.0", "std", c)
        assert len(starts._RULES) <= 3
    assert compiled == copies
    assert starts.rules_for(copies[-1], "act8.0", "std")[2] is copies[-1]  # still cached: not compiled again
    assert len(compiled) == 10
    assert starts.rules_for(copies[0], "act8.0", "std")[2] is copies[0]  # dropped long ago: compiled again
    assert len(compiled) == 11 and len(starts._RULES) == 3


def test_an_entry_never_answers_for_other_definitions_with_the_same_id(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(starts, "_RULES", type(starts._RULES)())
    monkeypatch.setattr("bpdsl.engine.build_rules", lambda e, f, d: (e, f, d))
    defs = load_definitions()
    a, b = Copy(defs), Copy(defs)
    starts.rules_for(a, "act8.0", "std")
    key = (id(a), "act8.0", "std")
    starts._RULES[(id(b), "act8.0", "std")] = starts._RULES.pop(key)  # as if b had been given a's old id
    assert starts.rules_for(b, "act8.0", "std")[2] is b

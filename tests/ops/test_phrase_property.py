"""Property test: every phrase renders for any arguments its schema accepts (not only for its example).

Arguments are drawn from each op's own cerberus schema: allowed values, ranges, lists, nested mappings,
expressions of the declared type and references.  A phrase must return non-empty text without leftovers
of string formatting, in the wording of every bundled edition.
"""
from __future__ import annotations

from typing import Any, Mapping

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bpdsl.ops import registry
from bpdsl.ops.registry import PhraseContext

OPS = registry.load_all()
INT_EXPRS = ["key.rank", "key.spade.rank", "key.diamond.rank", "key.rank_sum", "target.size", "3", "key.rank + 1"]
BOOL_EXPRS = ["key.has_ace", "not key.has_ace", "attackers.count >= 1", "target.charged"]
# nested op calls of each kind a schema may ask for (``type: opcall`` with ``meta: {kinds: [...]}``)
OPCALLS: dict[str, list[Any]] = {
    "ability": [{"may_raise": {"action": "attack"}}, {"raise_by_driving": {"action": "attack", "free": True}}],
    "trigger": [{"player_raised": {"action": "end", "by": "self"}}, "ability_enabled"],
    "effect": [{"draw_top": {"count": 2}}, "end_turn"],
}
PATTERNS = ["♠2〜10", "J〜K", "A", "♠A〜K と ♣A〜K"]
CONTEXTS = [
    PhraseContext({"life": "デッキ", "size": "数字", "suit": "スーツ", "wording": "classic"}, {"hero": "英雄"}),
    PhraseContext({"life": "ライフ", "size": "サイズ", "suit": "スート", "wording": "modern"}, {}),
]


def _value(rule: Mapping[str, Any]) -> st.SearchStrategy[Any]:
    if "allowed" in rule:
        return st.sampled_from(list(rule["allowed"]))
    kind = rule.get("type")
    meta = rule.get("meta") or {}
    if isinstance(kind, list):
        return st.one_of(*[_value({**rule, "type": k}) for k in kind])
    if kind == "opcall":
        return st.sampled_from([c for k in meta.get("kinds") or ["effect"] for c in OPCALLS.get(k, [])])
    if kind == "pattern":
        return st.sampled_from(PATTERNS)
    if kind == "integer":
        return st.integers(min_value=rule.get("min", -5), max_value=rule.get("max", 20))
    if kind == "boolean":
        return st.booleans()
    if kind == "expr":
        return st.sampled_from(BOOL_EXPRS if meta.get("expr") == "bool" else INT_EXPRS)
    if kind == "ref":
        return st.sampled_from(["hero", "bulwark", "attack", "fog_up", "unknown_id"])
    if kind == "string":
        if "regex" in rule:
            return st.from_regex(rule["regex"], fullmatch=True)
        return st.text(alphabet="防壁速攻魔法AB", min_size=1, max_size=6)
    if kind == "list":
        return st.lists(_value(rule.get("schema", {"type": "string"})), min_size=rule.get("minlength", 0),
                        max_size=4)
    if kind == "dict":
        return _args(rule.get("schema", {}))
    if kind == "opcall":  # a nested step of a composite op
        return st.sampled_from(["end_turn", {"draw": {"count": 1}}, {"send_to_grave": {"cards": "each"}}])
    return st.none()


def _args(schema: Mapping[str, Mapping[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    # required arguments that exclude each other (raise_free: action or same_as_trigger): exactly one of them
    either = [k for k, r in schema.items() if r.get("required") and r.get("excludes")]
    required = {k: _value(r) for k, r in schema.items() if r.get("required") and k not in either}
    optional = {k: _value(r) for k, r in schema.items() if not r.get("required")}
    base = st.fixed_dictionaries(required, optional=optional)
    if not either:
        return base
    return st.tuples(base, st.sampled_from(either)).flatmap(
        lambda pair: _value(schema[pair[1]]).map(lambda v: {**pair[0], pair[1]: v}))


@pytest.mark.parametrize("name", sorted(OPS))
def test_phrase_renders_any_valid_arguments(name: str) -> None:
    op = OPS[name]
    from bpdsl.dsl.schema import DSLValidator

    validator = DSLValidator(dict(op.args), allow_unknown=False)
    rendered = [0]

    @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
    @given(_args(op.args))
    def check(args: dict[str, Any]) -> None:
        if not validator.validate(args):
            return  # the generator over-approximates some constraints; the schema decides
        normal = validator.document
        for ctx in CONTEXTS:
            text = op.render(ctx, normal)
            assert isinstance(text, str) and text.strip()
            assert "None" not in text and "{" not in text
        rendered[0] += 1

    check()
    assert rendered[0] > 0, "no generated arguments were valid: the generator misses this schema"

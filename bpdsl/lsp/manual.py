"""An op's manual entry as Markdown, from its declaration in the op registry (the same facts the DSL
reference chapter prints: summary, arguments with their schema, the phrase of its example, the example)."""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.dsl import cards, expr
from bpdsl.ops.registry import RETIRED, Op, PhraseContext, load_all


def describe_rule(rule: Mapping[str, Any]) -> str:
    """One line for an argument's schema: type, required, allowed values, default, range."""
    typ = rule.get("type", "any")
    parts = ["/".join(typ) if isinstance(typ, list) else str(typ)]
    if rule.get("required"):
        parts.append("required")
    for key in ("allowed", "default", "min", "max"):
        if key in rule:
            value = rule[key]
            parts.append(f"{key}: {', '.join(map(str, value)) if isinstance(value, (list, tuple)) else value}")
    kinds = (rule.get("meta") or {}).get("kinds") if isinstance(rule.get("meta"), Mapping) else None
    if kinds:
        parts.append("op calls of kind " + "/".join(kinds))
    return "; ".join(parts)


def example_phrase(op: Op, ctx: PhraseContext) -> str:
    """The op's phrase for its own example, or "" when the example cannot be phrased outside a definition."""
    example = dict(op.example or {})
    if "text" in example:
        return str(example["text"])
    raw = example.get(op.name) or {}
    raw = dict(raw) if isinstance(raw, Mapping) else {next(iter(op.args), "value"): raw}
    parsed: dict[str, Any] = {}
    try:
        for name, value in raw.items():
            typ = (op.args.get(name) or {}).get("type")
            if typ == "expr" and isinstance(value, (str, int, bool)):
                parsed[name] = expr.parse(value)
            elif typ == "pattern" and isinstance(value, str):
                parsed[name] = cards.parse_pattern(value)
            else:
                parsed[name] = value
        return op.render(ctx, parsed)
    except Exception:  # noqa: BLE001 - a phrase that needs a whole definition; the manual shows the example
        return ""


def op_manual(name: str, ctx: PhraseContext | None = None) -> str:
    """Markdown: ``name (kind)``, its summary, its arguments, its example and the example's phrase."""
    if name in RETIRED:
        return f"**{name}** — retired op\n\nwrite instead: `{RETIRED[name]}`"
    op = load_all().get(name)
    if op is None:
        return ""
    lines = [f"**{op.name}** ({op.kind} op)", "", op.summary]
    if op.args:
        lines += ["", "arguments:"]
        lines += [f"- `{arg}`: {describe_rule(rule)}" for arg, rule in op.args.items()]
    if op.example:
        import yaml

        lines += ["", "example:", "```yaml", yaml.safe_dump([op.example], allow_unicode=True,
                                                             default_flow_style=None, sort_keys=False).strip(), "```"]
        phrase = example_phrase(op, ctx or PhraseContext({}, {}))
        if phrase:
            lines += ["", f"prints: {phrase}"]
    return "\n".join(lines)

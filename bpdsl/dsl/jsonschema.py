"""JSON Schemas (draft 2020-12) of the definitions documents, for editors' YAML language servers.

Made from the very cerberus schemas the validator uses (each document kind's, and every op's ``args``), so
completion and hover in an editor cannot drift from what ``bpdsl validate`` checks.  Op calls are spelled
out: a step of ``effect:`` completes to the effect ops, each with its own arguments, types, defaults and
summary.  The JSON Schema is looser than the validator where a rule needs the model (an expression's
meaning, a key pattern's grammar, a reference to an entry): those stay ``bpdsl validate``'s job.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

DRAFT = "https://json-schema.org/draft/2020-12/schema"

_SIMPLE = {"string": "string", "integer": "integer", "boolean": "boolean", "number": "number", "float": "number",
           "dict": "object", "list": "array", "ref": "string"}
JSON = dict[str, Any]


class _Converter:
    def __init__(self, ops: Mapping[str, Any]):
        self.ops = ops
        self.defs: dict[str, JSON] = {}  # $defs of the document: op calls by kind, one entry per op

    def rule(self, rule: Mapping[str, Any], opcall_kinds: Iterable[str] | None = None) -> JSON:
        """The JSON Schema of one cerberus rule (``opcall_kinds`` narrows an op-call rule)."""
        if "anyof" in rule and "type" not in rule:
            return {"anyOf": [self.rule(r, opcall_kinds) for r in rule["anyof"]]}
        types = rule.get("type")
        names = [types] if isinstance(types, str) else list(types or [])
        variants = [self._typed(t, rule, opcall_kinds) for t in names] or [self._constraints({}, None, rule)]
        if rule.get("nullable"):
            variants.append({"type": "null"})
        out: JSON = variants[0] if len(variants) == 1 else {"anyOf": variants}
        if "default" in rule and not callable(rule["default"]):
            out = {**out, "default": rule["default"]}
        return out

    def _typed(self, name: str, rule: Mapping[str, Any], opcall_kinds: Iterable[str] | None) -> JSON:
        meta = rule.get("meta") or {}
        if name == "opcall":
            kinds = meta.get("kinds") or opcall_kinds
            return {"$ref": "#/$defs/" + self.opcall_def(kinds)}
        if name == "expr":
            want = meta.get("expr")
            base: JSON = {"type": ["string", "boolean"] if want == "bool" else ["string", "integer"]} if want else \
                {"type": ["string", "integer", "boolean"]}
            return {**base, "description": "an expression, e.g. key.spade.rank or opponent.life"}
        if name == "pattern":
            return {"type": ["string", "integer"], "description": 'a key-card pattern, e.g. "♠A〜K と ♣A〜K"'}
        return self._constraints({"type": _SIMPLE.get(name, "string")}, name, rule, opcall_kinds)

    def _constraints(self, out: JSON, name: str | None, rule: Mapping[str, Any],
                     opcall_kinds: Iterable[str] | None = None) -> JSON:
        if name == "dict":
            if "schema" in rule:
                out.update(self.mapping(rule["schema"], allow_unknown=bool(rule.get("allow_unknown"))))
            if "keysrules" in rule:
                out["propertyNames"] = {k: v for k, v in self.rule(rule["keysrules"]).items()
                                        if k in ("type", "enum", "pattern", "minLength")} or {"type": "string"}
                out["propertyNames"].pop("type", None)
            if "valuesrules" in rule:
                out["additionalProperties"] = self.rule(rule["valuesrules"], opcall_kinds)
        elif name == "list":
            if "schema" in rule:
                out["items"] = self.rule(rule["schema"], opcall_kinds)
            if "allowed" in rule:
                out["items"] = {**out.get("items", {}), "enum": list(rule["allowed"])}
            if "minlength" in rule:
                out["minItems"] = rule["minlength"]
            if "maxlength" in rule:
                out["maxItems"] = rule["maxlength"]
        elif name == "string" or name == "ref":
            if "allowed" in rule:
                out["enum"] = list(rule["allowed"])
            if "regex" in rule:
                out["pattern"] = f"^(?:{rule['regex']})$"
            if rule.get("empty") is False:
                out["minLength"] = 1
            if "minlength" in rule:
                out["minLength"] = rule["minlength"]
            if "maxlength" in rule:
                out["maxLength"] = rule["maxlength"]
        elif name in ("integer", "number", "float"):
            if "allowed" in rule:
                out["enum"] = list(rule["allowed"])
            if "min" in rule:
                out["minimum"] = rule["min"]
            if "max" in rule:
                out["maximum"] = rule["max"]
        return out

    def mapping(self, fields: Mapping[str, Any], allow_unknown: bool = False,
                opcall_fields: Mapping[str, Iterable[str]] | None = None) -> JSON:
        props = {key: self.rule(rule, (opcall_fields or {}).get(key)) for key, rule in fields.items()}
        out: JSON = {"properties": props}
        required = [key for key, rule in fields.items() if isinstance(rule, Mapping) and rule.get("required")]
        # required fields that exclude each other (raise_free: action or same_as_trigger): exactly one of them
        either = [key for key in required if fields[key].get("excludes")]
        required = [key for key in required if key not in either]
        if required:
            out["required"] = required
        if either:
            out["oneOf"] = [{"required": [key]} for key in either]
        if not allow_unknown:
            out["additionalProperties"] = False
        return out

    # ---------------------------------------------------------------- op calls

    def opcall_def(self, kinds: Iterable[str] | None) -> str:
        chosen = sorted(set(kinds)) if kinds else []
        name = "opcall" + "".join(f"_{k}" for k in chosen)
        if name not in self.defs:
            self.defs[name] = {}  # reserved first: an op whose arguments nest op calls refers back here
            ops = [op for op in self.ops.values() if not chosen or op.kind in chosen]
            bare = sorted(op.name for op in ops if not any(r.get("required") for r in op.args.values()))
            variants: list[JSON] = [{"$ref": "#/$defs/" + self.op_def(op)} for op in sorted(ops, key=lambda o: o.name)]
            if bare:
                variants.insert(0, {"type": "string", "enum": bare, "description": "an op without arguments"})
            what = " or ".join(chosen) if chosen else "any"
            self.defs[name] = {"description": f"an op call ({what}): 'op_name' or 'op_name: {{args}}'",
                               **({"anyOf": variants} if variants else {"not": {}})}
        return name

    def op_def(self, op: Any) -> str:
        name = f"op.{op.name}"
        if name not in self.defs:
            self.defs[name] = {}
            args: JSON = {"type": "object", **self.mapping(op.args)}
            variants: list[JSON] = [args]
            if not any(r.get("required") for r in op.args.values()):
                variants.append({"type": "null"})
            if len(op.args) == 1:  # `draw: 1` for `draw: {count: 1}`
                variants.append(self.rule(next(iter(op.args.values()))))
            summary = f"{op.name} ({op.kind}): {op.summary}"
            self.defs[name] = {
                "type": "object", "description": summary, "markdownDescription": f"**{op.name}** — {op.summary}",
                "properties": {op.name: variants[0] if len(variants) == 1 else {"anyOf": variants},
                               "text": {"type": "string", "description": "override of the printed phrase"},
                               "terms": {"type": "object", "additionalProperties": {"type": "string"},
                                         "description": "wording terms of this sentence only, e.g. "
                                                        "{target_ref: 対象とした}"}},
                "required": [op.name], "additionalProperties": False,
            }
        return name


def document_schemas(kinds: Mapping[str, Any], ops: Mapping[str, Any],
                     opcall_fields: Mapping[str, Mapping[str, Iterable[str]]]) -> dict[str, JSON]:
    """One JSON Schema per document kind.  ``opcall_fields``: per kind, the list key's entry fields that hold
    op calls and the op kinds allowed there (bpdsl.dsl.entries.SPECS)."""
    out: dict[str, JSON] = {}
    for kind in sorted(kinds.values(), key=lambda k: (k.order, k.name)):
        conv = _Converter(ops)
        fields = dict(kind.schema)
        entry_fields = opcall_fields.get(kind.name)
        body = conv.mapping({"kind": {"type": "string", "required": True, "allowed": [kind.name]}, **fields})
        if entry_fields:
            list_key = next(k for k, r in fields.items() if r.get("type") == "list" and "schema" in r)
            item = fields[list_key]["schema"]
            body["properties"][list_key] = {"type": "array", "items": {
                "type": "object", **conv.mapping(item["schema"], opcall_fields=entry_fields)}}
        out[kind.name] = {"$schema": DRAFT, "$id": f"urn:bpdsl:schema:{kind.name}",
                          "title": f"bpdsl {kind.name} document", "type": "object", **body,
                          "$defs": dict(sorted(conv.defs.items()))}
    return out


def mapping_schema(name: str, fields: Mapping[str, Any], title: str, allow_unknown: bool = True) -> JSON:
    """The JSON Schema of a document given by its cerberus fields alone, no op calls (a scenario file: the
    engine owns its schema, this module its conversion)."""
    conv = _Converter({})
    body = conv.mapping(fields, allow_unknown=allow_unknown)
    return {"$schema": DRAFT, "$id": f"urn:bpdsl:schema:{name}", "title": title, "type": "object", **body}


def bundled_schemas() -> dict[str, JSON]:
    """The schemas of the registered kinds and ops of this bpdsl."""
    from bpdsl.dsl.entries import SPECS
    from bpdsl.dsl.loader import load_kinds
    from bpdsl.ops.registry import load_all

    fields = {spec.attr: dict(spec.op_fields) for spec in SPECS.values()}
    return document_schemas(load_kinds(), load_all(), fields)


def schema_files() -> dict[str, str]:
    """File name (``<kind>.schema.json``) -> JSON text of every kind's schema."""
    import json

    return {f"{kind}.schema.json": json.dumps(schema, ensure_ascii=False, indent=1) + "\n"
            for kind, schema in bundled_schemas().items()}

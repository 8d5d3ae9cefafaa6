"""Document kind ``guidelines``: the design guidelines of a game (bpdsl.dsl.guidelines), as data.

Example::

    kind: guidelines
    game: blackpoker
    guidelines:
      - id: keyed_normal_quick
        level: 必須                      # 必須: a breach is an error; 推奨: a warning
        title: キーカードのない通常-クイックは作らない
        text: ステージに残るクイックのアクションには、解決順を決めるキーカードが要る。
        check: {request_requires: {where: {trigger: direct, speed: normal, timing: quick}, require: {key: true}}}

``check`` is one check with its arguments (``{name: {args}}``, or the bare name for none); the checks are
listed by ``bpdsl validate --guidelines`` and in the designer's manual.  The result is kept in
``Definitions.extra["guidelines"][<game>]`` as a list of :class:`bpdsl.dsl.guidelines.Guideline`.
"""
from __future__ import annotations

from typing import Any

from bpdsl.diagnostics import did_you_mean
from bpdsl.dsl.document import BuildContext, DocumentKind, register_kind
from bpdsl.dsl.guidelines import CHECKS, L_BAD_GUIDELINE, LEVELS, REQUEST_KEYS, Guideline

_ID = {"type": "string", "regex": r"^[a-z][a-z0-9_]*$", "required": True}
SCHEMA: dict[str, Any] = {
    "game": {"type": "string", "required": True},
    "source": {"type": "string"},
    "guidelines": {"type": "list", "required": True, "schema": {"type": "dict", "schema": {
        "id": _ID,
        "level": {"type": "string", "allowed": list(LEVELS), "required": True},
        "title": {"type": "string", "required": True},
        "text": {"type": "string"},
        "check": {"type": ["string", "dict"], "required": True},
    }}},
}


def _check_args(ctx: BuildContext, path: tuple[Any, ...], name: str, args: dict[str, Any]) -> bool:
    """The arguments of ``request_requires`` name request fields and values that exist."""
    if name != "request_requires":
        return True
    ok = True
    for part in ("where", "require"):
        for k, v in (args.get(part) or {}).items():
            if k == "key" and part == "require":
                continue
            if k not in REQUEST_KEYS or v not in REQUEST_KEYS[k]:
                allowed = ", ".join(f"{f}: {'|'.join(vals)}" for f, vals in REQUEST_KEYS.items())
                ctx.error(path + (part, k), L_BAD_GUIDELINE, f"request_requires: {part}: {k}: {v!r} is no request "
                          "field and value", f"allowed: {allowed}" + ("; require may also say key: true" if part == "require" else ""))
                ok = False
    return ok


def build(ctx: BuildContext) -> None:
    data = ctx.document.data
    game = str(data.get("game"))
    out: list[Guideline] = []
    for i, item in ctx.unique("guidelines", data.get("guidelines"), L_BAD_GUIDELINE):
        path = ("guidelines", i, "check")
        check = item.get("check")
        name, args = (check, {}) if isinstance(check, str) else (next(iter(check), ""), None)
        if isinstance(check, dict):
            if len(check) != 1:
                ctx.error(path, L_BAD_GUIDELINE, "a check is one check name with its arguments",
                          "write check: {name: {args}} or check: name")
                continue
            args = check[name] if isinstance(check[name], dict) else {}
            path = path + (name,)
        if name not in CHECKS:
            ctx.error(path, L_BAD_GUIDELINE, f"unknown check {name!r}", did_you_mean(str(name), CHECKS)
                      or "checks: " + ", ".join(CHECKS))
            continue
        if not _check_args(ctx, path, str(name), args or {}):
            continue
        out.append(Guideline(str(item["id"]), str(item["level"]), str(item["title"]), str(item.get("text") or ""),
                             str(name), dict(args or {}), ctx.pos(("guidelines", i))))
    ctx.definitions.extra.setdefault("guidelines", {}).setdefault(game, []).extend(out)


GUIDELINES_KIND = register_kind(DocumentKind("guidelines", SCHEMA, build, order=50))

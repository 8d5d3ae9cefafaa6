"""Small readers shared by every op module, generic and game-specific alike."""
from __future__ import annotations

from typing import Any, Mapping

from bpdsl.ops.registry import PhraseContext


def get(args: Mapping[str, Any], key: str, default: Any = None) -> Any:
    """An op argument, with ``default`` also for an explicit null (``key: ~`` in the YAML)."""
    value = args.get(key, default)
    return default if value is None else value


def classic(ctx: PhraseContext) -> bool:
    """True for the wording of the act6.1 sheets (``terms.wording: classic``)."""
    return ctx.term("wording") == "classic"


# Printed words of conditions, (holds, does not hold) per expression source text without spaces; each game
# adds the wordings of its own names (BlackPoker: turn.is_mine -> ターンを持っている時 / ...持っていない時).
PREDICATE_WORDS: dict[str, tuple[str, str]] = {}
# Wordings of whole conditions a game composes from its names (BlackPoker: 「自分の手札の枚数が1以上」 for
# ``me.hand >= 1``): each takes the parsed expression's root node and the phrase context, and gives the
# words or None; :func:`predicate` asks them before it falls back to the source text.
CONDITION_WORDERS: list[Any] = []


def source_text(value: Any) -> str:
    """Source text of an expression argument (string, number or parsed expression object)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float, str)):
        return str(value)
    for attr in ("text", "source", "src"):
        text = getattr(value, attr, None)
        if isinstance(text, str):
            return text
    return str(value)


def predicate(value: Any, ctx: PhraseContext | None = None) -> str:
    """Printed words of a condition: ``key.has_ace`` -> キーカードにAが含まれる; ``not key.has_ace`` -> ...ない;
    an edition's term ``cond:<condition without spaces>`` words a condition of its own game (Black Doubt's
    ``cond:me.finished==0``: 自分が手札を完成させていない), as ``expr:<name>`` words a name; a condition
    without words prints as its source text (the designer then writes ``text:``)."""
    text = source_text(value).strip()
    if ctx is not None:
        worded = ctx.terms.get("cond:" + "".join(text.split()))
        if worded is not None:
            return worded
    negate = text.startswith("not ") or text.startswith("not(")
    body = "".join((text[3:] if negate else text).split())
    key = body.removeprefix("(").removesuffix(")") if negate else body
    if key in PREDICATE_WORDS:
        yes, no = PREDICATE_WORDS[key]
        return no if negate else yes
    root = getattr(value, "root", None)
    if root is not None and ctx is not None:
        for worder in CONDITION_WORDERS:
            words = worder(root, ctx)
            if words is not None:
                return words
    return text

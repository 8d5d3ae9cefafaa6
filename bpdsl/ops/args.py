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

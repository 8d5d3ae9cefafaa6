"""The names an expression may use (``key.spade.rank``, ``target.size`` ...), declared as data.

An expression in a definition can only mention a name listed here: an unknown name is a definitions error
(with a did-you-mean hint), never a silent 0.  Each name says what it means (``doc_en``), how the printed
rules phrase it (``phrase_ja``, used by the renderer) and its type ("int" or "bool"), which lets the
parser reject ``key.has_ace + 1`` before any game is played.

The names belong to the games: each game plugin declares its own (``GamePlugin.expr_names``, e.g.
:mod:`bpdsl.games.blackpoker.expr_names`) and resolves them at run time in its hooks (``resolve_name``);
:func:`names` is the union over the registered games.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Mapping

from bpdsl import plugins

ExprType = Literal["int", "bool"]


@dataclass(frozen=True)
class NameInfo:
    doc_en: str
    phrase_ja: str
    type: ExprType = "int"


_NAMES: dict[str, NameInfo] | None = None


def names() -> Mapping[str, NameInfo]:
    """Every expression name declared by the registered games (loaded once per process)."""
    global _NAMES
    if _NAMES is None:
        table: dict[str, NameInfo] = {}
        for plugin in plugins.games().values():
            table.update(plugin.names())
        _NAMES = table
    return _NAMES

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
from typing import Any, Literal, Mapping

from bpdsl import plugins

ExprType = Literal["int", "bool"]


@dataclass(frozen=True)
class NameInfo:
    doc_en: str
    phrase_ja: str
    type: ExprType = "int"


_NAMES: dict[str, NameInfo] | None = None
_DECLARED: dict[str, NameInfo] = {}  # me.X / opponent.X of the counters and values game documents declare
_ALL: dict[str, NameInfo] | None = None

# What the expression of a declared per-player value (game.yaml ``values:``) reads: the cards it values.
CARD_SET_NAMES: dict[str, NameInfo] = {
    "cards.count": NameInfo("how many cards are valued", "カードの枚数"),
    "cards.value": NameInfo("the values of the valued cards summed (the game's rank table)", "カードの数値の合計"),
    "cards.aces": NameInfo("how many of the valued cards are aces", "Aの枚数"),
}


# Names every game has, read by the engine's default hooks from the zones a game declares.
GENERIC_NAMES: dict[str, NameInfo] = {
    "deck.count": NameInfo("cards left in the deck (the zone with role deck: one's own, or the shared one)",
                           "山札の枚数"),
}


def plugin_names() -> Mapping[str, NameInfo]:
    """The names the registered games declare in Python (loaded once per process)."""
    global _NAMES
    if _NAMES is None:
        table: dict[str, NameInfo] = {}
        for plugin in plugins.games().values():
            table.update(plugin.names())
        _NAMES = table
    return _NAMES


def names() -> Mapping[str, NameInfo]:
    """Every expression name: the games' own, plus ``me.X`` / ``opponent.X`` of the per-player counters and
    values that game documents declare (:func:`declare_player_numbers`)."""
    global _ALL
    if _ALL is None:
        _ALL = {**GENERIC_NAMES, **plugin_names(), **_DECLARED}
    return _ALL


def player_number_names(items: list[tuple[str, str, str]]) -> dict[str, NameInfo]:
    """``me.<id>`` and ``opponent.<id>`` for each (id, printed name, doc) of a game's counters and values."""
    out: dict[str, NameInfo] = {}
    for iid, name, doc in items:
        out[f"me.{iid}"] = NameInfo(f"the controller's {doc or iid}", f"自分の{name}")
        out[f"opponent.{iid}"] = NameInfo(f"the opponent's {doc or iid}", f"相手の{name}")
    return out


def names_for(game: Any) -> Mapping[str, NameInfo]:
    """The names an expression of an edition of ``game`` (a ``bpdsl.model.Game``) may use: the names its
    game plugin resolves and ``me.X`` / ``opponent.X`` of the counters and values its own game document
    declares -- never another game's (Black Doubt's ``me.points`` in a BlackPoker edition would only fail
    while playing).  Without the game's model (its game.yaml was not loaded) every known name; for a game
    with no Python of its own (validated and printed, not played) the names of every game's Python."""
    if game is None:
        return names()
    plugin = plugins.games().get(game.id)
    table: dict[str, NameInfo] = {**GENERIC_NAMES, **(plugin.names() if plugin is not None else plugin_names())}
    table.update(player_number_names([(c.id, c.name, c.description) for c in getattr(game, "counters", ())]
                                     + [(v.id, v.name, "") for v in getattr(game, "values", ())]))
    return table


def declare_player_numbers(items: list[tuple[str, str, str]]) -> None:
    """Make ``me.<id>`` and ``opponent.<id>`` known for each (id, printed name, doc) a game declares."""
    global _ALL
    _DECLARED.update(player_number_names(items))
    _ALL = None

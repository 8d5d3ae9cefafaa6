"""The game registry: which games bpdsl can validate, play and print, found the way ops are found.

A game is a Python package behind a :class:`GamePlugin`: its common-rules hooks (the contract of
:mod:`bpdsl.engine.contract`), its op modules, the expression names its definitions may use, and
optionally its own document kinds and Sphinx directives.  The generic packages (dsl, ops, engine,
render) import no game: they ask this registry, which imports a game's modules by name only when they
are needed.

Games are found through the ``bpdsl.games`` entry-point group, so a third game can be a separately
installed package::

    # pyproject.toml of the package "bpdsl-mygame"
    [project.entry-points."bpdsl.games"]
    mygame = "mygame.plugin:PLUGIN"

    # mygame/plugin.py
    from bpdsl.plugins import GamePlugin
    PLUGIN = GamePlugin(id="mygame", hooks="mygame.hooks:MyGameHooks", ops=("mygame.ops",))

The games bundled with bpdsl are registered in bpdsl's own pyproject.toml; they are also listed in
:data:`BUNDLED` so that a checkout whose installed metadata predates a bundled game still finds it.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from typing import Protocol
from importlib.metadata import entry_points
from typing import Any

GROUP = "bpdsl.games"

# the entry points of the bundled games, as pyproject.toml declares them (see the module docstring)
BUNDLED: dict[str, str] = {
    "blackpoker": "bpdsl.games.blackpoker.plugin:PLUGIN",
    "blackdoubt": "bpdsl.games.blackdoubt.plugin:PLUGIN",
}


class PluginError(Exception):
    """A game plugin cannot be loaded (a programming error in the game's package, not in definitions)."""


@dataclass(frozen=True)
class GamePlugin:
    """What a game contributes; every entry is a dotted name imported only when needed.

    * ``id``: the game id that ``game.yaml`` and the editions name (``game: blackpoker``);
    * ``hooks``: ``"module:Class"`` of the common-rules hooks; the class is called with the compiled rules;
    * ``ops``: modules or packages (every module of a package) declaring the game's ops;
    * ``expr_names``: ``"module:NAMES"``, a ``dict[str, NameInfo]`` of the expression names it resolves;
    * ``kinds``: modules registering extra document kinds (BlackPoker's ``regulations``);
    * ``sphinx``: modules with a ``setup(app)`` adding Sphinx directives of the game;
    * ``rules_extensions``: modules (or ``"module:object"``) adapting the compiled rules of a format to parts
      of the game the generic compiler does not know (BlackPoker's trump cards), see :class:`RulesExtension`;
    * ``zones``: the zones the game's Python uses, as ``"id"`` or ``"id:role"`` (a role of
      :data:`bpdsl.model.ZONE_ROLES`); ``game.yaml`` must declare them (the validator says which is
      missing), and the engine numbers them in this order, before any other zone the game declares, so that
      the game's package may keep their numbers as constants;
    * ``character_kinds``: the character kinds the game's Python uses (``game.yaml``'s ``character_kinds``);
    * ``full_deck``: the game's Python needs the card grammar's whole deck (:func:`bpdsl.dsl.cards.full_deck`:
      4 suits × 13 ranks + 2 Jokers) as its card universe, so that it may keep the deck size as a constant;
    * ``events``: ``"module:EVENTS"``, a ``dict[str, type]`` of the log events the game writes beside the core's
      (``bpdsl.engine.events``), by their ``t``.
    """

    id: str
    hooks: str
    ops: tuple[str, ...] = ()
    expr_names: str = ""
    kinds: tuple[str, ...] = ()
    sphinx: tuple[str, ...] = ()
    rules_extensions: tuple[str, ...] = ()
    events: str = ""
    zones: tuple[str, ...] = ()
    character_kinds: tuple[str, ...] = ()
    full_deck: bool = False

    def zone_ids(self) -> tuple[str, ...]:
        return tuple(z.partition(":")[0] for z in self.zones)

    def event_types(self) -> dict[str, Any]:
        return dict(load_object(self.events)) if self.events else {}

    def extensions(self) -> list["RulesExtension"]:
        return [load_object(ref) for ref in self.rules_extensions]

    def hooks_class(self) -> Any:
        return load_object(self.hooks)

    def names(self) -> dict[str, Any]:
        return dict(load_object(self.expr_names)) if self.expr_names else {}

    def op_modules(self) -> list[str]:
        """The op modules of the game: each listed module, or every module of a listed package."""
        out: list[str] = []
        for name in self.ops:
            mod = importlib.import_module(name)
            out.append(name)
            path = getattr(mod, "__path__", None)
            if path is not None:
                out += [f"{name}.{info.name}" for info in sorted(pkgutil.iter_modules(path), key=lambda i: i.name)]
        return out


class RulesExtension(Protocol):
    """Called by the compiler (bpdsl.engine.compiled) for every edition and format of the game."""

    def left_out(self, edition: Any, format_id: str) -> set[str]:
        """Ids of entries of the format the engine must not compile (e.g. printed but not played)."""

    def install(self, rules: Any, edition: Any, format_id: str) -> None:
        """Adapt the compiled rules (gates, trigger sources, wrapped effects ...)."""

    def summarize(self, rules: Any, counts: dict[str, dict[Any, int]]) -> dict[str, Any]:
        """Statistics of a batch of games from the counters the games kept (``state.counts``)."""


def load_object(ref: str) -> Any:
    """``"package.module:attr"`` -> the object."""
    module, _, attr = ref.partition(":")
    try:
        obj: Any = importlib.import_module(module)
        for part in attr.split(".") if attr else []:
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as exc:
        raise PluginError(f"cannot load {ref!r}: {type(exc).__name__}: {exc}") from exc
    return obj


_GAMES: dict[str, GamePlugin] | None = None


def games() -> dict[str, GamePlugin]:
    """Every registered game by id: the bundled ones, then those of installed entry points (which may
    replace a bundled one of the same id)."""
    global _GAMES
    if _GAMES is None:
        refs = dict(BUNDLED)
        for ep in entry_points(group=GROUP):
            refs[ep.name] = ep.value
        found: dict[str, GamePlugin] = {}
        for name, ref in refs.items():
            plugin = load_object(ref)
            if not isinstance(plugin, GamePlugin):
                raise PluginError(f"entry point {name} = {ref!r} of group {GROUP} is not a GamePlugin")
            found[plugin.id] = plugin
        _GAMES = found
    return _GAMES


def game(game_id: str) -> GamePlugin:
    """The plugin of ``game_id``; KeyError naming the known games when none is registered."""
    known = games()
    if game_id not in known:
        raise KeyError(f"no game {game_id!r} is registered; known: {', '.join(sorted(known))}")
    return known[game_id]


__all__ = ["BUNDLED", "GROUP", "GamePlugin", "PluginError", "game", "games", "load_object"]

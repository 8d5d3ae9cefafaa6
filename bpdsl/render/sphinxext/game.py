"""``.. bpdsl-ranks::`` and ``.. bpdsl-costs::`` — the card values (Table 3.1) and cost kinds (Table 3.2)
of a game, printed from its ``game.yaml`` (argument: the game id; default: the game of the edition named by
``bpdsl_default_edition``)."""
from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from bpdsl.render.sphinxext.data import definitions
from bpdsl.render.sphinxext.nodes import simple_table


class _GameDirective(SphinxDirective):
    optional_arguments = 1

    def game(self) -> Any:
        defs = definitions(self.env)
        if self.arguments:
            gid = self.arguments[0]
        else:
            ed = defs.editions.get(self.env.config.bpdsl_default_edition)
            gid = ed.game if ed is not None else next(iter(defs.games), "")
        game = defs.games.get(gid)
        if game is None:
            raise self.error(f"unknown game {gid!r}; known: {', '.join(defs.games) or '(none)'}")
        return game


class RanksDirective(_GameDirective):
    def run(self) -> list[nodes.Node]:
        game = self.game()
        rows = [[r.id, r.value] for r in game.ranks]
        return [simple_table(["カード", "数字"], rows, widths=[2, 1])]


class CostsDirective(_GameDirective):
    def run(self) -> list[nodes.Node]:
        game = self.game()
        rows = [[c.id, c.text, c.op] for c in game.costs]
        return [simple_table(["表記", "対価", "支払う op"], rows, widths=[1, 4, 2])]


def setup(app: Any) -> None:
    app.add_directive("bpdsl-ranks", RanksDirective, override=True)
    app.add_directive("bpdsl-costs", CostsDirective, override=True)

"""The games bpdsl plays, one package each, behind the typed contract of :mod:`bpdsl.engine.contract`.

Each game registers a :class:`bpdsl.plugins.GamePlugin` under the ``bpdsl.games`` entry-point group
(bpdsl's own pyproject.toml for the bundled ones); the generic packages find it through
:mod:`bpdsl.plugins` and never import a game by name.

* :mod:`bpdsl.games.blackpoker` -- BlackPoker's common rules, ops, expression names and regulations
* :mod:`bpdsl.games.blackdoubt` -- Black Doubt's common rules and ops
"""

"""BlackPoker: the common rules of the rulebooks (chapter 3) on top of the generic core.

* :mod:`.hooks`      -- the common-rules hooks the core calls (game start, damage, characters, costs,
  combat, win check, what a seat may see)
* :mod:`.ops`        -- the BlackPoker ops (zones, characters, combat, magic, sizes, targets, triggers, turn)
* :mod:`.expr_names` -- the expression names of BlackPoker definitions (``key.spade.rank``, ``target.size`` ...)
* :mod:`.regulation` -- formats, frames, options, deck building and matches of the 2021/2024 rulebooks
* :mod:`.plugin`     -- what registers the game (entry point ``bpdsl.games: blackpoker``)
"""

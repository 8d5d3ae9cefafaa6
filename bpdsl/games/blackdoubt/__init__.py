"""Black Doubt (seed 004): a two-player bluffing game on the same generic core.

* :mod:`.hooks`  -- its common rules as the hooks the core calls (rounds, declarations, scoring table)
* :mod:`.ops`    -- the ``bd_*`` ops its definitions compose
* :mod:`.plugin` -- what registers the game (entry point ``bpdsl.games: blackdoubt``)
"""

"""Regulations: formats, frames, options, compatibility, deck building and checking, matches.

* :mod:`bpdsl.regulation.model`       -- the dataclasses (loaded by the ``regulations`` document kind)
* :mod:`bpdsl.regulation.load`        -- the regulation systems from the definitions
* :mod:`bpdsl.regulation.check`       -- reading "スタンダード + ランダムハーフ + プリセット2" and checking it
* :mod:`bpdsl.regulation.cards`       -- cards as people write them in deck files ("♠A", "♣A〜5", "Joker")
* :mod:`bpdsl.regulation.decks`       -- deck files, deck checks, deck building for every frame
* :mod:`bpdsl.regulation.match`       -- 1-deck and 2-deck matches over a game-runner protocol
* :mod:`bpdsl.regulation.ops`         -- the ops of the パック option's 【パック開封】 action
* :mod:`bpdsl.regulation.play`        -- the game runner over the engine's public API (options at game start)
* :mod:`bpdsl.regulation.simulate`    -- N seeded matches, summarised as a dict
* :mod:`bpdsl.regulation.interactive` -- a person plays a match at the terminal
"""

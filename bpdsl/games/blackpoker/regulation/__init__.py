"""Regulations: formats, frames, options, compatibility, deck building and checking, matches.

* :mod:`bpdsl.games.blackpoker.regulation.model`       -- the dataclasses (loaded by the ``regulations`` document kind)
* :mod:`bpdsl.games.blackpoker.regulation.load`        -- the regulation systems from the definitions
* :mod:`bpdsl.games.blackpoker.regulation.check`       -- reading "スタンダード + ランダムハーフ + プリセット2" and checking it
* :mod:`bpdsl.games.blackpoker.regulation.card_text`       -- cards as people write them in deck files ("♠A", "♣A〜5", "Joker")
* :mod:`bpdsl.games.blackpoker.regulation.decks`       -- deck files, deck checks, deck building for every frame
* :mod:`bpdsl.games.blackpoker.regulation.match`       -- 1-deck and 2-deck matches over a game-runner protocol
* :mod:`bpdsl.games.blackpoker.regulation.ops`         -- the ops of the パック option's 【パック開封】 action
* :mod:`bpdsl.games.blackpoker.regulation.play`        -- the game runner over the engine's public API (options at game start)
* :mod:`bpdsl.games.blackpoker.regulation.match_batch`    -- N seeded matches, summarised as a dict
* :mod:`bpdsl.commands._match_play` -- a person plays a match at the terminal
"""

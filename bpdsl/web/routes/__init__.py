"""The sandbox's routes, one module a resource: :mod:`.pages` (the HTML pages and the catalogue),
:mod:`.games` (a new game, its printed texts), :mod:`.seats` (a seat's own requests), :mod:`.watch` (the
spectator's and the judge's links), :mod:`.replays` (the replay viewer).  Each module's ``routes(sandbox)``
returns its routes; what they share -- who may ask (:mod:`bpdsl.web.context`), where the work runs
(:mod:`bpdsl.web.schedule`), how a body is read (:mod:`bpdsl.web.bodies`) -- lives in one place each."""

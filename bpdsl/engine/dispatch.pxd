# Compile-time declarations for the compiled build of dispatch.py (scripts/build_speedups.py): the types its
# @cython.locals declarations name, so that the game's, the state's and the actions' fields are read from
# their C slots.
from bpdsl.engine.compiled cimport CAction, TriggerSource
from bpdsl.engine.gamebase cimport Ctx, Event, GameBase
from bpdsl.engine.state cimport ActionInstance, Character, State

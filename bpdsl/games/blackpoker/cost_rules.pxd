# Compile-time declarations for the compiled build of cost_rules.py (scripts/build_speedups.py): the extension
# types its @cython.locals declarations name, so that the hooks read the fields of the game, its state, its
# characters and actions from their C slots.
from bpdsl.engine.compiled cimport CAction
from bpdsl.engine.core cimport Game
from bpdsl.engine.state cimport ActionInstance, Character, State

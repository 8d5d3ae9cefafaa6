# Compile-time declarations for the compiled build of snapshot.py (scripts/build_speedups.py): the extension
# types its @cython.locals declarations name (a copy reads and writes the state's fields in their C slots).
from bpdsl.engine.state cimport ActionInstance, Character, Player, State

# Compile-time declarations for the compiled build of targets.py (scripts/build_speedups.py): the extension
# types its @cython.locals declarations name (a target listing reads the characters on the field).
from bpdsl.engine.gamebase cimport Ctx
from bpdsl.engine.state cimport Character

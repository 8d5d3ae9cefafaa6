# Compile-time declarations for the compiled build of core.py (scripts/build_speedups.py): Game is an extension
# type over GameBase, whose fields sit in C slots (gamebase.pxd), so that the walker reads its own fields, the
# state's and the actions' without a dictionary lookup.  Python sees the same class and fields.
from bpdsl.engine.gamebase cimport GameBase

cdef class Game(GameBase):
    pass

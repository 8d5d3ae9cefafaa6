# Compile-time declarations for the compiled build of gamebase.py (scripts/build_speedups.py): the game's
# fields, the event and the executor's context become extension types whose fields sit in C slots, so that
# the walker's modules (core, legality, raising, dispatch, triggercheck, stepping) read them without a
# dictionary lookup.  Python sees the same classes and fields; a game still takes other attributes (__dict__).
from bpdsl.engine.compiled cimport CAction
from bpdsl.engine.state cimport ActionInstance, State

cdef class Ctx

cdef class Event:  # (a dataclass: its fields in their order in gamebase.py)
    cdef public object type, seat, card, char_id
    cdef public ActionInstance inst
    cdef public object to, first, cause, other, amount, origin

cdef class GameBase:
    cdef public State state
    cdef public ActionInstance current
    cdef public CAction chosen
    cdef public list events
    cdef public Ctx _scratch
    cdef public object rules, hooks, seed, rng, log, check, max_steps, setup_hook
    cdef public object decisions, forced, steps, raised, raised_game, node, epoch
    cdef public object _agents, _picks, _deck_size, _key_attr, _stage_zone, _spent_zone, _lists_style
    cdef public object _passing, _trigger_index, _orders, _heard, _legal_cache, _direct, _quick, _by_hand
    cdef public object _by_mask, _step, _started, _cp, _feed, _fed, _pending, _result, _prim
    cdef public object _shared, _lazy_labels, _up_gated, _char_gated, hears
    cdef dict __dict__
    cdef object __weakref__

cdef class Ctx:
    cdef public GameBase game
    cdef public ActionInstance inst
    cdef public object seat, event

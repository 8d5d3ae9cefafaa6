# Compile-time declarations for the compiled build of state.py (scripts/build_speedups.py): the classes
# become extension types with their fields in C slots.  Python sees the same classes and fields.  A
# dataclass's fields are declared in their order in state.py: Cython builds its __init__ in this order.
cdef class Character:
    cdef public object uid, kind, char_id, cards, owner, controller, face_up, driven, entered_turn, size_mod

cdef class ActionInstance:
    cdef public object uid, action, controller, keys, target, direct, from_stage, data, countered

cdef class Player:
    cdef public object seat, field

cdef class State:
    cdef public list players, loc, owner
    cdef public object turn, turn_no, chance, passed
    cdef public list stage
    cdef public object raised_this_turn, raised_count, next_uid, winner, over, reason, trump_up, keep_order
    cdef public object counts, counters, must_pass, marks

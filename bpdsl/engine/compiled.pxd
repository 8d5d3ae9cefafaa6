# Compile-time declarations for the compiled build of compiled.py (scripts/build_speedups.py): a compiled
# action is an extension type whose fields sit in C slots, read without a dictionary lookup by the legal-action
# listing and the trigger check.  Python sees the same classes and fields.  The fields are declared in their
# order in compiled.py: Cython builds the dataclasses' __init__ in this order.
cdef class CAction:
    cdef public object id, name, type, trigger, instant, main, cost, key, key_tables, target, conditions, when
    cdef public object effect, once_per_turn, not_direct, passes_turn, target_uses_keys, key_min, key_test
    cdef public object target_key, label, untargetable_by, model, gate, on_raise
    cdef public long requires_up
    cdef public object requires_char, trigger_conditions

cdef class TriggerSource:
    cdef public CAction action
    cdef public object step, character, event, on_action, requires_up, limit, card

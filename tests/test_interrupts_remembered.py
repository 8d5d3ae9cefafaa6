"""A Ctrl-C that a library catches still stops the command (bpdsl.interrupts)."""
from __future__ import annotations

import os
import signal

import pytest

from bpdsl.interrupts import remembered_interrupt


def swallowing_library() -> None:
    """Like a C callback of a PDF library: it catches everything and goes on."""
    try:
        os.kill(os.getpid(), signal.SIGINT)
    except BaseException:  # noqa: BLE001 - the behaviour under test
        pass


def test_a_swallowed_interrupt_is_raised_at_the_next_check() -> None:
    after: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        with remembered_interrupt() as interrupt:
            swallowing_library()
            after.append("the library returned")
            interrupt.check()
            after.append("went on after the check")
    assert after == ["the library returned"]


def test_a_swallowed_interrupt_is_raised_when_the_block_ends() -> None:
    with pytest.raises(KeyboardInterrupt):
        with remembered_interrupt():
            swallowing_library()


def test_the_previous_handler_is_back_and_nothing_is_raised_without_ctrl_c() -> None:
    before = signal.getsignal(signal.SIGINT)
    with remembered_interrupt() as interrupt:
        interrupt.check()
    assert signal.getsignal(signal.SIGINT) is before

"""The collector is paused once for every thread that pauses it, and runs again after.

A search in a worker and a library read each switched the cyclic garbage collector off
and back on by themselves: a thread that found it off (another's pause) left it off
when done, and the other turned it back on in the middle of the first's pause; three
threads pausing in turn left it off for the rest of the session.
"""

from __future__ import annotations

import gc
import threading

from tuireader.system.memory import collector_paused


def test_pauses_of_two_threads_overlapping_leave_the_collector_as_it_was() -> None:
    # a search's pause begun while the list's read pauses it, ended after it: each
    # alone, the read turned the collector back on under the search, and the search,
    # which had found it off, never turned it on again
    assert gc.isenabled()
    inside, leave = threading.Event(), threading.Event()

    def reading() -> None:
        with collector_paused():
            inside.set()
            leave.wait(timeout=30)

    reader = threading.Thread(target=reading)
    reader.start()
    inside.wait(timeout=30)
    with collector_paused():  # the search, while the read is paused
        leave.set()
        reader.join()
        assert not gc.isenabled()  # the read is done; the search's pause goes on
    assert gc.isenabled()


def test_a_pause_inside_another_keeps_it_off_until_the_outer_one_ends() -> None:
    with collector_paused():
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # off before: left off
    finally:
        gc.enable()

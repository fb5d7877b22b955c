"""Stopping a build of the search index part way, as the reader closes.

A thread that may be told to stop runs its builds within :func:`stopped_by` an event;
the build checks (:func:`check`) every paper or so, and once the event is set raises
:class:`BuildStopped`. What the build had written is thrown away as any failed build's
is (a new index is written in a folder of its own and only then swapped in; an update
is not committed), so the next open simply builds it again.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator


class BuildStopped(BaseException):
    """The index was being built when it was asked to stop (the reader closing).

    Not an ``Exception``: the handlers that turn a failed build into a scan of the
    library, or into a message, must let it through to the code that asked for it.
    """


class Stop(threading.Event):
    """Set, it asks the builds run within :func:`stopped_by` it to stop.

    ``heeded``: whether a build within that block has looked at it, i.e. one is under
    way that stops within a paper or so of its being set (a caller closing can wait
    for that, where a step that never looks would keep it waiting).
    """

    heeded = False


_local = threading.local()


@contextlib.contextmanager
def stopped_by(stop: Stop) -> Iterator[None]:
    """Builds run by this thread within this block stop soon after ``stop`` is set."""
    before = getattr(_local, "stop", None)
    _local.stop = stop
    try:
        yield
    finally:
        _local.stop = before
        stop.heeded = False


def check() -> None:
    """Raise :class:`BuildStopped` if this thread's build was asked to stop."""
    stop = getattr(_local, "stop", None)
    if stop is not None:
        stop.heeded = True
        if stop.is_set():
            raise BuildStopped

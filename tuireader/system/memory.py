"""Handing freed memory back to the system after a large load.

Reading 100,000 papers makes millions of short-lived objects. Python frees them, but
glibc keeps most of the freed heap mapped to the process (about 130 MB at 100,000
papers), so the resident size stays at its peak. ``malloc_trim`` returns it.
Elsewhere (macOS, musl) this does nothing.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import threading
from collections.abc import Callable, Iterator

#: loads of fewer papers than this are not worth a trim
LARGE = 10_000


@functools.cache
def _trim() -> Callable[[int], int] | None:
    import ctypes
    import ctypes.util
    import sys

    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return libc.malloc_trim  # type: ignore[no-any-return]
    except (OSError, AttributeError):  # not glibc
        return None


def release_freed_memory() -> bool:
    """Give the heap that Python has freed back to the system; False where unsupported."""
    trim = _trim()
    if trim is None:
        return False
    trim(0)
    return True


_PAUSE_LOCK = threading.Lock()
#: how many callers want the collector paused now, and whether it ran before the first
_paused = 0
_was_enabled = False


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Without Python's cyclic garbage collector while many objects that hold no cycle
    are made (a library read, a search's hits): its collections would walk the
    library's objects again and again. Threads that pause it at once (a search in a
    worker while the lists are read) share one pause: the collector runs again when the
    last of them is done, as it was before the first; each checking and switching it
    alone could leave it off for the rest of the session."""
    global _paused, _was_enabled
    with _PAUSE_LOCK:
        if _paused == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _paused += 1
    try:
        yield
    finally:
        with _PAUSE_LOCK:
            _paused -= 1
            if _paused == 0 and _was_enabled:
                gc.enable()

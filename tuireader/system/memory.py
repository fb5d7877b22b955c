"""Handing freed memory back to the system after a large load.

Reading 100,000 papers makes millions of short-lived objects. Python frees them, but
glibc keeps most of the freed heap mapped to the process (about 130 MB at 100,000
papers), so the resident size stays at its peak. ``malloc_trim`` returns it.
Elsewhere (macOS, musl) this does nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

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
